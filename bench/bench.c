/* bench.c — `make bench`: speed and peak memory of every generator and solver.
 *
 * Each measurement runs in a fresh child process (fork), so "peak bytes per cell" is
 * the whole process's peak resident set (getrusage of the child) divided by the cells,
 * and one case cannot inherit another's heap. Rates are medians over several runs
 * (seeds 1000, 1001, ...): the machines are shared and noisy, so each rate is given
 * twice, from the measured section's CPU time (what the algorithm costs; immune to
 * waiting for a core) and from its wall time. The maze's pages are touched before the
 * clock starts (their first-touch faults are allocation, not algorithm: costly in a
 * VM). Solvers run on backtracker mazes from
 * the top-left to the bottom-right cell. A last section compares the cells explored
 * by bfs, bidir and astar over 100 mazes, after the "threads" rows (the generators
 * that take --threads, on 1 and 2 threads). Never part of pass/fail. "stream" rows time
 * amz_gen_stream into the .amz row writer (generation, packing, CRC and write calls)
 * to /dev/null, or to a file in $BENCH_STREAM_DIR (removed after); 31623x31623 (1e9
 * cells) only with BENCH_BIG=1. A "threads" section times bfs with one and two
 * threads on the same mazes (wall-clock medians; see bench_threads).
 *
 * Usage: amaze-bench [--runs N] [--quick] [--no-compare] [NAME-SUBSTRING] */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "amaze.h"
#include "bench_util.h"

/* Worker threads for the generators that take them (the "threads" rows), 0 = default.
 * Set before a measurement; the forked child inherits it. */
static unsigned gen_threads;

typedef struct result {
    double wall, cpu; /* the operation alone */
    uint64_t units;   /* cells generated, or cells explored by a solver */
    uint64_t aux;     /* solver: path length */
    int ok;
} result;

static double clock_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Streams a maze to the .amz row writer (see the top comment). */
static result child_stream(const char *algo, int64_t w, int64_t h, uint64_t seed)
{
    result r = {0, 0, 0, 0, 0};
    const char *dir = getenv("BENCH_STREAM_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/amaze-bench-stream-%ld.amz", dir ? dir : "", (long)getpid());
    FILE *f = fopen(dir ? path : "/dev/null", "wb");
    if (!f)
        return r;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    amz_stream_header hd = {AMZ_TOPO_SQUARE, w, h, 0, w * h - 1, seed, algo, NULL};
    amz_row_sink *sink = NULL;
    double w0 = clock_of(CLOCK_MONOTONIC), c0 = clock_of(CLOCK_THREAD_CPUTIME_ID);
    int ok = amz_io_rows_open(f, &hd, &sink, NULL) == AMZ_OK &&
             amz_gen_stream(algo, AMZ_TOPO_SQUARE, w, h, &o, sink, NULL, NULL) == AMZ_OK;
    ok = sink && (ok ? amz_row_sink_finish(sink, NULL) == AMZ_OK : (amz_row_sink_abort(sink), 0)) && ok &&
         fflush(f) == 0;
    r.wall = clock_of(CLOCK_MONOTONIC) - w0;
    r.cpu = clock_of(CLOCK_THREAD_CPUTIME_ID) - c0;
    fclose(f);
    if (dir)
        remove(path);
    r.units = (uint64_t)w * (uint64_t)h;
    r.ok = ok;
    return r;
}

