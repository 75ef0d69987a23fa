/* bench.c — `make bench`: speed and peak memory of every generator and solver.
 *
 * Each measurement runs in a fresh child process (fork), so "peak bytes per cell" is
 * the whole process's peak resident set (getrusage of the child) divided by the cells,
 * and one case cannot inherit another's heap. Rates are medians over several runs:
 * the machines are shared and noisy. Never part of pass/fail. */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "amaze.h"

typedef struct result {
    double seconds;    /* the operation alone */
    uint64_t units;    /* cells generated, or cells explored by a solver */
    uint64_t aux;      /* solver: path length */
    int ok;
} result;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs in the child: generate (and solve) a maze, time the measured part. */
static result child_run(const char *kind, const char *algo, amz_topology t, int64_t w, int64_t h, uint64_t seed)
{
    result r = {0, 0, 0, 0};
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    if (amz_maze_init(&m, t, w, h, NULL))
        return r;
    const char *gen = strcmp(kind, "gen") == 0 ? algo : "backtracker";
    double t0 = now();
    if (amz_gen_run(&m, gen, &o, NULL, NULL))
        return r;
    double t1 = now();
    if (strcmp(kind, "gen") == 0) {
        r.seconds = t1 - t0;
        r.units = (uint64_t)m.ncells;
    } else {
        amz_solve_result s;
        t0 = now();
        if (amz_solve_run(&m, algo, m.start, m.goal, NULL, NULL, &s, NULL))
            return r;
        r.seconds = now() - t0;
        r.units = s.explored;
        r.aux = s.path.len;
        amz_path_deinit(&s.path);
    }
    amz_maze_deinit(&m);
    r.ok = 1;
    return r;
}

/* Forks one measurement; returns the result and the child's peak RSS in bytes. */
static result measure(const char *kind, const char *algo, amz_topology t, int64_t w, int64_t h, uint64_t seed,
                      long *peak_bytes)
{
    int fd[2];
    result r = {0, 0, 0, 0};
    if (pipe(fd) != 0)
        return r;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        result cr = child_run(kind, algo, t, w, h, seed);
        ssize_t n = write(fd[1], &cr, sizeof cr);
        _exit(n == (ssize_t)sizeof cr ? 0 : 1);
    }
    close(fd[1]);
    if (read(fd[0], &r, sizeof r) != (ssize_t)sizeof r)
        r.ok = 0;
    close(fd[0]);
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    *peak_bytes = ru.ru_maxrss * 1024L;
    return r;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct bench_case {
    const char *kind; /* "gen" or "solve" */
    const char *algo;
    int64_t w, h;
} bench_case;

static void run_case(const bench_case *c, amz_topology t, int runs)
{
    double rates[16], secs[16];
    long peak = 0;
    uint64_t units = 0, aux = 0;
    int n = 0;
    for (int i = 0; i < runs && i < 16; i++) {
        long p = 0;
        result r = measure(c->kind, c->algo, t, c->w, c->h, 1000 + (uint64_t)i, &p);
        if (!r.ok) {
            printf("%-6s %-16s %-7s %6lldx%-6lld  failed\n", c->kind, c->algo, amz_topology_name(t),
                   (long long)c->w, (long long)c->h);
            return;
        }
        rates[n] = (double)r.units / r.seconds;
        secs[n++] = r.seconds;
        if (p > peak)
            peak = p;
        units += r.units;
        aux += r.aux;
    }
    if (n == 0)
        return;
    qsort(rates, (size_t)n, sizeof rates[0], cmp_double);
    qsort(secs, (size_t)n, sizeof secs[0], cmp_double);
    double cells = (double)c->w * (double)c->h;
    printf("%-6s %-16s %-7s %6lldx%-6lld %9.1f M/s %9.3f s %8.3f B/cell", c->kind, c->algo, amz_topology_name(t),
           (long long)c->w, (long long)c->h, rates[n / 2] / 1e6, secs[n / 2], (double)peak / cells);
    if (strcmp(c->kind, "solve") == 0)
        printf("  explored %.1f%% path %.0f", 100.0 * (double)units / n / cells, (double)aux / n);
    printf("\n");
}

int main(int argc, char **argv)
{
    int runs = 3;
    const char *only = NULL;
    int big = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]) < 1 ? 1 : atoi(argv[i]);
        else if (strcmp(argv[i], "--quick") == 0)
            big = 0;
        else
            only = argv[i];
    }
    static const int64_t sizes[] = {1000, 4000, 10000};
    printf("amaze %s bench: medians of %d runs; rate = cells generated (gen) or explored (solve) per second\n",
           amz_version(), runs);
    printf("%-6s %-16s %-7s %13s %13s %11s %14s\n", "kind", "algorithm", "grid", "size", "rate", "time",
           "peak memory");
    for (int k = 0; k < 2; k++) {
        size_t count = k == 0 ? amz_gen_count() : amz_solve_count();
        for (size_t i = 0; i < count; i++) {
            const char *name = k == 0 ? amz_gen_at(i)->name : amz_solve_at(i)->name;
            if (only && !strstr(name, only))
                continue;
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                if (sizes[s] > 4000 && !big)
                    continue;
                bench_case c = {k == 0 ? "gen" : "solve", name, sizes[s], sizes[s]};
                run_case(&c, AMZ_TOPO_SQUARE, runs);
            }
        }
    }
    return 0;
}
