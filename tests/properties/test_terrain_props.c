/* test_terrain_props.c — terrain over many seeds and sizes. Diamond-square: every
 * cell is written, output is deterministic by seed and the same on 1 and 2 threads,
 * 2^n+1 (plain) and 2^n (wrapped) squares equal an independent textbook
 * implementation of the documented noise, wrapped maps are seamless (no step across
 * the seam between the last and first column/row exceeds twice the map's own largest
 * neighbour step, while unwrapped edges are far apart), maps classify exactly by their
 * thresholds. fbm: a big window equals the mosaic of its chunks byte for byte (biomes
 * on and off, negative positions). Erosion conserves sediment exactly and never raises
 * a tile above its neighbours' highest; rivers end in water or at the edge and never
 * run uphill; biome shares move monotonically with the temperature and moisture
 * knobs; and the whole process of a generate stays under 2.5 bytes a tile. */
/* wait4 (peak memory of a child) is a BSD and glibc call beyond POSIX. */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "amaze.h"
#include "testutil.h"

static const int sizes[][2] = {
    {1, 1},  {1, 2},  {2, 1},   {2, 2},    {3, 3},    {1, 100},  {100, 1}, {7, 13},    {13, 7},
    {5, 64}, {64, 5}, {33, 33}, {100, 37}, {37, 100}, {129, 65}, {200, 3}, {257, 100}, {300, 300},
};

static int16_t *field(int w, int h, int16_t fill)
{
    int16_t *f = malloc((size_t)w * (size_t)h * sizeof *f);
    assert_non_null(f);
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        f[i] = fill;
    return f;
}

static void run(int16_t *f, int w, int h, double r, bool wrap, uint64_t seed, unsigned threads)
{
    amz_error err;
    if (amz_terrain_diamond_square(f, w, h, r, wrap, seed, threads, &err) != AMZ_OK)
        fail_msg("%dx%d: %s", w, h, err.msg);
}

static void test_cells_range_determinism(void **state)
{
    (void)state;
    static const double rough[] = {0.3, 0.55, 1.0};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        size_t n = (size_t)w * (size_t)h;
        for (int wrap = 0; wrap <= 1; wrap++)
            for (int seed = 0; seed < 6; seed++) {
                double r = rough[seed % 3];
                /* Two different fills give the same field only if every cell is written. */
                int16_t *a = field(w, h, 0x5555), *b = field(w, h, -0x2aaa), *c = field(w, h, 0);
                run(a, w, h, r, wrap, (uint64_t)seed, 1);
                run(b, w, h, r, wrap, (uint64_t)seed, 2);
                run(c, w, h, r, wrap, (uint64_t)seed + 1000, 1);
                if (memcmp(a, b, n * sizeof *a) != 0)
                    fail_msg("%dx%d wrap=%d seed %d: a cell is unwritten or threads differ", w, h, wrap, seed);
                if (n >= 4)
                    assert_true(memcmp(a, c, n * sizeof *a) != 0);
                free(a);
                free(b);
                free(c);
            }
    }
    /* Big enough for the levels that use threads: 1, 2 and 3 threads agree. */
    int16_t *a = field(700, 500, 0), *b = field(700, 500, 1), *c = field(700, 500, 2);
    run(a, 700, 500, 0.6, false, 9, 1);
    run(b, 700, 500, 0.6, false, 9, 2);
    run(c, 700, 500, 0.6, false, 9, 3);
    assert_memory_equal(a, b, 700 * 500 * 2);
    assert_memory_equal(a, c, 700 * 500 * 2);
    free(a);
    free(b);
    free(c);
}

/* ---- the textbook algorithm on 2^n+1 (plain) or 2^n (wrapped) squares ---- */

/* The noise of terrain.h, from its spec: splitmix64's finaliser over the key and the
 * position (x / 2, y), the high half for even x and the low half for odd x, then
 * (u * (2a + 1)) >> 32 - a. Written here again on purpose. */
