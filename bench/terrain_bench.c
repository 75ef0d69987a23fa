/* terrain_bench.c — `make bench`, terrain part: memory of the packed tile map versus
 * one struct per tile, and diamond-square time at 1025x1025 and 4097x4097 beside
 * libtcod's TCOD_heightmap_mid_point_displacement on the same sizes in the same run.
 *
 * libtcod is optional: it is loaded with dlopen at run time (libtcod.so.1, from the
 * Debian package libtcod1 / libtcod-dev), so this program builds and runs without it
 * and prints a note instead of its rows. Times are medians of several runs; the
 * machines are shared and noisy. Never part of pass/fail. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "amaze.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    if (n < 1)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The libtcod functions we call, by their C signatures in libtcod's heightmap.h and
 * mersenne.h (TCOD_RNG_CMWC = 1, its default generator). */
typedef struct tcod_api {
    void *(*hm_new)(int w, int h);
    void (*hm_delete)(void *hm);
    void (*mpd)(void *hm, void *rnd, float roughness);
    void *(*rnd_new)(int algo, uint32_t seed);
    void (*rnd_delete)(void *rnd);
} tcod_api;

static int load_tcod(tcod_api *t, char *why, size_t cap)
{
    static const char *const names[] = {"libtcod.so.1", "libtcod.so"};
    void *lib = NULL;
    for (size_t i = 0; i < 2 && !lib; i++)
        lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why, cap, "libtcod not installed (apt-get install libtcod-dev to compare)");
        return 0;
    }
    /* dlsym returns an object pointer; copying its bytes into a function pointer is
     * the POSIX-sanctioned way that keeps ISO C's pedantic mode quiet. */
#define SYM(field, name)                                                                                               \
    do {                                                                                                               \
        void *p_ = dlsym(lib, name);                                                                                   \
        memcpy(&t->field, &p_, sizeof p_);                                                                             \
    } while (0)
    SYM(hm_new, "TCOD_heightmap_new");
    SYM(hm_delete, "TCOD_heightmap_delete");
    SYM(mpd, "TCOD_heightmap_mid_point_displacement");
    SYM(rnd_new, "TCOD_random_new_from_seed");
    SYM(rnd_delete, "TCOD_random_delete");
#undef SYM
    if (!t->hm_new || !t->hm_delete || !t->mpd || !t->rnd_new || !t->rnd_delete) {
        snprintf(why, cap, "libtcod found but lacks the heightmap functions");
        return 0;
    }
    return 1;
}

/* Median seconds of `runs` diamond-square fields of side n (field only), into one
 * buffer warmed by an untimed run. */
static double time_amaze_field(int n, int runs, double rough)
{
    int32_t *f = malloc((size_t)n * (size_t)n * sizeof *f);
    double t[16];
    for (int r = -1; r < runs; r++) {
        amz_rng rng;
        amz_rng_seed(&rng, (uint64_t)r);
        double t0 = now();
        if (!f || amz_terrain_diamond_square(f, n, n, rough, false, &rng, NULL)) {
            fprintf(stderr, "bench: diamond-square %dx%d failed\n", n, n);
            exit(1);
        }
        if (r >= 0)
            t[r] = now() - t0;
    }
    free(f);
    return median(t, runs);
}

/* Median seconds of whole maps: allocation (fresh pages each time), field, scaling,
 * classification, vegetation, packing. */
static double time_amaze_map(int n, int runs)
{
    double t[16];
    for (int r = 0; r < runs; r++) {
        amz_terrain_options o;
        amz_terrain_options_init(&o);
        o.seed = (uint64_t)r;
        amz_terrain m;
        double t0 = now();
        if (amz_terrain_generate(&m, n, n, &o, NULL)) {
            fprintf(stderr, "bench: terrain %dx%d failed\n", n, n);
            exit(1);
        }
        t[r] = now() - t0;
        amz_terrain_deinit(&m);
    }
    return median(t, runs);
}

/* Like time_amaze_field: one height map, warmed by an untimed run, so that neither
 * side pays the first touch of its pages (costly in virtual machines) in the timing. */
static double time_tcod(const tcod_api *api, int n, int runs, float rough)
{
    double t[16];
    void *hm = api->hm_new(n, n), *warm = api->rnd_new(1, 12345);
    api->mpd(hm, warm, rough);
    api->rnd_delete(warm);
    for (int r = 0; r < runs; r++) {
        void *rnd = api->rnd_new(1, (uint32_t)r + 1);
        double t0 = now();
        api->mpd(hm, rnd, rough);
        t[r] = now() - t0;
        api->rnd_delete(rnd);
    }
    api->hm_delete(hm);
    return median(t, runs);
}

int main(void)
{
    printf("amaze terrain benchmark (amaze %s)\n\n", amz_version());
    printf("memory per tile\n");
    printf("  %-44s %6s %14s\n", "storage", "bytes", "1025x1025 map");
    uint64_t n = 1025ull * 1025ull;
    printf("  %-44s %6d %11.2f MB\n", "packed 16-bit tile (type:7,height:8,veg:1)", 2, 2.0 * (double)n / 1048576);
    printf("  %-44s %6zu %11.2f MB\n", "struct {int type; int height; bool veg;}", sizeof(amz_tile_struct),
           (double)(sizeof(amz_tile_struct) * n) / 1048576);
    printf("  (the article's JavaScript objects: about 60 bytes a tile)\n\n");

    tcod_api api;
    char why[128] = "";
    int have_tcod = load_tcod(&api, why, sizeof why);
    const double rough = 0.55;
    static const struct {
        int side, runs;
    } sizes[] = {{1025, 9}, {4097, 5}};
    printf("diamond-square, roughness %.2f, median seconds (runs)\n", rough);
    printf("  %-10s %-46s %10s %12s\n", "size", "implementation", "seconds", "Mtiles/s");
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int s = sizes[i].side, runs = sizes[i].runs;
        double mt = (double)s * s / 1e6;
        char size[32];
        snprintf(size, sizeof size, "%dx%d", s, s);
        double a = time_amaze_field(s, runs, rough);
        printf("  %-10s %-46s %10.4f %12.1f  (%d)\n", size, "amaze field (amz_terrain_diamond_square)", a, mt / a,
               runs);
        double m = time_amaze_map(s, runs);
        printf("  %-10s %-46s %10.4f %12.1f  (%d)\n", size, "amaze map (alloc + field + classify + pack)", m, mt / m,
               runs);
        if (have_tcod) {
            double c = time_tcod(&api, s, runs, (float)rough);
            printf("  %-10s %-46s %10.4f %12.1f  (%d)\n", size, "libtcod TCOD_heightmap_mid_point_displacement", c,
                   mt / c, runs);
            printf("  %-10s %-46s %9.2fx\n", "", "amaze field speed / libtcod", c / a);
        }
    }
    if (!have_tcod)
        printf("  note: %s; libtcod rows skipped\n", why);
    return 0;
}
