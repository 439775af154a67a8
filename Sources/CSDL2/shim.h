#ifndef TESSERA_CSDL2_SHIM_H
#define TESSERA_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
/* SDL_Vulkan_LoadLibrary: SDLKit's Window loads a stand-in Vulkan loader so a Wayland window has no OpenGL. */
#include <SDL_vulkan.h>

/* SDL_RWops' function pointers are not callable from Swift as methods: these are the macros as functions. */
static inline Sint64 tessera_rw_tell(SDL_RWops *rw) { return SDL_RWtell(rw); }
static inline int tessera_rw_close(SDL_RWops *rw) { return SDL_RWclose(rw); }
/* SDL_MUSTLOCK is a macro. */
static inline int tessera_surface_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s) ? 1 : 0; }
/* glGetString(GL_RENDERER) of the current GL context, through SDL's loader (no GL headers or library linked);
   NULL without a context. */
static inline const char *tessera_gl_renderer_name(void) {
    if (!SDL_GL_GetCurrentContext()) return NULL;
    typedef const unsigned char *(*get_string_fn)(unsigned int);
    get_string_fn get_string = (get_string_fn)SDL_GL_GetProcAddress("glGetString");
    return get_string ? (const char *)get_string(0x1F01 /* GL_RENDERER */) : NULL;
}
#endif