static uint64_t fin(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int32_t noise(uint64_t key, int x, int y, int32_t a)
{
    uint64_t h = fin(key ^ (((uint64_t)(uint32_t)y << 32) | (uint32_t)(x / 2)));
    uint64_t u = x % 2 ? h & 0xffffffffu : h >> 32;
    return (int32_t)((u * (uint64_t)(2 * a + 1)) >> 32) - a;
}

/* Square of side `size` (2^n+1 plain, 2^n wrapped), n levels; a_0 the largest start
 * whose truncated amplitudes over the levels sum to at most 32767. */
static void textbook(int16_t *f, int size, double rough, bool wrap, uint64_t seed)
{
    uint64_t key = fin(seed ^ 0x6469616d6f6e6473ull);
    int period = wrap ? size : size - 1, levels = 0;
    while ((1 << levels) < period)
        levels++;
    int32_t a0 = 32767;
    for (;; a0--) {
        double amp = a0;
        int64_t sum = 0;
        for (int k = 0; k <= levels; k++, amp *= rough)
            sum += (int64_t)amp;
        if (sum <= 32767)
            break;
    }
#define V(x, y) f[(size_t)(((y) % size + size) % size) * (size_t)size + (size_t)(((x) % size + size) % size)]
    double amp = a0;
    for (int y = 0; y < size; y += period)
        for (int x = 0; x < size; x += period)
            V(x, y) = (int16_t)noise(key, x % size, y % size, a0);
    for (int step = period; step > 1; step /= 2) {
        int half = step / 2;
        amp *= rough;
        int32_t a = (int32_t)amp;
        for (int y = half; y < size; y += step)
            for (int x = half; x < size; x += step) {
                int32_t s = V(x - half, y - half) + V(x + half, y - half) + V(x - half, y + half) + V(x + half, y + half);
                V(x, y) = (int16_t)(s / 4 + noise(key, x, y, a));
            }
        for (int y = 0; y < size; y += step)
            for (int x = half; x < size; x += step) {
                int32_t s = V(x - half, y) + V(x + half, y), c = 2;
                if (wrap || y - half >= 0) {
                    s += V(x, y - half);
                    c++;
                }
                if (wrap || y + half < size) {
                    s += V(x, y + half);
                    c++;
                }
                V(x, y) = (int16_t)(s / c + noise(key, x, y % size, a));
            }
        for (int y = half; y < size; y += step)
            for (int x = 0; x < size; x += step) {
                int32_t s = V(x, y - half) + V(x, y + half), c = 2;
                if (wrap || x - half >= 0) {
                    s += V(x - half, y);
                    c++;
                }
                if (wrap || x + half < size) {
                    s += V(x + half, y);
                    c++;
                }
                V(x, y) = (int16_t)(s / c + noise(key, x % size, y, a));
            }
    }
#undef V
}

static void test_classic_sizes_match_textbook(void **state)
{
    (void)state;
    for (int n = 1; n <= 8; n++)
        for (int wrap = 0; wrap <= 1; wrap++)
            for (uint64_t seed = 0; seed < 4; seed++) {
                int size = (1 << n) + (wrap ? 0 : 1);
                double r = 0.5 + 0.1 * (double)seed; /* amplitudes stay >= 1: same draws */
                int16_t *a = field(size, size, 0), *b = field(size, size, 1);
                run(a, size, size, r, wrap, seed, 1);
                textbook(b, size, r, wrap, seed);
                if (memcmp(a, b, (size_t)size * (size_t)size * sizeof *a) != 0)
                    fail_msg("side %d wrap=%d seed %llu differs from the textbook algorithm", size, wrap,
                             (unsigned long long)seed);
                free(a);
                free(b);
            }
}

/* Largest |difference| between horizontally (dx=1) or vertically adjacent cells that
 * are not across the seam, and the largest across it. */
static void seam_and_interior(const int16_t *f, int w, int h, bool horizontal, int64_t *seam, int64_t *inner)
{
    *seam = 0;
    *inner = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int nx = horizontal ? x + 1 : x, ny = horizontal ? y : y + 1;
            bool across = horizontal ? nx == w : ny == h;
            nx %= w;
            ny %= h;
            int64_t d = (int64_t)f[(size_t)y * w + x] - f[(size_t)ny * w + nx];
            d = d < 0 ? -d : d;
            int64_t *slot = across ? seam : inner;
            *slot = d > *slot ? d : *slot;
        }
}

