#ifndef TESSERA_WORKER_PROCESS_H
#define TESSERA_WORKER_PROCESS_H
/* A media worker's end, and its share of the workers' memory: its soft RLIMIT_DATA (the heap and every private writable mapping;
   the frames it shares with the app are not counted), set by prlimit64 so the app can lower and raise a running
   worker's limit as workers come and go. Raised no further than the hard limit. 0, or -1 with errno. */
#if defined(__linux__)
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <errno.h>
#include <unistd.h>
struct tessera_limit64 { unsigned long long soft, hard; };
/* Sets `pid`'s (0: this process's) soft RLIMIT_DATA to `bytes`, or its hard limit when that is lower. */
static inline int tessera_set_data_limit(int pid, unsigned long long bytes) {
    struct tessera_limit64 old, wanted;
    if (syscall(SYS_prlimit64, pid, RLIMIT_DATA, (void *)0, &old) != 0) return -1;
    wanted.soft = bytes < old.hard ? bytes : old.hard;
    wanted.hard = old.hard;
    return (int)syscall(SYS_prlimit64, pid, RLIMIT_DATA, &wanted, (void *)0);
}
/* `pid`'s (0: this process's) soft RLIMIT_DATA in bytes (~0ULL: none), or 0 when it cannot be read. */
static inline unsigned long long tessera_data_limit(int pid) {
    struct tessera_limit64 now;
    return syscall(SYS_prlimit64, pid, RLIMIT_DATA, (void *)0, &now) == 0 ? now.soft : 0;
}
/* Whether child `pid` has ended, leaving it unreaped (waitid with WNOWAIT, so it stays a zombie and its pid cannot
   be another process's until the caller reaps it): 1 ended, 0 still running (only when `block` is 0), -1 with errno
   (ECHILD: already reaped). `block`: wait until it ends. */
static inline int tessera_child_ended(int pid, int block) {
    siginfo_t info;
    info.si_pid = 0;
    for (;;) {
        int status = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
        if (status == 0) return info.si_pid == pid ? 1 : 0;
        if (errno != EINTR) return -1;
    }
}
/* A worker's allocator: blocks of `bytes` and more are mappings of their own, given back whole when freed (glibc
   otherwise raises that threshold to a freed block's size, up to 32 MB, and then keeps a clip's freed frames in its
   heap: a service worker held 100 MB after one 4K poster), and at most `arenas` heaps. */
#include <malloc.h>
static inline void tessera_worker_allocator(int bytes, int arenas) {
    mallopt(M_MMAP_THRESHOLD, bytes);
    mallopt(M_ARENA_MAX, arenas);
}
#else
static inline void tessera_worker_allocator(int bytes, int arenas) { (void)bytes; (void)arenas; }
static inline int tessera_child_ended(int pid, int block) { (void)pid; (void)block; return -1; }
static inline int tessera_set_data_limit(int pid, unsigned long long bytes) { (void)pid; (void)bytes; return -1; }
static inline unsigned long long tessera_data_limit(int pid) { (void)pid; return 0; }
#endif
#endif
