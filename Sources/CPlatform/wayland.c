/* Wayland, asked directly before and beside SDL: whether the compositor has a seat (SDL 2.26 crashes in SDL_Init
   without one) and the wlroots output-power-management protocol (labwc, sway, wayfire switch their outputs off for a
   client that asks). libwayland-client is opened at run time, as SDL does, so a machine without it needs nothing;
   the two protocol interfaces are written out here from wlr-output-power-management-unstable-v1.xml (version 1),
   which is what wayland-scanner would generate for them. */
#include "cplatform.h"
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-util.h>

struct wl_proxy;
struct wl_display;

#ifndef WL_MARSHAL_FLAG_DESTROY
#define WL_MARSHAL_FLAG_DESTROY (1 << 0)
#endif

/* ---- libwayland-client, opened at run time ---- */

struct wayland_library {
    void *handle;
    struct wl_display *(*connect)(const char *);
    void (*disconnect)(struct wl_display *);
    int (*roundtrip)(struct wl_display *);
    int (*flush)(struct wl_display *);
    struct wl_proxy *(*marshal_flags)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy)(struct wl_proxy *);
    uint32_t (*version)(struct wl_proxy *);
    const struct wl_interface *registry_interface;
    const struct wl_interface *output_interface;
};

static int wayland_open(struct wayland_library *w) {
    memset(w, 0, sizeof *w);
    w->handle = dlopen("libwayland-client.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (!w->handle) return 0;
    w->connect = (struct wl_display *(*)(const char *))dlsym(w->handle, "wl_display_connect");
    w->disconnect = (void (*)(struct wl_display *))dlsym(w->handle, "wl_display_disconnect");
    w->roundtrip = (int (*)(struct wl_display *))dlsym(w->handle, "wl_display_roundtrip");
    w->flush = (int (*)(struct wl_display *))dlsym(w->handle, "wl_display_flush");
    w->marshal_flags = (struct wl_proxy *(*)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t,
                                             uint32_t, ...))dlsym(w->handle, "wl_proxy_marshal_flags");
    w->add_listener = (int (*)(struct wl_proxy *, void (**)(void), void *))dlsym(w->handle, "wl_proxy_add_listener");
    w->destroy = (void (*)(struct wl_proxy *))dlsym(w->handle, "wl_proxy_destroy");
    w->version = (uint32_t (*)(struct wl_proxy *))dlsym(w->handle, "wl_proxy_get_version");
    w->registry_interface = (const struct wl_interface *)dlsym(w->handle, "wl_registry_interface");
    w->output_interface = (const struct wl_interface *)dlsym(w->handle, "wl_output_interface");
    if (w->connect && w->disconnect && w->roundtrip && w->flush && w->marshal_flags && w->add_listener && w->destroy
        && w->version && w->registry_interface && w->output_interface) return 1;
    dlclose(w->handle);
    w->handle = NULL;
    return 0;
}

/* wl_display.get_registry (opcode 1) */
static struct wl_proxy *wayland_registry(struct wayland_library *w, struct wl_display *display) {
    struct wl_proxy *d = (struct wl_proxy *)display;
    return w->marshal_flags(d, 1, w->registry_interface, w->version(d), 0, NULL);
}

/* wl_registry.bind (opcode 0): name, then the new id as (interface name, version, id). */
static struct wl_proxy *wayland_bind(struct wayland_library *w, struct wl_proxy *registry, uint32_t name,
                                     const struct wl_interface *interface, uint32_t version) {
    return w->marshal_flags(registry, 0, interface, version, 0, name, interface->name, version, NULL);
}

/* ---- whether there is a seat ---- */

struct seat_probe { int seats; };

static void seat_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)name; (void)version;
    if (strcmp(interface, "wl_seat") == 0) ((struct seat_probe *)data)->seats++;
}
static void seat_global_remove(void *data, struct wl_proxy *registry, uint32_t name) { (void)data; (void)registry; (void)name; }

