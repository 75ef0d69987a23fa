/* amaze/terrain.h — terrain maps: height fields (diamond-square, or fractal noise that
 * is a pure function of (seed, x, y) for endless chunked worlds), hydraulic erosion,
 * rivers and Whittaker biomes, classified into bit-packed 16-bit tiles; their .amt
 * file format, statistics, colours and terminal rendering. PNG pictures are in
 * amaze/terrain_image.h (libamaze-render).
 *
 * A tile is one 16-bit word of the format {type:2, biome:4, river:1, height:8,
 * vegetation:1}, first field most significant (amaze/bitfmt.h):
 *
 *     bit 15 14 13       10   9   8                 1   0
 *        +-----+-----------+-----+-------------------+-----+
 *        |type |  biome(4) |river|    height (8)     | veg |
 *        +-----+-----------+-----+-------------------+-----+
 *
 * Height and vegetation keep the bits they had in the first tile format (.amt
 * version 1: {type:7, height:8, vegetation:1}, whose four types fitted in the low two
 * type bits); version-1 files still load, their tiles moved into this layout with
 * biome 0 (none) and no river. 8 height bits hold 0-99; the word is full.
 * Tiles are stored row by row, (x, y) at index y * width + x. */
#ifndef AMAZE_TERRAIN_H
#define AMAZE_TERRAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/bitfmt.h"
#include "amaze/export.h"
#include "amaze/observer.h"
#include "amaze/status.h"

/* ---- tiles ---- */

#define AMZ_TILE_FIELDS(X) X(type, 2) X(biome, 4) X(river, 1) X(height, 8) X(vegetation, 1)
AMZ_BITFMT_LAYOUT(amz_tile, 16, AMZ_TILE_FIELDS);

#define AMZ_TILE_TYPE_SHIFT AMZ_BITFMT_SHIFT(amz_tile, type)             /* 14 */
#define AMZ_TILE_TYPE_BITS AMZ_BITFMT_BITS(amz_tile, type)               /* 2 */
#define AMZ_TILE_BIOME_SHIFT AMZ_BITFMT_SHIFT(amz_tile, biome)           /* 10 */
#define AMZ_TILE_BIOME_BITS AMZ_BITFMT_BITS(amz_tile, biome)             /* 4 */
#define AMZ_TILE_RIVER_SHIFT AMZ_BITFMT_SHIFT(amz_tile, river)           /* 9 */
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

/* Biomes (Whittaker 1975, "Communities and Ecosystems", simplified to a table of
 * temperature and moisture bands; docs/TERRAIN.md). 0 = a map made without biomes. */
typedef enum amz_biome {
    AMZ_BIOME_NONE = 0,
    AMZ_BIOME_OCEAN = 1,
    AMZ_BIOME_LAKE = 2,
    AMZ_BIOME_BEACH = 3,
    AMZ_BIOME_DESERT = 4,
    AMZ_BIOME_SAVANNA = 5,
    AMZ_BIOME_GRASSLAND = 6,
    AMZ_BIOME_FOREST = 7,
    AMZ_BIOME_RAINFOREST = 8,
    AMZ_BIOME_SWAMP = 9,
    AMZ_BIOME_TAIGA = 10,
    AMZ_BIOME_TUNDRA = 11,
    AMZ_BIOME_SNOW = 12,
    AMZ_BIOME_MOUNTAIN = 13, /* bare rock above the tree line */
    AMZ_BIOMES = 14          /* how many biome values are used (0 included) */
} amz_biome;

/* Highest tile height. */
#define AMZ_TILE_HEIGHT_MAX 99

static inline unsigned amz_tile_type_of(uint16_t tile)
{
    return (unsigned)AMZ_BITFMT_GET(amz_tile, type, tile);
}
static inline unsigned amz_tile_biome_of(uint16_t tile)
{
    return (unsigned)AMZ_BITFMT_GET(amz_tile, biome, tile);
}
static inline bool amz_tile_river_of(uint16_t tile)
{
    return AMZ_BITFMT_GET(amz_tile, river, tile) != 0;
}
static inline unsigned amz_tile_height_of(uint16_t tile)
{
    return (unsigned)AMZ_BITFMT_GET(amz_tile, height, tile);
}
static inline bool amz_tile_vegetation_of(uint16_t tile)
{
    return AMZ_BITFMT_GET(amz_tile, vegetation, tile) != 0;
}
/* Packs a tile without biome or river; type < 4, height < 256 are the caller's to check. */
static inline uint16_t amz_tile_make(unsigned type, unsigned height, bool vegetation)
{
    return (uint16_t)(((uint64_t)type << AMZ_TILE_TYPE_SHIFT) | ((uint64_t)height << AMZ_TILE_HEIGHT_SHIFT) |
                      ((uint64_t)(vegetation ? 1 : 0) << AMZ_TILE_VEGETATION_SHIFT));
}
/* The same with a biome (< 16) and the river bit. */
static inline uint16_t amz_tile_make_full(unsigned type, unsigned biome, bool river, unsigned height, bool vegetation)
{
    return (uint16_t)(amz_tile_make(type, height, vegetation) | ((uint64_t)biome << AMZ_TILE_BIOME_SHIFT) |
                      ((uint64_t)(river ? 1 : 0) << AMZ_TILE_RIVER_SHIFT));
}

