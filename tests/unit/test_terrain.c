/* test_terrain.c — terrain maps: options and their errors, vegetation (seeded, only on
 * earth, thinning with height, independent of heights), statistics against a direct
 * count, tile and biome colours (hue per type and lightness rising with height,
 * measured from the RGB here), hill-shading, terminal rendering, the memory estimate
 * against the peak the allocator sees for every kind of run, allocation failures. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze.h"
#include "testutil.h"

static void gen(amz_terrain *t, int w, int h, const amz_terrain_options *o)
{
    amz_error err;
    if (amz_terrain_generate(t, w, h, o, &err) != AMZ_OK)
        fail_msg("%dx%d: %s", w, h, err.msg);
}

static void test_options(void **state)
{
    (void)state;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    assert_int_equal(o.sand_from, 40);
    assert_int_equal(o.earth_from, 45);
    assert_int_equal(o.rock_from, 75);
    assert_int_equal(amz_terrain_options_check(&o, NULL), AMZ_OK);
    /* The default classification of the issue: water < 40 <= sand < 45 <= earth < 75 <= rock */
    assert_int_equal(amz_terrain_classify(&o, 39), AMZ_TILE_WATER);
    assert_int_equal(amz_terrain_classify(&o, 40), AMZ_TILE_SAND);
    assert_int_equal(amz_terrain_classify(&o, 44), AMZ_TILE_SAND);
    assert_int_equal(amz_terrain_classify(&o, 45), AMZ_TILE_EARTH);
    assert_int_equal(amz_terrain_classify(&o, 74), AMZ_TILE_EARTH);
    assert_int_equal(amz_terrain_classify(&o, 75), AMZ_TILE_ROCK);
    amz_error err;
    amz_terrain t;
    amz_terrain_options b = o;
    b.roughness = 0;
    assert_int_equal(amz_terrain_generate(&t, 9, 9, &b, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "roughness"));
    assert_null(t.tiles.data);
    b.roughness = 1.5;
    assert_int_equal(amz_terrain_options_check(&b, &err), AMZ_ERANGE);
    b.roughness = NAN;
    assert_int_equal(amz_terrain_options_check(&b, &err), AMZ_ERANGE);
    b = o;
    b.vegetation = -0.1;
    assert_int_equal(amz_terrain_options_check(&b, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "vegetation"));
    b = o;
    b.earth_from = 30;
    assert_int_equal(amz_terrain_options_check(&b, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "must not decrease"));
    b = o;
    b.rock_from = 101;
    assert_int_equal(amz_terrain_options_check(&b, &err), AMZ_ERANGE);
    assert_int_equal(amz_terrain_generate(&t, 0, 9, &o, &err), AMZ_ERANGE);
    assert_int_equal(amz_terrain_generate(&t, 9, AMZ_TERRAIN_MAX_SIDE + 1, &o, &err), AMZ_ERANGE);
    assert_true(amz_terrain_memory_estimate(AMZ_TERRAIN_JOB_GENERATE, -1, 5, NULL, 1) == UINT64_MAX);
    assert_true(amz_terrain_memory_estimate(AMZ_TERRAIN_JOB_PNG, 10, 5, NULL, 0) == UINT64_MAX);
    /* The new options, each out of range once. */
    static const struct {
        const char *needle;
        int octaves, period;
        double erosion, temperature, moisture;
        int32_t pole;
    } bad[] = {
        {"octaves", 0, 256, 0, 0, 0, 2048},   {"octaves", 17, 256, 0, 0, 0, 2048},
        {"period", 6, 100, 0, 0, 0, 2048},    {"period", 6, 2, 0, 0, 0, 2048},
        {"erosion", 6, 256, 8.5, 0, 0, 2048}, {"erosion", 6, 256, -1, 0, 0, 2048},
        {"temperature", 6, 256, 0, 1.5, 0, 2048}, {"moisture", 6, 256, 0, 0, -2, 2048},
        {"pole", 6, 256, 0, 0, 0, 8},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        b = o;
        b.octaves = bad[i].octaves;
        b.period = bad[i].period;
        b.erosion = bad[i].erosion;
        b.temperature = bad[i].temperature;
        b.moisture = bad[i].moisture;
        b.pole = bad[i].pole;
        assert_int_equal(amz_terrain_options_check(&b, &err), AMZ_ERANGE);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, bad[i].needle);
    }
    /* A diamond-square map is one finite map: no windows elsewhere. */
    assert_int_equal(amz_terrain_generate_window(&t, 5, 0, 9, 9, &o, 1, NULL, &err), AMZ_ERANGE);
    b = o;
    b.noise = AMZ_NOISE_FBM;
    assert_int_equal(amz_terrain_generate_window(&t, AMZ_TERRAIN_WORLD_LIMIT - 4, 0, 9, 9, &b, 1, NULL, &err),
                     AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "world"));
}

