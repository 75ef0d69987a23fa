/* rivers.c — rivers that run downhill to water or off the map. Sources are hashed
 * tiles in the hills; each river follows steepest descent over the 8 neighbours (D8,
 * O'Callaghan & Mark 1984) until it meets water, another river or the map's edge. In a
 * pit it looks, breadth first within a 127x127 window, for the nearest way on (a lower
 * tile, water, a river, the edge) through ground at most a sill above the pit, and cuts
 * the channel down to the pit's level (depression breaching, Lindsay 2016); with none,
 * the pit becomes a lake. Heights along every river therefore never rise. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/terrain.h"
#include "core/error.h"
#include "terrain/terrain_impl.h"

enum {
    SPAN = 63,               /* the search window reaches SPAN tiles each way */
    SIDE = 2 * SPAN + 1,     /* 127 */
    CELLS = SIDE * SIDE,     /* 16129 */
    SILL = 160,              /* a breach cuts through at most this much ground (12-bit units) */
    SOURCE_ONE_IN = 300,     /* about one eligible tile in this many starts a river */
    MAX_STEPS = 1 << 22      /* a river this long is surely done */
};

static const int8_t dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int8_t dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

typedef struct rivers {
    uint16_t *w;
    int32_t width, height;
    bool wrap;
    uint8_t water_below; /* 12-bit heights below this are the sea (sand_from in 12 bits) */
    uint16_t sea;
    int32_t *queue;      /* CELLS window positions */
    uint8_t *from;       /* CELLS: direction the search came from + 1; 0 = not seen */
} rivers;

static inline bool is_water(const rivers *r, uint16_t w)
{
    return (w & W_LAKE) || (w & H12_MASK) < r->sea;
}

/* (x, y) moved in direction d, wrapped or refused (false) off the map. */
static inline bool step(const rivers *r, int32_t *x, int32_t *y, int d)
{
    int32_t a = *x + dx8[d], b = *y + dy8[d];
    if (r->wrap) {
        a = a < 0 ? a + r->width : a >= r->width ? a - r->width : a;
        b = b < 0 ? b + r->height : b >= r->height ? b - r->height : b;
    } else if (a < 0 || b < 0 || a >= r->width || b >= r->height) {
        return false;
    }
    *x = a;
    *y = b;
    return true;
}

static inline uint16_t *at(const rivers *r, int32_t x, int32_t y)
{
    return &r->w[(size_t)y * (size_t)r->width + (size_t)x];
}

static inline bool on_edge(const rivers *r, int32_t x, int32_t y)
{
    return !r->wrap && (x == 0 || y == 0 || x == r->width - 1 || y == r->height - 1);
}

/* From the pit (px, py) at height h0: breadth-first over the window for the nearest
 * tile where the river can go on. On success cuts the path to h0 (never below what a
 * tile already is), marks it, moves (*px, *py) there and returns true. */
static bool breach(rivers *r, int32_t *px, int32_t *py, uint16_t h0)
{
    memset(r->from, 0, CELLS);
    int32_t head = 0, tail = 0, c0 = SPAN * SIDE + SPAN;
    r->queue[tail++] = c0;
    r->from[c0] = 9; /* the start: any non-zero value outside 1..8 */
    while (head < tail) {
        int32_t c = r->queue[head++];
        int32_t cx = c % SIDE, cy = c / SIDE;
        int32_t x0 = *px + (cx - SPAN), y0 = *py + (cy - SPAN);
        if (r->wrap) { /* a small torus may show a tile in several window cells */
            x0 = ((x0 % r->width) + r->width) % r->width;
            y0 = ((y0 % r->height) + r->height) % r->height;
        }
        for (int d = 0; d < 8; d++) {
            int32_t nx = cx + dx8[d], ny = cy + dy8[d];
            if (nx < 0 || ny < 0 || nx >= SIDE || ny >= SIDE || r->from[ny * SIDE + nx])
                continue;
            int32_t x = x0, y = y0;
            if (!step(r, &x, &y, d))
                continue;
            uint16_t v = *at(r, x, y), hv = (uint16_t)(v & H12_MASK);
            /* Other rivers are walls unless lower: cutting one could make it run
             * uphill, and joining one at the same height could close a loop. */
            if (hv > h0 + SILL || ((v & W_RIVER) && hv >= h0))
                continue;
            r->from[ny * SIDE + nx] = (uint8_t)(d + 1);
            bool goal = hv < h0 || is_water(r, v) || on_edge(r, x, y);
            if (!goal) {
                r->queue[tail++] = ny * SIDE + nx;
                continue;
            }
            /* An edge tile above the pit is cut too, so the river never climbs. */
            uint16_t *g = at(r, x, y);
            if (!is_water(r, v) && hv > h0)
                *g = (uint16_t)((*g & ~H12_MASK) | h0);
            /* Walk the path back, cutting every tile on it (not the goal) to h0. */
            int32_t gx = x, gy = y, k = ny * SIDE + nx;
            while (k != c0) {
                int dd = r->from[k] - 1;
                int32_t kx = k % SIDE - dx8[dd], ky = k / SIDE - dy8[dd];
                k = ky * SIDE + kx;
                if (k == c0)
                    break;
                int32_t tx = *px + (kx - SPAN), ty = *py + (ky - SPAN);
                if (r->wrap) { /* the same normalisation as the search's */
                    tx = ((tx % r->width) + r->width) % r->width;
                    ty = ((ty % r->height) + r->height) % r->height;
                }
                uint16_t *t = at(r, tx, ty);
                if ((*t & H12_MASK) > h0)
                    *t = (uint16_t)((*t & ~H12_MASK) | h0);
                *t |= W_RIVER;
            }
            *px = gx;
            *py = gy;
            return true;
        }
    }
    return false;
}

