#define _GNU_SOURCE  /* memfd_create */
/* Frames drawn in memory shown on an SDL window's Wayland surface through wl_shm buffers, as SDL's X11 driver shows
   its software renderer's frames through MIT-SHM. SDL 2.26's Wayland driver has no framebuffer of its own: without
   this its software renderer's frames reach the screen only through OpenGL ES, which on a machine without a GPU
   loads Mesa and LLVM (about 100 MB more resident than the same wall under X11, measured under sway). SDL's own
   connection and surface are used (SDL_GetWindowWMInfo); the app's proxies live on an event queue of their own, so
   SDL's dispatching never runs their listeners and theirs never touches SDL's. libwayland-client is opened at run
   time, as SDL and wayland.c do. */
#include "cplatform.h"
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-util.h>
#include <SDL2/SDL_syswm.h>

struct wl_proxy;
struct wl_display;
struct wl_event_queue;

#ifndef WL_MARSHAL_FLAG_DESTROY
#define WL_MARSHAL_FLAG_DESTROY (1 << 0)
#endif

#define FRAME_BUFFERS 3
#define SHM_FORMAT_XRGB8888 1

struct frame_buffer {
    struct wl_proxy *buffer;   /* NULL: a free slot */
    void *pixels;
    size_t size;
    int width, height, stride;
    int busy;                  /* attached and not yet released by the compositor */
    /* What changed in the frame since this buffer was last written (x0,y0 to x1,y1; empty when x1 <= x0). */
    int x0, y0, x1, y1;
};

struct tessera_wl_frames {
    void *library;
    struct wl_display *display;
    struct wl_proxy *surface;  /* SDL's */
    struct wl_event_queue *queue;
    struct wl_proxy *registry;
    struct wl_proxy *shm;
    struct frame_buffer buffers[FRAME_BUFFERS];
    struct frame_buffer *current;  /* the one frames are drawn into now */

    struct wl_event_queue *(*create_queue)(struct wl_display *);
    void (*queue_destroy)(struct wl_event_queue *);
    void *(*create_wrapper)(void *);
    void (*wrapper_destroy)(void *);
    void (*set_queue)(struct wl_proxy *, struct wl_event_queue *);
    struct wl_proxy *(*marshal_flags)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy)(struct wl_proxy *);
    uint32_t (*version)(struct wl_proxy *);
    int (*roundtrip_queue)(struct wl_display *, struct wl_event_queue *);
    int (*dispatch_queue_pending)(struct wl_display *, struct wl_event_queue *);
    int (*flush)(struct wl_display *);
    const struct wl_interface *registry_interface, *shm_interface, *pool_interface, *buffer_interface;
};