static void test_wrap_is_seamless(void **state)
{
    (void)state;
    static const int wsizes[][2] = {{64, 64}, {100, 37}, {37, 100}, {129, 129}, {200, 50}, {90, 90}, {255, 17}};
    int64_t plain_seams = 0, wrap_seams = 0;
    for (size_t s = 0; s < sizeof wsizes / sizeof wsizes[0]; s++) {
        int w = wsizes[s][0], h = wsizes[s][1];
        for (uint64_t seed = 0; seed < 30; seed++) {
            double r = seed % 2 ? 0.55 : 0.7;
            for (int wrap = 0; wrap <= 1; wrap++) {
                int16_t *f = field(w, h, 0);
                run(f, w, h, r, wrap, seed, 1);
                for (int horizontal = 0; horizontal <= 1; horizontal++) {
                    int64_t seam, inner;
                    seam_and_interior(f, w, h, horizontal, &seam, &inner);
                    /* The seam is a coarsest-level line, like the centre lines of a
                     * classic map; on 2^n squares its largest step reaches 1.4 times
                     * the interior's over these seeds. Unrelated edges reach the
                     * whole height range. */
                    if (wrap && seam > 2 * inner)
                        fail_msg("%dx%d seed %llu: seam step %lld exceeds twice the map's own largest step %lld", w, h,
                                 (unsigned long long)seed, (long long)seam, (long long)inner);
                    *(wrap ? &wrap_seams : &plain_seams) += seam;
                }
                free(f);
            }
        }
    }
    /* Without wrap the edges are unrelated: their seams are far rougher. */
    assert_true(plain_seams > 3 * wrap_seams);
}

/* Generated maps: heights span 0..99, types follow the thresholds exactly, vegetation
 * only on earth, and the tiles of wrapped maps are seamless too. */
static void test_maps_classify_by_thresholds(void **state)
{
    (void)state;
    static const uint8_t th[][3] = {{40, 45, 75}, {10, 20, 30}, {0, 0, 0}, {100, 100, 100}, {30, 60, 60}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t t = 0; t < sizeof th / sizeof th[0]; t++) {
            amz_terrain_options o;
            amz_terrain_options_init(&o);
            o.seed = s * 31 + t;
            o.wrap = (s + t) % 2;
            o.sand_from = th[t][0];
            o.earth_from = th[t][1];
            o.rock_from = th[t][2];
            amz_terrain m;
            assert_int_equal(amz_terrain_generate(&m, sizes[s][0], sizes[s][1], &o, NULL), AMZ_OK);
            unsigned lo = 99, hi = 0;
            for (int y = 0; y < m.height; y++)
                for (int x = 0; x < m.width; x++) {
                    uint16_t tile = amz_terrain_tile(&m, x, y);
                    unsigned h = amz_tile_height_of(tile), type = amz_tile_type_of(tile);
                    assert_true(h <= 99);
                    lo = h < lo ? h : lo;
                    hi = h > hi ? h : hi;
                    unsigned want = h < o.sand_from    ? AMZ_TILE_WATER
                                    : h < o.earth_from ? AMZ_TILE_SAND
                                    : h < o.rock_from  ? AMZ_TILE_EARTH
                                                       : AMZ_TILE_ROCK;
                    assert_int_equal(type, want);
                    if (amz_tile_vegetation_of(tile))
                        assert_int_equal(type, AMZ_TILE_EARTH);
                }
            if (m.width * m.height >= 2) {
                assert_int_equal(lo, 0);
                assert_int_equal(hi, 99);
            }
            amz_terrain_deinit(&m);
        }
}

/* ---- endless worlds: windows are mosaics of chunks ---- */

