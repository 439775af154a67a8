#ifndef TESSERA_CMEMORY_H
#define TESSERA_CMEMORY_H
/* glibc's allocator controls (malloc.h), which Swift's Glibc module does not export. No-ops elsewhere. */
#if defined(__GLIBC__)
#include <malloc.h>
static inline void tessera_limit_malloc_arenas(int n) { mallopt(M_ARENA_MAX, n); }
static inline void tessera_malloc_trim(void) { malloc_trim(0); }
#else
static inline void tessera_limit_malloc_arenas(int n) { (void)n; }
static inline void tessera_malloc_trim(void) {}
#endif
#endif