static void test_generate_deterministic(void **state)
{
    (void)state;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.seed = 42;
    amz_terrain a, b, c;
    gen(&a, 120, 80, &o);
    gen(&b, 120, 80, &o);
    o.seed = 43;
    gen(&c, 120, 80, &o);
    assert_memory_equal(a.tiles.data, b.tiles.data, 120 * 80 * 2);
    assert_true(memcmp(a.tiles.data, c.tiles.data, 120 * 80 * 2) != 0);
    assert_int_equal(a.width, 120);
    assert_int_equal(a.height, 80);
    assert_true(a.options.seed == 42);
    assert_int_equal(amz_terrain_tile(&a, -1, 0), 0);
    assert_int_equal(amz_terrain_tile(&a, 120, 0), 0);
    assert_int_equal(amz_terrain_tile(&a, 3, 2), ((uint16_t *)a.tiles.data)[2 * 120 + 3]);
    amz_terrain_deinit(&a);
    amz_terrain_deinit(&b);
    amz_terrain_deinit(&c);
    amz_terrain_deinit(NULL);
}

static void test_vegetation(void **state)
{
    (void)state;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.seed = 7;
    amz_terrain base, none, all;
    gen(&base, 400, 300, &o);
    o.vegetation = 0;
    gen(&none, 400, 300, &o);
    o.vegetation = 1;
    gen(&all, 400, 300, &o);
    uint64_t low = 0, low_veg = 0, high = 0, high_veg = 0, veg = 0;
    for (int y = 0; y < 300; y++)
        for (int x = 0; x < 400; x++) {
            uint16_t t = amz_terrain_tile(&base, x, y), n = amz_terrain_tile(&none, x, y),
                     a = amz_terrain_tile(&all, x, y);
            /* Vegetation settings never move heights or types. */
            assert_int_equal(amz_tile_height_of(t), amz_tile_height_of(n));
            assert_int_equal(amz_tile_type_of(t), amz_tile_type_of(a));
            assert_false(amz_tile_vegetation_of(n));
            unsigned h = amz_tile_height_of(t);
            if (amz_tile_type_of(t) != AMZ_TILE_EARTH) {
                assert_false(amz_tile_vegetation_of(t));
                continue;
            }
            veg += amz_tile_vegetation_of(t);
            /* With chance 1, the lowest earth is always covered. */
            if (h == o.earth_from)
                assert_true(amz_tile_vegetation_of(a));
            if (h < 55) {
                low++;
                low_veg += amz_tile_vegetation_of(t);
            } else if (h >= 65) {
                high++;
                high_veg += amz_tile_vegetation_of(t);
            }
        }
    /* Falling with height: chance 0.6*(75-h)/30 averages about 0.5 below 55 and
     * about 0.1 from 65 up. */
    assert_true(low > 1000 && high > 1000);
    double pl = (double)low_veg / (double)low, ph = (double)high_veg / (double)high;
    if (!(pl > 0.4 && pl < 0.6 && ph > 0.05 && ph < 0.17))
        fail_msg("vegetation share %.3f low, %.3f high", pl, ph);
    assert_true(veg > 0);
    amz_terrain_deinit(&base);
    amz_terrain_deinit(&none);
    amz_terrain_deinit(&all);
}

