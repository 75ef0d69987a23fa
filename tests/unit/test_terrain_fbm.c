/* test_terrain_fbm.c — the fbm noise against a reference written tile by tile in plain
 * 64-bit arithmetic (the form noise.c had before its rows were vectorised): Perlin's
 * gradient noise with the quintic fade in 16.16 fixed point, octaves summed with
 * amp_0 = 4096 and amp_{k+1} = floor(amp_k * roughness), the sum divided by the total
 * weight and halved, clamped to int16. noise.c computes the same integers in 32-bit
 * pieces (and in AVX2 where the machine has it), with a double division and with
 * each row's fades shared by a window's rows: any slip in those shows here as a
 * differing tile. Also the height rows the generator and chunks use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze.h"
#include "terrain/terrain_impl.h"
#include "testutil.h"

static const int grad_x[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int grad_y[8] = {0, 0, 1, -1, 1, 1, -1, -1};

static int64_t floor_div(int64_t v, int64_t d)
{
    int64_t q = v / d;
    return q * d > v ? q - 1 : q;
}

static int64_t ref_fade(int64_t u)
{
    int64_t u2 = (u * u) / 65536, u3 = (u2 * u) / 65536;
    int64_t inner = floor_div(u * (6 * u - 15 * 65536), 65536) + 10 * 65536;
    return (u3 * inner) / 65536;
}

static int64_t ref_lerp(int64_t a, int64_t b, int64_t f)
{
    return a + floor_div((b - a) * f, 65536);
}

/* One octave (cell side 2^s tiles) at one tile. */
static int64_t ref_noise(uint64_t key, int s, int64_t x, int64_t y)
{
    int64_t cell = (int64_t)1 << s, cx = floor_div(x, cell), cy = floor_div(y, cell);
    int64_t fx = (x - cx * cell) * (65536 / cell), fy = (y - cy * cell) * (65536 / cell);
    int64_t d[2][2];
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            unsigned g = (unsigned)(amz_terrain_hash(key, cx + i, cy + j) >> 61);
            d[j][i] = grad_x[g] * (fx - 65536 * i) + grad_y[g] * (fy - 65536 * j);
        }
    int64_t u = ref_fade(fx);
    return ref_lerp(ref_lerp(d[0][0], d[0][1], u), ref_lerp(d[1][0], d[1][1], u), ref_fade(fy));
}

static int32_t ref_fbm(const amz_terrain_options *o, int64_t x, int64_t y)
{
    int s0 = 0;
    while ((1 << s0) < o->period)
        s0++;
    int64_t acc = 0, total = 0;
    double amp = 4096;
    for (int k = 0; k < o->octaves && s0 - k >= 1; k++) {
        int64_t a = (int64_t)amp;
        acc += a * ref_noise(amz_terrain_key(o->seed + (uint64_t)k, SALT_FBM), s0 - k, x, y);
        total += a;
        amp *= o->roughness;
    }
    int64_t v = acc / (total ? total : 1) / 2;
    return (int32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
}

static uint16_t ref_h12(const amz_terrain_options *o, int64_t x, int64_t y)
{
    int32_t h = 32768 + ref_fbm(o, x, y) * 8 / 3;
    return (uint16_t)((h < 0 ? 0 : h > 65535 ? 65535 : h) >> 4);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random options over their whole ranges, the extremes often. */
static void random_options(amz_terrain_options *o)
{
    amz_terrain_options_init(o);
    o->noise = AMZ_NOISE_FBM;
    o->seed = next();
    o->octaves = next() % 3 == 0 ? 16 : 1 + (int)(next() % 16);
    o->period = 1 << (2 + next() % 15);
    o->roughness = next() % 3 == 0 ? 1.0 : (double)(1 + next() % 1000) / 1000.0;
}

/* A position anywhere in the world, the far corners included. */
static int64_t random_coord(int32_t span)
{
    switch (next() % 4) {
    case 0: return (int64_t)(next() % 4001) - 2000;
    case 1: return -AMZ_TERRAIN_WORLD_LIMIT + (int64_t)(next() % 1000);
    case 2: return AMZ_TERRAIN_WORLD_LIMIT - span - (int64_t)(next() % 1000);
    default: return (int64_t)(next() % (((uint64_t)1 << 32) - (uint64_t)span)) - AMZ_TERRAIN_WORLD_LIMIT;
    }
}

static void test_rows_equal_reference(void **state)
{
    (void)state;
    int32_t out[700];
    for (int it = 0; it < TU_REPS(400); it++) {
        amz_terrain_options o;
        random_options(&o);
        int32_t width = 1 + (int32_t)(next() % 700);
        int64_t x = random_coord(width), y = random_coord(1);
        amz_terrain_fbm(out, x, y, width, &o);
        for (int32_t i = 0; i < width; i++)
            if (out[i] != ref_fbm(&o, x + i, y))
                fail_msg("seed %llu, %d octaves, period %d, roughness %g: tile (%lld,%lld) is %d, not %d",
                         (unsigned long long)o.seed, o.octaves, o.period, o.roughness, (long long)(x + i),
                         (long long)y, out[i], ref_fbm(&o, x + i, y));
    }
}

/* Every offset in a cell of the longest wavelength (2^16 tiles), so every fade value
 * the noise can take: the 32-bit fade's bounds hold for each. */
static void test_every_fade(void **state)
{
    (void)state;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.noise = AMZ_NOISE_FBM;
    o.octaves = 1;
    o.period = 65536;
    int32_t *out = malloc(65536 * sizeof *out);
    assert_non_null(out);
    for (uint64_t seed = 0; seed < 2; seed++) {
        o.seed = seed;
        int64_t y = seed ? -40000 : 12345;
        amz_terrain_fbm(out, -65536, y, 65536, &o);
        for (int32_t i = 0; i < 65536; i++)
            if (out[i] != ref_fbm(&o, -65536 + i, y))
                fail_msg("seed %llu: offset %d is %d, not %d", (unsigned long long)seed, i, out[i],
                         ref_fbm(&o, -65536 + i, y));
    }
    free(out);
}

/* The working-height rows of windows and chunks: many rows at once (their fades
 * shared), each equal to the reference, at a stride wider than the rows. */
static void test_height_rows(void **state)
{
    (void)state;
    for (int it = 0; it < TU_REPS(40); it++) {
        amz_terrain_options o;
        random_options(&o);
        int32_t width = 1 + (int32_t)(next() % 600), height = 1 + (int32_t)(next() % 70);
        size_t stride = (size_t)width + next() % 5;
        int64_t x = random_coord(width), y = random_coord(height);
        uint16_t *rows = calloc(stride * (size_t)height, sizeof *rows);
        assert_non_null(rows);
        terrain_fbm_h12(rows, stride, x, y, width, height, &o);
        for (int32_t r = 0; r < height; r++)
            for (int32_t i = 0; i < width; i++)
                if (rows[(size_t)r * stride + (size_t)i] != ref_h12(&o, x + i, y + r))
                    fail_msg("seed %llu: tile (%lld,%lld) has height %u, not %u", (unsigned long long)o.seed,
                             (long long)(x + i), (long long)(y + r), rows[(size_t)r * stride + (size_t)i],
                             ref_h12(&o, x + i, y + r));
        /* The stride's gap is left alone. */
        for (int32_t r = 0; r < height; r++)
            for (size_t i = (size_t)width; i < stride; i++)
                assert_int_equal(rows[(size_t)r * stride + i], 0);
        free(rows);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_equal_reference),
        cmocka_unit_test(test_every_fade),
        cmocka_unit_test(test_height_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