/* Runs in the child: generate (and solve) a maze, time the measured part. */
static result child_run(const char *kind, const char *algo, const amz_grid *g, uint64_t seed)
{
    const int64_t w = g->width, h = g->height;
    result r = {0, 0, 0, 0, 0};
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    if (strcmp(kind, "stream") == 0) /* a streamed maze needs no maze */
        return child_stream(algo, w, h, seed);
    if (amz_maze_init_grid(&m, g, NULL))
        return r;
    const bool gen = strcmp(kind, "gen") == 0;
    amz_maze_clear(&m); /* first-touch page faults belong to amz_maze_init, not to the algorithm */
    /* with worker threads, CPU time is the whole process's */
    const clockid_t cpu = gen_threads > 1 ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID;
    if (gen)
        o.threads = gen_threads;
    double w0 = clock_of(CLOCK_MONOTONIC), c0 = clock_of(cpu);
    if (amz_gen_run(&m, gen ? algo : "backtracker", &o, NULL, NULL))
        return r;
    double w1 = clock_of(CLOCK_MONOTONIC), c1 = clock_of(cpu);
    if (gen) {
        r.wall = w1 - w0;
        r.cpu = c1 - c0;
        r.units = (uint64_t)m.ncells;
    } else {
        amz_solve_result s;
        w0 = clock_of(CLOCK_MONOTONIC);
        c0 = clock_of(CLOCK_THREAD_CPUTIME_ID);
        if (amz_solve_run(&m, algo, m.start, m.goal, NULL, NULL, &s, NULL))
            return r;
        r.cpu = clock_of(CLOCK_THREAD_CPUTIME_ID) - c0;
        r.wall = clock_of(CLOCK_MONOTONIC) - w0;
        r.units = s.explored;
        r.aux = s.path.len;
        amz_path_deinit(&s.path);
    }
    amz_maze_deinit(&m);
    r.ok = 1;
    return r;
}

/* Runs fn(arg, out) in a fresh child process and copies its `size`-byte result back
 * into out (all zero, so not ok, if the child fails); returns the child's peak RSS in
 * bytes. */
static long forked(void (*fn)(const void *arg, void *out), const void *arg, void *out, size_t size)
{
    int fd[2];
    memset(out, 0, size);
    if (pipe(fd) != 0)
        return 0;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        fn(arg, out);
        ssize_t n = write(fd[1], out, size);
        _exit(n == (ssize_t)size ? 0 : 1);
    }
    close(fd[1]);
    if (read(fd[0], out, size) != (ssize_t)size)
        memset(out, 0, size);
    close(fd[0]);
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    return ru.ru_maxrss * 1024L;
}

typedef struct run_args {
    const char *kind, *algo;
    amz_grid g;
    uint64_t seed;
} run_args;

static void run_in_child(const void *arg, void *out)
{
    const run_args *a = arg;
    *(result *)out = child_run(a->kind, a->algo, &a->g, a->seed);
}

/* Forks one measurement; returns the result and the child's peak RSS in bytes. */
static result measure(const char *kind, const char *algo, const amz_grid *g, uint64_t seed, long *peak_bytes)
{
    result r;
    run_args a = {kind, algo, *g, seed};
    *peak_bytes = forked(run_in_child, &a, &r, sizeof r);
    return r;
}

typedef struct bench_case {
    const char *kind; /* "gen" or "solve" */
    const char *algo;
    int64_t w, h;
} bench_case;

/* The grid's name in the table: the topology, and the grid options it has. */
static const char *grid_name(const amz_grid *g, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s%s%s%s", amz_topology_name(g->topology), g->levels > 1 ? "-3d" : "",
             g->wrap ? "-torus" : "", g->weave ? "-weave" : "");
    return buf;
}

/* One row on grid g (c's width and height; polar: c->w cells in the first ring, c->h
 * rings). Prints it; returns the median wall time (negative on failure), and the
 * median CPU rate in *rate if rate is not NULL. */
static double run_grid(const bench_case *c, amz_grid g, int runs, double *rate)
{
    g.width = c->w;
    g.height = c->h;
    char gname[32];
    grid_name(&g, gname, sizeof gname);
    double cpu_rate[16], wall_rate[16], walls[16];
    long peak = 0;
    uint64_t units = 0, aux = 0;
    int n = 0;
    for (int i = 0; i < runs && i < 16; i++) {
        long p = 0;
        result r = measure(c->kind, c->algo, &g, 1000 + (uint64_t)i, &p);
        if (!r.ok) {
            printf("%-6s %-19s %-6s %6lldx%-6lld  failed\n", c->kind, c->algo, gname, (long long)c->w,
                   (long long)c->h);
            return -1;
        }
        cpu_rate[n] = (double)r.units / r.cpu;
        wall_rate[n] = (double)r.units / r.wall;
        walls[n++] = r.wall;
        if (p > peak)
            peak = p;
        units += r.units;
        aux += r.aux;
        if (i == 0 && r.wall > 10 && runs > 3)
            runs = 3; /* a slow case: three runs are enough for a median */
    }
    if (n == 0)
        return -1;
    double cells = (double)amz_grid_cells(&g), wall = bench_median(walls, n), cpu = bench_median(cpu_rate, n);
    if (rate)
        *rate = cpu;
    char name[40], size[48];
    snprintf(name, sizeof name, gen_threads ? "%s x%u" : "%s", c->algo, gen_threads);
    amz_grid_format_size(&g, size, sizeof size);
    printf("%-6s %-19s %-15s %13s %2d %9.1f %9.1f %9.3f %8.3f", c->kind, name, gname, size, n, cpu / 1e6,
           bench_median(wall_rate, n) / 1e6, wall, (double)peak / cells);
    if (strcmp(c->kind, "solve") == 0)
        printf("  explored %.1f%% path %.0f", 100.0 * (double)units / n / cells, (double)aux / n);
    printf("\n");
    return wall;
}

