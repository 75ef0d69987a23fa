/* symmetry.c — perfect mazes that equal their mirror image or half turn. A tree that a
 * symmetry maps onto itself keeps the cells and passages that the symmetry fixes as a
 * subtree (a tree's automorphism fixes a vertex or flips one edge: J. Jordan, 1869),
 * so the maze is: the fixed cells' own passages (the axis; or, where no cell is fixed,
 * one flipped passage across the middle), and one copy per image of a forest that the
 * chosen generator grows on one orbit representative of each other cell, each of its
 * trees hung onto the axis by one passage. Cells are mapped by coordinates and
 * directions found through the model's neighbours, so any grid whose mirror is a
 * symmetry of the grid works; others are refused by name. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/shape.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/queue.h"
#include "gen/gen_impl.h"

#define MAX_GROUP 4

typedef struct group {
    int n;                /* elements besides the identity */
    amz_symmetry map[3];  /* the plain maps: X, Y or RADIAL */
} group;

static amz_cell image(const amz_maze *m, amz_symmetry s, amz_cell c)
{
    int32_t x, y;
    amz_maze_cell_xy(m, c, &x, &y);
    if (s == AMZ_SYM_X || s == AMZ_SYM_RADIAL)
        x = m->width - 1 - x;
    if (s == AMZ_SYM_Y || s == AMZ_SYM_RADIAL)
        y = m->height - 1 - y;
    return amz_maze_cell_at(m, x, y);
}

/* xy is the group {id, X, Y, X then Y}, and X then Y is the half turn (RADIAL), so its
 * three non-identity maps are listed; the others are groups of two. */
static void group_of(amz_symmetry s, group *g)
{
    g->n = s == AMZ_SYM_XY ? 3 : 1;
    g->map[0] = s == AMZ_SYM_XY ? AMZ_SYM_X : s;
    g->map[1] = AMZ_SYM_Y;
    g->map[2] = AMZ_SYM_RADIAL;
}

/* The symmetry maps cells onto cells and neighbours onto neighbours, or the grid (its
 * topology, or its mask) does not have it. */
static amz_status check_grid(const amz_maze *m, const group *g, const char *name, amz_error *err)
{
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        for (int k = 0; k < g->n; k++) {
            amz_cell ic = image(m, g->map[k], c);
            if (!amz_maze_exists(m, ic))
                return amz_errorf(err, AMZ_EUNSUPPORTED, "--symmetry %s: the shape or mask is not symmetric", name);
            for (int d = 0; d < m->ndirs; d++) {
                amz_cell nb = amz_maze_neighbor(m, c, d);
                if (nb != AMZ_NO_CELL && gen_dir_to(m, ic, image(m, g->map[k], nb)) < 0)
                    return amz_errorf(err, AMZ_EUNSUPPORTED, "--symmetry %s is not a symmetry of this %dx%d %s grid%s",
                                      name, m->width, m->height, amz_topology_name(m->topology),
                                      m->topology == AMZ_TOPO_HEX ? " (its odd columns sit half a cell lower)" : "");
            }
        }
    }
    return AMZ_OK;
}

/* The smallest cell of c's orbit, and whether some symmetry fixes c. */
/* The orbit's smallest cell number is its representative: a fixed choice, so the half
 * (and with it the maze for a seed) does not depend on iteration order. */
static amz_cell orbit_min(const amz_maze *m, const group *g, amz_cell c, bool *fixed)
{
    amz_cell best = c;
    *fixed = false;
    for (int k = 0; k < g->n; k++) {
        amz_cell ic = image(m, g->map[k], c);
        *fixed |= ic == c;
        best = ic < best ? ic : best;
    }
    return best;
}

/* Opens the passage c-nb in m and in each of its images. */
static void open_orbit(amz_maze *m, const group *g, amz_cell c, amz_cell nb)
{
    amz_maze_set_passage(m, c, gen_dir_to(m, c, nb), true, NULL);
    for (int k = 0; k < g->n; k++) {
        amz_cell ic = image(m, g->map[k], c), inb = image(m, g->map[k], nb);
        amz_maze_set_passage(m, ic, gen_dir_to(m, ic, inb), true, NULL);
    }
}

/* The axis: the fixed cells (set in `axis`), whose passages among themselves must form
 * one tree; with none, one passage that every symmetry flips, picked at random. */
