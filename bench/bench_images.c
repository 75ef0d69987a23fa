/* bench_images.c — `make bench` for pictures and animations: rendering a 1000x1000
 * maze to PNG, streaming a 20000x20000 maze to PNG (peak memory), solving a
 * 4001x4001-pixel maze picture, a 60x40 animated GIF, and the grids drawn from the
 * model's geometry beside the flat square painter.
 *
 * Each measurement runs in a fresh child process (fork) so that its peak resident
 * set (getrusage of the child) is its own. Times are medians over several runs, as
 * wall-clock and as CPU (user + system) time: the machines are shared and noisy, and
 * CPU time shows what the work costs when the wall clock is stretched by other load.
 * Never part of pass/fail. Usage: amaze-bench-images [--runs N] [--quick] */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "amaze.h"
#include "bench_util.h"
#include "amaze/anim.h"
#include "amaze/image.h"

typedef struct result {
    double wall, cpu; /* the measured operation alone */
    uint64_t bytes;   /* output size */
    int ok;
} result;

static const char *tmpdir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

static char maze20k[512], picture4k[512];

typedef result (*child_fn)(int arg);

/* Forks one measurement; returns its result and the child's peak RSS in bytes. */
static result measure(child_fn fn, int arg, long *peak)
{
    int fd[2];
    result r = {0, 0, 0, 0};
    if (pipe(fd) != 0)
        return r;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        result cr = fn(arg);
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
    *peak = ru.ru_maxrss * 1024L;
    return r;
}

static void make_maze(amz_maze *m, int64_t w, int64_t h, uint64_t seed, bool solve)
{
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    if (amz_maze_init(m, AMZ_TOPO_SQUARE, w, h, NULL) || amz_gen_run(m, "backtracker", &o, NULL, NULL))
        _exit(2);
    if (solve && amz_solve_maze(m, "bfs", NULL, NULL, NULL, NULL))
        _exit(2);
}

/* Writes m with options o to path; times the writing alone. */
static result render_to(const amz_maze *m, const amz_image_options *o, const char *path)
{
    result r = {0, 0, 0, 0};
    FILE *f = fopen(path, "wb");
    if (!f)
        return r;
    double t0 = bench_now(), c0 = bench_cpu_now();
    amz_status st = amz_image_write(m, o, AMZ_IMAGE_PNG, f, NULL);
    r.ok = st == AMZ_OK && fflush(f) == 0;
    r.wall = bench_now() - t0;
    r.cpu = bench_cpu_now() - c0;
    r.bytes = (uint64_t)ftell(f);
    fclose(f);
    remove(path);
    return r;
}

static result render_1000(int cell)
{
    amz_maze m;
    make_maze(&m, 1000, 1000, 1, true);
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = cell;
    char path[600];
    snprintf(path, sizeof path, "%s/amz-bench-1000.png", tmpdir());
    result r = render_to(&m, &o, path);
    amz_maze_deinit(&m);
    return r;
}

/* The grids drawn from the model's geometry against the flat square painter, at
 * about the same cell count and the same 8 px cells: a plain 500x500 square maze, the
 * same wrapped (so drawn by img_any.c), a 700x360 triangle maze and a polar one of
 * 280 rings. */
static const amz_grid bench_grids[] = {
    {AMZ_TOPO_SQUARE, 500, 500, 1, 0, false},
    {AMZ_TOPO_SQUARE, 500, 500, 1, AMZ_WRAP_X, false},
    {AMZ_TOPO_TRIANGLE, 700, 360, 1, 0, false},
    {AMZ_TOPO_POLAR, 6, 280, 1, 0, false},
};

static result render_grid(int k)
{
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = 1;
    if (amz_maze_init_grid(&m, &bench_grids[k], NULL) || amz_gen_run(&m, "backtracker", &o, NULL, NULL) ||
        amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL))
        _exit(2);
    amz_image_options io;
    amz_image_options_init(&io);
    io.cell = 8;
    char path[600];
    snprintf(path, sizeof path, "%s/amz-bench-grid.png", tmpdir());
    result r = render_to(&m, &io, path);
    amz_maze_deinit(&m);
    return r;
}

static result make_20k(int arg)
{
    (void)arg;
    amz_maze m;
    make_maze(&m, 20000, 20000, 1, true);
    result r = {0, 0, 0, 0};
    r.ok = amz_io_save(&m, maze20k, NULL) == AMZ_OK;
    amz_maze_deinit(&m);
    return r;
}

static result render_20k(int arg)
{
    (void)arg;
    amz_maze m;
    result r = {0, 0, 0, 0};
    if (amz_io_load(maze20k, &m, NULL, NULL, NULL))
        return r;
    amz_image_options o;
    amz_image_options_init(&o);
    char path[600];
    snprintf(path, sizeof path, "%s/amz-bench-20k.png", tmpdir());
    r = render_to(&m, &o, path);
    amz_maze_deinit(&m);
    return r;
}

static result make_picture(int arg)
{
    (void)arg;
    amz_maze m;
    make_maze(&m, 2000, 2000, 3, false);
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = 2, o.wall = 1, o.margin = 0;
    FILE *f = fopen(picture4k, "wb");
    result r = {0, 0, 0, 0};
    r.ok = f && amz_image_write(&m, &o, AMZ_IMAGE_PNG, f, NULL) == AMZ_OK;
    if (f)
        fclose(f);
    amz_maze_deinit(&m);
    return r;
}

/* Reads the picture file, then times: decode to a pixel maze, find the openings,
 * BFS, and write the solved picture. */
