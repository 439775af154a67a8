#ifndef TESSERA_CPLATFORM_H
#define TESSERA_CPLATFORM_H
/* Linux controls Swift's Glibc module does not export: glibc's allocator (malloc.h) and per-thread niceness.
   No-ops elsewhere. */
#if defined(__linux__)
#include <malloc.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
static inline void tessera_limit_malloc_arenas(int n) { mallopt(M_ARENA_MAX, n); }
static inline void tessera_malloc_trim(void) { malloc_trim(0); }
/* On Linux each thread has its own nice value: a worker that lowers its own keeps the UI thread first in line. */
static inline void tessera_lower_thread_priority(int niceness) {
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}
#else
static inline void tessera_limit_malloc_arenas(int n) { (void)n; }
static inline void tessera_malloc_trim(void) {}
static inline void tessera_lower_thread_priority(int niceness) { (void)niceness; }
#endif
/* SIGTERM, SIGINT and SIGHUP set a flag instead of ending the process (SDL's own handlers are switched off with
   SDL_HINT_NO_SIGNAL_HANDLERS, so a kiosk's window close and a service stop can be told apart). */
void tessera_catch_stop_signals(void);
/* The signal that asked to stop, or 0. */
int tessera_stop_signal_received(void);
#endif
