/* dungeon_bench.c — `make bench`, dungeon part (issue 19's targets): a 1000x1000-tile
 * dungeon (target: under 0.5 s) beside the corridor maze alone (backtracker on its
 * 499x499 cells), and Dijkstra maps over 1e7 cells (target: at least 20 M cells/s) on
 * a square maze and on a dungeon's tiles, beside a plain breadth-first search written
 * here over the public per-cell API, and the flee rescan. Medians of 5 runs; the
 * machines are shared and noisy, so each row says its ratio to the peer timed in the
 * same run. Never part of pass/fail. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "amaze.h"
#include "bench_util.h"

enum { RUNS = 5 };

static void die(const char *what, const amz_error *err)
{
    fprintf(stderr, "dungeon bench: %s: %s\n", what, err->msg);
    exit(1);
}

/* The peer: a textbook queue BFS through amz_maze_passage and amz_maze_neighbor. */
static void plain_bfs(const amz_maze *m, amz_cell from, uint32_t *dist, uint32_t *queue)
{
    memset(dist, 0xff, (size_t)m->ncells * sizeof *dist);
    uint64_t head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = (uint32_t)from;
    while (head < tail) {
        amz_cell c = queue[head++];
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (dist[nb] == UINT32_MAX) {
                dist[nb] = dist[c] + 1;
                queue[tail++] = (uint32_t)nb;
            }
        }
    }
}

int main(void)
{
    amz_error err;
    double t[RUNS], peer[RUNS];
    printf("## Dungeons and Dijkstra maps\n\n| what | size | median | rate | peer (same run) | ratio |\n"
           "|---|---|---:|---:|---|---:|\n");
    /* A 1000x1000 dungeon, and its corridor maze alone. */
    for (int r = 0; r < RUNS; r++) {
        amz_dungeon_options o;
        amz_dungeon_options_init(&o);
        o.seed = (uint64_t)r + 1;
        amz_dungeon d;
        double t0 = bench_now();
        if (amz_dungeon_generate(&d, 1000, 1000, &o, &err))
            die("generate", &err);
        t[r] = bench_now() - t0;
        amz_dungeon_deinit(&d);
        amz_maze m;
        amz_gen_options go;
        amz_gen_options_init(&go);
        go.seed = (uint64_t)r + 1;
        t0 = bench_now();
        if (amz_maze_init(&m, AMZ_TOPO_SQUARE, 499, 499, &err) || amz_gen_run(&m, "backtracker", &go, NULL, &err))
            die("maze", &err);
        peer[r] = bench_now() - t0;
        amz_maze_deinit(&m);
    }
    double a = bench_median(t, RUNS), b = bench_median(peer, RUNS);
    printf("| dungeon generate (rooms, backtracker corridors, doors, dead ends, stairs) | 1000x1000 tiles | %.3f s | "
           "%.1f M tiles/s | backtracker on the 499x499 corridor cells, %.3f s | %.2f |\n",
           a, 1.0 / a, b, a / b);
    fflush(stdout);
    /* Dijkstra maps over 1e7 cells: a 3163x3162 perfect maze, one goal in the middle. */
    amz_maze m;
    amz_gen_options go;
    amz_gen_options_init(&go);
    go.seed = 1;
    if (amz_maze_init(&m, AMZ_TOPO_SQUARE, 3163, 3162, &err) || amz_gen_run(&m, "sidewinder", &go, NULL, &err))
        die("maze", &err);
    const uint64_t n = (uint64_t)m.ncells;
    uint32_t *dist = malloc(n * sizeof *dist), *queue = malloc(n * sizeof *queue);
    int32_t *flee = malloc(n * sizeof *flee);
    if (!dist || !queue || !flee)
        return 1;
    amz_cell goal = m.ncells / 2;
    double tf[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        if (amz_dijkstra_maze(&m, &goal, 1, dist, &err))
            die("dijkstra", &err);
        t[r] = bench_now() - t0;
        t0 = bench_now();
        if (amz_dijkstra_flee_maze(&m, dist, 1.2, flee, &err))
            die("flee", &err);
        tf[r] = bench_now() - t0;
        t0 = bench_now();
        plain_bfs(&m, goal, dist, queue);
        peer[r] = bench_now() - t0;
    }
    a = bench_median(t, RUNS), b = bench_median(peer, RUNS);
    double f = bench_median(tf, RUNS);
    const double maze_rate = (double)n / a;
    printf("| Dijkstra map, square maze, 1 goal | %llu cells | %.3f s | **%.1f M cells/s** | plain BFS over "
           "amz_maze_passage, %.3f s | %.2f |\n",
           (unsigned long long)n, a, (double)n / a / 1e6, b, a / b);
    printf("| flee map (x -1.2, rescanned) of that map | %llu cells | %.3f s | %.1f M cells/s | the Dijkstra map, "
           "%.3f s | %.2f |\n",
           (unsigned long long)n, f, (double)n / f / 1e6, a, f / a);
    fflush(stdout);
    amz_maze_deinit(&m);
    /* The same on a dungeon's 3163x3163 tiles, from the up stairs. */
    amz_dungeon_options o;
    amz_dungeon_options_init(&o);
    o.seed = 1;
    amz_dungeon d;
    if (amz_dungeon_generate(&d, 3163, 3163, &o, &err))
        die("dungeon", &err);
    const uint64_t nt = (uint64_t)d.width * (uint64_t)d.height;
    uint32_t *dd = malloc(nt * sizeof *dd);
    int64_t up = (int64_t)d.up_y * d.width + d.up_x;
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        if (amz_dijkstra_dungeon(&d, &up, 1, dd, &err))
            die("dijkstra dungeon", &err);
        t[r] = bench_now() - t0;
    }
    amz_dungeon_stats s;
    if (amz_dungeon_stats_compute(&d, &s, &err))
        die("stats", &err);
    a = bench_median(t, RUNS);
    printf("| Dijkstra map, dungeon tiles, from the up stairs | %llu tiles (%llu walkable) | %.3f s | **%.1f M "
           "tiles/s** | the maze's map above, per cell | %.2f |\n",
           (unsigned long long)nt, (unsigned long long)s.floor, a, (double)nt / a / 1e6, ((double)nt / a) / maze_rate);
    amz_dungeon_deinit(&d);
    free(dd);
    free(dist);
    free(queue);
    free(flee);
    return 0;
}
