/* A stand-in for the Vulkan loader (libvulkan.so.1) that only answers which instance extensions there are, so that
   SDL 2.26 makes a Wayland window without OpenGL.

   Why: SDL 2.26's Wayland driver loads OpenGL for every window not marked for Vulkan (Wayland_CreateWindow calls
   SDL_GL_LoadLibrary and makes an EGL surface). On a machine without a GPU that is Mesa's llvmpipe and LLVM, about
   50 MB resident, and LLVM (a C++ library with unique symbols) is never unloaded. The app's software renderer never
   uses OpenGL on Wayland: it shows its frames through the compositor's shared memory (wayland_frames.c). A window
   marked for Vulkan gets no GL; SDL then loads a Vulkan loader instead and checks only that it names the surface
   extensions. This library is that loader, loaded by SDLKit's Window by path (SDL_Vulkan_LoadLibrary): it makes no
   instance, and nothing asks it to (the app never calls SDL_Vulkan_CreateSurface).

   Built as a shared library of its own (the product TesseraVulkanStandIn), installed beside the program (PREFIX/
   lib/tessera); where it is missing the window gets OpenGL as before. Plain C with no dependency. */
#include <stdint.h>
#include <string.h>

/* VkExtensionProperties, VkResult and their values, from vulkan_core.h (not included: no Vulkan headers needed). */
typedef struct {
    char extensionName[256];
    uint32_t specVersion;
} stand_in_extension;

enum { VK_SUCCESS = 0, VK_INCOMPLETE = 5, VK_ERROR_LAYER_NOT_PRESENT = -6 };

static const char *const extension_names[] = { "VK_KHR_surface", "VK_KHR_wayland_surface" };
enum { EXTENSIONS = sizeof extension_names / sizeof extension_names[0] };

/* vkEnumerateInstanceExtensionProperties, with its contract: the count alone when `properties` is NULL, else at most
   *count entries written and VK_INCOMPLETE when that was fewer than there are. */
static int32_t enumerate_instance_extensions(const char *layer, uint32_t *count, stand_in_extension *properties) {
    if (layer) return VK_ERROR_LAYER_NOT_PRESENT;
    if (!properties) {
        *count = EXTENSIONS;
        return VK_SUCCESS;
    }
    uint32_t written = *count < EXTENSIONS ? *count : EXTENSIONS;
    for (uint32_t i = 0; i < written; i++) {
        memset(&properties[i], 0, sizeof properties[i]);
        strncpy(properties[i].extensionName, extension_names[i], sizeof properties[i].extensionName - 1);
        properties[i].specVersion = 1;
    }
    *count = written;
    return written < EXTENSIONS ? VK_INCOMPLETE : VK_SUCCESS;
}

/* The loader's one entry point: every function but the extension list is absent (NULL), as for an instance that
   does not have it. */
__attribute__((visibility("default"))) void *vkGetInstanceProcAddr(void *instance, const char *name) {
    if (!instance && name && strcmp(name, "vkEnumerateInstanceExtensionProperties") == 0) {
        return (void *)enumerate_instance_extensions;
    }
    return NULL;
}
