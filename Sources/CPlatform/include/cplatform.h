#ifndef TESSERA_CPLATFORM_H
#define TESSERA_CPLATFORM_H
/* Linux controls Swift's Glibc module does not export: glibc's allocator (malloc.h), per-thread scheduling,
   inotify, eventfd and poll, an allocator for SDL's pixel buffers, stop signals. No-ops elsewhere. */
#if defined(__linux__)
#include <malloc.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sched.h>
#ifndef SCHED_IDLE
#define SCHED_IDLE 5 /* <sched.h> names it only under _GNU_SOURCE */
#endif
static inline void tessera_limit_malloc_arenas(int n) { mallopt(M_ARENA_MAX, n); }
static inline void tessera_malloc_trim(void) { malloc_trim(0); }
/* SCHED_IDLE for the calling thread: it runs on whatever CPU time normal threads leave, and never preempts one.
   A lower nice value is not enough under EEVDF (Linux 6.6+): a niced worker still gets its time slices at short
   notice and cut into a frame in progress. */
static inline void tessera_make_thread_background(void) {
    struct sched_param param = { .sched_priority = 0 };
    sched_setscheduler(0, SCHED_IDLE, &param);
}
/* Back to the ordinary policy (a pool thread lent to background work returns as it came). */
static inline void tessera_make_thread_normal(void) {
    struct sched_param param = { .sched_priority = 0 };
    sched_setscheduler(0, SCHED_OTHER, &param);
}
/* The media workers' plumbing: an anonymous shared-memory file for frames (memfd_create, close-on-exec) and a
   pipe whose ends are close-on-exec (pipe2), so a worker spawned on another thread inherits neither by accident;
   posix_spawn's dup2 file actions hand the worker its own. */
static inline int tessera_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */ | 2u /* MFD_ALLOW_SEALING */);
}
/* Fixes a shared-memory file's size for good (F_ADD_SEALS with F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL): a worker
   can no longer truncate what the app has mapped (the app's next read would die of SIGBUS). 0, or -1. */
static inline int tessera_memfd_seal_size(int fd) { return fcntl(fd, 1033 /* F_ADD_SEALS */, 2 | 4 | 1); }
/* A worker process is killed when the process that started it ends (prctl PR_SET_PDEATHSIG, SIGKILL). */
static inline int tessera_die_with_parent(void) { return prctl(1 /* PR_SET_PDEATHSIG */, 9 /* SIGKILL */, 0, 0, 0); }
static inline int tessera_pipe_cloexec(int fds[2]) { return (int)syscall(SYS_pipe2, fds, 02000000 /* O_CLOEXEC */); }
#else
static inline int tessera_memfd_create(const char *name) { (void)name; return -1; }
static inline int tessera_memfd_seal_size(int fd) { (void)fd; return -1; }
static inline int tessera_die_with_parent(void) { return -1; }
static inline int tessera_pipe_cloexec(int fds[2]) { (void)fds; return -1; }
static inline void tessera_make_thread_background(void) {}
static inline void tessera_make_thread_normal(void) {}
static inline void tessera_limit_malloc_arenas(int n) { (void)n; }
static inline void tessera_malloc_trim(void) {}
#endif
/* An allocator for SDL (given to SDL_SetMemoryFunctions) that serves pixel buffers of 1 MiB and more from mappings
   of their own. A freed one is kept as a spare (up to `tessera_pixels_keep_spares` bytes) for the next buffer of
   about its size, whose pages are then resident already: a new 4K cell texture from fresh memory cost 4-18 ms of
   page faults on the main thread. Beyond the spares, freed buffers go back to the system whole, so a long run's
   heap never keeps their holes. Smaller blocks are plain malloc; blocks malloc'd before the switch are told
   apart and freed by free. Thread-safe. */
void *tessera_pixels_malloc(size_t size);
void *tessera_pixels_calloc(size_t count, size_t size);
void *tessera_pixels_realloc(void *block, size_t size);
void tessera_pixels_free(void *block);
/* How many bytes of freed buffers to keep as the frame thread's spares (0 returns them all to the system now). The
   calling thread becomes the frame thread (which creates textures); the other threads (decode workers) keep spares
   of their own, up to 16 MB, and never take the frame thread's; a change of `bytes` (the window's size) lets go of
   theirs too. */
void tessera_pixels_keep_spares(size_t bytes);
/* Bytes in the large mappings now, spares included, and how many are in use (for the benchmark and tests). */
size_t tessera_pixels_mapped_bytes(void);
int tessera_pixels_mapped_count(void);

/* SIGTERM, SIGINT and SIGHUP set a flag instead of ending the process (SDL's own handlers are switched off with
   SDL_HINT_NO_SIGNAL_HANDLERS, so a kiosk's window close and a service stop can be told apart). */
