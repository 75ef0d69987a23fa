/* unicursal.c — unicursal labyrinths from perfect mazes: every cell of a perfect maze
 * on blocks of 2x2 cells becomes a ring of four, and every corridor of that maze is
 * split in two, which joins the rings into one loop along the maze's walls (the method
 * of W. D. Pullen's Daedalus, "Think Labyrinth!": a maze's wall follower made into the
 * path). Cutting the loop beside the start gives one path through every cell.
 *
 * Written against the model's neighbours, not square arithmetic: a block is the cells
 * at columns 2x, 2x+1 and rows 2y, 2y+1, and the grid must make each block a ring and
 * join facing sides of neighbouring blocks cell to cell (square and odd-q hex grids
 * do); a grid that does not is refused by name. */
#include <stdio.h>

#include "amaze/shape.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/gen_impl.h"

/* Corners of a block in ring order: top left, top right, bottom right, bottom left. */
enum { TL = 0, TR = 1, BR = 2, BL = 3 };

static void block_cells(const amz_maze *m, int64_t bx, int64_t by, amz_cell out[4])
{
    out[TL] = amz_maze_cell_at(m, 2 * bx, 2 * by);
    out[TR] = amz_maze_cell_at(m, 2 * bx + 1, 2 * by);
    out[BR] = amz_maze_cell_at(m, 2 * bx + 1, 2 * by + 1);
    out[BL] = amz_maze_cell_at(m, 2 * bx, 2 * by + 1);
}

/* Opens a-b where the grid joins them; false where it does not. */
static bool join(amz_maze *m, amz_cell a, amz_cell b)
{
    int d = gen_dir_to(m, a, b);
    return d >= 0 && amz_maze_set_passage(m, a, d, true, NULL) == AMZ_OK;
}

static amz_status no_ring(const amz_maze *m, amz_error *err)
{
    return amz_errorf(err, AMZ_EUNSUPPORTED,
                      "a unicursal labyrinth needs blocks of 2x2 cells that form rings; %s grids do not",
                      amz_topology_name(m->topology));
}

/* The blocks that exist: all four cells. A block cut by the mask cannot be a ring. */
static amz_status blocks_mask(const amz_maze *m, amz_maze *c, amz_error *err)
{
    for (int64_t by = 0; by < c->height; by++)
        for (int64_t bx = 0; bx < c->width; bx++) {
            amz_cell q[4];
            block_cells(m, bx, by, q);
            int n = 0;
            for (int i = 0; i < 4; i++)
                n += amz_maze_exists(m, q[i]);
            if (n == 4)
                continue;
            if (n > 0)
                return amz_errorf(err, AMZ_EUNSUPPORTED,
                                  "a unicursal labyrinth is made of 2x2 blocks, and the block at cells %lld,%lld is "
                                  "cut by the mask",
                                  2 * (long long)bx, 2 * (long long)by);
            amz_status st = amz_maze_set_exists(c, by * c->width + bx, false, err);
            if (st)
                return st;
        }
    uint64_t islands = 0;
    amz_status st = amz_islands_count(c, &islands, err);
    if (st == AMZ_OK && islands != 1)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "the 2x2 blocks of the mask fall into %llu islands, not one",
                          (unsigned long long)islands);
    return st;
}

/* Sides of a block: the two corners along side d of the coarse square grid (N, E, S,
 * W), in the order that meets the facing side's corners (E: TR-BR faces TL-BL). */
static const int side[4][2] = {{TL, TR}, {TR, BR}, {BL, BR}, {TL, BL}};
static const int facing[4][2] = {{BL, BR}, {TL, BL}, {TL, TR}, {TR, BR}};

amz_status gen_unicursal(amz_maze *m, const amz_gen_info *g, amz_rng *rng, const amz_gen_options *o,
                         const amz_observer *obs, amz_error *err)
{
    if (m->width % 2 || m->height % 2)
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "a unicursal labyrinth needs an even width and height (2x2 cells for each cell of the "
                          "maze it is made from), not %dx%d",
                          m->width, m->height);
    amz_maze c;
    amz_status st = amz_maze_init(&c, AMZ_TOPO_SQUARE, m->width / 2, m->height / 2, err);
    if (st)
        return st;
    if (m->mask && (st = blocks_mask(m, &c, err)))
        goto out;
    if (c.mask && !g->masks) {
        st = amz_errorf(err, AMZ_EUNSUPPORTED, "generator '%s' cannot work around removed cells (masks)", g->name);
        goto out;
    }
    int32_t sx, sy;
    amz_maze_cell_xy(m, m->start, &sx, &sy);
    c.start = amz_maze_cell_at(&c, sx / 2, sy / 2);
    /* The maze of blocks grows from the start's block, with the run's own stream. */
    if ((st = g->run(&c, rng, o, NULL, err)))
        goto out;
    for (amz_cell b = 0; b < c.ncells; b++) {
        if (!amz_maze_exists(&c, b))
            continue;
        amz_cell q[4];
        block_cells(m, b % c.width, b / c.width, q);
        for (int d = 0; d < 4; d++) {
            amz_cell nb = amz_maze_neighbor(&c, b, d);
            bool ok;
            if (nb != AMZ_NO_CELL && amz_maze_passage(&c, b, d)) {
                /* A corridor: both corners cross to the facing corners (the pair seen
                 * again from nb does the same). */
                amz_cell f[4];
                block_cells(m, nb % c.width, nb / c.width, f);
                ok = join(m, q[side[d][0]], f[facing[d][0]]) && join(m, q[side[d][1]], f[facing[d][1]]);
            } else
                ok = join(m, q[side[d][0]], q[side[d][1]]); /* a wall: the ring goes along it */
            if (!ok) {
                st = no_ring(m, err);
                goto out;
            }
        }
    }
    st = gen_replay(m, obs, "unicursal", err);
out:
    amz_maze_deinit(&c);
    return st;
}

amz_status gen_unicursal_cut(amz_maze *m, const amz_observer *obs, amz_error *err)
{
    /* The loop passes every cell twice-connected; opening it beside the start leaves the
     * path start .. goal. Of the start's two loop neighbours the goal is the one in the
     * lowest direction, so the same maze always gives the same ends. */
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_passage(m, m->start, d)) {
            amz_cell nb = amz_maze_neighbor(m, m->start, d);
            amz_status st = amz_maze_set_passage(m, m->start, d, false, err);
            if (st == AMZ_OK)
                m->goal = nb;
            if (st == AMZ_OK && obs && obs_emit(obs, AMZ_EV_WALL, m->start, d, nb))
                return amz_errorf(err, AMZ_ECANCELED, "unicursal: canceled by the observer");
            return st;
        }
    return amz_errorf(err, AMZ_EINVAL, "unicursal: the start has no passage to cut");
}
