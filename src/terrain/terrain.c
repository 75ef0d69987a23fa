/* terrain.c — terrain maps: options, names, the generation driver (heights, erosion,
 * rivers, tiles, all in the tile array itself), chunks of endless worlds, the memory
 * estimate, statistics. The planet tiles of the "Binary in Javascript" article
 * (danthedev, 2015), stored with amaze/bitfmt.h. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/alloc_big.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/par.h"
#include "terrain/terrain_impl.h"

/* The run-time twin of the static layout in terrain.h; a test checks they agree. */
static const amz_bitfmt tile_format = {
    5,
    16,
    16,
    {2, 4, 1, 8, 1},
    {AMZ_TILE_TYPE_SHIFT, AMZ_TILE_BIOME_SHIFT, AMZ_TILE_RIVER_SHIFT, AMZ_TILE_HEIGHT_SHIFT,
     AMZ_TILE_VEGETATION_SHIFT},
    {"type", "biome", "river", "height", "vegetation"},
};

const amz_bitfmt *amz_tile_format(void)
{
    return &tile_format;
}

const char *amz_tile_type_name(unsigned type)
{
    static const char *const names[AMZ_TILE_TYPES] = {"water", "earth", "sand", "rock"};
    return type < AMZ_TILE_TYPES ? names[type] : NULL;
}

const char *amz_biome_name(unsigned biome)
{
    static const char *const names[AMZ_BIOMES] = {"none",   "ocean",      "lake",  "beach", "desert",
                                                  "savanna", "grassland", "forest", "rainforest", "swamp",
                                                  "taiga",  "tundra",     "snow",  "mountain"};
    return biome < AMZ_BIOMES ? names[biome] : NULL;
}

/* A river shows over the land it crosses (never on water, where rivers end); earth
 * with vegetation has its own glyph; the 2-bit type has no unknown values left. */
char amz_tile_glyph(uint16_t tile)
{
    unsigned type = amz_tile_type_of(tile);
    if (amz_tile_river_of(tile) && type != AMZ_TILE_WATER)
        return '=';
    switch (type) {
    case AMZ_TILE_WATER: return '~';
    case AMZ_TILE_EARTH: return amz_tile_vegetation_of(tile) ? ',' : '.';
    case AMZ_TILE_SAND: return ':';
    default: return '^';
    }
}

void amz_terrain_options_init(amz_terrain_options *o)
{
    memset(o, 0, sizeof *o);
    o->roughness = 0.55;
    o->sand_from = 40;
    o->earth_from = 45;
    o->rock_from = 75;
    o->vegetation = 0.6;
    o->noise = AMZ_NOISE_DIAMOND_SQUARE;
    o->octaves = 6;
    o->period = 256;
    o->pole = 2048;
}

