#ifndef FAKE_LOGIND_H
#define FAKE_LOGIND_H
#include <stdint.h>

/// A stand-in for systemd-logind on a private bus (tests only): owns org.freedesktop.login1 and answers, on
/// /org/freedesktop/login1/session/auto, the session's "Active" property and SetBrightness (recording its arguments).
typedef struct fake_logind fake_logind;

/// Connects to the bus at `address`, takes the name and serves on a thread of its own; NULL on failure.
fake_logind *fake_logind_start(const char *address, int active);
/// How many SetBrightness calls came, and the last one's arguments (copied into the buffers given).
int fake_logind_calls(fake_logind *fake, char *subsystem, int subsystem_size, char *name, int name_size, uint32_t *value);
void fake_logind_stop(fake_logind *fake);

#endif
