/* classify.c — the last stage of a map: 12-bit working heights become tiles (height
 * 0..99, type by thresholds, vegetation, river bit) and, with biomes on, a Whittaker
 * biome from temperature (latitude, height) and moisture (water within 8 tiles, water
 * and mountains upwind: the rain shadow, and a low-frequency noise). Whittaker,
 * "Communities and Ecosystems" (1975) for the biome table; prevailing winds by
 * latitude band (trade winds, westerlies, polar easterlies) as in any climatology
 * text. Rows go by in order through a ring of 17 rows, so memory is O(width). */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/error.h"
#include "core/inline.h"
#include "core/par.h"
#include "terrain/terrain_impl.h"

enum {
    BOX = 8,    /* water within BOX tiles (a 17x17 square) makes a tile wetter */
    FETCH = 24, /* the wind brings water and shadow from FETCH tiles upwind */
    RING = 2 * BOX + 1
};

/* Thresholds are "lowest height of": h below sand_from is water, and so on up. */
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

/* Per-height tables shared by both forms of the pass. */
typedef struct tables {
    uint8_t h99[H12_MAX + 1];
    uint8_t type[AMZ_TILE_HEIGHT_MAX + 1];
    uint32_t veg[AMZ_TILE_HEIGHT_MAX + 1]; /* vegetation when a 16-bit draw < veg[h] */
    uint64_t veg_key;
    /* By working height, for the pass without biomes: the tile of a dry word (no
     * river, no vegetation yet) and its vegetation threshold (0 off earth). */
    uint32_t land[H12_MAX + 1];
    uint32_t land_veg[H12_MAX + 1];
} tables;

/* Doubles only in exactly rounded IEEE operations, so the tables are the same on
 * every machine. */
static void tables_init(tables *t, const amz_terrain_options *o)
{
    for (unsigned h = 0; h <= H12_MAX; h++)
        t->h99[h] = (uint8_t)h12_to_h99(h);
    for (unsigned h = 0; h <= AMZ_TILE_HEIGHT_MAX; h++) {
        t->type[h] = (uint8_t)amz_terrain_classify(o, h);
        t->veg[h] = 0;
        if (h < o->earth_from || h >= o->rock_from)
            continue;
        double p = o->vegetation * (double)(o->rock_from - h) / (double)(o->rock_from - o->earth_from);
        t->veg[h] = (uint32_t)(p * 65536.0); /* p = 1 gives 65536: always */
    }
    t->veg_key = amz_terrain_key(o->seed, SALT_VEGETATE);
    for (unsigned w = 0; w <= H12_MAX; w++) {
        unsigned h = t->h99[w];
        t->land[w] = amz_tile_make(t->type[h], h, false);
        t->land_veg[w] = t->type[h] == AMZ_TILE_EARTH ? t->veg[h] : 0;
    }
}

/* The vegetation draw of world tile (x, y): one hash covers four tiles of a row, the
 * tile x taking bits 16 * (x mod 4) and up of amz_terrain_hash(key, floor(x / 4), y). */
static inline uint32_t veg_draw(const tables *t, int64_t x, int64_t y)
{
    int64_t q = x >= 0 ? x >> 2 : -((-x - 1) >> 2) - 1;
    return (uint32_t)(terrain_hash(t->veg_key, q, y) >> (16 * (x - 4 * q))) & 0xffffu;
}

/* The tiles of a row without biomes, from its working words (world row y, from x0):
 * make_tile below without a branch a tile, the vegetation draws made four at a time
 * (a piece of the row at once), for each group of four whether its tiles need them
 * or not. */