static int frames_load(struct tessera_wl_frames *f) {
    f->library = dlopen("libwayland-client.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (!f->library) return 0;
#define LOAD(field, name) *(void **)&f->field = dlsym(f->library, name); if (!f->field) return 0
    LOAD(create_queue, "wl_display_create_queue");
    LOAD(queue_destroy, "wl_event_queue_destroy");
    LOAD(create_wrapper, "wl_proxy_create_wrapper");
    LOAD(wrapper_destroy, "wl_proxy_wrapper_destroy");
    LOAD(set_queue, "wl_proxy_set_queue");
    LOAD(marshal_flags, "wl_proxy_marshal_flags");
    LOAD(add_listener, "wl_proxy_add_listener");
    LOAD(destroy, "wl_proxy_destroy");
    LOAD(version, "wl_proxy_get_version");
    LOAD(roundtrip_queue, "wl_display_roundtrip_queue");
    LOAD(dispatch_queue_pending, "wl_display_dispatch_queue_pending");
    LOAD(flush, "wl_display_flush");
    LOAD(registry_interface, "wl_registry_interface");
    LOAD(shm_interface, "wl_shm_interface");
    LOAD(pool_interface, "wl_shm_pool_interface");
    LOAD(buffer_interface, "wl_buffer_interface");
#undef LOAD
    return 1;
}

static void frames_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    struct tessera_wl_frames *f = data;
    (void)version;
    if (strcmp(interface, "wl_shm") != 0 || f->shm) return;
    /* wl_registry.bind (opcode 0), version 1 (create_pool and XRGB8888 are all that is used). */
    f->shm = f->marshal_flags(registry, 0, f->shm_interface, 1, 0, name, f->shm_interface->name, 1, NULL);
}
static void frames_global_remove(void *data, struct wl_proxy *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static void (*frames_registry_listener[2])(void) = {(void (*)(void))frames_global, (void (*)(void))frames_global_remove};

/* wl_buffer.release: the compositor is done reading it. */
static void buffer_release(void *data, struct wl_proxy *buffer) {
    (void)buffer;
    ((struct frame_buffer *)data)->busy = 0;
}
static void (*buffer_listener[1])(void) = {(void (*)(void))buffer_release};

static void buffer_free(struct tessera_wl_frames *f, struct frame_buffer *b) {
    if (f->current == b) f->current = NULL;
    /* wl_buffer.destroy (opcode 0) */
    if (b->buffer) f->marshal_flags(b->buffer, 0, NULL, f->version(b->buffer), WL_MARSHAL_FLAG_DESTROY);
    if (b->pixels) munmap(b->pixels, b->size);
    memset(b, 0, sizeof *b);
}

static int buffer_make(struct tessera_wl_frames *f, struct frame_buffer *b, int width, int height) {
    int stride = width * 4;
    size_t size = (size_t)stride * (size_t)height;
    if (size > INT32_MAX) return 0;
    int fd = memfd_create("tessera-frame", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (ftruncate(fd, (off_t)size) != 0) { close(fd); return 0; }
    void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) { close(fd); return 0; }
    /* wl_shm.create_pool (opcode 0): new id, fd, size; wl_shm_pool.create_buffer (opcode 0): new id, offset, width,
       height, stride, format; wl_shm_pool.destroy (opcode 1): the buffer keeps the memory. */
    struct wl_proxy *pool = f->marshal_flags(f->shm, 0, f->pool_interface, 1, 0, NULL, fd, (int32_t)size);
    close(fd);
    if (!pool) { munmap(pixels, size); return 0; }
    struct wl_proxy *buffer = f->marshal_flags(pool, 0, f->buffer_interface, 1, 0, NULL, 0, width, height, stride,
                                               SHM_FORMAT_XRGB8888);
    f->marshal_flags(pool, 1, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    if (!buffer) { munmap(pixels, size); return 0; }
    memset(b, 0, sizeof *b);
    b->buffer = buffer; b->pixels = pixels; b->size = size;
    b->width = width; b->height = height; b->stride = stride;
    b->x1 = width; b->y1 = height;  /* written whole the first time */
    f->add_listener(buffer, buffer_listener, b);
    return 1;
}

tessera_wl_frames *tessera_wl_frames_open(void *window) {
    SDL_bool (*wm_info)(SDL_Window *, SDL_SysWMinfo *) =
        (SDL_bool (*)(SDL_Window *, SDL_SysWMinfo *))dlsym(RTLD_DEFAULT, "SDL_GetWindowWMInfo");
    if (!wm_info || !window) return NULL;
    SDL_SysWMinfo info;
    memset(&info, 0, sizeof info);
    SDL_VERSION(&info.version);
    if (!wm_info((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) return NULL;
#if defined(SDL_VIDEO_DRIVER_WAYLAND)
    struct tessera_wl_frames *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->display = info.info.wl.display;
    f->surface = (struct wl_proxy *)info.info.wl.surface;
    if (!f->display || !f->surface || !frames_load(f) || !(f->queue = f->create_queue(f->display))) {
        tessera_wl_frames_close(f);
        return NULL;
    }
    /* The registry asked through a wrapper of the display on the queue: it, wl_shm and every buffer live there. */
    struct wl_proxy *display = f->create_wrapper(f->display);
    if (display) {
        f->set_queue(display, f->queue);
        /* wl_display.get_registry (opcode 1) */
        f->registry = f->marshal_flags(display, 1, f->registry_interface, f->version(display), 0, NULL);
        f->wrapper_destroy(display);
    }
    if (!f->registry || f->add_listener(f->registry, frames_registry_listener, f) != 0
        || f->roundtrip_queue(f->display, f->queue) < 0 || !f->shm) {
        tessera_wl_frames_close(f);
        return NULL;
    }
    return f;
#else
    return NULL;
#endif
}

void tessera_wl_frames_close(tessera_wl_frames *f) {
    if (!f) return;
    for (int i = 0; i < FRAME_BUFFERS; i++) buffer_free(f, &f->buffers[i]);
    if (f->shm) f->destroy(f->shm);
    if (f->registry) f->destroy(f->registry);
    if (f->queue) f->queue_destroy(f->queue);
    if (f->display && f->flush) f->flush(f->display);
    /* libwayland-client stays loaded: SDL has it open too, and closing it would gain nothing. */
    free(f);
}

static void grow(int *x0, int *y0, int *x1, int *y1, int ax, int ay, int bx, int by) {
    if (*x1 <= *x0 || *y1 <= *y0) { *x0 = ax; *y0 = ay; *x1 = bx; *y1 = by; return; }
    if (ax < *x0) *x0 = ax;
    if (ay < *y0) *y0 = ay;
    if (bx > *x1) *x1 = bx;
    if (by > *y1) *y1 = by;
}

/* A buffer of this size that the compositor is not reading, without making one. */
static struct frame_buffer *idle_buffer(struct tessera_wl_frames *f, int width, int height) {
    for (int i = 0; i < FRAME_BUFFERS; i++) {
        struct frame_buffer *b = &f->buffers[i];
        if (b->buffer && !b->busy && b->width == width && b->height == height) return b;
    }
    return NULL;
}

/* A buffer of this size that the compositor is not reading: one free, else a new one in a free slot (buffers of
   another size go first: the window was resized), else NULL. */
static struct frame_buffer *buffer_for(struct tessera_wl_frames *f, int width, int height) {
    for (int i = 0; i < FRAME_BUFFERS; i++) {
        struct frame_buffer *b = &f->buffers[i];
        if (b->buffer && !b->busy && (b->width != width || b->height != height)) buffer_free(f, b);
    }
    for (int i = 0; i < FRAME_BUFFERS; i++) {
        struct frame_buffer *b = &f->buffers[i];
        if (b->buffer && !b->busy) return b;
    }
    for (int i = 0; i < FRAME_BUFFERS; i++) {
        struct frame_buffer *b = &f->buffers[i];
        if (!b->buffer) return buffer_make(f, b, width, height) ? b : NULL;
    }
    return NULL;
}

void *tessera_wl_frames_canvas(tessera_wl_frames *f, int width, int height) {
    if (!f || width <= 0 || height <= 0) return NULL;
    /* Releases the compositor sent since the last frame (SDL's event pump read them into this queue). */
    f->dispatch_queue_pending(f->display, f->queue);
    struct frame_buffer *cur = f->current;
    if (cur && !cur->busy && cur->width == width && cur->height == height) return cur->pixels;
    if (cur && (cur->width != width || cur->height != height)) {
        /* Resized: the next frame is drawn whole; the old buffer goes once the compositor lets go of it. */
        if (!cur->busy) buffer_free(f, cur);
        cur = f->current = NULL;
    }
    /* A buffer the compositor has let go of, asking it once for its releases (the one shown before the last is
       let go of as soon as the last is applied) before another is made. */
    struct frame_buffer *b = idle_buffer(f, width, height);
    if (!b && f->roundtrip_queue(f->display, f->queue) >= 0) b = idle_buffer(f, width, height);
    if (!b) b = buffer_for(f, width, height);
    /* Every buffer still read (and no room for another): drawn over the one on screen, which may tear. */
    if (!b) return cur ? cur->pixels : NULL;
    if (cur) {
        /* What the frame gained since this buffer last held it, copied from the one drawn last. */
        int x0 = b->x0 < 0 ? 0 : b->x0, y0 = b->y0 < 0 ? 0 : b->y0;
        int x1 = b->x1 > width ? width : b->x1, y1 = b->y1 > height ? height : b->y1;
        for (int row = y0; row < y1 && x1 > x0; row++) {
            memcpy((char *)b->pixels + (size_t)row * b->stride + (size_t)x0 * 4,
                   (const char *)cur->pixels + (size_t)row * cur->stride + (size_t)x0 * 4, (size_t)(x1 - x0) * 4);
        }
    }
    b->x0 = b->y0 = b->x1 = b->y1 = 0;
    f->current = b;
    /* Another buffer the compositor has let go of is not needed: one drawn into and one on screen is the most a
       frame needs (a third is made only while the compositor holds both, as when its output is off). */
    for (int i = 0; i < FRAME_BUFFERS; i++) {
        struct frame_buffer *other = &f->buffers[i];
        if (other != b && other != cur && other->buffer && !other->busy) buffer_free(f, other);
    }
    return b->pixels;
}

int tessera_wl_frames_show(tessera_wl_frames *f, int x, int y, int w, int h) {
    struct frame_buffer *b = f ? f->current : NULL;
    if (!b) return -1;
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > b->width ? b->width : x + w, y1 = y + h > b->height ? b->height : y + h;
    if (x1 <= x0 || y1 <= y0) return 0;
    /* The others lack this change until they are drawn into again. */
    for (int i = 0; i < FRAME_BUFFERS; i++) {
        struct frame_buffer *other = &f->buffers[i];
        if (other != b && other->buffer) grow(&other->x0, &other->y0, &other->x1, &other->y1, x0, y0, x1, y1);
    }
    /* wl_surface.attach (opcode 1), damage_buffer (opcode 9, version 4) or damage (opcode 2, surface
       coordinates: the whole surface, the scale being SDL's), commit (opcode 6). */
    uint32_t version = f->version(f->surface);
    f->marshal_flags(f->surface, 1, NULL, version, 0, b->buffer, 0, 0);
    if (version >= 4) f->marshal_flags(f->surface, 9, NULL, version, 0, x0, y0, x1 - x0, y1 - y0);
    else f->marshal_flags(f->surface, 2, NULL, version, 0, 0, 0, INT32_MAX, INT32_MAX);
    f->marshal_flags(f->surface, 6, NULL, version, 0);
    b->busy = 1;
    if (f->flush(f->display) < 0 && errno != EAGAIN) return -1;
    return 0;
}
