/* glue_grid.c — the WebAssembly face of libamaze, part 4: grids of every topology. A
 * grid from a size in the topology's own syntax with levels, wrap and weave, checked
 * by the library's rules (src/cli/maze_args.c, resolve_grid, does the same for -s,
 * --levels, --wrap, --weave), and each cell's outline and centre in the model units of
 * include/amaze/maze.h, which the page draws from (amz_maze_cell_sides). */
#include <stdint.h>
#include <string.h>

#include "glue.h"
#include "glue_impl.h"

/* A maze on the grid of topology t whose size is `size` in the topology's syntax
 * (amz_grid_parse_size: "WxH", "WxHxL", polar "R" or "RxC"), with `levels` (0 = as
 * the size says), wrap (AMZ_WRAP_X | AMZ_WRAP_Y) and weave under-passages (0/1),
 * checked by amz_grid_check, every wall closed, cut to shape s (0 = rect). NULL with
 * the library's message in web_error(). */
amz_maze *web_grid_maze(int32_t t, const char *size, int32_t levels, int32_t wrap, int32_t weave, int32_t shape)
{
    glue_clear();
    amz_grid g = {(amz_topology)t, 0, 0, 0, (unsigned)wrap, weave != 0};
    amz_status st = amz_grid_parse_size((amz_topology)t, size, &g, glue_err());
    if (st != AMZ_OK) {
        glue_fail(st, NULL);
        return NULL;
    }
    if (levels > 0 && g.levels > 0 && g.levels != levels) {
        amz_errorf(glue_err(), AMZ_EINVAL, "--levels %d and -s %s say different levels", (int)levels, size);
        return NULL;
    }
    if (levels > 0)
        g.levels = levels;
    if ((st = amz_grid_check(&g, glue_err())) != AMZ_OK) {
        glue_fail(st, NULL);
        return NULL;
    }
    amz_maze *m = glue_calloc(sizeof *m);
    if (!m)
        return NULL;
    return glue_maze_shaped(m, amz_maze_init_grid(m, &g, glue_err()), shape);
}

/* The grid m lives on into out[0..4]: levels, wrap bits, weave (0/1), plain (0/1). */
void web_maze_grid(const amz_maze *m, int32_t *out)
{
    const amz_grid g = amz_maze_grid(m);
    out[0] = g.levels;
    out[1] = (int32_t)g.wrap;
    out[2] = g.weave ? 1 : 0;
    out[3] = amz_maze_is_plain(m) ? 1 : 0;
}

/* The direction from c's neighbour in direction d back to c (amz_maze_back: polar
 * IN and OUTk, stairs and weave have no fixed opposite), -1 where there is none. */
int32_t web_maze_back(const amz_maze *m, int32_t c, int32_t d)
{
    return amz_maze_neighbor(m, c, d) == AMZ_NO_CELL ? -1 : amz_maze_back(m, c, d);
}

/* Sides of every cell of m, in cell order: the total count (for sizing), or, with out
 * given, each side as 6 floats (a.x, a.y, b.x, b.y, direction, arc 0/1) into out and
 * the index of each cell's first side into first[0..ncells] (first[ncells] = the
 * total). Removed cells have none. Returns the total, or -1 past `cap` sides. */
int32_t web_maze_sides(const amz_maze *m, float *out, int32_t *first, int32_t cap)
{
    amz_side s[AMZ_MAX_SIDES];
    int32_t total = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        const int n = amz_maze_exists(m, c) ? amz_maze_cell_sides(m, c, s) : 0;
        if (out) {
            if (total + n > cap)
                return -1;
            first[c] = total;
            for (int i = 0; i < n; i++) {
                const float v[6] = {(float)s[i].a.x, (float)s[i].a.y, (float)s[i].b.x, (float)s[i].b.y,
                                    (float)s[i].dir, s[i].arc ? 1.0f : 0.0f};
                memcpy(out + 6 * (size_t)(total + i), v, sizeof v);
            }
        }
        total += n;
    }
    if (out)
        first[m->ncells] = total;
    return total;
}

/* Each cell's centre (amz_maze_cell_center) as two floats into out[0..2*ncells), then
 * the extent of every cell (amz_maze_extent: min x, min y, max x, max y) after them. */
void web_maze_centers(const amz_maze *m, float *out)
{
    for (amz_cell c = 0; c < m->ncells; c++) {
        const amz_point p = amz_maze_cell_center(m, c);
        out[2 * c] = (float)p.x;
        out[2 * c + 1] = (float)p.y;
    }
    amz_point lo, hi;
    amz_maze_extent(m, &lo, &hi);
    const float e[4] = {(float)lo.x, (float)lo.y, (float)hi.x, (float)hi.y};
    memcpy(out + 2 * (size_t)m->ncells, e, sizeof e);
}
