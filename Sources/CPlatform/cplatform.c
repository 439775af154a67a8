#include "cplatform.h"
#include <signal.h>
#include <string.h>
#include <stdlib.h>
#include <pthread.h>
#include <dlfcn.h>
#include <stdio.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Set by the handler, read by the event loop: the only thing a signal handler may safely do is set a flag. */
static volatile sig_atomic_t tessera_stop_signal = 0;

static void tessera_on_stop_signal(int sig) { tessera_stop_signal = sig; }

void tessera_catch_stop_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tessera_on_stop_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int tessera_stop_signal_received(void) { return (int)tessera_stop_signal; }

/* ---- pixel-buffer allocator (see cplatform.h) ---- */

#define TESSERA_BIG_BLOCK ((size_t)1 << 20)
#define TESSERA_MAX_MAPPINGS 512
#define TESSERA_MAX_SPARES 32
#define TESSERA_MAPPING_UNIT ((size_t)64 << 10)
#define TESSERA_POPULATE_BLOCK ((size_t)8 << 20)

/* `side`: 0 for the frame thread's spares, 1 for the other threads' (decode workers), which never take each other's. */
struct tessera_mapping { void *start; size_t size; int side; };
static struct tessera_mapping tessera_mappings[TESSERA_MAX_MAPPINGS];
static int tessera_mapping_count = 0;
static size_t tessera_mapped_bytes = 0;
/* Freed mappings kept for the next block of about their size: their pages are resident already. */
static struct tessera_mapping tessera_spares[TESSERA_MAX_SPARES];
static int tessera_spare_count = 0;
static size_t tessera_spare_bytes = 0;
static size_t tessera_spare_limit = 0;
/* The workers' spares: a decode's full-size buffer and its halving steps are made and freed on the worker, about
   1-5 MB each, one after another. Mapping each afresh cost a page fault per 4 KB page: a fifth of the CPU of a
   folder's cold pass went to the kernel. A few of them kept per worker make that memory resident once. */
#define TESSERA_WORKER_SPARE_LIMIT ((size_t)16 << 20)
static pthread_mutex_t tessera_mappings_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t tessera_frame_thread;
static int tessera_frame_thread_set = 0;

static void tessera_unmap(void *block, size_t size) {
#if defined(__linux__)
    munmap(block, size);
#else
    (void)block; (void)size;
#endif
}

/* 0 on the frame thread, 1 elsewhere; the lock is held. */
static int tessera_side(void) {
    return tessera_frame_thread_set && pthread_equal(pthread_self(), tessera_frame_thread) ? 0 : 1;
}

/* The bytes the spares of `side` may hold; the lock is held. */
static size_t tessera_side_limit(int side) { return side == 0 ? tessera_spare_limit : TESSERA_WORKER_SPARE_LIMIT; }

/* Bytes held by the spares of `side`; the lock is held. */
static size_t tessera_side_bytes(int side) {
    size_t bytes = 0;
    for (int i = 0; i < tessera_spare_count; i++) if (tessera_spares[i].side == side) bytes += tessera_spares[i].size;
    return bytes;
}

/* Drops the oldest spare of `side` into `dropped`; the lock is held. Returns 0 when it has none. */
static int tessera_drop_oldest(int side, struct tessera_mapping *dropped) {
    for (int i = 0; i < tessera_spare_count; i++) {
        if (tessera_spares[i].side != side) continue;
        *dropped = tessera_spares[i];
        tessera_spare_bytes -= tessera_spares[i].size;
        memmove(tessera_spares + i, tessera_spares + i + 1, (size_t)(--tessera_spare_count - i) * sizeof tessera_spares[0]);
        return 1;
    }
    return 0;
}

/* Takes the smallest spare that holds `size` without wasting more than a quarter; the lock is held. */
static void *tessera_take_spare(size_t size, size_t *mapped, int side) {
    int best = -1;
    for (int i = 0; i < tessera_spare_count; i++) {
        if (tessera_spares[i].side != side) continue;
        size_t s = tessera_spares[i].size;
        if (s >= size && s - size <= size / 4 && (best < 0 || s < tessera_spares[best].size)) best = i;
    }
    if (best < 0) return NULL;
    void *block = tessera_spares[best].start;
    *mapped = tessera_spares[best].size;
    tessera_spare_bytes -= *mapped;
    memmove(tessera_spares + best, tessera_spares + best + 1, (size_t)(--tessera_spare_count - best) * sizeof tessera_spares[0]);
    return block;
}