static bool power_of_two(int32_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

/* Every double is tested with a negated "inside" comparison, so NaN is refused too;
 * the .amt reader runs this on every header, so it is also the file's range check. */
amz_status amz_terrain_options_check(const amz_terrain_options *o, amz_error *err)
{
    if (!(o->roughness > 0.0 && o->roughness <= 1.0))
        return amz_errorf(err, AMZ_ERANGE, "roughness %g is outside (0, 1]", o->roughness);
    if (!(o->vegetation >= 0.0 && o->vegetation <= 1.0))
        return amz_errorf(err, AMZ_ERANGE, "vegetation %g is outside [0, 1]", o->vegetation);
    if (o->sand_from > 100 || o->earth_from > 100 || o->rock_from > 100)
        return amz_errorf(err, AMZ_ERANGE, "thresholds %u,%u,%u: each must be 0 to 100", o->sand_from, o->earth_from,
                          o->rock_from);
    if (o->sand_from > o->earth_from || o->earth_from > o->rock_from)
        return amz_errorf(err, AMZ_ERANGE, "thresholds %u,%u,%u must not decrease (sand, earth, rock)", o->sand_from,
                          o->earth_from, o->rock_from);
    if (o->noise != AMZ_NOISE_DIAMOND_SQUARE && o->noise != AMZ_NOISE_FBM)
        return amz_errorf(err, AMZ_ERANGE, "unknown height source %d", (int)o->noise);
    if (o->octaves < 1 || o->octaves > 16)
        return amz_errorf(err, AMZ_ERANGE, "octaves %d is outside 1..16", o->octaves);
    if (!power_of_two(o->period) || o->period < 4 || o->period > 65536)
        return amz_errorf(err, AMZ_ERANGE, "period %d is not a power of two from 4 to 65536", o->period);
    if (!(o->erosion >= 0.0 && o->erosion <= 8.0))
        return amz_errorf(err, AMZ_ERANGE, "erosion %g is outside [0, 8] droplets a tile", o->erosion);
    if (!(o->temperature >= -1.0 && o->temperature <= 1.0))
        return amz_errorf(err, AMZ_ERANGE, "temperature %g is outside [-1, 1]", o->temperature);
    if (!(o->moisture >= -1.0 && o->moisture <= 1.0))
        return amz_errorf(err, AMZ_ERANGE, "moisture %g is outside [-1, 1]", o->moisture);
    if (o->pole < 16 || o->pole > (1 << 30))
        return amz_errorf(err, AMZ_ERANGE, "pole distance %d is outside 16..2^30 rows", o->pole);
    return AMZ_OK;
}

/* ---- memory ---- */

/* Stage by stage, the generator's allocations beside the tiles; each stage frees its
 * own before the next starts, so the peak is the tiles plus the largest of them. */
static uint64_t generate_work(int64_t width, int64_t height, const amz_terrain_options *o)
{
    /* Diamond-square: the lattice axes (three int32 arrays of side+2 per axis), then
     * the scaling table (one uint16 per possible difference, at most 65535). fbm:
     * nothing beyond the stack. */
    uint64_t work = o->noise == AMZ_NOISE_FBM ? 0 : 12 * ((uint64_t)width + (uint64_t)height + 4);
    if (o->noise != AMZ_NOISE_FBM && work < 65536 * 2)
        work = 65536 * 2;
    if (o->erosion > 0 && terrain_erosion_bytes(width, height) > work)
        work = terrain_erosion_bytes(width, height);
    if (o->rivers && terrain_rivers_bytes() > work)
        work = terrain_rivers_bytes();
    uint64_t fin = terrain_finish_bytes(width, o);
    return work > fin ? work : fin;
}

uint64_t amz_terrain_memory_estimate(amz_terrain_job job, int64_t width, int64_t height,
                                     const amz_terrain_options *o, int scale)
{
    amz_terrain_options def;
    if (!o) {
        amz_terrain_options_init(&def);
        o = &def;
    }
    uint64_t n, tiles;
    if (width < 1 || height < 1 || width > AMZ_TERRAIN_MAX_SIDE || height > AMZ_TERRAIN_MAX_SIDE ||
        !ck_mul_u64((uint64_t)width, (uint64_t)height, &n) || !ck_mul_u64(n, 2, &tiles))
        return UINT64_MAX;
    switch (job) {
    case AMZ_TERRAIN_JOB_GENERATE: return tiles + generate_work(width, height, o);
    case AMZ_TERRAIN_JOB_LOAD:
    case AMZ_TERRAIN_JOB_VIEW:
        /* The reader grows the tiles by doubling up to the claim: never past it. */
        return tiles;
    case AMZ_TERRAIN_JOB_PNG: {
        /* terrain_png.c: one RGB pixel row, a legend band of 4-byte pixels (at most
         * 160 rows, at least 400 px wide), libpng's row buffers (two rows of the
         * filtered image) and zlib's deflate state (about 268 KB at the default
         * level, "zlib technical details"), and cairo's font cache for the legend. */
        if (scale < 1 || scale > 64)
            return UINT64_MAX;
        uint64_t pw = (uint64_t)width * (uint64_t)scale;
        pw = pw < 400 ? 400 : pw;
        return tiles + 3 * pw + 160 * 4 * pw + 3 * (3 * pw + 1) + (1u << 20);
    }
    }
    return UINT64_MAX;
}

/* ---- generation ---- */

/* Diamond-square heights into the tile array, then scaled in place so the lowest is
 * 0 and the highest 65535 (all 0 on a flat field, as a 1x1 map is), >> shift: with no
 * erosion to come the cut to 12 bits is done here, saving a pass. The scaling is a
 * table over every possible difference from the lowest, so each tile costs one
 * look-up instead of a division. */
static amz_status ds_heights(uint16_t *tiles, int32_t width, int32_t height, const amz_terrain_options *o,
                             unsigned threads, unsigned shift, terrain_progress *p, bool *finished, amz_error *err)
{
    int16_t *field = (int16_t *)tiles; /* int16_t may alias its unsigned twin */
    amz_status st = terrain_ds(field, width, height, o->roughness, o->wrap, o->seed, threads, p->obs ? p : NULL, err);
    if (st)
        return st;
    uint64_t n = (uint64_t)width * (uint64_t)height;
    /* In int16, so the compiler can keep the running extremes in vector registers. */
    int16_t lo16 = field[0], hi16 = field[0];
    for (uint64_t i = 1; i < n; i++) {
        lo16 = field[i] < lo16 ? field[i] : lo16;
        hi16 = field[i] > hi16 ? field[i] : hi16;
    }
    int32_t lo = lo16, hi = hi16;
    /* |v| <= 32767 (the amplitude schedule's bound), so range < 65535 and the table
     * has at most 65535 entries: the estimate counts 128 KB for it. */
    uint32_t range = (uint32_t)(hi - lo);
    uint16_t *scale = amz_malloc(((size_t)range + 1) * sizeof *scale);
    if (!scale)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the height scale");
    for (uint32_t d = 0; d <= range; d++)
        scale[d] = range ? (uint16_t)((((uint64_t)d * 65535u + range / 2) / range) >> shift) : 0;
    /* Nothing between the heights and the tiles: make the tiles in the same pass. */
    *finished = !(o->erosion > 0) && !o->rivers && !o->biomes;
    if (*finished) {
        p->base += n;
        terrain_finish_field(tiles, scale, lo, width, height, o, threads, p);
    } else {
        for (uint64_t i = 0; i < n; i++)
            tiles[i] = scale[field[i] - lo];
    }
    amz_free(scale);
    return AMZ_OK;
}

typedef struct fbm_job {
    uint16_t *tiles;
    int64_t x, y;
    int32_t width, height;
    const amz_terrain_options *o;
    unsigned workers;
    bool h12; /* straight to 12-bit working heights (no erosion to come) */
} fbm_job;

/* Each worker owns a contiguous band of rows: rows are independent (fbm is a pure
 * function of the position), so bands need no locks. */
static void fbm_worker(void *ctx, unsigned k)
{
    const fbm_job *j = ctx;
    int32_t r0 = (int32_t)((int64_t)j->height * k / j->workers), r1 = (int32_t)((int64_t)j->height * (k + 1) / j->workers);
    /* 64 rows at a time: the noise's per-column work is shared by those rows, and a
     * piece of 64 short row segments stays in cache while it is written. */
    for (int32_t r = r0; r < r1; r += 64)
        (j->h12 ? terrain_fbm_h12 : terrain_fbm_h16)(j->tiles + (size_t)r * (size_t)j->width, (size_t)j->width, j->x,
                                                     j->y + r, j->width, r1 - r < 64 ? r1 - r : 64, j->o);
}

/* Needs no memory of its own, so it cannot fail. */
static void fbm_heights(uint16_t *tiles, int64_t x, int64_t y, int32_t width, int32_t height,
                        const amz_terrain_options *o, unsigned threads)
{
    fbm_job j = {tiles, x, y, width, height, o, threads < 1 ? 1 : threads > 2 ? 2 : threads, !(o->erosion > 0)};
    if ((uint64_t)width * (uint64_t)height < (1u << 16))
        j.workers = 1;
    par_run(j.workers, fbm_worker, &j);
}

/* A window must fit the sides and tile limits, and lie inside the world, where the
 * hash's 32-bit coordinates are exact (beyond, positions would alias). */
static amz_status check_window(int64_t x, int64_t y, int32_t width, int32_t height, const amz_terrain_options *o,
                               amz_error *err)
{
    if (width < 1 || height < 1 || width > AMZ_TERRAIN_MAX_SIDE || height > AMZ_TERRAIN_MAX_SIDE)
        return amz_errorf(err, AMZ_ERANGE, "map size %dx%d: sides must be 1 to %d", width, height,
                          AMZ_TERRAIN_MAX_SIDE);
    if ((uint64_t)width * (uint64_t)height > AMZ_TERRAIN_MAX_TILES)
        return amz_errorf(err, AMZ_ERANGE, "map size %dx%d: more than 2^36 tiles", width, height);
    if (o->noise == AMZ_NOISE_DIAMOND_SQUARE && (x != 0 || y != 0))
        return amz_errorf(err, AMZ_ERANGE,
                          "a diamond-square map is one finite map at 0,0; windows of an endless world need fbm noise");
    if (x < -AMZ_TERRAIN_WORLD_LIMIT || y < -AMZ_TERRAIN_WORLD_LIMIT || x + width > AMZ_TERRAIN_WORLD_LIMIT ||
        y + height > AMZ_TERRAIN_WORLD_LIMIT)
        return amz_errorf(err, AMZ_ERANGE, "window %dx%d at %lld,%lld leaves the world (-2^31 to 2^31)", width,
                          height, (long long)x, (long long)y);
    return AMZ_OK;
}

amz_status amz_terrain_generate_window(amz_terrain *t, int64_t x, int64_t y, int32_t width, int32_t height,
                                       const amz_terrain_options *o, unsigned threads, const amz_observer *obs,
                                       amz_error *err)
{
    memset(t, 0, sizeof *t);
    amz_terrain_options def;
    if (!o) {
        amz_terrain_options_init(&def);
        o = &def;
    }
    amz_status st = amz_terrain_options_check(o, err);
    if (st || (st = check_window(x, y, width, height, o, err)))
        return st;
    /* check_window bounded n by 2^36, so n * 2 bytes fits size_t on 64-bit hosts; a
     * 32-bit host's calloc refuses what it cannot hold. */
    uint64_t n = (uint64_t)width * (uint64_t)height;
    /* The tiles by hand rather than amz_packed_init: a big map gets huge pages, which
     * spare a virtual machine most of the first-touch page faults. */
    uint16_t *tiles = core_calloc_big((size_t)n, sizeof *tiles);
    if (!tiles)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the %dx%d map (%llu bytes)", width, height,
                          2 * (unsigned long long)n);
    t->tiles.fmt = tile_format;
    t->tiles.count = n;
    t->tiles.data = tiles;
    /* Progress: heights, then erosion, rivers and tiles, n units each. */
    uint64_t stages = 2 + (o->erosion > 0) + (o->rivers ? 1 : 0);
    terrain_progress p;
    terrain_progress_init(&p, obs, stages * n);
    bool finished = false;
    if (o->noise == AMZ_NOISE_FBM)
        fbm_heights(tiles, x, y, width, height, o, threads);
    else
        st = ds_heights(tiles, width, height, o, threads, o->erosion > 0 ? 0 : 4, &p, &finished, err);
    if (!finished)
        p.base += n;
    if (st == AMZ_OK && !terrain_progress_at(&p, 0))
        st = AMZ_ECANCELED;
    if (st == AMZ_OK && o->erosion > 0) {
        st = amz_terrain_erode(tiles, width, height, o->erosion, o->seed, o->wrap, NULL, err);
        p.base += n;
        if (st == AMZ_OK && !terrain_progress_at(&p, 0))
            st = AMZ_ECANCELED;
    }
    if (st == AMZ_OK && o->erosion > 0)
        for (uint64_t i = 0; i < n; i++)
            tiles[i] = (uint16_t)(tiles[i] >> 4); /* to 12-bit working words */
    if (st == AMZ_OK && o->rivers) {
        st = terrain_rivers(tiles, width, height, o, &p, err);
        p.base += n;
    }
    if (st == AMZ_OK && !finished)
        st = terrain_finish(tiles, (size_t)width, x, y, width, height, o, &p, err);
    if (st == AMZ_OK && p.cancelled)
        st = AMZ_ECANCELED;
    /* On any failure the caller gets a zeroed map and nothing to free. */
    if (st) {
        if (st == AMZ_ECANCELED)
            amz_errorf(err, st, "terrain generation cancelled");
        amz_packed_deinit(&t->tiles);
        memset(t, 0, sizeof *t);
        return st;
    }
    t->width = width;
    t->height = height;
    t->x = x;
    t->y = y;
    t->options = *o;
    return AMZ_OK;
}