void tessera_catch_stop_signals(void);
/* The signal that asked to stop, or 0. */
int tessera_stop_signal_received(void);
/* The X11 desktop's text scale, `Xft.dpi` from the display's resource database (what GNOME, KDE and xrdb set for
   a HiDPI screen), or 0 when there is no X display or no such setting. libX11 is opened at run time, so a console
   or Wayland-only machine needs no X library. */
double tessera_x11_xft_dpi(void);
/* 1 when an EWMH window manager runs on the X display, 0 when none does, -1 when there is no display to ask. */
int tessera_x11_has_window_manager(void);
/* DPMS: switches the X display off (0) or on (1); returns the state read back (1 on, 0 off), -1 without DPMS. */
int tessera_x11_dpms(int on);
/* Whether the X server has DPMS, switching nothing. */
int tessera_x11_dpms_available(void);


/* Wayland (wayland.c): 1 when the compositor WAYLAND_DISPLAY names has a seat, 0 when it has none (SDL 2.26
   crashes in SDL_Init there), -1 when there is no compositor to ask or no libwayland-client. */
int tessera_wayland_has_seat(void);
/* The wlroots output-power-management protocol on a connection of its own: every output of the compositor. */
typedef struct tessera_wl_power tessera_wl_power;
/* NULL without a compositor; a connection whose compositor lacks the protocol has no manager. */
tessera_wl_power *tessera_wl_power_open(void);
int tessera_wl_power_has_manager(const tessera_wl_power *power);
/* Outputs with a power object. */
int tessera_wl_power_outputs(const tessera_wl_power *power);
/* Switches every output off (0) or on (1) and waits for the compositor's answer: returns how many outputs report
   the mode asked for (-1: no manager or the connection broke); `failed` counts the outputs whose compositor refused. */
int tessera_wl_power_set(tessera_wl_power *power, int on, int *failed);
void tessera_wl_power_close(tessera_wl_power *power);
/* Frames drawn in memory, shown on an SDL window's Wayland surface through wl_shm buffers (wayland_frames.c). */
typedef struct tessera_wl_frames tessera_wl_frames;
/* For an SDL window (an SDL_Window *) on SDL's Wayland driver whose compositor offers wl_shm; NULL otherwise. */
tessera_wl_frames *tessera_wl_frames_open(void *window);
/* The pixels (XRGB8888, width * 4 bytes a row) the next frame is drawn into: a buffer the compositor is not reading,
   holding the frame as last drawn (what it lacked copied from the buffer drawn before), at this size (after a resize:
   blank, to be drawn whole). NULL when no buffer can be had. Call again after each `show`. */
void *tessera_wl_frames_canvas(tessera_wl_frames *frames, int width, int height);
/* Shows the canvas, whose pixels changed in (x, y, w, h) since the last frame: attached and committed. 0 shown, -1
   without a canvas or when the connection broke. */
int tessera_wl_frames_show(tessera_wl_frames *frames, int x, int y, int w, int h);
void tessera_wl_frames_close(tessera_wl_frames *frames);
/* Gives back the resident pages of the read-only, unmodified mappings of the libraries whose path holds `name`
   (madvise MADV_DONTNEED, library_pages.c): for a library that stays mapped after the one that loaded it let go
   (libLLVM cannot be unloaded once Mesa has loaded it). Returns the KB released, -1 where /proc cannot be read. */
long tessera_release_library_pages(const char *name);

/* KMS (kms.c): switches every connected connector with a DPMS property off (0) or on (1) on a DRM descriptor;
   returns how many read back the state asked for when all of them do, 0 when one does not (or none is connected), -1
   when the descriptor is no DRM device. */
int tessera_kms_dpms(int fd, int on);
/* The connected connectors with a DPMS property, switching nothing; -1 when the descriptor is no DRM device. */
int tessera_kms_connectors(int fd);
/* The DRM descriptor of an SDL window on SDL's KMSDRM driver (an SDL_Window *), -1 on any other. */
int tessera_sdl_window_drm_fd(void *window);

/* The X11 display's ICC profile (x11_profile.c): the root window's _ICC_PROFILE property for an SDL window (an
   SDL_Window *) on SDL's X11 driver. On success *out is a malloc'd copy the caller frees and its length is returned;
   0 (and *out NULL) on another driver, without libX11, without the property, or past max_size bytes. */
size_t tessera_x11_icc_profile(void *window, size_t max_size, unsigned char **out);

/* Closes every descriptor from `low` up in a child posix_spawn starts (glibc 2.34's
   posix_spawn_file_actions_addclosefrom_np; `actions` is a posix_spawn_file_actions_t): a descriptor another library
   opened without close-on-exec (libdbus's pipe to dbus-launch while SDL starts) must not live on in a media worker,
   or that library waits for an end of file that never comes. Returns 0, or -1 where the C library has no such
   action. */
int tessera_spawn_close_from(void *actions, int low);
#endif