/* Follows one river from (x, y) until it ends; marks its tiles. */
static void trace(rivers *r, int32_t x, int32_t y)
{
    for (int64_t n = 0; n < MAX_STEPS; n++) {
        uint16_t *t = at(r, x, y);
        if (is_water(r, *t) || (n > 0 && (*t & W_RIVER)))
            return; /* into the sea, a lake, or another river that goes on from here */
        *t |= W_RIVER;
        uint16_t h = (uint16_t)(*t & H12_MASK), low = UINT16_MAX;
        int best = -1;
        bool edge = false;
        for (int d = 0; d < 8; d++) {
            int32_t nx = x, ny = y;
            if (!step(r, &nx, &ny, d)) {
                edge = true;
                continue;
            }
            uint16_t v = (uint16_t)(*at(r, nx, ny) & H12_MASK);
            if (v < low) {
                low = v;
                best = d;
            }
        }
        if (best >= 0 && low < h) {
            step(r, &x, &y, best);
            continue;
        }
        if (edge)
            return; /* runs off the map */
        if (!breach(r, &x, &y, h)) {
            *t = (uint16_t)((*t & ~W_RIVER) | W_LAKE);
            return;
        }
    }
}

uint64_t terrain_rivers_bytes(void)
{
    return (uint64_t)CELLS * (sizeof(int32_t) + 1) + 4096;
}

amz_status terrain_rivers(uint16_t *w, int32_t width, int32_t height, const amz_terrain_options *o,
                          terrain_progress *p, amz_error *err)
{
    rivers r = {w, width, height, o->wrap, 0, 0, NULL, NULL};
    /* The sea in 12-bit units: the lowest 12-bit height whose tile height is sand. */
    uint16_t sea = 0;
    while (sea <= H12_MAX && h12_to_h99(sea) < o->sand_from)
        sea++;
    r.sea = sea;
    uint16_t hills = 0;
    unsigned hill_h99 = o->earth_from + (o->rock_from - o->earth_from) / 4;
    while (hills <= H12_MAX && h12_to_h99(hills) < hill_h99)
        hills++;
    uint8_t *mem = amz_malloc((size_t)CELLS * (sizeof(int32_t) + 1));
    if (!mem)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the river search window");
    r.queue = (int32_t *)mem;
    r.from = mem + (size_t)CELLS * sizeof(int32_t);
    uint64_t key = amz_terrain_key(o->seed, SALT_RIVER);
    for (int32_t y = 0; y < height; y++) {
        for (int32_t x = 0; x < width; x++) {
            uint16_t v = w[(size_t)y * (size_t)width + (size_t)x];
            if ((v & H12_MASK) >= hills && !(v & (W_RIVER | W_LAKE)) &&
                terrain_below(terrain_hash(key, x, y), SOURCE_ONE_IN) == 0)
                trace(&r, x, y);
        }
        if (!terrain_progress_at(p, (uint64_t)(y + 1) * (uint64_t)width))
            break;
    }
    amz_free(mem);
    return AMZ_OK;
}
