/* terrain.c — terrain maps: options, classification of a diamond-square field into
 * packed 16-bit tiles (height scaled to 0-99, type by thresholds, seeded vegetation
 * that thins out with height), statistics. The planet tiles of the "Binary in
 * Javascript" article (danthedev, 2015), stored with amaze/bitfmt.h. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/rng_inline.h"

/* The run-time twin of the static layout in terrain.h; a test checks they agree. */
static const amz_bitfmt tile_format = {
    3,
    16,
    16,
    {7, 8, 1},
    {AMZ_TILE_TYPE_SHIFT, AMZ_TILE_HEIGHT_SHIFT, AMZ_TILE_VEGETATION_SHIFT},
    {"type", "height", "vegetation"},
};

/* Salt for the vegetation stream, so that vegetation settings never change heights. */
#define VEGETATION_SALT 0x7665676574617465ull /* "vegetate" */

const amz_bitfmt *amz_tile_format(void)
{
    return &tile_format;
}

const char *amz_tile_type_name(unsigned type)
{
    static const char *const names[AMZ_TILE_TYPES] = {"water", "earth", "sand", "rock"};
    return type < AMZ_TILE_TYPES ? names[type] : NULL;
}

char amz_tile_glyph(uint16_t tile)
{
    switch (amz_tile_type_of(tile)) {
    case AMZ_TILE_WATER: return '~';
    case AMZ_TILE_EARTH: return amz_tile_vegetation_of(tile) ? ',' : '.';
    case AMZ_TILE_SAND: return ':';
    case AMZ_TILE_ROCK: return '^';
    default: return '?';
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
}

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
    return AMZ_OK;
}

unsigned amz_terrain_classify(const amz_terrain_options *o, unsigned h)
{
    if (h < o->sand_from)
        return AMZ_TILE_WATER;
    if (h < o->earth_from)
        return AMZ_TILE_SAND;
    if (h < o->rock_from)
        return AMZ_TILE_EARTH;
    return AMZ_TILE_ROCK;
}

uint64_t amz_terrain_memory_estimate(int64_t width, int64_t height)
{
    uint64_t n, bytes;
    if (width < 0 || height < 0 || !ck_mul_u64((uint64_t)width, (uint64_t)height, &n) || !ck_mul_u64(n, 6, &bytes))
        return UINT64_MAX;
    return bytes;
}

/* Vegetation thresholds per height as 32-bit fractions: a tile of height h gets
 * vegetation when the high 32 bits of a draw are below limit[h]. Doubles only in
 * exactly rounded IEEE operations, so the table is the same on every machine. */
static void vegetation_limits(const amz_terrain_options *o, uint64_t limit[AMZ_TILE_HEIGHT_MAX + 1])
{
    for (unsigned h = 0; h <= AMZ_TILE_HEIGHT_MAX; h++) {
        limit[h] = 0;
        if (h < o->earth_from || h >= o->rock_from)
            continue;
        double p = o->vegetation * (double)(o->rock_from - h) / (double)(o->rock_from - o->earth_from);
        limit[h] = (uint64_t)(p * 4294967296.0); /* p = 1 gives 2^32: always */
    }
}

/* Rounded linear scaling, lo -> 0 and hi -> 99: floor((d * 99 + range/2) / range) for
 * 0 <= d <= range < 2^31, exactly. A 64-bit division per tile dominated map making,
 * so the quotient is estimated in double precision (operands below 2^53, so off by at
 * most one) and then corrected with integer products: the result is the exact
 * integer quotient on every machine. */
static inline unsigned scale_height(int64_t d, int64_t range)
{
    int64_t num = d * AMZ_TILE_HEIGHT_MAX + range / 2;
    int64_t q = (int64_t)((double)num / (double)range);
    if (q * range > num)
        q--;
    else if ((q + 1) * range <= num)
        q++;
    return (unsigned)q;
}

amz_status amz_terrain_generate(amz_terrain *t, int32_t width, int32_t height, const amz_terrain_options *o,
                                amz_error *err)
{
    memset(t, 0, sizeof *t);
    amz_terrain_options def;
    if (!o) {
        amz_terrain_options_init(&def);
        o = &def;
    }
    amz_status st = amz_terrain_options_check(o, err);
    if (st)
        return st;
    if (width < 1 || height < 1 || width > AMZ_TERRAIN_MAX_SIDE || height > AMZ_TERRAIN_MAX_SIDE)
        return amz_errorf(err, AMZ_ERANGE, "map size %dx%d: sides must be 1 to %d", width, height,
                          AMZ_TERRAIN_MAX_SIDE);
    uint64_t n = (uint64_t)width * (uint64_t)height;
    size_t field_bytes;
    if (!ck_array_bytes(n, sizeof(int32_t), &field_bytes))
        return amz_errorf(err, AMZ_ENOMEM, "a %dx%d height field does not fit in memory", width, height);
    int32_t *field = amz_malloc(field_bytes);
    if (!field)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the %dx%d height field (%zu bytes)", width, height,
                          field_bytes);
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    if ((st = amz_terrain_diamond_square(field, width, height, o->roughness, o->wrap, &rng, err)) ||
        (st = amz_packed_init(&t->tiles, &tile_format, n, err))) {
        amz_free(field);
        memset(t, 0, sizeof *t);
        return st;
    }
    t->width = width;
    t->height = height;
    t->options = *o;

    int32_t lo = field[0], hi = field[0];
    for (uint64_t i = 1; i < n; i++) {
        lo = field[i] < lo ? field[i] : lo;
        hi = field[i] > hi ? field[i] : hi;
    }
    int64_t range = (int64_t)hi - lo;
    uint64_t limit[AMZ_TILE_HEIGHT_MAX + 1];
    vegetation_limits(o, limit);
    uint64_t vseed = o->seed ^ VEGETATION_SALT;
    amz_rng vrng;
    amz_rng_seed(&vrng, amz_rng_splitmix64(&vseed));
    uint16_t *tiles = t->tiles.data;
    for (uint64_t i = 0; i < n; i++) {
        unsigned h = range ? scale_height(field[i] - (int64_t)lo, range) : 0;
        unsigned type = amz_terrain_classify(o, h);
        bool veg = false;
        if (type == AMZ_TILE_EARTH)
            veg = (rng_next(&vrng) >> 32) < limit[h];
        tiles[i] = amz_tile_make(type, h, veg);
    }
    amz_free(field);
    return AMZ_OK;
}

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

void amz_terrain_measure(const amz_terrain *t, amz_terrain_stats *s)
{
    memset(s, 0, sizeof *s);
    uint64_t n = (uint64_t)t->width * (uint64_t)t->height;
    const uint16_t *tiles = t->tiles.data;
    for (uint64_t i = 0; i < n; i++) {
        uint16_t tile = tiles[i];
        unsigned type = amz_tile_type_of(tile), h = amz_tile_height_of(tile);
        if (type < AMZ_TILE_TYPES)
            s->types[type]++;
        if (h <= AMZ_TILE_HEIGHT_MAX)
            s->heights[h]++;
        s->vegetation += amz_tile_vegetation_of(tile);
    }
    s->tiles = n;
    s->packed_bytes = amz_packed_bytes(&t->tiles);
    s->struct_bytes = n * sizeof(amz_tile_struct);
}
