#include "fake_logind.h"
#include <systemd/sd-bus.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fake_logind {
    sd_bus *bus;
    pthread_t thread;
    pthread_mutex_t lock;
    /* Set by the test's thread, read by the serving one. */
    atomic_int stop;
    int active;
    int calls;
    char subsystem[64];
    char name[64];
    uint32_t value;
};

static int on_session(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    struct fake_logind *f = userdata;
    const char *interface = sd_bus_message_get_interface(m), *member = sd_bus_message_get_member(m);
    if (interface == NULL || member == NULL) return 0;
    if (strcmp(interface, "org.freedesktop.login1.Session") == 0 && strcmp(member, "SetBrightness") == 0) {
        const char *subsystem = NULL, *name = NULL;
        uint32_t value = 0;
        int r = sd_bus_message_read(m, "ssu", &subsystem, &name, &value);
        if (r < 0) return r;
        pthread_mutex_lock(&f->lock);
        f->calls++;
        snprintf(f->subsystem, sizeof f->subsystem, "%s", subsystem);
        snprintf(f->name, sizeof f->name, "%s", name);
        f->value = value;
        pthread_mutex_unlock(&f->lock);
        return sd_bus_reply_method_return(m, NULL);
    }
    if (strcmp(interface, "org.freedesktop.DBus.Properties") == 0 && strcmp(member, "Get") == 0) {
        const char *of = NULL, *property = NULL;
        int r = sd_bus_message_read(m, "ss", &of, &property);
        if (r < 0) return r;
        if (strcmp(property, "Active") == 0) return sd_bus_reply_method_return(m, "v", "b", f->active);
        return sd_bus_reply_method_errorf(m, SD_BUS_ERROR_UNKNOWN_PROPERTY, "no property %s", property);
    }
    return 0;
}

static void *serve(void *userdata) {
    struct fake_logind *f = userdata;
    while (!atomic_load(&f->stop)) {
        int r = sd_bus_process(f->bus, NULL);
        if (r < 0) break;
        if (r > 0) continue;
        sd_bus_wait(f->bus, 50000);
    }
    return NULL;
}

fake_logind *fake_logind_start(const char *address, int active) {
    struct fake_logind *f = calloc(1, sizeof *f);
    if (f == NULL) return NULL;
    pthread_mutex_init(&f->lock, NULL);
    f->active = active;
    if (sd_bus_new(&f->bus) < 0 || sd_bus_set_address(f->bus, address) < 0 || sd_bus_set_bus_client(f->bus, 1) < 0
        || sd_bus_start(f->bus) < 0 || sd_bus_request_name(f->bus, "org.freedesktop.login1", 0) < 0
        || sd_bus_add_object(f->bus, NULL, "/org/freedesktop/login1/session/auto", on_session, f) < 0
        || pthread_create(&f->thread, NULL, serve, f) != 0) {
        if (f->bus) sd_bus_flush_close_unref(f->bus);
        free(f);
        return NULL;
    }
    return f;
}

int fake_logind_calls(fake_logind *f, char *subsystem, int subsystem_size, char *name, int name_size, uint32_t *value) {
    pthread_mutex_lock(&f->lock);
    int calls = f->calls;
    snprintf(subsystem, (size_t)subsystem_size, "%s", f->subsystem);
    snprintf(name, (size_t)name_size, "%s", f->name);
    *value = f->value;
    pthread_mutex_unlock(&f->lock);
    return calls;
}

void fake_logind_stop(fake_logind *f) {
    if (f == NULL) return;
    atomic_store(&f->stop, 1);
    pthread_join(f->thread, NULL);
    sd_bus_flush_close_unref(f->bus);
    pthread_mutex_destroy(&f->lock);
    free(f);
}