/* The tile format as a run-time amz_bitfmt (static, never NULL), the one .amt files
 * carry: "type:2,biome:4,river:1,height:8,vegetation:1" in 16-bit words. */
AMZ_API const amz_bitfmt *amz_tile_format(void);

/* "water", "earth", "sand", "rock"; NULL for other values. */
AMZ_API const char *amz_tile_type_name(unsigned type);

/* "none", "ocean", "lake", "beach", "desert", ...; NULL for values >= AMZ_BIOMES. */
AMZ_API const char *amz_biome_name(unsigned biome);

/* The glyph for a tile on a terminal: '~' water, ':' sand, '.' earth, '^' rock, ','
 * earth with vegetation, '=' a river on land; '?' for an unknown type. */
AMZ_API char amz_tile_glyph(uint16_t tile);

/* The same map stored the obvious way, one struct per tile, for memory comparisons
 * (12 bytes on the usual ABIs, versus 2 packed). */
typedef struct amz_tile_struct {
    int type;
    int height;
    bool vegetation;
} amz_tile_struct;

/* ---- height sources ---- */

/* Largest map side accepted (diamond-square maps and generated windows alike). */
#define AMZ_TERRAIN_MAX_SIDE (1 << 20)
/* Most tiles in one map: 2^36 (128 GB of tiles), the same bound as mazes. A
 * 1048576x1048576 map (2^40 tiles) is beyond it: sides of 1048576 go with short
 * other sides. */
#define AMZ_TERRAIN_MAX_TILES ((uint64_t)1 << 36)
/* Fractal-noise worlds are endless within world coordinates -2^31 <= x, y < 2^31
 * (4.6e18 tiles); a window must lie inside. */
#define AMZ_TERRAIN_WORLD_LIMIT ((int64_t)1 << 31)

/* The 64-bit hash every random choice of terrain maps is made from, a pure function
 * of a key and a tile position (splitmix64's finaliser, Steele, Lea & Flood 2014):
 *     z = key ^ (((uint64_t)(uint32_t)y << 32) | (uint32_t)x)   (x, y as 32-bit two's complement)
 *     z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
 *     z = (z ^ (z >> 27)) * 0x94d049bb133111eb
 *     return z ^ (z >> 31)
 * Keys are amz_terrain_key(seed, salt) = the same finaliser applied to seed ^ salt. */
AMZ_API uint64_t amz_terrain_hash(uint64_t key, int64_t x, int64_t y);
AMZ_API uint64_t amz_terrain_key(uint64_t seed, uint64_t salt);

/* Fills out[y * width + x] with a diamond-square height field (Fournier, Fussell and
 * Carpenter 1982; Miller 1986) of any size, not only 2^n+1, in 16-bit integers. The
 * map starts as a coarse lattice of values whose cells are about square (at most 8
 * intervals along the longer side); each level splits every interval of 2 or more at
 * its midpoint (lengths at one level differ by at most one), sets cell centres from
 * their 4 corners (square step) and edge midpoints from their 2 ends and up to 2
 * neighbouring centres (diamond step), each plus integer noise in [-a, a]. The noise of
 * the point (x, y) is (u * (2a + 1)) >> 32, minus a, where u is the high 32 bits of
 * amz_terrain_hash(key, x / 2, y) for even x and its low 32 bits for odd x, with
 * key = amz_terrain_key(seed, 0x6469616d6f6e6473 "diamonds"), so every point's
 * value depends on its position and never on the order points are computed in: two
 * threads give the same field as one. `a` starts at a_0 and is multiplied by
 * `roughness` (0 < r <= 1, truncated to an integer) at each level; a_0 is the largest
 * integer with a_0 * (1 + r + r^2 + ... + r^L) <= 32767 for the map's L levels, so
 * |v| <= 32767 always and the field fills the 16 bits. With `wrap` the map is a torus
 * (column width-1 neighbours column 0, row height-1 row 0, at every level). Integer
 * arithmetic throughout: same seed and parameters give the same values on every
 * machine. Uses O(width + height) memory beside out; time O(width * height), on
 * `threads` threads (0 = 1; at most 64). AMZ_ERANGE for sides outside
 * 1..AMZ_TERRAIN_MAX_SIDE or a roughness outside (0, 1]; AMZ_ENOMEM. */