static void test_chunk_mosaics(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 12; seed++) {
        amz_terrain_options o;
        amz_terrain_options_init(&o);
        o.noise = AMZ_NOISE_FBM;
        o.seed = seed * 7919;
        o.octaves = 1 + (int)(seed % 8);
        o.period = 16 << (seed % 5);
        o.roughness = 0.4 + 0.05 * (double)(seed % 6);
        o.biomes = seed % 3 != 0;
        o.temperature = seed % 4 == 1 ? 0.5 : 0;
        o.pole = 100 + (int32_t)seed * 37;
        int64_t x0 = (int64_t)seed * 997 - 6000, y0 = 3000 - (int64_t)seed * 1234;
        int32_t w = 173 + (int32_t)seed * 11, h = 97 + (int32_t)seed * 7;
        amz_terrain big;
        amz_error err;
        if (amz_terrain_generate_window(&big, x0, y0, w, h, &o, 2, NULL, &err) != AMZ_OK)
            fail_msg("window: %s", err.msg);
        uint16_t *mosaic = calloc((size_t)w * (size_t)h, 2);
        /* Cut the window at uneven places, the same cuts for every row of chunks. */
        int32_t xs[8] = {0}, ys[8] = {0};
        int nx = 1, ny = 1;
        for (int k = 1; k < 5; k++) {
            xs[nx] = (int32_t)((uint64_t)w * (uint64_t)(k * k + seed) / (26 + seed));
            if (xs[nx] > xs[nx - 1] && xs[nx] < w)
                nx++;
            ys[ny] = (int32_t)((uint64_t)h * (uint64_t)(k + seed % 3) / 7);
            if (ys[ny] > ys[ny - 1] && ys[ny] < h)
                ny++;
        }
        xs[nx] = w;
        ys[ny] = h;
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                int32_t cx = xs[i], cy = ys[j];
                if (amz_terrain_chunk(mosaic + (size_t)cy * (size_t)w + (size_t)cx, (size_t)w, x0 + cx, y0 + cy,
                                      xs[i + 1] - cx, ys[j + 1] - cy, &o, &err) != AMZ_OK)
                    fail_msg("chunk: %s", err.msg);
            }
        if (memcmp(mosaic, big.tiles.data, (size_t)w * (size_t)h * 2) != 0)
            fail_msg("seed %llu: the %d x %d chunk mosaic differs from the %dx%d window", (unsigned long long)seed, nx,
                     ny, w, h);
        /* Every biome share is made of real tiles: the window has land and water. */
        amz_terrain_stats st;
        amz_terrain_measure(&big, &st);
        if (o.biomes)
            assert_true(st.biomes[AMZ_BIOME_NONE] == 0);
        free(mosaic);
        amz_terrain_deinit(&big);
    }
    /* Chunks refuse what needs the whole window, and windows outside the world. */
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    uint16_t buf[16];
    amz_error err;
    assert_int_equal(amz_terrain_chunk(buf, 4, 0, 0, 4, 4, &o, &err), AMZ_EINVAL); /* diamond-square */
    o.noise = AMZ_NOISE_FBM;
    o.rivers = true;
    assert_int_equal(amz_terrain_chunk(buf, 4, 0, 0, 4, 4, &o, &err), AMZ_EINVAL);
    o.rivers = false;
    assert_int_equal(amz_terrain_chunk(buf, 3, 0, 0, 4, 4, &o, &err), AMZ_ERANGE);
    assert_int_equal(amz_terrain_chunk(buf, 4, AMZ_TERRAIN_WORLD_LIMIT - 2, 0, 4, 4, &o, &err), AMZ_ERANGE);
    assert_int_equal(amz_terrain_chunk(buf, 4, -AMZ_TERRAIN_WORLD_LIMIT, 0, 4, 4, &o, &err), AMZ_OK);
}

/* ---- erosion ---- */

static uint16_t *heights16(int w, int h, uint64_t seed, bool wrap)
{
    int16_t *f = field(w, h, 0);
    run(f, w, h, 0.55, wrap, seed, 1);
    uint16_t *u = (uint16_t *)f;
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        u[i] = (uint16_t)(f[i] + 32768);
    return u;
}

