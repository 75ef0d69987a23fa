/* erosion.c — hydraulic erosion by droplets, on the tile grid, in integers. After
 * Beyer, "Implementation of a method for hydraulic erosion" (TU Munich, 2015), and
 * libtcod's rain erosion, simplified to steepest descent over the 8 neighbours: a
 * droplet's sediment capacity grows with the drop to the next tile and its water; on
 * slopes it takes sediment (never more than half that drop, so it never digs a tile
 * below the tile it goes on to), where it carries too much it drops some (never
 * raising a tile above its highest neighbour), and it fills the pits it meets. Every
 * unit taken is held or put down or counted as lost, so sediment is conserved
 * exactly. A bitmap marks the tiles deposits raised; no tile is worn below a raised
 * neighbour, so a raised tile keeps a neighbour at least as high for good. */
#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/error.h"
#include "terrain/terrain_impl.h"

enum {
    LIFETIME = 48,   /* steps a droplet lives */
    WATER0 = 1024,   /* starting water, 10-bit fixed point */
    CAPACITY = 8,    /* sediment per unit of drop at full water */
    MAX_CARRY = 4096 /* cap on what one droplet holds, so pits fill gradually */
};

static const int8_t dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int8_t dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

typedef struct field {
    uint16_t *h;
    uint8_t *raised; /* one bit a tile: a deposit raised it */
    int32_t w, ht;
    bool wrap;
} field;

static inline void mark(const field *f, int64_t i)
{
    f->raised[i >> 3] |= (uint8_t)(1u << (i & 7));
}

static inline bool is_raised(const field *f, int64_t i)
{
    return (f->raised[i >> 3] >> (i & 7)) & 1;
}

/* Index of the neighbour in direction d of (x, y), or -1 off the map. */
static inline int64_t neighbour(const field *f, int32_t x, int32_t y, int d, int32_t *nx, int32_t *ny)
{
    int32_t a = x + dx8[d], b = y + dy8[d];
    if (f->wrap) {
        a = a < 0 ? a + f->w : a >= f->w ? a - f->w : a;
        b = b < 0 ? b + f->ht : b >= f->ht ? b - f->ht : b;
    } else if (a < 0 || b < 0 || a >= f->w || b >= f->ht) {
        return -1;
    }
    *nx = a;
    *ny = b;
    return (int64_t)b * f->w + a;
}

/* The lowest and the highest neighbour heights; *low_d the lowest's direction (the
 * first of equals, in the fixed order of dx8), -1 if there is none; *floor the highest
 * raised neighbour (0 if none). *edge: some neighbour is off the map. */
static void survey(const field *f, int32_t x, int32_t y, int *low_d, uint32_t *low, uint32_t *high, uint32_t *floor,
                   bool *edge)
{
    *low_d = -1;
    *low = UINT32_MAX;
    *high = 0;
    *floor = 0;
    *edge = false;
    for (int d = 0; d < 8; d++) {
        int32_t nx, ny;
        int64_t i = neighbour(f, x, y, d, &nx, &ny);
        if (i < 0) {
            *edge = true;
            continue;
        }
        uint32_t v = f->h[i];
        if (v < *low) {
            *low = v;
            *low_d = d;
        }
        *high = v > *high ? v : *high;
        if (v > *floor && is_raised(f, i))
            *floor = v;
    }
}

/* Puts down up to `s` at (x, y) without passing its highest neighbour; returns what
 * was put down. */
static uint32_t put(const field *f, int32_t x, int32_t y, uint32_t s)
{
    int d;
    uint32_t low, high, floor;
    bool edge;
    survey(f, x, y, &d, &low, &high, &floor, &edge);
    int64_t i = (int64_t)y * f->w + x;
    uint16_t *p = &f->h[i];
    uint32_t room = high > *p ? high - *p : 0, amt = s < room ? s : room;
    *p = (uint16_t)(*p + amt);
    if (amt)
        mark(f, i);
    return amt;
}