static double run_case(const bench_case *c, amz_topology t, int runs)
{
    const amz_grid g = {t, c->w, c->h, 1, 0, false};
    return run_grid(c, g, runs, NULL);
}

static int count_enter(void *ctx, const amz_event *e)
{
    *(uint64_t *)ctx += e->type == AMZ_EV_ENTER;
    return 0;
}

/* The median over seeds 1000 .. 1000+runs-1 of a walk's steps a cell (ENTER events:
 * one a step of wilson's walks), untimed; 0 if a run fails. */
static double walk_steps(const char *algo, const amz_grid *g, int runs)
{
    double steps[16];
    int n = 0;
    for (int i = 0; i < runs && i < 16; i++) {
        amz_maze m;
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = 1000 + (uint64_t)i;
        uint64_t count = 0;
        const amz_observer obs = {count_enter, &count, 1u << AMZ_EV_ENTER};
        if (amz_maze_init_grid(&m, g, NULL) != AMZ_OK)
            return 0;
        amz_status st = amz_gen_run(&m, algo, &o, &obs, NULL);
        steps[n++] = (double)count / (double)m.ncells;
        amz_maze_deinit(&m);
        if (st != AMZ_OK)
            return 0;
    }
    return bench_median(steps, n);
}

/* The ratio of algo's CPU rate on g to its rate on `yard` (the square grid), paired:
 * for each seed (the rows' seeds) the yardstick runs right before g, and the ratio is
 * of the two rates over all the runs (cells over CPU seconds, summed; 0 on a failure). The host's speed
 * drifts by tens of per cent over seconds, and a pair's two runs, a fraction of a
 * second apart, share it; summing over the same seeds on both sides keeps the work of
 * a seed (wilson's walks vary several-fold) out of the ratio. */
static double paired_ratio(const char *algo, const amz_grid *yard, const amz_grid *g, int runs)
{
    double ycells = 0, ycpu = 0, cells = 0, cpu = 0;
    for (int i = 0; i < runs; i++) {
        long p = 0;
        const result y = measure("gen", algo, yard, 1000 + (uint64_t)i, &p);
        const result r = measure("gen", algo, g, 1000 + (uint64_t)i, &p);
        if (!y.ok || !r.ok)
            return 0;
        ycells += (double)y.units;
        ycpu += y.cpu;
        cells += (double)r.units;
        cpu += r.cpu;
    }
    return ycpu > 0 && cpu > 0 && ycells > 0 ? (cells / cpu) / (ycells / ycpu) : 0;
}

/* The new grids (issue 16): backtracker and wilson at about 1e6 cells on every
 * topology and grid option, each rate also as a ratio to square's: the ratio of the
 * two medians of the rows, and the ratio from runs paired with square's; then a
 * 1e8-cell 3D maze (1000x1000x100) for its peak bytes per cell. */