static AMZ_CLONED void finish_row(const tables *t, uint16_t *row, int64_t x0, int64_t y, int32_t width)
{
    enum { PIECE = 256 };
    const uint16_t type_bits = ((1u << AMZ_TILE_TYPE_BITS) - 1) << AMZ_TILE_TYPE_SHIFT;
    uint16_t draw[PIECE + 8];
    for (int32_t c = 0; c < width; c += PIECE) {
        int32_t n = width - c < PIECE ? width - c : PIECE;
        int64_t wx = x0 + c, q = wx >= 0 ? wx >> 2 : -((-wx - 1) >> 2) - 1;
        int32_t off = (int32_t)(wx - 4 * q);
        for (int32_t g = 0; 4 * g < off + n; g++) {
            uint64_t h = terrain_hash(t->veg_key, q + g, y);
            for (int j = 0; j < 4; j++)
                draw[4 * g + j] = (uint16_t)(h >> (16 * j));
        }
        uint16_t *out = row + c;
        for (int32_t i = 0; i < n; i++) {
            unsigned w = out[i], h12 = w & H12_MASK;
            uint32_t lake = (w & W_LAKE) ? 0xffffffffu : 0; /* a lake is water at its height */
            unsigned tile = (t->land[h12] & ~(type_bits & lake)) | ((AMZ_TILE_WATER << AMZ_TILE_TYPE_SHIFT) & lake);
            uint32_t thr = t->land_veg[h12] & ~lake;
            tile |= ((w & W_RIVER) ? 1u : 0u) << AMZ_TILE_RIVER_SHIFT;
            tile |= (draw[off + i] < thr ? 1u : 0u) << AMZ_TILE_VEGETATION_SHIFT;
            out[i] = (uint16_t)tile;
        }
    }
}

/* The tile of working word w at world (x, y), with biome b. */
static inline uint16_t make_tile(const tables *t, uint16_t w, int64_t x, int64_t y, unsigned b)
{
    unsigned h = t->h99[w & H12_MASK];
    unsigned type = (w & W_LAKE) ? AMZ_TILE_WATER : t->type[h];
    bool veg = type == AMZ_TILE_EARTH && t->veg[h] && veg_draw(t, x, y) < t->veg[h];
    return amz_tile_make_full(type, b, (w & W_RIVER) != 0, h, veg);
}

uint64_t terrain_finish_bytes(int64_t width, const amz_terrain_options *o)
{
    if (!o->biomes)
        return 0;
    uint64_t ew = (uint64_t)width + 2 * FETCH;
    /* ring rows, two column counts, two prefix sums, the moisture noise row, the
     * upwind maximum. */
    return ew * (2 * RING + 2 + 2 + 8) + (uint64_t)width * (4 + 2) + 4096;
}

/* The biome state: the ring of working rows over the extended width (FETCH columns
 * beyond each side of the window), and running water counts per column. */
typedef struct climate {
    const amz_terrain_options *o;
    const tables *t;
    uint16_t *src;
    size_t stride;
    int64_t x0, y0;
    int32_t width, height, ew;
    uint16_t *ring;         /* RING rows of ew words; W_ABSENT where there is no map */
    uint16_t *water, *have; /* per column: water tiles, present tiles in the ring */
    uint32_t *pw, *ph;      /* prefix sums of water and presence along the centre row */
    int32_t *moist;         /* width: the moisture noise row */
    uint16_t *upmax;        /* width: highest working height upwind */
    int temp_shift, moist_shift;
    amz_terrain_options noise_o; /* the moisture noise's own options */
} climate;

static inline bool is_water(const climate *c, uint16_t w)
{
    return w != W_ABSENT && ((w & W_LAKE) || c->t->h99[w & H12_MASK] < c->o->sand_from);
}

/* Loads world row wy into ring slot `slot`: the window's own rows from the working
 * words (not yet overwritten: the pass only writes rows above those it reads), the
 * rest from the noise of an fbm world, or nothing around a diamond-square map. */
