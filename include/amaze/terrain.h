/* amaze/terrain.h — terrain maps: diamond-square height fields classified into
 * bit-packed 16-bit tiles (type, height 0-99, vegetation), their .amt file format,
 * statistics, colours and terminal rendering. PNG pictures are in
 * amaze/terrain_image.h (libamaze-render).
 *
 * A tile is one 16-bit word of the format {type:7, height:8, vegetation:1}, first
 * field most significant (amaze/bitfmt.h), so the article's example tile (type 4,
 * height 48, vegetation) is the same 2145 as in its 17-bit {8, 8, 1} format:
 *
 *     bit 15          9 8                 1 0
 *        +-------------+-------------------+---+
 *        |  type (7)   |    height (8)     | v |
 *        +-------------+-------------------+---+
 *
 * 7 type bits allow the article's 128 types (four are used: water, earth, sand, rock);
 * 8 height bits hold 0-99 with room to spare; the word is full, with no padding.
 * Tiles are stored row by row, (x, y) at index y * width + x. */
#ifndef AMAZE_TERRAIN_H
#define AMAZE_TERRAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/bitfmt.h"
#include "amaze/export.h"
#include "amaze/rng.h"
#include "amaze/status.h"

/* ---- tiles ---- */

#define AMZ_TILE_FIELDS(X) X(type, 7) X(height, 8) X(vegetation, 1)
AMZ_BITFMT_LAYOUT(amz_tile, 16, AMZ_TILE_FIELDS);

#define AMZ_TILE_TYPE_SHIFT AMZ_BITFMT_SHIFT(amz_tile, type)             /* 9 */
#define AMZ_TILE_TYPE_BITS AMZ_BITFMT_BITS(amz_tile, type)               /* 7 */
#define AMZ_TILE_HEIGHT_SHIFT AMZ_BITFMT_SHIFT(amz_tile, height)         /* 1 */
#define AMZ_TILE_HEIGHT_BITS AMZ_BITFMT_BITS(amz_tile, height)           /* 8 */
#define AMZ_TILE_VEGETATION_SHIFT AMZ_BITFMT_SHIFT(amz_tile, vegetation) /* 0 */
#define AMZ_TILE_VEGETATION_BITS AMZ_BITFMT_BITS(amz_tile, vegetation)   /* 1 */

/* Tile types, numbered as in the article. */
typedef enum amz_tile_type {
    AMZ_TILE_WATER = 0,
    AMZ_TILE_EARTH = 1,
    AMZ_TILE_SAND = 2,
    AMZ_TILE_ROCK = 3,
    AMZ_TILE_TYPES = 4 /* how many types terrain maps use */
} amz_tile_type;

/* Highest tile height. */
#define AMZ_TILE_HEIGHT_MAX 99

static inline unsigned amz_tile_type_of(uint16_t tile)
{
    return (unsigned)AMZ_BITFMT_GET(amz_tile, type, tile);
}
static inline unsigned amz_tile_height_of(uint16_t tile)
{
    return (unsigned)AMZ_BITFMT_GET(amz_tile, height, tile);
}
static inline bool amz_tile_vegetation_of(uint16_t tile)
{
    return AMZ_BITFMT_GET(amz_tile, vegetation, tile) != 0;
}
/* Packs a tile; type < 128, height < 256 and vegetation 0/1 are the caller's to check. */
static inline uint16_t amz_tile_make(unsigned type, unsigned height, bool vegetation)
{
    return (uint16_t)(((uint64_t)type << AMZ_TILE_TYPE_SHIFT) | ((uint64_t)height << AMZ_TILE_HEIGHT_SHIFT) |
                      ((uint64_t)(vegetation ? 1 : 0) << AMZ_TILE_VEGETATION_SHIFT));
}

/* The tile format as a run-time amz_bitfmt (static, never NULL), the one .amt files
 * carry: "type:7,height:8,vegetation:1" in 16-bit words. */
AMZ_API const amz_bitfmt *amz_tile_format(void);

/* "water", "earth", "sand", "rock"; NULL for other values. */
AMZ_API const char *amz_tile_type_name(unsigned type);

/* The glyph for a tile on a terminal: '~' water, ':' sand, '.' earth, '^' rock, ','
 * earth with vegetation; '?' for an unknown type. */
AMZ_API char amz_tile_glyph(uint16_t tile);