amz_status amz_terrain_generate(amz_terrain *t, int32_t width, int32_t height, const amz_terrain_options *o,
                                amz_error *err)
{
    return amz_terrain_generate_window(t, 0, 0, width, height, o, 1, NULL, err);
}

amz_status amz_terrain_chunk(uint16_t *out, size_t stride, int64_t x, int64_t y, int32_t width, int32_t height,
                             const amz_terrain_options *o, amz_error *err)
{
    amz_terrain_options def;
    if (!o) {
        amz_terrain_options_init(&def);
        def.noise = AMZ_NOISE_FBM;
        o = &def;
    }
    amz_status st = amz_terrain_options_check(o, err);
    if (st)
        return st;
    if (o->noise != AMZ_NOISE_FBM || o->erosion > 0 || o->rivers)
        return amz_errorf(err, AMZ_EINVAL,
                          "chunks are made of fbm noise without erosion or rivers (those need the whole window)");
    if ((st = check_window(x, y, width, height, o, err)))
        return st;
    if (stride < (size_t)width)
        return amz_errorf(err, AMZ_ERANGE, "stride %zu is less than the chunk's width %d", stride, width);
    /* The chunk's own rows hold its working heights: no other buffer. */
    terrain_fbm_h12(out, stride, x, y, width, height, o);
    terrain_progress p;
    terrain_progress_init(&p, NULL, 1);
    return terrain_finish(out, stride, x, y, width, height, o, &p, err);
}