static void test_erosion_invariants(void **state)
{
    (void)state;
    static const int es[][2] = {{64, 64}, {129, 80}, {200, 200}, {17, 300}};
    for (size_t s = 0; s < sizeof es / sizeof es[0]; s++)
        for (uint64_t seed = 0; seed < (uint64_t)TU_REPS(6); seed++) { /* 2 under the sanitizers: wrap or not */
            int w = es[s][0], h = es[s][1];
            bool wrap = seed % 2;
            size_t n = (size_t)w * (size_t)h;
            uint16_t *a = heights16(w, h, seed, wrap), *before = malloc(n * 2);
            memcpy(before, a, n * 2);
            amz_terrain_erosion_stats st;
            assert_int_equal(amz_terrain_erode(a, w, h, 1.0 + (double)(seed % 3), seed, wrap, &st, NULL), AMZ_OK);
            uint64_t sb = 0, sa = 0;
            for (size_t i = 0; i < n; i++) {
                sb += before[i];
                sa += a[i];
            }
            if (sb != sa + st.lost)
                fail_msg("%dx%d seed %llu: %llu before, %llu after + %llu lost", w, h, (unsigned long long)seed,
                         (unsigned long long)sb, (unsigned long long)sa, (unsigned long long)st.lost);
            assert_true(st.eroded == st.deposited + st.lost);
            assert_true(st.eroded > 0 && st.deposited > 0 && st.droplets > 0);
            if (wrap)
                assert_true(st.lost * 20 < st.eroded); /* no edge: almost nothing is lost */
            /* No raised tile stands above all of its neighbours. */
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    size_t i = (size_t)y * (size_t)w + (size_t)x;
                    if (a[i] <= before[i])
                        continue;
                    unsigned top = 0;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int nx = x + dx, ny = y + dy;
                            if ((!dx && !dy) || (!wrap && (nx < 0 || ny < 0 || nx >= w || ny >= h)))
                                continue;
                            nx = (nx + w) % w;
                            ny = (ny + h) % h;
                            unsigned v = a[(size_t)ny * (size_t)w + (size_t)nx];
                            top = v > top ? v : top;
                        }
                    if (a[i] > top)
                        fail_msg("%dx%d seed %llu: (%d,%d) raised from %u to %u, above its neighbours' %u", w, h,
                                 (unsigned long long)seed, x, y, before[i], a[i], top);
                }
            /* Deterministic. */
            uint16_t *b = heights16(w, h, seed, wrap);
            assert_int_equal(amz_terrain_erode(b, w, h, 1.0 + (double)(seed % 3), seed, wrap, NULL, NULL), AMZ_OK);
            assert_memory_equal(a, b, n * 2);
            free(a);
            free(b);
            free(before);
        }
}

/* ---- rivers ---- */

/* Every river tile is land and reaches water or the edge by steps that never climb:
 * a river tile is good when it is on the edge, beside water no higher than itself, or
 * beside a good river tile no higher than itself; all must be good. */
static void check_rivers(const amz_terrain *t, const char *what)
{
    int w = t->width, h = t->height;
    size_t n = (size_t)w * (size_t)h;
    uint8_t *good = calloc(n, 1);
    uint64_t rivers = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint16_t tile = amz_terrain_tile(t, x, y);
                size_t i = (size_t)y * (size_t)w + (size_t)x;
                if (!amz_tile_river_of(tile) || good[i])
                    continue;
                unsigned ht = amz_tile_height_of(tile);
                bool ok = !t->options.wrap && (x == 0 || y == 0 || x == w - 1 || y == h - 1);
                for (int d = 0; d < 9 && !ok; d++) {
                    int nx = x + d % 3 - 1, ny = y + d / 3 - 1;
                    if (t->options.wrap) {
                        nx = (nx + w) % w;
                        ny = (ny + h) % h;
                    } else if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
                        continue;
                    }
                    uint16_t v = amz_terrain_tile(t, nx, ny);
                    size_t j = (size_t)ny * (size_t)w + (size_t)nx;
                    if (j != i && amz_tile_height_of(v) <= ht &&
                        (amz_tile_type_of(v) == AMZ_TILE_WATER || (amz_tile_river_of(v) && good[j])))
                        ok = true;
                }
                if (ok) {
                    good[i] = 1;
                    changed = true;
                }
            }
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint16_t tile = amz_terrain_tile(t, x, y);
            if (!amz_tile_river_of(tile))
                continue;
            rivers++;
            if (amz_tile_type_of(tile) == AMZ_TILE_WATER)
                fail_msg("%s: river tile (%d,%d) is water", what, x, y);
            if (!good[(size_t)y * (size_t)w + (size_t)x])
                fail_msg("%s: the river at (%d,%d) never reaches water or the edge downhill", what, x, y);
        }
    if (!rivers)
        fail_msg("%s: no rivers", what);
    free(good);
}