/* A block of at least `size` bytes from a spare (`*fresh` = 0) or a new zeroed mapping (`*fresh` = 1), recorded;
   NULL when none can be had or the table is full (the caller uses malloc). */
static void *tessera_map(size_t size, int *fresh) {
#if defined(__linux__)
    size_t rounded = (size + TESSERA_MAPPING_UNIT - 1) / TESSERA_MAPPING_UNIT * TESSERA_MAPPING_UNIT;
    size_t mapped = 0;
    pthread_mutex_lock(&tessera_mappings_lock);
    /* Each side takes its own spares: a worker never takes the frame thread's (a frame cannot afford page faults). */
    int side = tessera_side();
    void *block = tessera_mapping_count < TESSERA_MAX_MAPPINGS ? tessera_take_spare(rounded, &mapped, side) : NULL;
    pthread_mutex_unlock(&tessera_mappings_lock);
    *fresh = block == NULL;
    if (!block) {
        mapped = rounded;
        /* A large block for the frame thread (a zoomed photo's texture, tens of MB) is populated by the kernel in
           one go: faulting it in a page at a time cost a frame 40-120 ms, populating it about 20. (Huge pages were
           faster on average but stalled one frame in three runs for 130 ms compacting memory.) */
        int large = side == 0 && mapped >= TESSERA_POPULATE_BLOCK;
        block = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (large ? MAP_POPULATE : 0), -1, 0);
        if (block == MAP_FAILED) return NULL;
    }
    pthread_mutex_lock(&tessera_mappings_lock);
    int stored = tessera_mapping_count < TESSERA_MAX_MAPPINGS;
    if (stored) {
        tessera_mappings[tessera_mapping_count].start = block;
        tessera_mappings[tessera_mapping_count].size = mapped;
        tessera_mapping_count++;
        tessera_mapped_bytes += mapped;
    }
    pthread_mutex_unlock(&tessera_mappings_lock);
    if (!stored) { munmap(block, mapped); return NULL; }
    return block;
#else
    (void)size; (void)fresh;
    return NULL;
#endif
}

/* The size of a block this allocator mapped, or 0 for any other block; with `release`, the block leaves the
   table and becomes a spare, or is unmapped when the spares are full. */
static size_t tessera_mapping_size(void *block, int release) {
    size_t size = 0;
    struct tessera_mapping dropped[TESSERA_MAX_SPARES + 1];
    int n = 0;
    pthread_mutex_lock(&tessera_mappings_lock);
    for (int i = 0; i < tessera_mapping_count; i++) {
        if (tessera_mappings[i].start != block) continue;
        size = tessera_mappings[i].size;
        if (release) {
            tessera_mappings[i] = tessera_mappings[--tessera_mapping_count];
            tessera_mapped_bytes -= size;
            /* A block becomes a spare of the side that frees it. The newest spares are the likeliest fits (cells of
               the same column and screen): the oldest go. */
            int side = tessera_side();
            if (tessera_spare_count == TESSERA_MAX_SPARES
                && (tessera_drop_oldest(side, &dropped[n]) || tessera_drop_oldest(1 - side, &dropped[n]))) n++;
            tessera_spares[tessera_spare_count].start = block;
            tessera_spares[tessera_spare_count].size = size;
            tessera_spares[tessera_spare_count].side = side;
            tessera_spare_count++;
            tessera_spare_bytes += size;
            while (tessera_side_bytes(side) > tessera_side_limit(side) && tessera_drop_oldest(side, &dropped[n])) n++;
        }
        break;
    }
    pthread_mutex_unlock(&tessera_mappings_lock);
    for (int i = 0; i < n; i++) tessera_unmap(dropped[i].start, dropped[i].size);
    return size;
}

void *tessera_pixels_malloc(size_t size) {
    int fresh = 0;
    void *block = size >= TESSERA_BIG_BLOCK ? tessera_map(size, &fresh) : NULL;
    return block ? block : malloc(size);
}

void *tessera_pixels_calloc(size_t count, size_t size) {
    if (size != 0 && count > (size_t)-1 / size) return NULL;
    size_t total = count * size;
    int fresh = 0;
    void *block = total >= TESSERA_BIG_BLOCK ? tessera_map(total, &fresh) : NULL;
    if (!block) return calloc(count, size);
    if (!fresh) memset(block, 0, total);  /* a new mapping is zeroed already; a spare holds old pixels */
    return block;
}