static void bench_grids(int runs, int big)
{
    static const struct {
        amz_grid g;
    } grids[] = {
        {{AMZ_TOPO_SQUARE, 1000, 1000, 1, 0, false}},  {{AMZ_TOPO_HEX, 1000, 1000, 1, 0, false}},
        {{AMZ_TOPO_TRIANGLE, 1000, 1000, 1, 0, false}}, {{AMZ_TOPO_OCTAGON, 707, 707, 1, 0, false}},
        {{AMZ_TOPO_POLAR, 6, 564, 1, 0, false}},        {{AMZ_TOPO_SQUARE, 100, 100, 100, 0, false}},
        {{AMZ_TOPO_SQUARE, 1000, 1000, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}},
        {{AMZ_TOPO_SQUARE, 1000, 1000, 1, 0, true}},
        {{AMZ_TOPO_HEX, 1000, 1000, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}},
        {{AMZ_TOPO_TRIANGLE, 1000, 1000, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}},
        {{AMZ_TOPO_HEX, 100, 100, 100, 0, false}},
    };
    static const char *const algos[] = {"backtracker", "wilson"};
    printf("\ngrids: about 1e6 cells each (polar 564 rings: %lld cells); x square = CPU rate / square's in this run\n"
           "(paired: the rates over runs each made just after a square run of the same seed)\n",
           (long long)amz_grid_cells(&grids[4].g));
    for (int a = 0; a < 2; a++) {
        double square = 0;
        for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++) {
            amz_grid g = grids[i].g;
            if (amz_gen_check_grid(amz_gen_find(algos[a]), &g, NULL) != AMZ_OK)
                continue;
            bench_case c = {"gen", algos[a], g.width, g.height};
            double rate = 0;
            /* Wilson's work for one maze varies with the seed (its walks take from about
             * 4 to 24 steps a cell at 1e6 cells, the first ones longest): 15 seeds for
             * a steadier median, and the steps a cell beside the rate, so the ratio
             * can be told apart into walk length and cost a step. */
            const int n = a == 1 ? 15 : runs;
            if (run_grid(&c, g, n, &rate) < 0)
                continue;
            if (i == 0)
                square = rate;
            printf("       %.2fx square", square > 0 ? rate / square : 0);
            if (i > 0)
                printf(" (paired: %.2fx)", paired_ratio(algos[a], &grids[0].g, &g, n));
            if (a == 1) {
                double steps = walk_steps(algos[a], &g, n);
                if (steps > 0 && rate > 0)
                    printf("; %.2f steps a cell (median), %.1f ns a step", steps, 1e9 / (rate * steps));
            }
            printf("\n");
        }
    }
    if (big) {
        const amz_grid g = {AMZ_TOPO_SQUARE, 1000, 1000, 100, 0, false};
        bench_case c = {"gen", "backtracker", g.width, g.height};
        run_grid(&c, g, 1, NULL);
    }
}

/* bfs, bidir and astar on the same 100 mazes: mean cells explored. */
static void compare_explored(void)
{
    static const char *const solvers[] = {"bfs", "bidir", "astar"};
    static const struct {
        const char *gen;
        double braid;
    } kinds[] = {{"backtracker", 0}, {"wilson", 0}, {"kruskal", 0.5}};
    printf("\nCells explored from the top-left to the bottom-right cell, mean over 100 mazes of 300x300\n");
    printf("%-22s %12s %12s %12s %16s\n", "mazes", "bfs", "bidir", "astar", "bidir vs bfs");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        double sum[3] = {0, 0, 0};
        for (int i = 0; i < 100; i++) {
            amz_maze m;
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = 5000 + (uint64_t)i;
            o.braid = kinds[k].braid;
            if (amz_maze_init(&m, AMZ_TOPO_SQUARE, 300, 300, NULL) || amz_gen_run(&m, kinds[k].gen, &o, NULL, NULL))
                return;
            for (int s = 0; s < 3; s++) {
                amz_solve_result r;
                if (amz_solve_run(&m, solvers[s], m.start, m.goal, NULL, NULL, &r, NULL))
                    return;
                sum[s] += (double)r.explored / 100;
                amz_path_deinit(&r.path);
            }
            amz_maze_deinit(&m);
        }
        char name[48];
        snprintf(name, sizeof name, "%s%s", kinds[k].gen, kinds[k].braid > 0 ? " braided 0.5" : "");
        printf("%-22s %12.0f %12.0f %12.0f %15.1f%%\n", name, sum[0], sum[1], sum[2], 100.0 * (sum[1] / sum[0] - 1));
    }
}