AMZ_API amz_status amz_terrain_diamond_square(int16_t *out, int32_t width, int32_t height, double roughness, bool wrap,
                                              uint64_t seed, unsigned threads, amz_error *err);

/* ---- terrain maps ---- */

typedef enum amz_terrain_noise {
    AMZ_NOISE_DIAMOND_SQUARE = 0, /* a finite map, heights scaled to its own lowest and highest */
    AMZ_NOISE_FBM = 1             /* fractal gradient noise: an endless world, any window */
} amz_terrain_noise;

typedef struct amz_terrain_options {
    uint64_t seed;      /* all randomness; default 0 */
    double roughness;   /* diamond-square: noise kept per level; fbm: amplitude kept per
                           octave (the gain); 0 < r <= 1; default 0.55 */
    bool wrap;          /* diamond-square: tile seamlessly left-right and top-bottom */
    uint8_t sand_from;  /* lowest sand height: water below; default 40 */
    uint8_t earth_from; /* lowest earth height: sand below; default 45 */
    uint8_t rock_from;  /* lowest rock height: earth below; default 75 */
    double vegetation;  /* chance of vegetation on the lowest earth, falling linearly to
                           0 at rock_from; 0..1, default 0.6 */
    /* Since .amt version 2: */
    amz_terrain_noise noise; /* height source; default AMZ_NOISE_DIAMOND_SQUARE */
    int octaves;             /* fbm octaves, 1..16; default 6 */
    int32_t period;          /* fbm: wavelength of the first octave in tiles, a power of
                                two from 4 to 65536; default 256 */
    double erosion;          /* hydraulic erosion: droplets per tile, 0..8; default 0 (none) */
    bool rivers;             /* trace rivers downhill to water or the map edge */
    bool biomes;             /* classify biomes (else every tile's biome is 0) */
    double temperature;      /* biome climate knobs, -1..1 (0 = as documented); higher */
    double moisture;         /*   is warmer / wetter everywhere */
    int32_t pole;            /* fbm: rows from the equator to a pole (latitude); 16..2^30,
                                default 2048 */
} amz_terrain_options;

/* Sets the defaults above. */
AMZ_API void amz_terrain_options_init(amz_terrain_options *o);

/* Checks options: AMZ_ERANGE naming the bad one (roughness outside (0, 1], vegetation
 * outside [0, 1], thresholds above 100 (heights run 0..99, so 100 leaves a type out)
 * or not in order sand_from <= earth_from <= rock_from, octaves, period, erosion, temperature, moisture, pole, an unknown noise). */
AMZ_API amz_status amz_terrain_options_check(const amz_terrain_options *o, amz_error *err);

/* The type of a tile of height h under o's thresholds. */
AMZ_API unsigned amz_terrain_classify(const amz_terrain_options *o, unsigned h);

/* A terrain map. Caller-owned: amz_terrain_generate or amz_terrain_read fill it,
 * amz_terrain_deinit frees it. `tiles` has width*height words of amz_tile_format().
 * (x, y) is the world position of the map's first tile: 0, 0 for diamond-square maps;
 * any window of an fbm world. */
typedef struct amz_terrain {
    int32_t width, height;
    int64_t x, y;
    amz_terrain_options options; /* what made it (stored in .amt files) */
    amz_packed tiles;
} amz_terrain;

/* What a terrain run does, for amz_terrain_memory_estimate. */
typedef enum amz_terrain_job {
    AMZ_TERRAIN_JOB_GENERATE = 0, /* amz_terrain_generate, then saving or drawing the map */
    AMZ_TERRAIN_JOB_LOAD = 1,     /* loading a map, then stats or text drawing */
    AMZ_TERRAIN_JOB_PNG = 2,      /* loading a map and writing it as PNG (terrain_image.h) */
    AMZ_TERRAIN_JOB_VIEW = 3      /* loading a map and viewing it on a terminal */
} amz_terrain_job;

/* Bytes the library allocates at its peak for one job on a width x height map (every
 * allocation amz_terrain_generate, the reader, the PNG writer with its libpng and
 * zlib state, or the terminal view makes): the 2-byte tiles plus the job's working
 * memory (row bands, biome rings, pixel rows, a legend). o (NULL = defaults) and
 * scale (PNG pixels a tile; ignored by other jobs) tell what is done. UINT64_MAX on
 * overflow or bad sizes. Never below what the job really allocates (tested). */
