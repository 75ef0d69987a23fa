/* grid_picture.c — a maze on any grid, checked and drawn: make it, prove it perfect
 * through the neighbour API alone, solve it and write a PNG.
 *
 *   grid_picture TOPOLOGY SIZE SEED OUT.png
 *
 * TOPOLOGY is square, hex, triangle, octagon or polar; SIZE is written as `amaze
 * generate -s` takes it for that topology (polar: rings, or RxC; WxHxL: L levels).
 * Prints the cells, the passages and the solution's length, and draws the same picture
 * as `amaze generate -t TOPOLOGY -s SIZE --seed SEED | amaze solve - | amaze render -
 * -o OUT.png`. */
#include <stdio.h>
#include <stdlib.h>

#include <amaze.h>
#include <amaze/image.h>

/* A maze is perfect when its passages form a spanning tree: every cell reached from the
 * start, and one passage fewer than cells. Only amz_maze_neighbor and
 * amz_maze_passage are used: the geometry is the library's business. */
static int is_perfect(const amz_maze *m, unsigned long long *passages)
{
    amz_cell *queue = malloc((size_t)m->ncells * sizeof *queue);
    unsigned char *seen = calloc((size_t)m->ncells, 1);
    if (!queue || !seen) {
        free(queue);
        free(seen);
        return -1;
    }
    size_t head = 0, tail = 0;
    unsigned long long ends = 0, reached = 1;
    queue[tail++] = m->start;
    seen[m->start] = 1;
    while (head < tail) {
        amz_cell c = queue[head++];
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            ends++; /* each passage is seen from both of its cells */
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (!seen[nb]) {
                seen[nb] = 1;
                queue[tail++] = nb;
                reached++;
            }
        }
    }
    free(queue);
    free(seen);
    *passages = ends / 2;
    return reached == (unsigned long long)amz_maze_count_cells(m) && *passages + 1 == reached;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: grid_picture TOPOLOGY SIZE SEED OUT.png\n");
        return 2;
    }
    amz_error err;
    amz_error_clear(&err);
    /* One level, no wrap, no weave; the size fills in width, height and levels. */
    amz_grid grid = {AMZ_TOPO_SQUARE, 0, 0, 1, 0, false};
    if (amz_topology_parse(argv[1], &grid.topology, &err) != AMZ_OK ||
        amz_grid_parse_size(grid.topology, argv[2], &grid, &err) != AMZ_OK || amz_grid_check(&grid, &err) != AMZ_OK) {
        fprintf(stderr, "grid_picture: %s\n", err.msg);
        return 2;
    }
    amz_maze maze;
    if (amz_maze_init_grid(&maze, &grid, &err) != AMZ_OK) {
        fprintf(stderr, "grid_picture: %s\n", err.msg);
        return 1;
    }

    /* The CLI's defaults: the backtracker, then the shortest path from start to goal
     * (a perfect maze has one path, so every solver finds the same). */
    amz_gen_options options;
    amz_gen_options_init(&options);
    options.seed = strtoull(argv[3], NULL, 10);
    amz_status st = amz_gen_run(&maze, "backtracker", &options, NULL, &err);
    if (st == AMZ_OK)
        st = amz_solve_maze(&maze, "bfs", NULL, NULL, NULL, &err);
    unsigned long long passages = 0;
    int perfect = st == AMZ_OK ? is_perfect(&maze, &passages) : 0;
    if (st == AMZ_OK && perfect != 1) {
        fprintf(stderr, "grid_picture: the maze is not perfect\n");
        st = AMZ_EINVAL;
    }

    /* Pictures come from libamaze-render: every grid, drawn from its cells' outlines. */
    FILE *out = st == AMZ_OK ? fopen(argv[4], "wb") : NULL;
    if (st == AMZ_OK && !out) {
        perror(argv[4]);
        st = AMZ_EIO;
    } else if (st == AMZ_OK) {
        st = amz_image_write(&maze, NULL, AMZ_IMAGE_PNG, out, &err);
        if (fclose(out) != 0 && st == AMZ_OK)
            st = AMZ_EIO;
        if (st != AMZ_OK) /* no half-written picture */
            remove(argv[4]);
    }
    if (st == AMZ_OK)
        printf("%s %s: %lld cells, %llu passages (perfect), solution %llu moves\n", argv[1], argv[2],
               (long long)amz_maze_count_cells(&maze), passages, (unsigned long long)maze.solution.len);
    else if (err.msg[0])
        fprintf(stderr, "grid_picture: %s\n", err.msg);
    amz_maze_deinit(&maze);
    return st == AMZ_OK ? 0 : 1;
}