int tessera_wayland_has_seat(void) {
    /* A socket handed over by the parent (WAYLAND_SOCKET) is taken and closed by the first connect: it is SDL's. */
    if (getenv("WAYLAND_SOCKET")) return -1;
    struct wayland_library w;
    if (!wayland_open(&w)) return -1;
    int result = -1;
    struct wl_display *display = w.connect(NULL);
    if (display) {
        struct seat_probe probe = {0};
        struct wl_proxy *registry = wayland_registry(&w, display);
        static void (*listener[2])(void) = {(void (*)(void))seat_global, (void (*)(void))seat_global_remove};
        if (registry && w.add_listener(registry, listener, &probe) == 0 && w.roundtrip(display) >= 0)
            result = probe.seats > 0 ? 1 : 0;
        if (registry) w.destroy(registry);
        w.disconnect(display);
    }
    dlclose(w.handle);
    return result;
}

/* ---- zwlr_output_power_manager_v1 and zwlr_output_power_v1 ---- */

extern const struct wl_interface tessera_zwlr_output_power_v1_interface;
static const struct wl_interface *power_types[] = {
    NULL,                                      /* set_mode's and mode's uint */
    &tessera_zwlr_output_power_v1_interface,   /* get_output_power: new id */
    NULL,                                      /*                   output (filled in at run time) */
};
static const struct wl_message power_manager_requests[] = {
    {"get_output_power", "no", power_types + 1},
    {"destroy", "", power_types},
};
static const struct wl_message power_requests[] = {
    {"set_mode", "u", power_types},
    {"destroy", "", power_types},
};
static const struct wl_message power_events[] = {
    {"mode", "u", power_types},
    {"failed", "", power_types},
};
static const struct wl_interface power_manager_interface = {
    "zwlr_output_power_manager_v1", 1, 2, power_manager_requests, 0, NULL,
};
const struct wl_interface tessera_zwlr_output_power_v1_interface = {
    "zwlr_output_power_v1", 1, 2, power_requests, 2, power_events,
};

#define POWER_OUTPUTS 16

/* An output of the compositor. Its power object lives only for one switch: wlroots gives each output's power to one
   client at a time, so holding it would make swayidle, wlopm or the desktop's own blanking fail while Tessera runs. */
struct power_output {
    struct tessera_wl_power *owner;
    uint32_t name;             /* the wl_output global; 0: a free slot */
    uint32_t version;
    struct wl_proxy *output;
    struct wl_proxy *power;
    int mode;                  /* 1 on, 0 off, -1 not told yet */
    int failed;
};

struct tessera_wl_power {
    struct wayland_library w;
    struct wl_display *display;
    struct wl_proxy *registry;
    struct wl_proxy *manager;
    struct power_output outputs[POWER_OUTPUTS];
};

static void power_mode(void *data, struct wl_proxy *power, uint32_t mode) {
    (void)power;
    ((struct power_output *)data)->mode = mode == 1 ? 1 : 0;
}
static void power_failed(void *data, struct wl_proxy *power) {
    (void)power;
    ((struct power_output *)data)->failed = 1;
}
static void (*power_listener[2])(void) = {(void (*)(void))power_mode, (void (*)(void))power_failed};

static void power_output_detach(struct power_output *o) {
    if (o->power) o->owner->w.marshal_flags(o->power, 1, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    o->power = NULL;
}

static void power_output_attach(struct power_output *o) {
    struct tessera_wl_power *p = o->owner;
    power_output_detach(o);
    o->mode = -1;
    o->failed = 0;
    if (!p->manager || !o->output) return;
    o->power = p->w.marshal_flags(p->manager, 0, &tessera_zwlr_output_power_v1_interface, 1, 0, NULL, o->output);
    if (o->power) p->w.add_listener(o->power, power_listener, o);
}

static void power_output_release(struct power_output *o) {
    struct tessera_wl_power *p = o->owner;
    power_output_detach(o);
    /* wl_output.release (opcode 0, version 3) frees the compositor's side; before version 3 there is none. */
    if (o->output) {
        if (o->version >= 3) p->w.marshal_flags(o->output, 0, NULL, o->version, WL_MARSHAL_FLAG_DESTROY);
        else p->w.destroy(o->output);
    }
    o->output = NULL; o->name = 0;
}

static void power_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    struct tessera_wl_power *p = data;
    if (strcmp(interface, power_manager_interface.name) == 0 && !p->manager) {
        p->manager = wayland_bind(&p->w, registry, name, &power_manager_interface, 1);
    } else if (strcmp(interface, "wl_output") == 0) {
        for (int i = 0; i < POWER_OUTPUTS; i++) {
            struct power_output *o = &p->outputs[i];
            if (o->name) continue;
            o->name = name;
            o->version = version < 3 ? version : 3;
            o->output = wayland_bind(&p->w, registry, name, p->w.output_interface, o->version);
            break;
        }
    }
}