AMZ_API uint64_t amz_terrain_memory_estimate(amz_terrain_job job, int64_t width, int64_t height,
                                             const amz_terrain_options *o, int scale);

/* Generates a map of width x height tiles whose first tile is world tile (x, y):
 *  1. heights: diamond-square (x = y = 0 required) scaled so its lowest value is 0
 *     and its highest 65535, or fbm (amz_terrain_fbm) mapped to 0..65535 by a fixed
 *     rule (32768 + v * 8 / 3, clamped);
 *  2. erosion (o->erosion > 0): amz_terrain_erode on those heights, then h12 = h >> 4;
 *  3. rivers (o->rivers): steepest descent from hashed sources in the hills to water
 *     or the edge, breaching pits or making them lakes (docs/TERRAIN.md);
 *  4. tiles: height 0..99 = (h12 * 99 + 2047) / 4095, typed by the thresholds (lakes
 *     left by rivers are water), vegetation on earth where a 16-bit draw (bits
 *     16 * (x mod 4) up of amz_terrain_hash(key, floor(x / 4), y), key =
 *     amz_terrain_key(seed, 0x7665676574617465 "vegetate")) is below 65536 times
 *     o->vegetation * (rock_from - h) / (rock_from - earth_from), and
 *     biomes (o->biomes) from temperature and moisture (docs/TERRAIN.md).
 * Memory: the tiles (2 bytes each; steps 1-3 work in them in place) plus O(width)
 * rows (amz_terrain_memory_estimate). With obs, PROGRESS events (about 1000 a run)
 * and cancelling (AMZ_ECANCELED). o may be NULL for the defaults. Deterministic: the
 * same options give the same tiles on every machine, whatever `threads`. Errors: those
 * of amz_terrain_options_check, AMZ_ERANGE for a size past the limits or a window
 * outside the world, AMZ_ENOMEM; t is zeroed on failure. */
AMZ_API amz_status amz_terrain_generate_window(amz_terrain *t, int64_t x, int64_t y, int32_t width, int32_t height,
                                               const amz_terrain_options *o, unsigned threads,
                                               const amz_observer *obs, amz_error *err);

/* amz_terrain_generate_window at (0, 0), one thread, no observer. */
AMZ_API amz_status amz_terrain_generate(amz_terrain *t, int32_t width, int32_t height, const amz_terrain_options *o,
                                        amz_error *err);

/* One chunk of an endless fbm world, for games that page the world in: writes the
 * tiles of world tiles (x .. x+width-1, y .. y+height-1) to out[j * stride + i], the
 * same words amz_terrain_generate_window gives for those tiles in any window that
 * holds them, byte for byte, since each tile is a pure function of (options, x, y):
 * neighbouring chunks join without seams and a mosaic of chunks equals the big map.
 * Needs o->noise == AMZ_NOISE_FBM and no erosion or rivers (those are whole-window
 * passes; AMZ_EINVAL otherwise). Allocates O((width + 64) * 34) bytes of rows when
 * biomes are on, none otherwise. AMZ_ERANGE for an empty chunk, stride < width or a
 * chunk outside the world; AMZ_ENOMEM. */
AMZ_API amz_status amz_terrain_chunk(uint16_t *out, size_t stride, int64_t x, int64_t y, int32_t width, int32_t height,
                                     const amz_terrain_options *o, amz_error *err);

/* Fractal Brownian motion of 2D gradient noise (Perlin, "Improving noise", SIGGRAPH
 * 2002, in integers) at world tiles (x .. x+width-1, y): out[i] is the sum over octaves
 * k = 0..octaves-1 of amp_k * noise_k, with wavelength period >> k tiles, amp_0 = 4096
 * and amp_{k+1} = floor(amp_k * roughness), normalised to about -32768..32767 (values
 * beyond are clamped). Octaves whose wavelength would fall below 2 tiles are skipped.
 * A pure function of (seed, x, y): no state, no allocation. */
AMZ_API void amz_terrain_fbm(int32_t *out, int64_t x, int64_t y, int32_t width, const amz_terrain_options *o);

/* What erosion did, in height units (summed over tiles). */
typedef struct amz_terrain_erosion_stats {
    uint64_t droplets;  /* droplets run */
    uint64_t eroded;    /* height taken from tiles */
    uint64_t deposited; /* height added to tiles */
    uint64_t lost;      /* sediment carried off the map's edge (or, rarely, still held
                           when a droplet's last steps find no room to put it down) */
} amz_terrain_erosion_stats;

