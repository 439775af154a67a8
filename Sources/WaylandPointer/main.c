/* wayland-pointer: a pointer on a wlroots compositor through its virtual-pointer protocol, for the tests that run
   the app natively under a headless sway (which has no pointer device of its own). Not installed.
     wayland-pointer WIDTH HEIGHT
   then one command a line on standard input, each answered "ok" once the compositor has it:
     click X Y     move to (X, Y) of the WIDTH x HEIGHT output and click the left button
     move X Y      only move
     wheel N       turn the wheel N notches (positive: down the page)
   It stays up for the whole session: the seat gains its pointer once, when the tool starts, so a client has bound
   its own wl_pointer before the first click (a pointer made for each click races the client's binding).
   The interfaces are written out from wlr-virtual-pointer-unstable-v1.xml (version 1). */
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

static const struct wl_interface *types[] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
extern const struct wl_interface virtual_pointer_interface;
static const struct wl_interface *create_types[] = {&wl_seat_interface, &virtual_pointer_interface};

static const struct wl_message manager_requests[] = {
    {"create_virtual_pointer", "?on", create_types},
    {"destroy", "", types},
};
static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};
static const struct wl_message pointer_requests[] = {
    {"motion", "uff", types}, {"motion_absolute", "uuuuu", types}, {"button", "uuu", types},
    {"axis", "uuf", types}, {"frame", "", types}, {"axis_source", "u", types}, {"axis_stop", "uu", types},
    {"axis_discrete", "uufi", types}, {"destroy", "", types},
};
const struct wl_interface virtual_pointer_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

enum { MOTION, MOTION_ABSOLUTE, BUTTON, AXIS, FRAME, AXIS_SOURCE, AXIS_STOP, AXIS_DISCRETE, DESTROY };

static struct wl_proxy *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, manager_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &manager_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT, then click X Y | move X Y | wheel N a line\n", argv[0]);
        return 2;
    }
    uint32_t width = (uint32_t)atoi(argv[1]), height = (uint32_t)atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "no Wayland compositor\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) { fprintf(stderr, "the compositor has no virtual-pointer protocol\n"); return 1; }
    struct wl_proxy *pointer = wl_proxy_marshal_flags(manager, 0, &virtual_pointer_interface, 1, 0, NULL, NULL);
    wl_display_roundtrip(display);
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ready\n");
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        int x = 0, y = 0, n = 0;
        if (sscanf(line, "wheel %d", &n) == 1) {
            wl_proxy_marshal_flags(pointer, AXIS_SOURCE, NULL, 1, 0, 0 /* wheel */);
            wl_proxy_marshal_flags(pointer, AXIS_DISCRETE, NULL, 1, 0, now_ms(), 0 /* vertical */,
                                   wl_fixed_from_int(n * 15), n);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
        } else if (sscanf(line, "move %d %d", &x, &y) == 2 || sscanf(line, "click %d %d", &x, &y) == 2) {
            wl_proxy_marshal_flags(pointer, MOTION_ABSOLUTE, NULL, 1, 0, now_ms(), (uint32_t)x, (uint32_t)y, width, height);
            wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
            if (strncmp(line, "click", 5) == 0) {
                wl_display_roundtrip(display);
                wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, now_ms(), BTN_LEFT, 1);
                wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
                wl_display_roundtrip(display);
                wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, now_ms(), BTN_LEFT, 0);
                wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
            }
        } else {
            printf("not understood\n");
            continue;
        }
        if (wl_display_roundtrip(display) < 0) return 1;
        printf("ok\n");
    }
    wl_proxy_marshal_flags(pointer, DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_proxy_marshal_flags(manager, 1, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