static void test_measure(void **state)
{
    (void)state;
    amz_terrain t;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.biomes = true;
    o.rivers = true;
    o.seed = 12;
    gen(&t, 77, 55, &o);
    amz_terrain_stats s;
    amz_terrain_measure(&t, &s);
    uint64_t types[4] = {0}, heights[100] = {0}, biomes[AMZ_BIOMES] = {0}, veg = 0, sum = 0, rivers = 0;
    for (int i = 0; i < 77 * 55; i++) {
        uint16_t tile = ((uint16_t *)t.tiles.data)[i];
        types[tile >> 14]++;
        heights[(tile >> 1) & 0xff]++;
        veg += tile & 1;
        biomes[(tile >> 10) & 15]++;
        rivers += (tile >> 9) & 1;
    }
    assert_memory_equal(s.types, types, sizeof types);
    assert_memory_equal(s.biomes, biomes, sizeof biomes);
    assert_true(s.rivers == rivers && rivers > 0);
    assert_true(biomes[AMZ_BIOME_NONE] == 0); /* every tile got a biome */
    assert_memory_equal(s.heights, heights, sizeof heights);
    assert_true(s.vegetation == veg);
    for (int k = 0; k < 4; k++)
        sum += s.types[k];
    assert_true(sum == 77 * 55 && s.tiles == 77 * 55);
    assert_true(s.packed_bytes == 2 * 77 * 55);
    assert_true(s.struct_bytes == sizeof(amz_tile_struct) * 77 * 55);
    amz_terrain_deinit(&t);
}

/* HSL hue (degrees) and lightness of an RGB colour. */
static void hue_light(amz_rgb c, double *hue, double *light, double *sat)
{
    double r = c.r / 255.0, g = c.g / 255.0, b = c.b / 255.0;
    double mx = fmax(r, fmax(g, b)), mn = fmin(r, fmin(g, b)), d = mx - mn;
    *light = (mx + mn) / 2;
    *sat = d;
    if (d == 0)
        *hue = 0;
    else if (mx == r)
        *hue = fmod(60 * ((g - b) / d) + 360, 360);
    else if (mx == g)
        *hue = 60 * ((b - r) / d) + 120;
    else
        *hue = 60 * ((r - g) / d) + 240;
}

static void test_colors(void **state)
{
    (void)state;
    /* Expected hue bands: water blue, earth green, sand yellow, rock brown-grey. */
    static const double band[4][2] = {{195, 225}, {80, 110}, {38, 58}, {5, 45}};
    for (unsigned type = 0; type < 4; type++) {
        double prev = -1;
        for (unsigned h = 0; h <= 99; h++) {
            double hue, l, s;
            amz_rgb c = amz_tile_color(amz_tile_make(type, h, false), 1.0);
            hue_light(c, &hue, &l, &s);
            assert_true(l > prev - 1e-9); /* lightness never falls with height */
            prev = l;
            if (h >= 10 && h <= 90 && !(hue >= band[type][0] && hue <= band[type][1]))
                fail_msg("type %u height %u: hue %.1f outside [%g, %g]", type, h, hue, band[type][0], band[type][1]);
        }
        double l0, l99, hue, s;
        hue_light(amz_tile_color(amz_tile_make(type, 0, false), 1.0), &hue, &l0, &s);
        hue_light(amz_tile_color(amz_tile_make(type, 99, false), 1.0), &hue, &l99, &s);
        assert_true(l99 - l0 > 0.5);
    }
    /* Vegetation: greener and darker than bare earth of the same height. */
    for (unsigned h = 45; h < 75; h++) {
        double he, le, hv, lv, s;
        hue_light(amz_tile_color(amz_tile_make(AMZ_TILE_EARTH, h, false), 1.0), &he, &le, &s);
        hue_light(amz_tile_color(amz_tile_make(AMZ_TILE_EARTH, h, true), 1.0), &hv, &lv, &s);
        assert_true(hv > 115 && hv < 145);
        assert_true(lv < le);
    }
    /* Light scales lightness; unknown types are grey. */
    double l1, l2, hue, s;
    hue_light(amz_tile_color(amz_tile_make(AMZ_TILE_EARTH, 60, false), 0.7), &hue, &l1, &s);
    hue_light(amz_tile_color(amz_tile_make(AMZ_TILE_EARTH, 60, false), 1.3), &hue, &l2, &s);
    assert_true(l1 < l2);
    /* Biome colours: a tile without a biome keeps its type colour; snow is near white,
     * ocean blue, forest green; rivers on land are blue. */
    for (unsigned type = 0; type < 4; type++) {
        amz_rgb a = amz_tile_color(amz_tile_make(type, 50, false), 0.8);
        amz_rgb b = amz_tile_biome_color(amz_tile_make(type, 50, false), 0.8);
        assert_true(a.r == b.r && a.g == b.g && a.b == b.b);
    }
    amz_rgb snow = amz_biome_color(AMZ_BIOME_SNOW), ocean = amz_biome_color(AMZ_BIOME_OCEAN);
    amz_rgb forest = amz_biome_color(AMZ_BIOME_FOREST);
    assert_true(snow.r > 220 && snow.g > 220 && snow.b > 220);
    assert_true(ocean.b > ocean.r + 60 && ocean.b > ocean.g + 40);
    assert_true(forest.g > forest.r + 40 && forest.g > forest.b + 40);
    amz_rgb river = amz_tile_biome_color(amz_tile_make_full(AMZ_TILE_EARTH, AMZ_BIOME_DESERT, true, 50, false), 1.0);
    assert_true(river.b > river.r + 60);
    for (unsigned b = 1; b < AMZ_BIOMES; b++)
        for (unsigned c = b + 1; c < AMZ_BIOMES; c++) { /* a legend needs distinct swatches */
            amz_rgb x = amz_biome_color(b), y = amz_biome_color(c);
            assert_true(abs(x.r - y.r) + abs(x.g - y.g) + abs(x.b - y.b) > 20);
        }
    assert_string_equal(amz_biome_name(AMZ_BIOME_TAIGA), "taiga");
    assert_null(amz_biome_name(AMZ_BIOMES));
}