/* Lakes (water tiles at land heights, where a river ended in a hollow) are water:
 * never vegetated, whatever the vegetation chance of their height. Returns how many
 * lakes stand at earth heights, where vegetation would grow on land. */
static uint64_t check_lakes(const amz_terrain *t, const char *what)
{
    uint64_t lakes = 0;
    for (int y = 0; y < t->height; y++)
        for (int x = 0; x < t->width; x++) {
            uint16_t tile = amz_terrain_tile(t, x, y);
            if (amz_tile_type_of(tile) != AMZ_TILE_WATER)
                continue;
            if (amz_tile_vegetation_of(tile))
                fail_msg("%s: water tile (%d,%d) has vegetation", what, x, y);
            unsigned h = amz_tile_height_of(tile);
            lakes += h >= t->options.earth_from && h < t->options.rock_from;
        }
    return lakes;
}

static void test_rivers_run_downhill(void **state)
{
    (void)state;
    uint64_t lakes = 0;
    for (uint64_t seed = 0; seed < 16; seed++) {
        amz_terrain_options o;
        amz_terrain_options_init(&o);
        o.seed = seed;
        o.rivers = true;
        o.noise = seed % 2 ? AMZ_NOISE_FBM : AMZ_NOISE_DIAMOND_SQUARE;
        o.wrap = seed % 4 == 2;
        o.erosion = seed % 3 == 0 ? 0.5 : 0;
        o.biomes = seed % 5 == 0;
        o.vegetation = 1.0; /* every earth tile vegetated: a lake must still not be */
        amz_terrain t;
        assert_int_equal(amz_terrain_generate_window(&t, 0, 0, 257, 200, &o, 1, NULL, NULL), AMZ_OK);
        char what[64];
        snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
        check_rivers(&t, what);
        lakes += check_lakes(&t, what);
        amz_terrain_deinit(&t);
    }
    /* The lake check ran where it can fail. */
    assert_true(lakes > 0);
}

/* ---- biomes ---- */

/* Share of the land (tiles that are not ocean or lake) in the biomes of set. */
static double share(const amz_terrain_stats *s, const unsigned *set, int n)
{
    uint64_t k = 0, land = s->tiles - s->biomes[AMZ_BIOME_OCEAN] - s->biomes[AMZ_BIOME_LAKE];
    for (int i = 0; i < n; i++)
        k += s->biomes[set[i]];
    return land ? (double)k / (double)land : 0;
}

static void test_biome_knobs_are_monotone(void **state)
{
    (void)state;
    static const unsigned cold[] = {AMZ_BIOME_SNOW, AMZ_BIOME_TUNDRA, AMZ_BIOME_TAIGA};
    static const unsigned snow[] = {AMZ_BIOME_SNOW};
    static const unsigned dry[] = {AMZ_BIOME_DESERT};
    static const unsigned wet[] = {AMZ_BIOME_FOREST, AMZ_BIOME_RAINFOREST, AMZ_BIOME_SWAMP, AMZ_BIOME_TAIGA};
    static const double knob[] = {-1, -0.6, -0.25, 0, 0.3, 0.7, 1};
    for (uint64_t seed = 0; seed < 6; seed++)
        for (int which = 0; which < 2; which++) {
            double prev_cold = 2, prev_snow = 2, prev_dry = 2, prev_wet = -1;
            uint16_t *first = NULL;
            for (size_t k = 0; k < sizeof knob / sizeof knob[0]; k++) {
                amz_terrain_options o;
                amz_terrain_options_init(&o);
                o.seed = seed;
                o.biomes = true;
                o.noise = seed % 2 ? AMZ_NOISE_FBM : AMZ_NOISE_DIAMOND_SQUARE;
                o.pole = 150;
                o.period = 64; /* many features in the window: land and sea */
                *(which ? &o.moisture : &o.temperature) = knob[k];
                amz_terrain t;
                assert_int_equal(amz_terrain_generate(&t, 240, 160, &o, NULL), AMZ_OK);
                amz_terrain_stats s;
                amz_terrain_measure(&t, &s);
                /* The knobs move biomes only: every other bit stays. */
                if (!first) {
                    first = malloc(240 * 160 * 2);
                    memcpy(first, t.tiles.data, 240 * 160 * 2);
                }
                for (int i = 0; i < 240 * 160; i++)
                    assert_int_equal(first[i] & ~0x3c00, ((uint16_t *)t.tiles.data)[i] & ~0x3c00);
                double c = share(&s, cold, 3), sn = share(&s, snow, 1), d = share(&s, dry, 1), w = share(&s, wet, 4);
                if (!which && (c > prev_cold || sn > prev_snow))
                    fail_msg("seed %llu temperature %g: cold %.4f (was %.4f), snow %.4f (was %.4f)",
                             (unsigned long long)seed, knob[k], c, prev_cold, sn, prev_snow);
                if (which && (d > prev_dry || w < prev_wet))
                    fail_msg("seed %llu moisture %g: desert %.4f (was %.4f), wet %.4f (was %.4f)",
                             (unsigned long long)seed, knob[k], d, prev_dry, w, prev_wet);
                prev_cold = c;
                prev_snow = sn;
                prev_dry = d;
                prev_wet = w;
                amz_terrain_deinit(&t);
            }
            /* From one end of the knob to the other the shares really move. */
            if (which ? prev_wet < 0.05 : prev_cold > 0.5)
                fail_msg("seed %llu: at the knob's end, %s %.4f", (unsigned long long)seed, which ? "wet" : "cold",
                         which ? prev_wet : prev_cold);
            free(first);
        }
}