/* The generators that take --threads, on 1 and 2 threads (this machine's cores): the
 * same maze, and the wall-time speed-up. CPU rates there count every thread's time. */
static void threads_rows(int runs, const char *only)
{
    bool header = false;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        if (!(g->options & AMZ_GEN_OPT_THREADS) || (only && !strstr(g->name, only) && !strstr("threads", only)))
            continue;
        if (!header) {
            printf("\nThreads (xN: --threads N; speed-up from the median wall times)\n");
            header = true;
        }
        bench_case c = {"gen", g->name, 4000, 4000};
        gen_threads = 1;
        double one = run_case(&c, AMZ_TOPO_SQUARE, runs);
        gen_threads = 2;
        double two = run_case(&c, AMZ_TOPO_SQUARE, runs);
        gen_threads = 0;
        if (one > 0 && two > 0)
            printf("%-6s %-19s speed-up on 2 threads: %.2fx\n", "gen", g->name, one / two);
    }
}

/* ---- bfs --threads: one thread against two on the same mazes ----
 * Each run generates a maze (not timed), then times amz_solve_run for threads = 1 and
 * threads = 2 in the same child, alternating which goes first. The rate is maze cells
 * per wall second (the two forms explore different cells, so cells explored would not
 * compare); CPU time is the whole process's (both threads). */
typedef struct threads_result {
    double wall[2], cpu[2];
    uint64_t explored[2], len[2];
    int ok;
} threads_result;

static threads_result threads_child(int64_t w, int64_t h, double braid, uint64_t seed)
{
    threads_result r;
    memset(&r, 0, sizeof r);
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    o.braid = braid;
    if (amz_maze_init(&m, AMZ_TOPO_SQUARE, w, h, NULL) || amz_gen_run(&m, "backtracker", &o, NULL, NULL))
        return r;
    for (int k = 0; k < 2; k++) {
        int i = (int)((seed + (uint64_t)k) % 2); /* which form runs first alternates */
        amz_solve_options so;
        amz_solve_options_init(&so);
        so.threads = i + 1;
        amz_solve_result s;
        double w0 = clock_of(CLOCK_MONOTONIC), c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID);
        if (amz_solve_run(&m, "bfs", m.start, m.goal, &so, NULL, &s, NULL))
            return r;
        r.cpu[i] = clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
        r.wall[i] = clock_of(CLOCK_MONOTONIC) - w0;
        r.explored[i] = s.explored;
        r.len[i] = s.path.len;
        amz_path_deinit(&s.path);
    }
    amz_maze_deinit(&m);
    r.ok = r.len[0] == r.len[1]; /* both shortest */
    return r;
}

typedef struct threads_args {
    int64_t w, h;
    double braid;
    uint64_t seed;
} threads_args;

static void threads_in_child(const void *arg, void *out)
{
    const threads_args *a = arg;
    *(threads_result *)out = threads_child(a->w, a->h, a->braid, a->seed);
}

static threads_result threads_measure(int64_t w, int64_t h, double braid, uint64_t seed)
{
    threads_result r;
    threads_args a = {w, h, braid, seed};
    (void)forked(threads_in_child, &a, &r, sizeof r);
    return r;
}

