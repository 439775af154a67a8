/* A display driven straight through KMS (a Raspberry Pi on the console, SDL's KMSDRM driver): switched off and on
   through its connectors' DPMS property, on SDL's own DRM descriptor (SDL holds the DRM master, which setting a
   property needs). Plain DRM ioctls from the kernel's interface (libdrm-dev's copies of its headers): no library,
   nothing opened. */
#include "cplatform.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <libdrm/drm.h>
#include <libdrm/drm_mode.h>
#include <SDL2/SDL_syswm.h>

static int drm_ioctl(int fd, unsigned long request, void *arg) {
    int r;
    do { r = ioctl(fd, request, arg); } while (r == -1 && (errno == EINTR || errno == EAGAIN));
    return r;
}

#define KMS_MAX 64

/* The id of the connector's DPMS property (0: none) and its value now. */
static uint32_t connector_dpms(int fd, uint32_t connector, uint64_t *value) {
    struct drm_mode_obj_get_properties query = {.obj_id = connector, .obj_type = DRM_MODE_OBJECT_CONNECTOR};
    if (drm_ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &query) != 0 || query.count_props == 0) return 0;
    uint32_t ids[KMS_MAX];
    uint64_t values[KMS_MAX];
    uint32_t count = query.count_props < KMS_MAX ? query.count_props : KMS_MAX;
    query.props_ptr = (uint64_t)(uintptr_t)ids;
    query.prop_values_ptr = (uint64_t)(uintptr_t)values;
    query.count_props = count;
    if (drm_ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &query) != 0) return 0;
    if (query.count_props < count) count = query.count_props;
    for (uint32_t i = 0; i < count; i++) {
        struct drm_mode_get_property property = {.prop_id = ids[i]};
        if (drm_ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &property) != 0) continue;
        if (strncmp(property.name, "DPMS", DRM_PROP_NAME_LEN) == 0) { *value = values[i]; return ids[i]; }
    }
    return 0;
}

/* Whether a display is plugged into the connector (a disconnected one keeps any DPMS value it is given, so its read
   back proves nothing). Asking with no room for modes makes the kernel probe the connector: a few milliseconds, at a
   schedule's edges only. */
static int connector_connected(int fd, uint32_t connector) {
    struct drm_mode_get_connector c;
    memset(&c, 0, sizeof c);
    c.connector_id = connector;
    return drm_ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) == 0 && c.connection == 1 /* DRM_MODE_CONNECTED */;
}

/* The connected connectors with a DPMS property (at most KMS_MAX), -1 when fd is no DRM device. */
static int connected_connectors(int fd, uint32_t *out) {
    struct drm_mode_card_res resources;
    memset(&resources, 0, sizeof resources);
    if (fd < 0 || drm_ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &resources) != 0) return -1;
    uint32_t connectors[KMS_MAX];
    uint32_t count = resources.count_connectors < KMS_MAX ? resources.count_connectors : KMS_MAX;
    memset(&resources, 0, sizeof resources);
    resources.connector_id_ptr = (uint64_t)(uintptr_t)connectors;
    resources.count_connectors = count;
    if (drm_ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &resources) != 0) return -1;
    if (resources.count_connectors < count) count = resources.count_connectors;
    int n = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t value = 0;
        if (connector_connected(fd, connectors[i]) && connector_dpms(fd, connectors[i], &value)) out[n++] = connectors[i];
    }
    return n;
}

int tessera_kms_connectors(int fd) {
    uint32_t connectors[KMS_MAX];
    return connected_connectors(fd, connectors);
}

int tessera_kms_dpms(int fd, int on) {
    uint32_t connectors[KMS_MAX];
    int count = connected_connectors(fd, connectors);
    if (count <= 0) return count;
    uint64_t wanted = on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF;
    int confirmed = 0;
    for (int i = 0; i < count; i++) {
        uint64_t value = 0;
        uint32_t property = connector_dpms(fd, connectors[i], &value);
        struct drm_mode_connector_set_property set = {.value = wanted, .prop_id = property, .connector_id = connectors[i]};
        if (drm_ioctl(fd, DRM_IOCTL_MODE_SETPROPERTY, &set) != 0) continue;
        if (connector_dpms(fd, connectors[i], &value) && value == wanted) confirmed++;
    }
    /* Every display plugged in, or it did not take. */
    return confirmed == count ? confirmed : 0;
}

int tessera_sdl_window_drm_fd(void *window) {
    /* SDL is asked through the process's own symbols: this library does not link SDL. */
    SDL_bool (*wm_info)(SDL_Window *, SDL_SysWMinfo *) =
        (SDL_bool (*)(SDL_Window *, SDL_SysWMinfo *))dlsym(RTLD_DEFAULT, "SDL_GetWindowWMInfo");
    if (!wm_info || !window) return -1;
    SDL_SysWMinfo info;
    memset(&info, 0, sizeof info);
    SDL_VERSION(&info.version);
    if (!wm_info((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_KMSDRM) return -1;
#if defined(SDL_VIDEO_DRIVER_KMSDRM)
    return info.info.kmsdrm.drm_fd;
#else
    return -1;
#endif
}