static result solve_picture(int arg)
{
    (void)arg;
    result r = {0, 0, 0, 0};
    FILE *f = fopen(picture4k, "rb");
    if (!f)
        return r;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = n > 0 ? malloc((size_t)n) : NULL;
    bool ok = data && fread(data, 1, (size_t)n, f) == (size_t)n;
    fclose(f);
    if (!ok) {
        free(data);
        return r;
    }
    char path[600];
    snprintf(path, sizeof path, "%s/amz-bench-solved.png", tmpdir());
    FILE *out = fopen(path, "wb");
    double t0 = bench_now(), c0 = bench_cpu_now();
    amz_maze m;
    amz_image_origin org;
    amz_solve_result s;
    amz_color red = {255, 0, 0, 255};
    r.ok = amz_image_read_maze(data, (size_t)n, NULL, &m, &org, NULL) == AMZ_OK &&
           amz_solve_run(&m, "bfs", m.start, m.goal, NULL, NULL, &s, NULL) == AMZ_OK &&
           amz_image_write_path(data, (size_t)n, &m, &org, &s.path, red, NULL, out, NULL) == AMZ_OK && fflush(out) == 0;
    r.wall = bench_now() - t0;
    r.cpu = bench_cpu_now() - c0;
    r.bytes = (uint64_t)ftell(out);
    fclose(out);
    remove(path);
    return r;
}

static result gif_60x40(int arg)
{
    (void)arg;
    result r = {0, 0, 0, 0};
    amz_maze m;
    if (amz_maze_init(&m, AMZ_TOPO_SQUARE, 60, 40, NULL))
        return r;
    amz_anim_options o;
    amz_anim_options_init(&o);
    o.gen.seed = 1;
    o.image.cell = 8;
    char path[600];
    snprintf(path, sizeof path, "%s/amz-bench.gif", tmpdir());
    FILE *f = fopen(path, "wb");
    double t0 = bench_now(), c0 = bench_cpu_now();
    r.ok = f && amz_anim_write_gif(&m, &o, f, NULL, NULL) == AMZ_OK && fflush(f) == 0;
    r.wall = bench_now() - t0;
    r.cpu = bench_cpu_now() - c0;
    if (f) {
        r.bytes = (uint64_t)ftell(f);
        fclose(f);
    }
    remove(path);
    amz_maze_deinit(&m);
    return r;
}

static void run(const char *name, const char *target, child_fn fn, int arg, int runs)
{
    double wall[16], cpu[16];
    long peak = 0;
    uint64_t bytes = 0;
    int n = 0;
    for (int i = 0; i < runs && i < 16; i++) {
        long p = 0;
        result r = measure(fn, arg, &p);
        if (!r.ok) {
            printf("%-44s failed\n", name);
            return;
        }
        wall[n] = r.wall;
        cpu[n++] = r.cpu;
        bytes = r.bytes;
        if (p > peak)
            peak = p;
    }
    if (n == 0)
        return;
    qsort(wall, (size_t)n, sizeof wall[0], bench_cmp_double);
    qsort(cpu, (size_t)n, sizeof cpu[0], bench_cmp_double);
    printf("%-44s %8.3f s %8.3f s %9.1f MB %10.1f MB  %s\n", name, wall[n / 2], cpu[n / 2], (double)peak / 1048576.0,
           (double)bytes / 1048576.0, target);
}

static result render_1000_default(int arg)
{
    (void)arg;
    return render_1000(0);
}

static result render_1000_cell(int cell)
{
    return render_1000(cell);
}

int main(int argc, char **argv)
{
    int runs = 5;
    bool quick = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--quick") == 0)
            quick = true;
    }
    snprintf(maze20k, sizeof maze20k, "%s/amz-bench-20k.amz", tmpdir());
    snprintf(picture4k, sizeof picture4k, "%s/amz-bench-4001.png", tmpdir());
    printf("amaze %s picture bench: medians of %d runs (wall clock and CPU time of the operation alone)\n",
           amz_version(), runs);
    printf("%-44s %10s %10s %12s %13s  %s\n", "case", "wall", "cpu", "peak RSS", "output", "target");
    run("render 1000x1000 PNG (default: 2 px cells)", "< 2 s", render_1000_default, 0, runs);
    run("render 1000x1000 PNG --cell 4 (4001 px)", "< 2 s", render_1000_cell, 4, runs);
    run("render 1000x1000 PNG --cell 8 (8001 px)", "", render_1000_cell, 8, runs);
    long peak = 0;
    if (measure(make_picture, 0, &peak).ok)
        run("solve a 4001x4001 px maze picture (bfs)", "< 2 s", solve_picture, 0, runs);
    remove(picture4k);
    run("animate 60x40 both to GIF (8 px cells)", "", gif_60x40, 0, runs);
    run("render 500x500 square PNG --cell 8 (flat)", "", render_grid, 0, runs);
    run("  the same wrapped (geometry painter)", "", render_grid, 1, runs);
    run("  triangle 700x360 PNG --cell 8", "", render_grid, 2, runs);
    run("  polar 280 rings PNG --cell 8", "", render_grid, 3, runs);
    if (!quick) {
        printf("(generating and solving a 20000x20000 maze for the streaming case...)\n");
        if (measure(make_20k, 0, &peak).ok) {
            printf("  maze: 20000x20000 cells, %.1f MB of passages; generate+solve peak RSS %.1f MB\n",
                   20000.0 * 20000.0 * 2 / 8 / 1048576.0, (double)peak / 1048576.0);
            run("stream 20000x20000 PNG (40001 px, solved)", "bounded", render_20k, 0, runs < 3 ? runs : 3);
        } else {
            printf("20000x20000 maze could not be made (memory?)\n");
        }
        remove(maze20k);
    }
    return 0;
}
