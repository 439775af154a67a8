#include <systemd/sd-bus.h>
#include <stdio.h>
#include <string.h>

/// systemd-logind's SetBrightness on a session object ("ssu": subsystem, name, value): sd_bus_call_method is variadic,
/// which Swift cannot call. Returns sd-bus's result (negative errno on failure) and the bus error's words in `why`.
static inline int tessera_logind_set_brightness(sd_bus *bus, const char *session_path, const char *subsystem,
                                                const char *name, uint32_t value, char *why, size_t why_size) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int result = sd_bus_call_method(bus, "org.freedesktop.login1", session_path, "org.freedesktop.login1.Session",
                                    "SetBrightness", &error, NULL, "ssu", subsystem, name, value);
    if (result < 0 && why != NULL && why_size > 0) {
        snprintf(why, why_size, "%s", error.message != NULL ? error.message : strerror(-result));
    }
    sd_bus_error_free(&error);
    return result;
}