static void power_global_remove(void *data, struct wl_proxy *registry, uint32_t name) {
    struct tessera_wl_power *p = data;
    (void)registry;
    for (int i = 0; i < POWER_OUTPUTS; i++) if (p->outputs[i].name == name) power_output_release(&p->outputs[i]);
}
static void (*power_registry_listener[2])(void) = {(void (*)(void))power_global, (void (*)(void))power_global_remove};

tessera_wl_power *tessera_wl_power_open(void) {
    tessera_wl_power *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (!wayland_open(&p->w)) { free(p); return NULL; }
    power_types[2] = p->w.output_interface;
    for (int i = 0; i < POWER_OUTPUTS; i++) { p->outputs[i].owner = p; p->outputs[i].mode = -1; }
    p->display = p->w.connect(NULL);
    if (p->display) p->registry = wayland_registry(&p->w, p->display);
    if (p->registry) p->w.add_listener(p->registry, power_registry_listener, p);
    if (!p->registry || p->w.roundtrip(p->display) < 0) {
        tessera_wl_power_close(p);
        return NULL;
    }
    return p;
}

int tessera_wl_power_has_manager(const tessera_wl_power *p) { return p && p->manager ? 1 : 0; }

int tessera_wl_power_outputs(const tessera_wl_power *p) {
    int n = 0;
    for (int i = 0; p && i < POWER_OUTPUTS; i++) if (p->outputs[i].output) n++;
    return n;
}

int tessera_wl_power_set(tessera_wl_power *p, int on, int *failed) {
    *failed = 0;
    if (!p || !p->manager) return -1;
    /* Outputs that came or went since the last call (a display plugged in, powered on) are known after this. */
    if (p->w.roundtrip(p->display) < 0) return -1;
    for (int i = 0; i < POWER_OUTPUTS; i++) {
        struct power_output *o = &p->outputs[i];
        if (!o->output) continue;
        power_output_attach(o);
        if (o->power) p->w.marshal_flags(o->power, 0, NULL, 1, 0, (uint32_t)(on ? 1 : 0));
    }
    /* The first `mode` comes on creation, the one after set_mode once it took, or `failed`: a round trip sees all. */
    int broken = p->w.roundtrip(p->display) < 0;
    int confirmed = 0;
    for (int i = 0; i < POWER_OUTPUTS; i++) {
        struct power_output *o = &p->outputs[i];
        if (!o->power) continue;
        if (o->failed) (*failed)++;
        else if (o->mode == (on ? 1 : 0)) confirmed++;
        power_output_detach(o);
    }
    if (!broken) p->w.flush(p->display);
    return broken ? -1 : confirmed;
}

void tessera_wl_power_close(tessera_wl_power *p) {
    if (!p) return;
    for (int i = 0; i < POWER_OUTPUTS; i++) if (p->outputs[i].name) power_output_release(&p->outputs[i]);
    if (p->manager) p->w.marshal_flags(p->manager, 1, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    if (p->registry) p->w.destroy(p->registry);
    if (p->display) { p->w.flush(p->display); p->w.disconnect(p->display); }
    if (p->w.handle) dlclose(p->w.handle);
    free(p);
}