/* The tiles came from core_calloc_big or the reader's amz_realloc: amz_free (through
 * amz_packed_deinit) releases either. */
void amz_terrain_deinit(amz_terrain *t)
{
    if (!t)
        return;
    amz_packed_deinit(&t->tiles);
    memset(t, 0, sizeof *t);
}

uint16_t amz_terrain_tile(const amz_terrain *t, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || x >= t->width || y >= t->height)
        return 0;
    return ((const uint16_t *)t->tiles.data)[(size_t)y * (size_t)t->width + (size_t)x];
}

/* One pass, every field read through the layout's macros; heights above 99 and
 * biomes past the list cannot come from the generator or the reader, but a caller's
 * own tiles might hold them, so they are counted only where they fit. */
void amz_terrain_measure(const amz_terrain *t, amz_terrain_stats *s)
{
    memset(s, 0, sizeof *s);
    uint64_t n = (uint64_t)t->width * (uint64_t)t->height;
    const uint16_t *tiles = t->tiles.data;
    for (uint64_t i = 0; i < n; i++) {
        uint16_t tile = tiles[i];
        unsigned h = amz_tile_height_of(tile), b = amz_tile_biome_of(tile);
        s->types[amz_tile_type_of(tile)]++; /* 2 bits: always a known type */
        if (b < AMZ_BIOMES)
            s->biomes[b]++;
        if (h <= AMZ_TILE_HEIGHT_MAX)
            s->heights[h]++;
        s->rivers += amz_tile_river_of(tile);
        s->vegetation += amz_tile_vegetation_of(tile);
    }
    s->tiles = n;
    s->packed_bytes = amz_packed_bytes(&t->tiles);
    s->struct_bytes = n * sizeof(amz_tile_struct);
}