/* A hand-made map: a ramp rising towards the south-east, or a flat plain. */
static void ramp(amz_terrain *t, int w, int h, int slope, unsigned type)
{
    memset(t, 0, sizeof *t);
    amz_terrain_options_init(&t->options);
    t->width = w;
    t->height = h;
    assert_int_equal(amz_packed_init(&t->tiles, amz_tile_format(), (uint64_t)w * h, NULL), AMZ_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int z = 50 + slope * (x + y - w / 2 - h / 2);
            z = z < 0 ? 0 : z > 99 ? 99 : z;
            ((uint16_t *)t->tiles.data)[y * w + x] = amz_tile_make(type, (unsigned)z, false);
        }
}

static void test_hillshade(void **state)
{
    (void)state;
    amz_terrain t;
    ramp(&t, 9, 9, 0, AMZ_TILE_EARTH);
    assert_true(fabs(amz_terrain_hillshade(&t, 4, 4) - 1.0) < 1e-12); /* flat land keeps its colour */
    amz_terrain_deinit(&t);
    ramp(&t, 9, 9, 3, AMZ_TILE_EARTH); /* rising to the south-east: faces the north-west light */
    assert_true(amz_terrain_hillshade(&t, 4, 4) > 1.05);
    amz_terrain_deinit(&t);
    ramp(&t, 9, 9, -3, AMZ_TILE_EARTH); /* faces away */
    assert_true(amz_terrain_hillshade(&t, 4, 4) < 0.95);
    assert_true(amz_terrain_hillshade(&t, 0, 0) >= 0.45); /* clamped, edges fine */
    amz_terrain_deinit(&t);
    ramp(&t, 9, 9, -3, AMZ_TILE_WATER); /* water is a flat surface */
    assert_true(amz_terrain_hillshade(&t, 4, 4) == 1.0);
    amz_terrain_deinit(&t);
}

static char *render(const amz_terrain *t, const amz_terrain_text_options *o, amz_status *st)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    *st = amz_terrain_render_text(t, o, f, NULL);
    fclose(f);
    return buf;
}

