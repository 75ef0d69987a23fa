/* test_terrain_props.c — diamond-square over many seeds and sizes: every cell is
 * written, values stay within the amplitude bound, output is deterministic by seed
 * and differs between seeds, 2^n+1 (plain) and 2^n (wrapped) squares equal an
 * independent textbook implementation draw for draw, wrapped maps are seamless (no
 * step across the seam between the last and first column/row exceeds twice the map's
 * own largest neighbour step, while unwrapped edges are far apart), and generated
 * maps classify exactly by their thresholds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze.h"

static const int sizes[][2] = {
    {1, 1},  {1, 2},  {2, 1},   {2, 2},    {3, 3},    {1, 100},  {100, 1}, {7, 13},    {13, 7},
    {5, 64}, {64, 5}, {33, 33}, {100, 37}, {37, 100}, {129, 65}, {200, 3}, {257, 100}, {300, 300},
};

static int32_t *field(int w, int h)
{
    int32_t *f = malloc((size_t)w * (size_t)h * sizeof *f);
    assert_non_null(f);
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        f[i] = INT32_MIN; /* never a value: the bound is far below 2^31 */
    return f;
}

static void run(int32_t *f, int w, int h, double r, bool wrap, uint64_t seed)
{
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_error err;
    if (amz_terrain_diamond_square(f, w, h, r, wrap, &rng, &err) != AMZ_OK)
        fail_msg("%dx%d: %s", w, h, err.msg);
}

/* Sum of the noise amplitudes over 40 levels (more than any map has): no value may
 * exceed it. Computed with the same IEEE products as the documented schedule. */
static double amplitude_bound(double r)
{
    double a = AMZ_TERRAIN_AMPLITUDE, sum = 0;
    for (int k = 0; k < 40; k++, a *= r)
        sum += a;
    return sum;
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
                int32_t *a = field(w, h), *b = field(w, h), *c = field(w, h);
                run(a, w, h, r, wrap, (uint64_t)seed);
                run(b, w, h, r, wrap, (uint64_t)seed);
                run(c, w, h, r, wrap, (uint64_t)seed + 1000);
                double bound = amplitude_bound(r);
                for (size_t i = 0; i < n; i++) {
                    if (a[i] == INT32_MIN)
                        fail_msg("%dx%d wrap=%d: cell %zu never written", w, h, wrap, i);
                    if (a[i] > bound || a[i] < -bound)
                        fail_msg("%dx%d: value %d beyond the bound %.0f", w, h, a[i], bound);
                }
                assert_memory_equal(a, b, n * sizeof *a);
                if (n >= 4)
                    assert_true(memcmp(a, c, n * sizeof *a) != 0);
                free(a);
                free(b);
                free(c);
            }
    }
}

/* ---- the textbook algorithm on 2^n+1 (plain) or 2^n (wrapped) squares ---- */

static int32_t noise(amz_rng *r, uint32_t a)
{
    return (int32_t)amz_rng_below(r, 2 * a + 1) - (int32_t)a;
}

/* Square of side `size` (2^n+1 plain, 2^n wrapped); one draw per point in the order
 * squares row by row, then horizontal edge midpoints row by row, then vertical ones. */
static void textbook(int32_t *f, int size, double rough, bool wrap, uint64_t seed)
{
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    int period = wrap ? size : size - 1;
#define V(x, y) f[(size_t)(((y) % size + size) % size) * (size_t)size + (size_t)(((x) % size + size) % size)]
    double amp = AMZ_TERRAIN_AMPLITUDE;
    for (int y = 0; y < size; y += period)
        for (int x = 0; x < size; x += period)
            V(x, y) = noise(&rng, (uint32_t)amp);
    for (int step = period; step > 1; step /= 2) {
        int half = step / 2;
        amp *= rough;
        uint32_t a = (uint32_t)amp;
        for (int y = half; y < size; y += step)
            for (int x = half; x < size; x += step) {
                int64_t s = (int64_t)V(x - half, y - half) + V(x + half, y - half) + V(x - half, y + half) +
                            V(x + half, y + half);
                V(x, y) = (int32_t)(s / 4) + noise(&rng, a);
            }
        for (int y = 0; y < size; y += step)
            for (int x = half; x < size; x += step) {
                int64_t s = (int64_t)V(x - half, y) + V(x + half, y);
                int c = 2;
                if (wrap || y - half >= 0) {
                    s += V(x, y - half);
                    c++;
                }
                if (wrap || y + half < size) {
                    s += V(x, y + half);
                    c++;
                }
                V(x, y) = (int32_t)(s / c) + noise(&rng, a);
            }
        for (int y = half; y < size; y += step)
            for (int x = 0; x < size; x += step) {
                int64_t s = (int64_t)V(x, y - half) + V(x, y + half);
                int c = 2;
                if (wrap || x - half >= 0) {
                    s += V(x - half, y);
                    c++;
                }
                if (wrap || x + half < size) {
                    s += V(x + half, y);
                    c++;
                }
                V(x, y) = (int32_t)(s / c) + noise(&rng, a);
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
                int32_t *a = field(size, size), *b = field(size, size);
                run(a, size, size, r, wrap, seed);
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
static void seam_and_interior(const int32_t *f, int w, int h, bool horizontal, int64_t *seam, int64_t *inner)
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
                int32_t *f = field(w, h);
                run(f, w, h, r, wrap, seed);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cells_range_determinism),
        cmocka_unit_test(test_classic_sizes_match_textbook),
        cmocka_unit_test(test_wrap_is_seamless),
        cmocka_unit_test(test_maps_classify_by_thresholds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