/* Hydraulic erosion by droplets (after Beyer, "Implementation of a method for
 * hydraulic erosion", 2015, on the tile grid in integers): droplets start at hashed
 * tiles, run to their lowest neighbour, pick up sediment on slopes up to a capacity
 * that grows with the drop and their water, drop it where they carry too much, and
 * fill the pits they meet. h[] holds width*height 16-bit heights (0..65535; the
 * generator erodes its heights before cutting them to 12 bits). Invariants (tested):
 * sediment is conserved exactly, sum(before) = sum(after) + lost; a tile is never
 * lowered below the neighbour the droplet goes on to; no tile a deposit raised ever
 * stands above all of its 8 neighbours (a bitmap of raised tiles, one bit a tile,
 * keeps their neighbours from wearing below them). floor(droplets_per_tile * tiles)
 * droplets, 0..8 a tile. Deterministic; time O(droplets * 48). s may be NULL.
 * AMZ_ERANGE for an empty map or droplets outside 0..8, AMZ_ENOMEM. */
AMZ_API amz_status amz_terrain_erode(uint16_t *h, int32_t width, int32_t height, double droplets_per_tile,
                                     uint64_t seed, bool wrap, amz_terrain_erosion_stats *s, amz_error *err);

/* Frees the tiles; t is zeroed. NULL is a no-op. */
AMZ_API void amz_terrain_deinit(amz_terrain *t);

/* The tile at (x, y) of the map (0, 0 = its first tile); 0 outside the map. O(1). */
AMZ_API uint16_t amz_terrain_tile(const amz_terrain *t, int32_t x, int32_t y);

/* ---- statistics ---- */

typedef struct amz_terrain_stats {
    uint64_t tiles;                            /* width * height */
    uint64_t types[AMZ_TILE_TYPES];            /* tiles of each type */
    uint64_t biomes[AMZ_BIOMES];               /* tiles of each biome (0 = none) */
    uint64_t rivers;                           /* tiles with the river bit */
    uint64_t vegetation;                       /* tiles with vegetation */
    uint64_t heights[AMZ_TILE_HEIGHT_MAX + 1]; /* tiles of each height */
    uint64_t packed_bytes;                     /* the packed map: 2 bytes a tile */
    uint64_t struct_bytes;                     /* one amz_tile_struct a tile */
} amz_terrain_stats;

/* Counts types, biomes, rivers, vegetation and heights in one pass. O(tiles). */
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

/* Colour of a tile by its biome (amz_biome_color of its biome; rivers blue), shaded
 * by `light` and a little by height; tiles without a biome fall back to amz_tile_color. */
AMZ_API amz_rgb amz_tile_biome_color(uint16_t tile, double light);

/* The palette colour of a biome (the legend's swatch); grey for unknown values. */
AMZ_API amz_rgb amz_biome_color(unsigned biome);

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
 * each tile is its colour (by biome when it has one) as background with the glyph in
 * a darker shade, and each line ends with a reset. AMZ_ERANGE for a region outside the
 * map, AMZ_EIO if writing fails. */
AMZ_API amz_status amz_terrain_render_text(const amz_terrain *t, const amz_terrain_text_options *o, FILE *f,
                                           amz_error *err);

/* ---- .amt files (byte layout in docs/TILES.md) ---- */

/* Writes t as .amt (version 2). AMZ_EIO if writing fails. Streams: O(1) extra memory. */
AMZ_API amz_status amz_terrain_write(const amz_terrain *t, FILE *f, amz_error *err);

/* Reads one .amt map (version 1 or 2) from f into an uninitialised t, which must then
 * be at end of file. Memory follows the data: the tiles grow as they arrive, so a
 * short file whose header claims a huge map costs only what it holds; a map whose
 * tiles exceed max_bytes (0 = no limit) is refused (AMZ_ENOMEM) before allocating, and
 * from a regular file a claim longer than the file is refused as truncated before
 * allocating. AMZ_EFORMAT naming the problem (magic, version, flags, size, options,
 * checksums, tile format, a tile with a height above 99 or a biome past the list),
 * AMZ_EIO. */
AMZ_API amz_status amz_terrain_read(FILE *f, amz_terrain *t, uint64_t max_bytes, amz_error *err);

/* Writes t to `path` atomically ("-" = standard output). */
AMZ_API amz_status amz_terrain_save(const amz_terrain *t, const char *path, amz_error *err);

/* Reads `path` ("-" = standard input). Messages start with the path. */
AMZ_API amz_status amz_terrain_load(const char *path, amz_terrain *t, uint64_t max_bytes, amz_error *err);

#endif
