/* terrain_bench.c — `make bench`, terrain part: memory of the packed tile map versus
 * one struct per tile; whole processes, each timed and measured (peak RSS through
 * wait4) from outside: `amaze terrain generate` of a 4097x4097 map to .amt beside a
 * program that makes libtcod's TCOD_heightmap_mid_point_displacement of the same size
 * and nothing else, and 32768x32768 generate + save and render to PNG; in-process, the
 * height fields alone, and fbm chunks on one core.
 *
 * libtcod is optional: it is loaded with dlopen at run time (libtcod.so.1, from the
 * Debian package libtcod1), so this program builds and runs without it and prints a
 * note instead of its rows. The libtcod process is this program run again with
 * --tcod-child, so both sides pay process start, page faults and exit. Times are
 * medians; the machines are shared and noisy. Never part of pass/fail.
 * AMZ_BENCH_QUICK=1 skips the 32768x32768 rows (about a minute and 2 GB of disk). */
/* wait4 (peak memory of a child) is a BSD and glibc call beyond POSIX. */
#define _DEFAULT_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "amaze.h"
#include "bench_util.h"

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
        snprintf(why, cap, "libtcod not installed (apt-get install libtcod1 to compare)");
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

/* The libtcod program: its heightmap of side n, and nothing else. */
static int tcod_child(int n, unsigned seed)
{
    tcod_api api;
    char why[128];
    if (!load_tcod(&api, why, sizeof why))
        return 2;
    void *hm = api.hm_new(n, n), *rnd = api.rnd_new(1, seed);
    api.mpd(hm, rnd, 0.55f);
    api.rnd_delete(rnd);
    api.hm_delete(hm);
    return 0;
}

typedef struct run_result {
    double seconds;
    double peak_mb; /* ru_maxrss */
    int ok;
} run_result;

/* execv takes char *const[] for historical reasons and never writes the strings. */
#define A(s) ((char *)(uintptr_t)(s))

/* Runs argv as a child process; wall time and peak resident memory. */
static run_result run(char *const argv[])
{
    run_result r = {0, 0, 0};
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
        return r;
    r.seconds = bench_now() - t0;
    r.peak_mb = (double)ru.ru_maxrss / 1024.0;
    r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return r;
}

/* Median time and median peak of `runs` runs of argv. */
static run_result run_median(char *const argv[], int runs)
{
    double t[16], m[16];
    run_result out = {0, 0, 1};
    for (int i = 0; i < runs; i++) {
        run_result r = run(argv);
        if (!r.ok) {
            out.ok = 0;
            return out;
        }
        t[i] = r.seconds;
        m[i] = r.peak_mb;
    }
    out.seconds = bench_median(t, runs);
    out.peak_mb = bench_median(m, runs);
    return out;
}

/* Median seconds of `runs` diamond-square fields of side n (field only), into one
 * buffer warmed by an untimed run. */
static double time_amaze_field(int n, int runs, unsigned threads)
{
    int16_t *f = malloc((size_t)n * (size_t)n * sizeof *f);
    double t[16];
    for (int r = -1; r < runs; r++) {
        double t0 = bench_now();
        if (!f || amz_terrain_diamond_square(f, n, n, 0.55, false, (uint64_t)r, threads, NULL)) {
            fprintf(stderr, "bench: diamond-square %dx%d failed\n", n, n);
            exit(1);
        }
        if (r >= 0)
            t[r] = bench_now() - t0;
    }
    free(f);
    return bench_median(t, runs);
}

/* Like time_amaze_field: one height map, warmed by an untimed run. */
static double time_tcod_field(const tcod_api *api, int n, int runs)
{
    double t[16];
    void *hm = api->hm_new(n, n), *warm = api->rnd_new(1, 12345);
    api->mpd(hm, warm, 0.55f);
    api->rnd_delete(warm);
    for (int r = 0; r < runs; r++) {
        void *rnd = api->rnd_new(1, (uint32_t)r + 1);
        double t0 = bench_now();
        api->mpd(hm, rnd, 0.55f);
        t[r] = bench_now() - t0;
        api->rnd_delete(rnd);
    }
    api->hm_delete(hm);
    return bench_median(t, runs);
}