static amz_status make_axis(amz_maze *m, const group *g, amz_rng *rng, uint64_t *axis, const char *name,
                            amz_error *err)
{
    uint64_t cells = 0, edges = 0, flips = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        bool fixed;
        if (amz_maze_exists(m, c) && (orbit_min(m, g, c, &fixed), fixed)) {
            bits_set(axis, (uint64_t)c);
            cells++;
        }
    }
    for (int pass = 0; pass < 2; pass++) {
        /* Pass 0 counts the passages among axis cells (or, with no axis, the flipped
         * ones); pass 1 opens them (or the one picked). */
        uint64_t pick = pass && !cells && flips ? amz_rng_below64(rng, flips) : 0, seen = 0;
        for (amz_cell c = 0; c < m->ncells; c++)
            for (int d = 0; d < m->ndirs; d++) {
                /* nb < c skips the second sight of each edge, so edges and flips count
                 * every passage once. A tree on `cells` cells has cells - 1 edges. */
                amz_cell nb = amz_maze_neighbor(m, c, d);
                if (nb == AMZ_NO_CELL || nb < c)
                    continue;
                if (cells) {
                    if (!bits_get(axis, (uint64_t)c) || !bits_get(axis, (uint64_t)nb))
                        continue;
                    edges += !pass;
                    if (pass)
                        amz_maze_set_passage(m, c, d, true, NULL);
                    continue;
                }
                bool flipped = true;
                for (int k = 0; k < g->n; k++)
                    flipped &= image(m, g->map[k], c) == nb;
                if (!flipped)
                    continue;
                if (!pass)
                    flips++;
                else if (seen++ == pick) {
                    amz_maze_set_passage(m, c, d, true, NULL);
                    bits_set(axis, (uint64_t)c);
                    bits_set(axis, (uint64_t)nb);
                }
            }
        if (!pass && !cells && !flips)
            return amz_errorf(err, AMZ_EUNSUPPORTED,
                              "--symmetry %s on a %dx%d grid cannot be perfect: no cell and no passage is its own "
                              "image (make a side odd)",
                              name, m->width, m->height);
        if (!pass && cells && edges != cells - 1)
            return amz_errorf(err, AMZ_EUNSUPPORTED,
                              "--symmetry %s cannot be perfect here: the cells on the axis %s", name,
                              edges < cells - 1 ? "fall apart" : "form a loop");
    }
    return AMZ_OK;
}

/* The half: axis cells and one representative of every other orbit, as a masked copy of
 * the grid for the generator. */
static amz_status make_half(const amz_maze *m, const group *g, const uint64_t *axis, amz_maze *h, amz_error *err)
{
    amz_status st = amz_maze_init(h, m->topology, m->width, m->height, err);
    for (amz_cell c = 0; st == AMZ_OK && c < m->ncells; c++) {
        bool fixed;
        if (!amz_maze_exists(m, c) || (!bits_get(axis, (uint64_t)c) && orbit_min(m, g, c, &fixed) != c))
            st = amz_maze_set_exists(h, c, false, err);
    }
    return st;
}

/* Hangs the half's trees onto the axis: breadth first from every axis cell at once over
 * the generator's passages, each cell kept with the passage it was first reached by,
 * and that passage opened in every image. */
static amz_status hang(amz_maze *m, const group *g, const amz_maze *h, const uint64_t *axis, amz_error *err)
{
    uint64_t *seen = amz_calloc(bits_words((uint64_t)m->ncells), sizeof *seen);
    queue q = {0};
    bool ok = seen != NULL;
    uint64_t reached = 0, want = 0;
    for (amz_cell c = 0; ok && c < m->ncells; c++) {
        want += amz_maze_exists(h, c);
        if (bits_get(axis, (uint64_t)c)) {
            bits_set(seen, (uint64_t)c);
            reached++;
            ok = queue_push(&q, (uint64_t)c);
        }
    }
    while (ok && q.count) {
        amz_cell c = (amz_cell)queue_pop(&q);
        for (int d = 0; ok && d < m->ndirs; d++) {
            amz_cell nb = amz_maze_neighbor(h, c, d);
            if (nb == AMZ_NO_CELL || bits_get(seen, (uint64_t)nb) || !amz_maze_passage(h, c, d))
                continue;
            bits_set(seen, (uint64_t)nb);
            reached++;
            open_orbit(m, g, c, nb);
            ok = queue_push(&q, (uint64_t)nb);
        }
    }
    queue_free(&q);
    amz_free(seen);
    if (!ok)
        return amz_errorf(err, AMZ_ENOMEM, "symmetry: no memory to join the halves");
    if (reached != want)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "symmetry: the shape's half falls into pieces");
    return AMZ_OK;
}

amz_status gen_symmetry(amz_maze *m, const amz_gen_info *gi, amz_rng *rng, const amz_gen_options *o,
                        const amz_observer *obs, amz_error *err)
{
    const char *name = amz_symmetry_name(o->symmetry);
    group g;
    group_of(o->symmetry, &g);
    if (!gi->masks)
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "--symmetry grows the maze on half the grid, and generator '%s' makes full rectangles only",
                          gi->name);
    amz_status st = check_grid(m, &g, name, err);
    if (st)
        return st;
    uint64_t *axis = amz_calloc(bits_words((uint64_t)m->ncells), sizeof *axis);
    if (!axis)
        return amz_errorf(err, AMZ_ENOMEM, "symmetry: no memory for the axis");
    amz_maze h;
    memset(&h, 0, sizeof h);
    if ((st = make_axis(m, &g, rng, axis, name, err)) || (st = make_half(m, &g, axis, &h, err)))
        goto out;
    uint64_t islands = 0;
    if ((st = amz_islands_count(&h, &islands, err)))
        goto out;
    if (islands != 1) {
        st = amz_errorf(err, AMZ_EUNSUPPORTED, "--symmetry %s: the shape's half falls into %llu islands", name,
                        (unsigned long long)islands);
        goto out;
    }
    /* The half grows unobserved (NULL): its cells are not where they end up in m, so
     * gen_replay tells the finished maze instead. The start moves to its orbit's
     * representative when the half does not hold it. */
    bool fixed;
    h.start = amz_maze_exists(&h, m->start) ? m->start : orbit_min(m, &g, m->start, &fixed);
    if ((st = gi->run(&h, rng, o, NULL, err)) || (st = hang(m, &g, &h, axis, err)))
        goto out;
    st = gen_replay(m, obs, "symmetry", err);
out:
    amz_maze_deinit(&h);
    amz_free(axis);
    return st;
}