void tessera_pixels_free(void *block) {
    if (!block) return;
    if (tessera_mapping_size(block, 1)) return;
    free(block);
}

void *tessera_pixels_realloc(void *block, size_t size) {
    if (!block) return tessera_pixels_malloc(size);
    size_t old = tessera_mapping_size(block, 0);
    if (!old) return realloc(block, size);
    void *moved = tessera_pixels_malloc(size);
    if (!moved) return NULL;
    memcpy(moved, block, old < size ? old : size);
    tessera_pixels_free(block);
    return moved;
}

void tessera_pixels_keep_spares(size_t bytes) {
    pthread_mutex_lock(&tessera_mappings_lock);
    tessera_frame_thread = pthread_self();
    tessera_frame_thread_set = 1;
    size_t previous = tessera_spare_limit;
    tessera_spare_limit = bytes;
    struct tessera_mapping dropped[TESSERA_MAX_SPARES];
    int n = 0;
    while (tessera_side_bytes(0) > tessera_spare_limit && tessera_drop_oldest(0, &dropped[n])) n++;
    /* A window of another size: the workers' spares were cut for the old window's cells (four times larger at a scale
       of 2), which new cells, a quarter smaller or more, never take; they would be held for good (16 MB measured
       after output changes under Wayland). */
    if (previous != bytes) while (n < TESSERA_MAX_SPARES && tessera_drop_oldest(1, &dropped[n])) n++;
    pthread_mutex_unlock(&tessera_mappings_lock);
    for (int i = 0; i < n; i++) tessera_unmap(dropped[i].start, dropped[i].size);
}

size_t tessera_pixels_mapped_bytes(void) {
    pthread_mutex_lock(&tessera_mappings_lock);
    size_t bytes = tessera_mapped_bytes + tessera_spare_bytes;
    pthread_mutex_unlock(&tessera_mappings_lock);
    return bytes;
}

int tessera_pixels_mapped_count(void) {
    pthread_mutex_lock(&tessera_mappings_lock);
    int count = tessera_mapping_count;
    pthread_mutex_unlock(&tessera_mappings_lock);
    return count;
}

/* ---- the X11 desktop's scale ---- */

double tessera_x11_xft_dpi(void) {
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (!x11) return 0;
    void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
    char *(*resources)(void *) = (char *(*)(void *))dlsym(x11, "XResourceManagerString");
    int (*close_display)(void *) = (int (*)(void *))dlsym(x11, "XCloseDisplay");
    double dpi = 0;
    void *display = open_display && resources && close_display ? open_display(NULL) : NULL;
    if (display) {
        const char *text = resources(display);
        /* Lines of "name:\tvalue"; the one wanted is "Xft.dpi". */
        for (const char *line = text; line && *line; ) {
            if (strncmp(line, "Xft.dpi:", 8) == 0) {
                double value = 0;
                if (sscanf(line + 8, "%lf", &value) == 1 && value >= 24 && value <= 960) dpi = value;
                break;
            }
            const char *next = strchr(line, '\n');
            line = next ? next + 1 : NULL;
        }
        close_display(display);
    }
    dlclose(x11);
    return dpi;
}

/* ---- whether an X11 window manager runs ---- */

/* A window manager that follows the EWMH sets _NET_SUPPORTING_WM_CHECK on the root window; without one (a bare X
   server on a kiosk, Xvfb) nobody acts on a fullscreen request, and the window must be moved and sized itself.
   1: a window manager, 0: none, -1: no X display to ask. libX11 is opened at run time, like SDL does. */