static void bench_threads(int runs, int big)
{
    static const struct {
        int64_t w, h;
        double braid;
        int big;
    } cases[] = {{4000, 4000, 0, 0}, {4000, 4000, 0.5, 0}, {10000, 10000, 0, 1}, {10000, 10000, 0.5, 1}};
    printf("\nbfs --threads: one thread vs two on the same backtracker mazes (seeds 1000...), wall-clock medians;\n"
           "M/s = maze cells per second; explored = mean cells explored; speed-up = median of per-maze ratios\n");
    printf("%-13s %-6s %2s %9s %9s %9s %9s %9s %9s %8s\n", "size", "braid", "n", "1t wall", "1t M/s", "2t wall",
           "2t M/s", "1t expl", "2t expl", "speed-up");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        if (cases[c].big && !big)
            continue;
        double w1[16], w2[16], ratio[16], e1 = 0, e2 = 0;
        int n = 0, want = cases[c].big && runs > 3 ? 3 : runs;
        for (int i = 0; i < want && i < 16; i++) {
            threads_result r = threads_measure(cases[c].w, cases[c].h, cases[c].braid, 1000 + (uint64_t)i);
            if (!r.ok)
                break;
            w1[n] = r.wall[0];
            w2[n] = r.wall[1];
            ratio[n++] = r.wall[0] / r.wall[1];
            e1 += (double)r.explored[0];
            e2 += (double)r.explored[1];
        }
        if (n == 0) {
            printf("%6lldx%-6lld %-6.1f failed\n", (long long)cases[c].w, (long long)cases[c].h, cases[c].braid);
            continue;
        }
        double cells = (double)cases[c].w * (double)cases[c].h, m1 = bench_median(w1, n), m2 = bench_median(w2, n);
        printf("%6lldx%-6lld %-6.1f %2d %9.3f %9.1f %9.3f %9.1f %8.1f%% %8.1f%% %7.2fx\n", (long long)cases[c].w,
               (long long)cases[c].h, cases[c].braid, n, m1, cells / m1 / 1e6, m2, cells / m2 / 1e6,
               100 * e1 / n / cells, 100 * e2 / n / cells, bench_median(ratio, n));
    }
}

int main(int argc, char **argv)
{
    int runs = 5, big = 1, compare = 1;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]) < 1 ? 1 : atoi(argv[i]);
        else if (strcmp(argv[i], "--quick") == 0)
            big = 0;
        else if (strcmp(argv[i], "--no-compare") == 0)
            compare = 0;
        else
            only = argv[i];
    }
    if (runs < 1)
        runs = 1;
    printf("amaze %s bench: medians of %d runs (3 when one takes over 10 s); rates in million cells per second,\n"
           "generated (gen) or explored (solve), from CPU time and from wall time\n",
           amz_version(), runs);
    printf("%-6s %-19s %-15s %13s %2s %9s %9s %9s %8s\n", "kind", "algorithm", "grid", "size", "n", "cpu M/s",
           "wall M/s", "wall s", "B/cell");
    for (int k = 0; k < 2; k++) {
        size_t count = k == 0 ? amz_gen_count() : amz_solve_count();
        for (size_t i = 0; i < count; i++) {
            const char *name = k == 0 ? amz_gen_at(i)->name : amz_solve_at(i)->name;
            if (only && !strstr(name, only))
                continue;
            const char *kind = k == 0 ? "gen" : "solve";
            bench_case c = {kind, name, 1000, 1000};
            run_case(&c, AMZ_TOPO_SQUARE, runs);
            c.w = c.h = 4000;
            double t4 = run_case(&c, AMZ_TOPO_SQUARE, runs);
            if (big && t4 >= 0 && t4 < 1.0) { /* fast enough for 100 million cells */
                c.w = c.h = 10000;
                run_case(&c, AMZ_TOPO_SQUARE, runs < 3 ? runs : 3);
            }
            if (k == 1 || amz_gen_supports(amz_gen_at(i), AMZ_TOPO_HEX)) {
                c.w = c.h = 1000;
                run_case(&c, AMZ_TOPO_HEX, runs);
            }
        }
    }
    /* Streamed generation: memory follows the width, so peak bytes per cell fall with
     * the height. */
    static const char *const streamers[] = {"eller", "sidewinder", "binary-tree"};
    const char *bigenv = getenv("BENCH_BIG");
    for (size_t i = 0; i < 3; i++) {
        if (only && !strstr(streamers[i], only) && !strstr("stream", only))
            continue;
        bench_case c = {"stream", streamers[i], 1000, 1000};
        run_case(&c, AMZ_TOPO_SQUARE, runs);
        c.w = c.h = 10000;
        if (big)
            run_case(&c, AMZ_TOPO_SQUARE, runs < 3 ? runs : 3);
        c.w = c.h = 31623;
        if (big && bigenv && atoi(bigenv) > 0)
            run_case(&c, AMZ_TOPO_SQUARE, 1);
    }
    if (!only || strstr("grids", only))
        bench_grids(runs, big);
    threads_rows(runs, only);
    if (!only || strstr("threads", only))
        bench_threads(runs, big);
    if (compare && !only)
        compare_explored();
    return 0;
}