static void fetch(climate *c, int64_t wy, int slot)
{
    uint16_t *dst = c->ring + (size_t)slot * (size_t)c->ew;
    int64_t r = wy - c->y0;
    bool inside = r >= 0 && r < c->height, fbm = c->o->noise == AMZ_NOISE_FBM;
    int64_t xs = c->x0 - FETCH;
    if (!inside) {
        if (fbm)
            terrain_fbm_h12(dst, 0, xs, wy, c->ew, 1, c->o);
        else
            for (int32_t e = 0; e < c->ew; e++)
                dst[e] = W_ABSENT;
        return;
    }
    memcpy(dst + FETCH, c->src + (size_t)r * c->stride, (size_t)c->width * sizeof *dst);
    if (fbm) {
        terrain_fbm_h12(dst, 0, xs, wy, FETCH, 1, c->o);
        terrain_fbm_h12(dst + FETCH + c->width, 0, c->x0 + c->width, wy, FETCH, 1, c->o);
    } else {
        for (int32_t e = 0; e < FETCH; e++)
            dst[e] = dst[FETCH + c->width + e] = W_ABSENT;
    }
}

/* Adds (sign +1) or removes (-1) a ring row from the column counts. */
static void count_row(climate *c, int slot, int sign)
{
    const uint16_t *row = c->ring + (size_t)slot * (size_t)c->ew;
    for (int32_t e = 0; e < c->ew; e++) {
        c->water[e] = (uint16_t)(c->water[e] + sign * is_water(c, row[e]));
        c->have[e] = (uint16_t)(c->have[e] + sign * (row[e] != W_ABSENT));
    }
}

/* Latitude of world row wy: 0 on the equator, 1024 at a pole. A diamond-square map
 * has its equator across the middle and poles on its top and bottom edges; an fbm
 * world has equators at rows 0, +-2*pole, ... and poles halfway between. */
static int32_t latitude(const climate *c, int64_t wy)
{
    if (c->o->noise != AMZ_NOISE_FBM) {
        int64_t h = c->height, d = 2 * wy + 1 - h;
        return (int32_t)((d < 0 ? -d : d) * 1024 / h);
    }
    int64_t p = c->o->pole, ph = (wy < 0 ? -wy : wy) % (2 * p);
    return (int32_t)((ph <= p ? ph : 2 * p - ph) * 1024 / p);
}

/* Whittaker's table, reduced to bands: temperature in degrees C, moisture 0..100+. */
static unsigned whittaker(unsigned type, unsigned h, bool lake, int32_t temp, int32_t moist, unsigned lowland)
{
    if (type == AMZ_TILE_WATER)
        return lake ? AMZ_BIOME_LAKE : AMZ_BIOME_OCEAN;
    if (temp < -8)
        return AMZ_BIOME_SNOW;
    if (type == AMZ_TILE_ROCK)
        return temp < 0 ? AMZ_BIOME_SNOW : AMZ_BIOME_MOUNTAIN;
    if (temp < 0)
        return AMZ_BIOME_TUNDRA;
    if (type == AMZ_TILE_SAND)
        return AMZ_BIOME_BEACH;
    if (temp < 8)
        return moist >= 35 ? AMZ_BIOME_TAIGA : AMZ_BIOME_TUNDRA;
    if (temp < 20) {
        if (moist < 20)
            return AMZ_BIOME_DESERT;
        if (moist < 45)
            return AMZ_BIOME_GRASSLAND;
        return moist >= 75 && h < lowland ? AMZ_BIOME_SWAMP : AMZ_BIOME_FOREST;
    }
    if (moist < 25)
        return AMZ_BIOME_DESERT;
    if (moist < 50)
        return AMZ_BIOME_SAVANNA;
    return moist >= 80 && h < lowland ? AMZ_BIOME_SWAMP : AMZ_BIOME_RAINFOREST;
}

/* One output row r: every term is a function of the ring (rows r-BOX .. r+BOX over
 * the extended width), the row's noise and its latitude, nothing else; that is what
 * makes chunks of an fbm world agree with any window that holds them. */
