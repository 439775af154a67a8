/* Gives back the resident pages of a shared library that stays mapped after its last user let go of it (see
   cplatform.h). Only mappings that cannot be written and hold no page of the process's own are touched: their pages
   are the file's, so the kernel reads them again if the library is ever run (its destructors at exit). */
#include "cplatform.h"
#include <stdio.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

long tessera_release_library_pages(const char *name) {
#if defined(__linux__)
    FILE *smaps = fopen("/proc/self/smaps", "r");
    if (!smaps || !name || !*name) {
        if (smaps) fclose(smaps);
        return -1;
    }
    char line[4096];
    unsigned long start = 0, end = 0;
    int candidate = 0;
    long rss = 0, released = 0;
    /* A mapping is judged once its Private_Dirty line is read (Rss comes before it). */
    while (fgets(line, sizeof line, smaps)) {
        unsigned long a, b;
        char perms[8];
        if (sscanf(line, "%lx-%lx %7s", &a, &b, perms) == 3 && strchr(line, '-') < strchr(line, ' ')) {
            start = a; end = b;
            const char *path = strchr(line, '/');
            candidate = path && strstr(path, name) && perms[1] != 'w';
            rss = 0;
            continue;
        }
        long kb;
        if (!candidate) continue;
        if (sscanf(line, "Rss: %ld kB", &kb) == 1) { rss = kb; continue; }
        if (sscanf(line, "Private_Dirty: %ld kB", &kb) == 1) {
            candidate = 0;
            if (kb != 0 || rss == 0) continue;  /* relocated (RELRO): the process's own pages, kept */
            if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) released += rss;
        }
    }
    fclose(smaps);
    return released;
#else
    (void)name;
    return -1;
#endif
}
