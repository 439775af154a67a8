/* The X11 display's ICC profile: the _ICC_PROFILE property of the root window ("ICC Profiles in X Specification"
   0.4), which colour managers (colord through gnome-settings-daemon, KDE's, dispwin -L, xicc) publish. libX11 is
   reached by dlopen, as SDL itself reaches it: on X11 the library is in the process already, tessera links no X11
   library, and a machine on Wayland or KMS alone needs none. Only the first screen's profile (_ICC_PROFILE) is read:
   _ICC_PROFILE_n names Xinerama screen n, and SDL does not say which one a window is mostly on. */
#include "cplatform.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <SDL2/SDL_syswm.h>

typedef unsigned long x_id;
struct x11 {
    x_id (*intern_atom)(void *display, const char *name, int only_if_exists);
    x_id (*default_root_window)(void *display);
    int (*get_window_property)(void *display, x_id window, x_id property, long offset, long length, int delete_,
                               x_id type, x_id *actual_type, int *actual_format, unsigned long *items,
                               unsigned long *bytes_after, unsigned char **data);
    int (*free)(void *data);
};

static int x11_load(struct x11 *x) {
    void *library = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (!library) library = dlopen("libX11.so.6", RTLD_LAZY);
    if (!library) return 0;
    x->intern_atom = dlsym(library, "XInternAtom");
    x->default_root_window = dlsym(library, "XDefaultRootWindow");
    x->get_window_property = dlsym(library, "XGetWindowProperty");
    x->free = dlsym(library, "XFree");
    /* The handle stays open: SDL holds the same library for the life of the process. */
    return x->intern_atom && x->default_root_window && x->get_window_property && x->free;
}

/* SDL's X11 connection for an SDL window (SDL_GetWindowWMInfo, asked through the process's own symbols), NULL on
   any other driver. */
static void *x11_display(void *window) {
    SDL_bool (*wm_info)(SDL_Window *, SDL_SysWMinfo *) =
        (SDL_bool (*)(SDL_Window *, SDL_SysWMinfo *))dlsym(RTLD_DEFAULT, "SDL_GetWindowWMInfo");
    if (!wm_info || !window) return NULL;
    SDL_SysWMinfo info;
    memset(&info, 0, sizeof info);
    SDL_VERSION(&info.version);
    if (!wm_info((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
#if defined(SDL_VIDEO_DRIVER_X11)
    return info.info.x11.display;
#else
    return NULL;
#endif
}

size_t tessera_x11_icc_profile(void *window, size_t max_size, unsigned char **out) {
    *out = NULL;
    struct x11 x;
    void *display = x11_display(window);
    if (!display || !x11_load(&x)) return 0;
    x_id atom = x.intern_atom(display, "_ICC_PROFILE", 1);
    if (!atom) return 0;
    x_id type = 0;
    int format = 0;
    unsigned long items = 0, after = 0;
    unsigned char *data = NULL;
    /* XGetWindowProperty's length counts 32-bit units; AnyPropertyType is 0; Success is 0. */
    if (x.get_window_property(display, x.default_root_window(display), atom, 0, (long)(max_size / 4), 0, 0, &type,
                              &format, &items, &after, &data) != 0 || !data) return 0;
    size_t length = 0;
    if (format == 8 && items > 0 && items <= max_size && after == 0) {
        *out = malloc(items);
        if (*out) { memcpy(*out, data, items); length = items; }
    }
    x.free(data);
    return length;
}