/* The same map stored the obvious way, one struct per tile, for memory comparisons
 * (12 bytes on the usual ABIs, versus 2 packed). */
typedef struct amz_tile_struct {
    int type;
    int height;
    bool vegetation;
} amz_tile_struct;

/* ---- diamond-square ---- */

/* Base amplitude of the height field: the first lattice values are uniform in
 * [-AMZ_TERRAIN_AMPLITUDE, AMZ_TERRAIN_AMPLITUDE]. */
#define AMZ_TERRAIN_AMPLITUDE (1 << 24)
/* Largest map side accepted. */
#define AMZ_TERRAIN_MAX_SIDE (1 << 20)

/* Fills out[y * width + x] with a diamond-square height field (Fournier, Fussell and
 * Carpenter 1982; Miller 1986) of any size, not only 2^n+1. The map starts as a coarse
 * lattice of random values whose cells are about square (at most 8 intervals along
 * the longer side); each level splits every interval of 2 or more at its midpoint
 * (lengths at one level differ by at most one), sets cell centres from their 4 corners
 * (square step) and edge midpoints from their 2 ends and up to 2 neighbouring centres
 * (diamond step), each plus uniform integer noise in [-a, a]. `a` starts at
 * AMZ_TERRAIN_AMPLITUDE and is multiplied by `roughness` (0 < r <= 1) at each level,
 * so larger values give rougher maps (0.5 is the classic fractal). With `wrap` the map
 * is a torus: column width-1 neighbours column 0 and row height-1 row 0 at every
 * level, so the map tiles seamlessly. Every value satisfies |v| <= a_0 + a_1 + ... over
 * the levels run, so |v| < AMZ_TERRAIN_AMPLITUDE * 32 always.
 * Integer arithmetic throughout: same seed and parameters give the same values on every
 * machine. Uses width*height values of out and O(width + height) extra memory; time
 * O(width * height). AMZ_ERANGE for sides outside 1..AMZ_TERRAIN_MAX_SIDE or a roughness
 * outside (0, 1]; AMZ_ENOMEM. */
AMZ_API amz_status amz_terrain_diamond_square(int32_t *out, int32_t width, int32_t height, double roughness, bool wrap,
                                              amz_rng *rng, amz_error *err);

/* ---- terrain maps ---- */

typedef struct amz_terrain_options {
    uint64_t seed;      /* all randomness; default 0 */
    double roughness;   /* diamond-square roughness, 0 < r <= 1; default 0.55 */
    bool wrap;          /* tile seamlessly left-right and top-bottom; default false */
    uint8_t sand_from;  /* lowest sand height: water below; default 40 */
    uint8_t earth_from; /* lowest earth height: sand below; default 45 */
    uint8_t rock_from;  /* lowest rock height: earth below; default 75 */
    double vegetation;  /* chance of vegetation on the lowest earth, falling linearly to
                           0 at rock_from; 0..1, default 0.6 */
} amz_terrain_options;

/* Sets the defaults above. */
AMZ_API void amz_terrain_options_init(amz_terrain_options *o);

/* Checks options: AMZ_ERANGE naming the bad one (roughness outside (0, 1],
 * vegetation outside [0, 1], thresholds above 100 or not in order
 * sand_from <= earth_from <= rock_from). */
AMZ_API amz_status amz_terrain_options_check(const amz_terrain_options *o, amz_error *err);

/* The type of a tile of height h under o's thresholds. */
AMZ_API unsigned amz_terrain_classify(const amz_terrain_options *o, unsigned h);

/* A terrain map. Caller-owned: amz_terrain_generate or amz_terrain_read fill it,
 * amz_terrain_deinit frees it. `tiles` has width*height words of amz_tile_format(). */
typedef struct amz_terrain {
    int32_t width, height;
    amz_terrain_options options; /* what made it (stored in .amt files) */
    amz_packed tiles;
} amz_terrain;

/* Bytes that amz_terrain_generate needs at its peak for a width x height map: the
 * height field (4 bytes a tile) plus the tiles (2 bytes a tile). UINT64_MAX on overflow. */
AMZ_API uint64_t amz_terrain_memory_estimate(int64_t width, int64_t height);