static void climate_row(climate *c, int32_t r)
{
    int64_t wy = c->y0 + r;
    const uint16_t *mid = c->ring + (size_t)(r % RING) * (size_t)c->ew;
    c->pw[0] = c->ph[0] = 0;
    for (int32_t e = 0; e < c->ew; e++) {
        c->pw[e + 1] = c->pw[e] + is_water(c, mid[e]);
        c->ph[e + 1] = c->ph[e] + (mid[e] != W_ABSENT);
    }
    int32_t lat = latitude(c, wy);
    /* Trade winds below 30 degrees and polar easterlies above 60 blow from the east
     * (toward -x); the westerlies between, from the west. */
    int dir = (lat < 341 || lat > 683) ? -1 : 1;
    for (int32_t x = 0; x < c->width; x++)
        c->upmax[x] = 0;
    for (int k = 1; k <= FETCH; k++) {
        const uint16_t *up = mid + FETCH - dir * k;
        for (int32_t x = 0; x < c->width; x++) {
            uint16_t v = up[x] == W_ABSENT ? 0 : (uint16_t)(up[x] & H12_MASK);
            c->upmax[x] = v > c->upmax[x] ? v : c->upmax[x];
        }
    }
    amz_terrain_fbm(c->moist, c->x0, wy, c->width, &c->noise_o);
    int32_t base_temp = 30 - lat * 45 / 1024 + c->temp_shift;
    uint16_t *out = c->src + (size_t)r * c->stride;
    uint32_t box_w = 0, box_h = 0;
    for (int32_t e = FETCH - BOX; e < FETCH + BOX; e++) {
        box_w += c->water[e];
        box_h += c->have[e];
    }
    unsigned lowland = (unsigned)c->o->earth_from + 8;
    for (int32_t x = 0; x < c->width; x++) {
        int32_t e = x + FETCH;
        box_w += c->water[e + BOX];
        box_h += c->have[e + BOX];
        uint16_t w = mid[e];
        unsigned h = c->t->h99[w & H12_MASK], type = (w & W_LAKE) ? AMZ_TILE_WATER : c->t->type[h];
        /* Upwind share of water over FETCH tiles (from prefix sums of the centre row). */
        int32_t a = dir > 0 ? e - FETCH : e + 1, b = dir > 0 ? e : e + FETCH + 1;
        uint32_t up_w = c->pw[b] - c->pw[a], up_h = c->ph[b] - c->ph[a];
        int32_t moist = 46 + (int32_t)(box_h ? box_w * 30 / box_h : 0) + (int32_t)(up_h ? up_w * 25 / up_h : 0);
        int32_t rise = (int32_t)c->upmax[x] - (int32_t)(w & H12_MASK);
        moist -= rise > 0 ? (rise > 1200 ? 35 : rise * 35 / 1200) : 0;
        moist += c->moist[x] / 1200 + c->moist_shift + ((w & W_RIVER) ? 25 : 0);
        int32_t above = (int32_t)h - (int32_t)c->o->sand_from;
        int32_t temp = base_temp - (above > 0 ? above * 25 / 100 : 0);
        unsigned biome = whittaker(type, h, (w & W_LAKE) != 0, temp, moist, lowland);
        out[x] = make_tile(c->t, w, c->x0 + x, wy, biome);
        box_w -= c->water[e - BOX];
        box_h -= c->have[e - BOX];
    }
}

static amz_status finish_biomes(climate *c, terrain_progress *p, amz_error *err)
{
    size_t ew = (size_t)c->ew, width = (size_t)c->width;
    /* One block: the 32-bit arrays first, so every array is aligned for its type. */
    size_t n32 = 2 * (ew + 1) + width, n16 = ew * (RING + 2) + width;
    uint32_t *mem = amz_malloc(n32 * 4 + n16 * 2);
    if (!mem)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the biome rows of a %d-tile-wide map", c->width);
    c->pw = mem;
    c->ph = c->pw + ew + 1;
    c->moist = (int32_t *)(c->ph + ew + 1);
    c->ring = (uint16_t *)(mem + n32);
    c->water = c->ring + ew * RING;
    c->have = c->water + ew;
    c->upmax = c->have + ew;
    memset(c->water, 0, ew * 2 * sizeof *c->water);
    /* Prime the ring with rows -BOX .. BOX-1; each row r then brings in r+BOX. */
    for (int32_t k = -BOX; k < BOX; k++) {
        int slot = (int)(((k % RING) + RING) % RING);
        fetch(c, c->y0 + k, slot);
        count_row(c, slot, 1);
    }
    for (int32_t r = 0; r < c->height; r++) {
        int in = (r + BOX) % RING;
        fetch(c, c->y0 + r + BOX, in);
        count_row(c, in, 1);
        climate_row(c, r);
        /* Row r-BOX leaves: it is the slot row r+BOX+1 will take. */
        count_row(c, (r + BOX + 1) % RING, -1);
        if (!terrain_progress_at(p, (uint64_t)(r + 1) * (uint64_t)c->width))
            break;
    }
    amz_free(mem);
    return AMZ_OK;
}