static void test_text(void **state)
{
    (void)state;
    amz_terrain t;
    gen(&t, 31, 17, NULL);
    amz_status st;
    char *plain = render(&t, NULL, &st);
    assert_int_equal(st, AMZ_OK);
    /* One line per row, one glyph per tile, by type (and ',' for vegetation). */
    const char *p = plain;
    for (int y = 0; y < 17; y++) {
        for (int x = 0; x < 31; x++, p++) {
            uint16_t tile = amz_terrain_tile(&t, x, y);
            static const char glyphs[] = "~.:^";
            char want = amz_tile_vegetation_of(tile) && amz_tile_type_of(tile) == AMZ_TILE_EARTH
                            ? ','
                            : glyphs[amz_tile_type_of(tile)];
            if (amz_tile_river_of(tile) && amz_tile_type_of(tile) != AMZ_TILE_WATER)
                want = '=';
            assert_int_equal(*p, want);
        }
        assert_int_equal(*p++, '\n');
    }
    assert_int_equal(*p, '\0');
    /* Colour: same glyphs once the escapes are removed, 24-bit backgrounds present. */
    amz_terrain_text_options o;
    amz_terrain_text_options_init(&o);
    o.color = true;
    char *col = render(&t, &o, &st);
    assert_int_equal(st, AMZ_OK);
    assert_non_null(strstr(col, "\x1b[48;2;"));
    assert_non_null(strstr(col, "\x1b[38;2;"));
    char *stripped = malloc(strlen(col) + 1), *q = stripped;
    for (const char *c = col; *c;) {
        if (*c == '\x1b') {
            while (*c && *c != 'm')
                c++;
            c += *c == 'm';
        } else {
            *q++ = *c++;
        }
    }
    *q = '\0';
    assert_string_equal(stripped, plain);
    /* A region is the matching block of lines. */
    o.color = false;
    o.x = 5;
    o.y = 3;
    o.width = 10;
    o.height = 4;
    char *part = render(&t, &o, &st);
    assert_int_equal(st, AMZ_OK);
    for (int y = 0; y < 4; y++)
        assert_memory_equal(part + y * 11, plain + (y + 3) * 32 + 5, 10);
    assert_int_equal(strlen(part), 44);
    o.width = 30; /* past the right edge */
    free(render(&t, &o, &st));
    assert_int_equal(st, AMZ_ERANGE);
    free(plain);
    free(col);
    free(stripped);
    free(part);
    amz_terrain_deinit(&t);
}

/* Allocation failures end in AMZ_ENOMEM and leave nothing allocated (ASan checks). */
static int fail_after;
static void *failing_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return fail_after-- > 0 ? malloc(n) : NULL;
}
static void *failing_calloc(void *ctx, size_t c, size_t n)
{
    (void)ctx;
    return fail_after-- > 0 ? calloc(c, n) : NULL;
}
static void *plain_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    return realloc(p, n);
}
static void plain_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

static void test_allocation_failures(void **state)
{
    (void)state;
    amz_allocator a = {failing_malloc, failing_calloc, plain_realloc, plain_free, NULL};
    assert_int_equal(amz_set_allocator(&a), 0);
    int ok = 0;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.biomes = o.rivers = true;
    o.erosion = 0.5;
    for (int k = 0; k < 12; k++) {
        fail_after = k;
        amz_terrain t;
        amz_error err;
        o.noise = k % 2 ? AMZ_NOISE_FBM : AMZ_NOISE_DIAMOND_SQUARE;
        amz_status st = amz_terrain_generate(&t, 50, 40, &o, &err);
        if (st == AMZ_OK) {
            ok++;
            amz_terrain_deinit(&t);
        } else {
            assert_int_equal(st, AMZ_ENOMEM);
            assert_null(t.tiles.data);
        }
    }
    amz_set_allocator(NULL);
    assert_true(ok > 0); /* enough allocations eventually succeed */
}

/* Progress: PROGRESS events only, never going back, ending at the total, about a
 * thousand of them whatever the options and threads; a cancel is AMZ_ECANCELED with
 * nothing left allocated. */
typedef struct watch {
    uint64_t events, last, total, cancel_at;
    bool backwards, other;
} watch;

static int on_event(void *ctx, const amz_event *ev)
{
    watch *w = ctx;
    if (ev->type != AMZ_EV_PROGRESS) {
        w->other = true;
        return 0;
    }
    w->backwards |= ev->index < w->last;
    w->last = ev->index;
    w->total = ev->total;
    return ++w->events == w->cancel_at;
}