/* ---- peak memory of the whole process ---- */

/* Peak resident kilobytes of a child that generates a w x h map (or nothing, w = 0)
 * and writes it to /dev/null. */
static long child_peak_kb(int w, int h, const amz_terrain_options *o)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (w) {
            amz_terrain t;
            if (amz_terrain_generate_window(&t, 0, 0, w, h, o, 2, NULL, NULL) ||
                amz_terrain_save(&t, "/dev/null", NULL))
                _exit(1);
            amz_terrain_deinit(&t);
        }
        _exit(0);
    }
    int status;
    struct rusage ru;
    assert_int_equal(wait4(pid, &status, 0, &ru), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    return ru.ru_maxrss;
}

static void test_peak_memory(void **state)
{
    (void)state;
#if AMZ_TEST_SANITIZED /* AddressSanitizer's shadow memory and quarantine count in the peak */
    (void)child_peak_kb;
    print_message("peak memory: not measured under AddressSanitizer (its shadow memory counts)\n");
#else
    long base = child_peak_kb(0, 0, NULL);
    static const int ps[][2] = {{2048, 2048}, {3000, 2000}, {4096, 1024}};
    for (size_t s = 0; s < sizeof ps / sizeof ps[0]; s++)
        for (int variant = 0; variant < 3; variant++) {
            amz_terrain_options o;
            amz_terrain_options_init(&o);
            o.seed = 5;
            o.noise = variant == 1 ? AMZ_NOISE_FBM : AMZ_NOISE_DIAMOND_SQUARE;
            o.biomes = variant == 2;
            long kb = child_peak_kb(ps[s][0], ps[s][1], &o);
            double per_tile = (double)(kb - base) * 1024.0 / ((double)ps[s][0] * ps[s][1]);
            print_message("%dx%d variant %d: %.3f bytes a tile beyond the %ld KB of an empty process\n", ps[s][0],
                          ps[s][1], variant, per_tile, base);
            if (per_tile > 2.5)
                fail_msg("%dx%d variant %d: %.3f bytes a tile", ps[s][0], ps[s][1], variant, per_tile);
        }
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cells_range_determinism),
        cmocka_unit_test(test_classic_sizes_match_textbook),
        cmocka_unit_test(test_wrap_is_seamless),
        cmocka_unit_test(test_maps_classify_by_thresholds),
        cmocka_unit_test(test_chunk_mosaics),
        cmocka_unit_test(test_erosion_invariants),
        cmocka_unit_test(test_rivers_run_downhill),
        cmocka_unit_test(test_biome_knobs_are_monotone),
        cmocka_unit_test(test_peak_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