int tessera_x11_has_window_manager(void) {
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (!x11) return -1;
    void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
    int (*close_display)(void *) = (int (*)(void *))dlsym(x11, "XCloseDisplay");
    unsigned long (*intern)(void *, const char *, int) = (unsigned long (*)(void *, const char *, int))dlsym(x11, "XInternAtom");
    unsigned long (*root)(void *) = (unsigned long (*)(void *))dlsym(x11, "XDefaultRootWindow");
    int (*get_property)(void *, unsigned long, unsigned long, long, long, int, unsigned long, unsigned long *, int *,
                        unsigned long *, unsigned long *, unsigned char **) =
        (int (*)(void *, unsigned long, unsigned long, long, long, int, unsigned long, unsigned long *, int *,
                 unsigned long *, unsigned long *, unsigned char **))dlsym(x11, "XGetWindowProperty");
    int (*x_free)(void *) = (int (*)(void *))dlsym(x11, "XFree");
    int result = -1;
    void *display = open_display && close_display && intern && root && get_property && x_free ? open_display(NULL) : NULL;
    if (display) {
        result = 0;
        unsigned long check = intern(display, "_NET_SUPPORTING_WM_CHECK", 1 /* only if it exists */);
        if (check != 0) {
            unsigned long type = 0, count = 0, after = 0;
            int format = 0;
            unsigned char *data = NULL;
            /* AnyPropertyType is 0; Success is 0. */
            if (get_property(display, root(display), check, 0, 1, 0, 0, &type, &format, &count, &after, &data) == 0
                && data != NULL && count == 1) result = 1;
            if (data) x_free(data);
        }
        close_display(display);
    }
    dlclose(x11);
    return result;
}

/* ---- X11 display power (DPMS, libXext) ---- */

/* Whether DPMS was enabled before Tessera forced the display off (-1: not known yet): restored when it comes on, so
   a kiosk owner's `xset -dpms` holds again by day. */
static int tessera_dpms_was_enabled = -1;

static int tessera_x11_ignore_error(void *display, void *event) { (void)display; (void)event; return 0; }

/* probe = 1: only asks whether the X server has DPMS (returns 1) or not (-1), switching nothing. Else switches
   the display off (on = 0) or on (1) and reads the state back: 1 on, 0 off, -1 without DPMS or a display. libXext
   and libX11 are opened at run time, as SDL does; an X error is ignored for the call (Xlib's default handler would
   end the process). */
static int tessera_x11_dpms_call(int on, int probe) {
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    void *xext = dlopen("libXext.so.6", RTLD_LAZY | RTLD_LOCAL);
    int result = -1;
    if (x11 && xext) {
        void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
        int (*close_display)(void *) = (int (*)(void *))dlsym(x11, "XCloseDisplay");
        int (*sync)(void *, int) = (int (*)(void *, int))dlsym(x11, "XSync");
        void *(*set_handler)(void *) = (void *(*)(void *))dlsym(x11, "XSetErrorHandler");
        int (*query)(void *, int *, int *) = (int (*)(void *, int *, int *))dlsym(xext, "DPMSQueryExtension");
        int (*capable)(void *) = (int (*)(void *))dlsym(xext, "DPMSCapable");
        int (*enable)(void *) = (int (*)(void *))dlsym(xext, "DPMSEnable");
        int (*disable)(void *) = (int (*)(void *))dlsym(xext, "DPMSDisable");
        int (*force)(void *, unsigned short) = (int (*)(void *, unsigned short))dlsym(xext, "DPMSForceLevel");
        int (*info)(void *, unsigned short *, unsigned char *) =
            (int (*)(void *, unsigned short *, unsigned char *))dlsym(xext, "DPMSInfo");
        void *display = open_display && close_display && sync && set_handler && query && capable && enable && disable
            && force && info ? open_display(NULL) : NULL;
        if (display) {
            void *previous = set_handler((void *)tessera_x11_ignore_error);
            int event = 0, error = 0;
            if (query(display, &event, &error) && capable(display)) {
                if (probe) {
                    result = 1;
                } else {
                    unsigned short level = 0;
                    unsigned char enabled = 0;
                    if (!on && tessera_dpms_was_enabled < 0 && info(display, &level, &enabled))
                        tessera_dpms_was_enabled = enabled ? 1 : 0;
                    if (!on) enable(display);
                    force(display, on ? 0 /* DPMSModeOn */ : 3 /* DPMSModeOff */);
                    sync(display, 0);
                    if (info(display, &level, &enabled)) result = (enabled && level != 0) ? 0 : 1;
                    if (on && tessera_dpms_was_enabled == 0) { disable(display); sync(display, 0); }
                }
            }
            set_handler(previous);
            close_display(display);
        }
    }
    if (xext) dlclose(xext);
    if (x11) dlclose(x11);
    return result;
}

int tessera_x11_dpms(int on) { return tessera_x11_dpms_call(on, 0); }
int tessera_x11_dpms_available(void) { return tessera_x11_dpms_call(1, 1) == 1; }