/* Tiles a second of 256x256 fbm chunks on this thread (median of runs), with the
 * given options. */
static double fbm_rate(const amz_terrain_options *o, int runs)
{
    enum { SIDE = 256, CHUNKS = 16 };
    uint16_t *buf = malloc((size_t)SIDE * SIDE * sizeof *buf);
    double t[16];
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now();
        for (int c = 0; c < CHUNKS; c++)
            if (amz_terrain_chunk(buf, SIDE, (int64_t)(c + r * CHUNKS) * SIDE, -4096, SIDE, SIDE, o, NULL)) {
                fprintf(stderr, "bench: fbm chunk failed\n");
                exit(1);
            }
        t[r] = (double)SIDE * SIDE * CHUNKS / (bench_now() - t0);
    }
    free(buf);
    return bench_median(t, runs);
}

static void load_line(void)
{
    double l[3];
    if (getloadavg(l, 3) == 3)
        printf("  (load average %.2f %.2f %.2f on %ld cores)\n", l[0], l[1], l[2], sysconf(_SC_NPROCESSORS_ONLN));
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--tcod-child") == 0)
        return tcod_child(atoi(argv[2]), (unsigned)atoi(argv[3]));
    /* The amaze program sits beside this one (build/). */
    char self[4096], amaze[4200], out[256], size[32];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = '\0';
    char *slash = strrchr(self, '/');
    snprintf(amaze, sizeof amaze, "%.*s/amaze", slash ? (int)(slash - self) : 1, slash ? self : ".");
    snprintf(out, sizeof out, "/tmp/amz-bench-terrain-%d.amt", (int)getpid());
    bool quick = getenv("AMZ_BENCH_QUICK") != NULL;

    printf("amaze terrain benchmark (amaze %s)\n", amz_version());
    load_line();
    printf("\nmemory per tile\n");
    printf("  %-52s %6s %14s\n", "storage", "bytes", "1025x1025 map");
    uint64_t n = 1025ull * 1025ull;
    printf("  %-52s %6d %11.2f MB\n", "packed 16-bit tile (type:2,biome:4,river:1,height:8,veg:1)", 2,
           2.0 * (double)n / 1048576);
    printf("  %-52s %6zu %11.2f MB\n", "struct {int type; int height; bool veg;}", sizeof(amz_tile_struct),
           (double)(sizeof(amz_tile_struct) * n) / 1048576);

    tcod_api api;
    char why[128] = "";
    int have_tcod = load_tcod(&api, why, sizeof why);

    printf("\nwhole processes, 4097x4097, median of 5 (seconds, peak RSS, bytes a tile)\n");
    double tiles = 4097.0 * 4097.0;
    char seed[16] = "1";
    char *gen[] = {amaze, A("terrain"), A("generate"), A("-s"), A("4097x4097"), A("--seed"), seed, A("-q"), A("-o"), out, NULL};
    run_result a = run_median(gen, 5);
    printf("  %-58s %8.3f s %8.1f MB %6.2f B/tile%s\n", "amaze terrain generate -s 4097x4097 -o x.amt", a.seconds,
           a.peak_mb, a.peak_mb * 1048576 / tiles, a.ok ? "" : "  (FAILED)");
    char *gen1[] = {amaze, A("terrain"), A("generate"), A("-s"), A("4097x4097"), A("--seed"), seed, A("-q"), A("--threads"), A("1"), A("-o"), out, NULL};
    run_result a1 = run_median(gen1, 5);
    printf("  %-58s %8.3f s %8.1f MB %6.2f B/tile\n", "  the same, --threads 1", a1.seconds, a1.peak_mb,
           a1.peak_mb * 1048576 / tiles);
    char *gen0[] = {amaze, A("terrain"), A("generate"), A("-s"), A("4097x4097"), A("--seed"), seed, A("-q"), A("-o"),
                    A("/dev/null"), NULL};
    run_result a0 = run_median(gen0, 5);
    printf("  %-58s %8.3f s %8.1f MB %6.2f B/tile\n", "  the same, -o /dev/null (no file, no fsync)", a0.seconds,
           a0.peak_mb, a0.peak_mb * 1048576 / tiles);
    if (have_tcod) {
        char *tc[] = {self, A("--tcod-child"), A("4097"), A("1"), NULL};
        run_result c = run_median(tc, 5);
        printf("  %-58s %8.3f s %8.1f MB %6.2f B/tile\n", "libtcod heightmap_new + mid_point_displacement", c.seconds,
               c.peak_mb, c.peak_mb * 1048576 / tiles);
        printf("  %-58s %7.2fx (one thread %.2fx, to /dev/null %.2fx)\n",
               "amaze generate + save speed / libtcod heightmap alone", c.seconds / a.seconds, c.seconds / a1.seconds,
               c.seconds / a0.seconds);
    } else {
        printf("  note: %s; libtcod rows skipped\n", why);
    }

    printf("\nheight fields alone, in process, 4097x4097, median of 5\n");
    double f1 = time_amaze_field(4097, 5, 1), f2 = time_amaze_field(4097, 5, 2);
    printf("  %-58s %8.4f s %8.1f Mtiles/s\n", "amaze amz_terrain_diamond_square, 1 thread", f1, tiles / f1 / 1e6);
    printf("  %-58s %8.4f s %8.1f Mtiles/s\n", "amaze amz_terrain_diamond_square, 2 threads", f2, tiles / f2 / 1e6);
    if (have_tcod) {
        double c = time_tcod_field(&api, 4097, 5);
        printf("  %-58s %8.4f s %8.1f Mtiles/s\n", "libtcod TCOD_heightmap_mid_point_displacement", c, tiles / c / 1e6);
        printf("  %-58s %7.2fx\n", "amaze field speed (1 thread) / libtcod", c / f1);
    }

    printf("\nfbm chunks (256x256) on one core, median of 5\n");
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.noise = AMZ_NOISE_FBM;
    o.octaves = 4;
    printf("  %-58s %8.1f Mtiles/s\n", "4 octaves", fbm_rate(&o, 5) / 1e6);
    o.octaves = 6;
    printf("  %-58s %8.1f Mtiles/s\n", "6 octaves (the default)", fbm_rate(&o, 5) / 1e6);
    o.octaves = 4;
    o.biomes = true;
    printf("  %-58s %8.1f Mtiles/s\n", "4 octaves with biomes", fbm_rate(&o, 5) / 1e6);

    if (!quick) {
        printf("\nwhole processes, 32768x32768 (1.07e9 tiles), one run each\n");
        tiles = 32768.0 * 32768.0;
        snprintf(size, sizeof size, "32768x32768");
        char *big[] = {amaze, A("terrain"), A("generate"), A("-s"), size, A("--seed"), seed, A("-q"), A("-o"), out, NULL};
        run_result b = run(big);
        printf("  %-58s %8.1f s %8.1f MB %6.2f B/tile%s\n", "amaze terrain generate -s 32768x32768 -o x.amt",
               b.seconds, b.peak_mb, b.peak_mb * 1048576 / tiles, b.ok ? "" : "  (FAILED)");
        char png[300];
        snprintf(png, sizeof png, "%s.png", out);
        char *ren[] = {amaze, A("terrain"), A("render"), out, A("-o"), png, NULL};
        run_result p = run(ren);
        printf("  %-58s %8.1f s %8.1f MB %6.2f B/tile%s\n", "amaze terrain render x.amt -o x.png", p.seconds,
               p.peak_mb, p.peak_mb * 1048576 / tiles, p.ok ? "" : "  (FAILED)");
        unlink(png);
    }
    load_line();
    unlink(out);
    return 0;
}