static void test_progress(void **state)
{
    (void)state;
    for (int variant = 0; variant < 4; variant++)
        for (unsigned threads = 1; threads <= 2; threads++) {
            amz_terrain_options o;
            amz_terrain_options_init(&o);
            o.noise = variant == 1 ? AMZ_NOISE_FBM : AMZ_NOISE_DIAMOND_SQUARE;
            o.biomes = variant >= 2;
            o.rivers = variant == 3;
            o.erosion = variant == 3 ? 0.3 : 0;
            watch w = {0, 0, 0, 0, false, false};
            amz_observer obs = {on_event, &w, AMZ_EVENTS_PROGRESS};
            amz_terrain t;
            assert_int_equal(amz_terrain_generate_window(&t, 0, 0, 600, 500, &o, threads, &obs, NULL), AMZ_OK);
            amz_terrain_deinit(&t);
            if (w.backwards || w.other || w.events < 20 || w.events > 3000 || w.last > w.total ||
                w.last * 10 < w.total * 9)
                fail_msg("variant %d, %u threads: %llu events, last %llu of %llu%s%s", variant, threads,
                         (unsigned long long)w.events, (unsigned long long)w.last, (unsigned long long)w.total,
                         w.backwards ? ", went back" : "", w.other ? ", other events" : "");
            watch c = {0, 0, 0, 5, false, false};
            amz_observer stop = {on_event, &c, AMZ_EVENTS_PROGRESS};
            amz_error err;
            assert_int_equal(amz_terrain_generate_window(&t, 0, 0, 600, 500, &o, threads, &stop, &err), AMZ_ECANCELED);
            assert_null(t.tiles.data);
            assert_non_null(strstr(err.msg, "cancelled"));
        }
}

/* The estimate is never below the peak the library allocates, for every kind of run
 * (and not absurdly above it: within 2x plus the fixed part). */
static void test_memory_estimate(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 1}, {37, 21}, {300, 200}, {1000, 17}, {64, 700}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int variant = 0; variant < 6; variant++) {
            int w = sizes[s][0], h = sizes[s][1];
            amz_terrain_options o;
            amz_terrain_options_init(&o);
            o.seed = (uint64_t)variant;
            o.noise = variant & 1 ? AMZ_NOISE_FBM : AMZ_NOISE_DIAMOND_SQUARE;
            o.biomes = variant >= 2;
            o.rivers = variant >= 4;
            o.erosion = variant >= 4 ? 0.3 : 0;
            tu_meter mt = {0, 0};
            amz_allocator a = tu_meter_allocator(&mt);
            amz_set_allocator(&a);
            amz_terrain t;
            amz_status st = amz_terrain_generate_window(&t, 0, 0, w, h, &o, 2, NULL, NULL);
            uint64_t gen_peak = mt.peak;
            /* Loading the saved map is its own job. */
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            assert_int_equal(amz_terrain_write(&t, f, NULL), AMZ_OK);
            fclose(f);
            amz_terrain_deinit(&t);
            mt.live = mt.peak = 0;
            f = fmemopen(buf, len, "rb");
            amz_terrain back;
            assert_int_equal(amz_terrain_read(f, &back, 0, NULL), AMZ_OK);
            fclose(f);
            uint64_t load_peak = mt.peak;
            amz_terrain_deinit(&back);
            amz_set_allocator(NULL);
            free(buf);
            assert_int_equal(st, AMZ_OK);
            uint64_t eg = amz_terrain_memory_estimate(AMZ_TERRAIN_JOB_GENERATE, w, h, &o, 1);
            uint64_t el = amz_terrain_memory_estimate(AMZ_TERRAIN_JOB_LOAD, w, h, &o, 1);
            if (gen_peak > eg || load_peak > el)
                fail_msg("%dx%d variant %d: generate peak %llu (estimate %llu), load peak %llu (estimate %llu)", w, h,
                         variant, (unsigned long long)gen_peak, (unsigned long long)eg,
                         (unsigned long long)load_peak, (unsigned long long)el);
            uint64_t tiles = 2ull * (uint64_t)w * (uint64_t)h;
            assert_true(eg <= 2 * gen_peak + 1000000 && eg >= tiles);
            assert_true(amz_terrain_memory_estimate(AMZ_TERRAIN_JOB_PNG, w, h, &o, 3) > el);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),    cmocka_unit_test(test_generate_deterministic),
        cmocka_unit_test(test_vegetation), cmocka_unit_test(test_measure),
        cmocka_unit_test(test_colors),     cmocka_unit_test(test_hillshade),
        cmocka_unit_test(test_text),       cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_memory_estimate),    cmocka_unit_test(test_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