/* The plain case (no biomes) in one pass from the raw diamond-square field: each
 * value goes through the scaling table to its 12-bit height and on to its tile in the
 * same step, rows shared among threads (each tile depends on its own value only). */
typedef struct plain_job {
    uint16_t *tiles;
    const uint16_t *scale;
    int32_t lo, width, height;
    const tables *t;
    unsigned workers;
    terrain_progress *p; /* worker 0 reports, for all */
} plain_job;

/* Cloned (core/inline.h) like finish_row, for the scaling's look-ups (AVX2 gathers). */
static AMZ_CLONED void plain_worker(void *ctx, unsigned k)
{
    const plain_job *j = ctx;
    int32_t r0 = (int32_t)((int64_t)j->height * k / j->workers),
            r1 = (int32_t)((int64_t)j->height * (k + 1) / j->workers);
    for (int32_t r = r0; r < r1; r++) {
        uint16_t *row = j->tiles + (size_t)r * (size_t)j->width;
        const int16_t *in = (const int16_t *)row; /* the field, read just before each write */
        for (int32_t x = 0; x < j->width; x++)
            row[x] = j->scale[in[x] - j->lo];
        finish_row(j->t, row, 0, r, j->width);
        if (k == 0 && !terrain_progress_at(j->p, (uint64_t)(r + 1 - r0) * (uint64_t)j->width * j->workers))
            break;
    }
}

void terrain_finish_field(uint16_t *tiles, const uint16_t *scale, int32_t lo, int32_t width, int32_t height,
                          const amz_terrain_options *o, unsigned threads, terrain_progress *p)
{
    tables t;
    tables_init(&t, o);
    plain_job j = {tiles, scale, lo, width, height, &t, threads < 1 ? 1 : threads > PAR_MAX ? PAR_MAX : threads, p};
    if ((uint64_t)width * (uint64_t)height < (1u << 16))
        j.workers = 1;
    par_run(j.workers, plain_worker, &j);
}

amz_status terrain_finish(uint16_t *w, size_t stride, int64_t x0, int64_t y0, int32_t width, int32_t height,
                          const amz_terrain_options *o, terrain_progress *p, amz_error *err)
{
    tables t;
    tables_init(&t, o);
    if (o->biomes) {
        climate c;
        memset(&c, 0, sizeof c);
        c.o = o;
        c.t = &t;
        c.src = w;
        c.stride = stride;
        c.x0 = x0;
        c.y0 = y0;
        c.width = width;
        c.height = height;
        c.ew = width + 2 * FETCH;
        /* Knobs as whole degrees and moisture points: +-20 C, +-40. */
        c.temp_shift = (int)(o->temperature * 20.0 + (o->temperature < 0 ? -0.5 : 0.5));
        c.moist_shift = (int)(o->moisture * 40.0 + (o->moisture < 0 ? -0.5 : 0.5));
        c.noise_o = *o;
        c.noise_o.seed = amz_terrain_key(o->seed, SALT_MOIST);
        c.noise_o.octaves = 2;
        c.noise_o.roughness = 0.5;
        c.noise_o.period = o->period <= 16384 ? o->period * 4 : 65536;
        return finish_biomes(&c, p, err);
    }
    for (int32_t r = 0; r < height; r++) {
        finish_row(&t, w + (size_t)r * stride, x0, y0 + r, width);
        if (!terrain_progress_at(p, (uint64_t)(r + 1) * (uint64_t)width))
            break;
    }
    return AMZ_OK;
}
