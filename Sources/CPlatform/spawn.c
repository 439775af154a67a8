#define _GNU_SOURCE
#include <spawn.h>
#include "cplatform.h"

int tessera_spawn_close_from(void *actions, int low) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, low);
#else
    (void)actions; (void)low;
    return -1;
#endif
}
