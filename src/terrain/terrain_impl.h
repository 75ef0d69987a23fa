/* terrain_impl.h — private pieces shared by the terrain files: the position hash, the
 * 12-bit working heights that the passes before classification keep in the tile words
 * themselves (so a map never needs more than its 2 bytes a tile), and the passes'
 * entry points. */
#ifndef AMZ_TERRAIN_IMPL_H
#define AMZ_TERRAIN_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze/terrain.h"
#include "core/observe.h"

/* Heights are made and eroded in 16 bits (0..65535), then cut to 12 (h >> 4) so that
 * the word has room for the rivers' marks.
 * Working word before classification: bits 0-11 the height 0..4095, bit 12 river,
 * bit 13 lake (a pit a river filled: water whatever its height). Bits 14-15 stay 0. */
#define H12_MAX 4095u
#define H12_MASK 0x0fffu
#define W_RIVER 0x1000u
#define W_LAKE 0x2000u
/* A halo position with no data (outside a diamond-square map). */
#define W_ABSENT 0xffffu

/* Salts of the independent random streams (ASCII mnemonics). */
#define SALT_DIAMOND 0x6469616d6f6e6473ull  /* "diamonds" */
#define SALT_VEGETATE 0x7665676574617465ull /* "vegetate" */
#define SALT_FBM 0x6672616374616c73ull      /* "fractals" */
#define SALT_MOIST 0x6d6f697374757265ull    /* "moisture" */
#define SALT_DROPLET 0x64726f706c657473ull  /* "droplets" */
#define SALT_RIVER 0x7269766572737273ull    /* "riversrs" */

static inline uint64_t terrain_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* amz_terrain_hash, inlined for the hot loops (the public one calls this). */
static inline uint64_t terrain_hash(uint64_t key, int64_t x, int64_t y)
{
    return terrain_mix(key ^ (((uint64_t)(uint32_t)y << 32) | (uint32_t)x));
}

/* Uniform in [0, n) from the high half of a hash (Lemire's multiply-shift; the bias
 * of at most n / 2^32 is far below what a map can show). */
static inline uint32_t terrain_below(uint64_t h, uint32_t n)
{
    return (uint32_t)(((h >> 32) * (uint64_t)n) >> 32);
}

/* 12-bit working height to tile height 0..99, rounded. */
static inline unsigned h12_to_h99(unsigned h12)
{
    return (h12 * AMZ_TILE_HEIGHT_MAX + H12_MAX / 2) / H12_MAX;
}

/* Progress over a run's stages: each stage reports its own units done; the observer
 * sees one count over all stages. `cancelled` latches a non-zero observer answer. */
typedef struct terrain_progress {
    const amz_observer *obs; /* NULL = nobody watches */
    uint64_t base, total, next, step;
    bool cancelled;
} terrain_progress;

void terrain_progress_init(terrain_progress *p, const amz_observer *obs, uint64_t total);
/* Stage-local `done` units past the stage's start `base`; false once cancelled. */
bool terrain_progress_at(terrain_progress *p, uint64_t done);

/* Fills rows y .. y+height-1 (stride words apart) of 16-bit heights of the fbm world
 * (x .. x+width-1) into out, by the fixed mapping of amz_terrain_generate_window,
 * with no memory beyond the stack. The _h12 form gives the same heights >> 4, the
 * working heights of the later stages. */
void terrain_fbm_h16(uint16_t *out, size_t stride, int64_t x, int64_t y, int32_t width, int32_t height,
                     const amz_terrain_options *o);
void terrain_fbm_h12(uint16_t *out, size_t stride, int64_t x, int64_t y, int32_t width, int32_t height,
                     const amz_terrain_options *o);

/* Stage 4: turns width*height working words into tiles, in place. (x0, y0) is the
 * window's world position; fbm halos come from the noise, diamond-square maps have
 * none. Biomes need O(width) rows (terrain_finish_bytes); AMZ_ENOMEM without them. */
amz_status terrain_finish(uint16_t *w, size_t stride, int64_t x0, int64_t y0, int32_t width, int32_t height,
                          const amz_terrain_options *o, terrain_progress *p, amz_error *err);
uint64_t terrain_finish_bytes(int64_t width, const amz_terrain_options *o);
/* Stages 1 to 4 in one pass for a diamond-square map without erosion, rivers or
 * biomes: tiles holds the raw int16 field, scale maps value - lo to the 12-bit height. */
void terrain_finish_field(uint16_t *tiles, const uint16_t *scale, int32_t lo, int32_t width, int32_t height,
                          const amz_terrain_options *o, unsigned threads, terrain_progress *p);

/* amz_terrain_diamond_square with progress (p NULL: none): PROGRESS as points are set,
 * counted against p's stage of width*height units. */
amz_status terrain_ds(int16_t *out, int32_t width, int32_t height, double roughness, bool wrap, uint64_t seed,
                      unsigned threads, terrain_progress *p, amz_error *err);

/* Bytes of erosion's bitmap. */
uint64_t terrain_erosion_bytes(int64_t width, int64_t height);

/* Stage 3: traces rivers on the working words (sets W_RIVER, W_LAKE; may lower
 * heights where a river cuts through a sill). Memory: a fixed 64 KB search window. */
amz_status terrain_rivers(uint16_t *w, int32_t width, int32_t height, const amz_terrain_options *o,
                          terrain_progress *p, amz_error *err);
uint64_t terrain_rivers_bytes(void);

#endif