static void droplet(const field *f, int32_t x, int32_t y, amz_terrain_erosion_stats *st)
{
    uint32_t sed = 0, water = WATER0;
    for (int step = 0; step < LIFETIME && water > 0; step++) {
        int d;
        uint32_t low, high, floor;
        bool edge;
        survey(f, x, y, &d, &low, &high, &floor, &edge);
        int64_t at = (int64_t)y * f->w + x;
        uint16_t *p = &f->h[at];
        if (d < 0 || (edge && low >= *p)) {
            /* Nowhere lower on the map: the water runs off the edge with its load. */
            st->lost += sed;
            return;
        }
        int32_t nx = x, ny = y;
        neighbour(f, x, y, d, &nx, &ny);
        if (low >= *p) {
            /* A pit or a flat: fill it up to its lowest neighbour (which stays at or
             * below the highest), then go on over the spill point. */
            uint32_t fill = low - *p < sed ? low - *p : sed;
            *p = (uint16_t)(*p + fill);
            sed -= fill;
            st->deposited += fill;
            if (fill)
                mark(f, at);
            if (sed == 0)
                return;
        } else {
            uint32_t drop = *p - low, cap = drop * CAPACITY * water / WATER0;
            cap = cap > MAX_CARRY ? MAX_CARRY : cap;
            if (sed > cap) {
                uint32_t amt = put(f, x, y, (sed - cap + 1) / 2);
                sed -= amt;
                st->deposited += amt;
            } else {
                /* Never below half the drop, nor below a raised neighbour. */
                uint32_t take = (cap - sed) / 4, most = drop / 2, keep = *p > floor ? *p - floor : 0;
                take = take < most ? take : most;
                take = take < keep ? take : keep;
                *p = (uint16_t)(*p - take);
                sed += take;
                st->eroded += take;
            }
        }
        x = nx;
        y = ny;
        water -= water / 32 + 1; /* evaporation */
    }
    /* Dead: put the load down here, then downhill from here, a few tiles at most. */
    for (int k = 0; k < 16 && sed > 0; k++) {
        uint32_t amt = put(f, x, y, sed);
        sed -= amt;
        st->deposited += amt;
        int d;
        uint32_t low, high, floor;
        bool edge;
        survey(f, x, y, &d, &low, &high, &floor, &edge);
        if (d < 0)
            break;
        neighbour(f, x, y, d, &x, &y);
    }
    st->lost += sed;
}

uint64_t terrain_erosion_bytes(int64_t width, int64_t height)
{
    return ((uint64_t)width * (uint64_t)height + 7) / 8;
}

amz_status amz_terrain_erode(uint16_t *h, int32_t width, int32_t height, double droplets_per_tile, uint64_t seed,
                             bool wrap, amz_terrain_erosion_stats *s, amz_error *err)
{
    amz_terrain_erosion_stats local = {0, 0, 0, 0};
    if (!s)
        s = &local;
    *s = local;
    if (width < 1 || height < 1 || !(droplets_per_tile >= 0 && droplets_per_tile <= 8))
        return amz_errorf(err, AMZ_ERANGE, "erosion of a %dx%d map with %g droplets a tile: sizes must be at least 1, "
                          "droplets 0 to 8", width, height, droplets_per_tile);
    uint64_t n = (uint64_t)width * (uint64_t)height;
    uint8_t *raised = amz_calloc((size_t)terrain_erosion_bytes(width, height), 1);
    if (!raised)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for erosion's bitmap of %dx%d tiles", width, height);
    field f = {h, raised, width, height, wrap};
    uint64_t count = (uint64_t)((double)n * droplets_per_tile);
    uint64_t key = amz_terrain_key(seed, SALT_DROPLET);
    for (uint64_t i = 0; i < count; i++) {
        /* Droplet i starts at a hashed tile: any order of droplets could be chosen,
         * this one is fixed so that maps repeat. */
        uint64_t r = terrain_hash(key, (int64_t)(i & 0xffffffffu), (int64_t)(i >> 32));
        uint64_t at = r % n; /* bias below n / 2^64: invisible */
        droplet(&f, (int32_t)(at % (uint64_t)width), (int32_t)(at / (uint64_t)width), s);
    }
    s->droplets = count;
    amz_free(raised);
    return AMZ_OK;
}