/* Generates a map: diamond-square heights (seeded from o->seed), scaled so the lowest
 * is 0 and the highest 99 (all 0 if the field is flat, as a 1x1 map is), typed by the
 * thresholds, vegetation on earth tiles drawn from a second stream derived from the
 * seed with probability o->vegetation * (rock_from - h) / (rock_from - earth_from).
 * o may be NULL for the defaults. Deterministic. Errors: those of
 * amz_terrain_options_check and amz_terrain_diamond_square; t is zeroed on failure. */
AMZ_API amz_status amz_terrain_generate(amz_terrain *t, int32_t width, int32_t height, const amz_terrain_options *o,
                                        amz_error *err);

/* Frees the tiles; t is zeroed. NULL is a no-op. */
AMZ_API void amz_terrain_deinit(amz_terrain *t);

/* The tile at (x, y); 0 outside the map. O(1). */
AMZ_API uint16_t amz_terrain_tile(const amz_terrain *t, int32_t x, int32_t y);

/* ---- statistics ---- */

typedef struct amz_terrain_stats {
    uint64_t tiles;                            /* width * height */
    uint64_t types[AMZ_TILE_TYPES];            /* tiles of each type */
    uint64_t vegetation;                       /* tiles with vegetation */
    uint64_t heights[AMZ_TILE_HEIGHT_MAX + 1]; /* tiles of each height */
    uint64_t packed_bytes;                     /* the packed map: 2 bytes a tile */
    uint64_t struct_bytes;                     /* one amz_tile_struct a tile */
} amz_terrain_stats;

/* Counts types, vegetation and heights in one pass. O(tiles). */
AMZ_API void amz_terrain_measure(const amz_terrain *t, amz_terrain_stats *s);

/* ---- colours and terminal output ---- */

typedef struct amz_rgb {
    uint8_t r, g, b;
} amz_rgb;

/* Colour of a tile, as in the article's demo: a hue per type (water 210, sand 48,
 * earth 95, rock 25 degrees; vegetation 130), HSL lightness rising with height from
 * 0.15 at 0 to 0.80 at 99, times `light` (1 = flat ground; hill-shading passes the
 * factor from amz_terrain_hillshade), clamped to [0, 1]. Unknown types are grey. */
AMZ_API amz_rgb amz_tile_color(uint16_t tile, double light);

/* Hill-shading factor of tile (x, y): Lambert lighting of the height surface from
 * the north-west, 35 degrees up, relative to flat ground (1.0), clamped to
 * [0.45, 1.45]. Water is flat (1.0). Neighbours wrap on wrapped maps. */
AMZ_API double amz_terrain_hillshade(const amz_terrain *t, int32_t x, int32_t y);

typedef struct amz_terrain_text_options {
    bool color;                  /* 24-bit ANSI colour blocks; false = plain glyphs */
    int32_t x, y, width, height; /* region to draw; width or height 0 = to the map's edge */
} amz_terrain_text_options;

/* Defaults: no colour, the whole map. */
AMZ_API void amz_terrain_text_options_init(amz_terrain_text_options *o);

/* Draws the map one character per tile (amz_tile_glyph), a line per row. With colour,
 * each tile is its amz_tile_color as background with the glyph in a darker shade, and
 * each line ends with a reset. AMZ_ERANGE for a region outside the map, AMZ_EIO if
 * writing fails. */
AMZ_API amz_status amz_terrain_render_text(const amz_terrain *t, const amz_terrain_text_options *o, FILE *f,
                                           amz_error *err);

/* ---- .amt files (byte layout in docs/TILES.md) ---- */

/* Writes t as .amt. AMZ_EIO if writing fails. */
AMZ_API amz_status amz_terrain_write(const amz_terrain *t, FILE *f, amz_error *err);

/* Reads one .amt map from f into an uninitialised t, which must then be at end of
 * file. Refuses (AMZ_ENOMEM) a map whose tiles exceed max_bytes (0 = no limit) before
 * allocating. AMZ_EFORMAT naming the problem (magic, version, flags, size, options,
 * checksums, tile format, a tile with an unknown type or a height above 99), AMZ_EIO. */
AMZ_API amz_status amz_terrain_read(FILE *f, amz_terrain *t, uint64_t max_bytes, amz_error *err);

/* Writes t to `path` atomically ("-" = standard output). */
AMZ_API amz_status amz_terrain_save(const amz_terrain *t, const char *path, amz_error *err);

/* Reads `path` ("-" = standard input). Messages start with the path. */
AMZ_API amz_status amz_terrain_load(const char *path, amz_terrain *t, uint64_t max_bytes, amz_error *err);

#endif
