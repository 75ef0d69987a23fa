/* prim_simple.c — simplified ("random frontier cell") Prim: keep the cells next to the
 * maze in a list; repeatedly take a uniformly random one, join it to a random maze
 * neighbour, and add its outside neighbours to the list. Source: W. D. Pullen, "Think
 * Labyrinth!" (astrolog.org), "Prim's algorithm"; J. Buck, "Mazes for Programmers"
 * (2015), ch. 11 ("Simplified Prim's"). On a weave grid a cell may join through an
 * under-passage (pick_under). Memory: 2 bits per cell and 8 bytes per frontier cell
 * (the frontier is a bag: swap-removal keeps every step O(1)). */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

typedef struct bag {
    amz_cell *items;
    uint64_t count, cap;
} bag;

/* Doubling growth; on failure the bag is unchanged and still freed by the caller. A
 * cell enters the bag once (front marks it), so the bag never exceeds the cells. */
static bool bag_push(bag *b, amz_cell c)
{
    if (b->count == b->cap) {
        uint64_t ncap = b->cap ? b->cap * 2 : 1024;
        amz_cell *n = amz_realloc(b->items, (size_t)ncap * sizeof *n);
        if (!n)
            return false;
        b->items = n;
        b->cap = ncap;
    }
    b->items[b->count++] = c;
    return true;
}

/* The under-move from an outside cell (nb: its neighbours) into the maze, taken with
 * probability p among those there are; -1 for none. */
static int pick_under(const amz_maze *m, const amz_cell *nb, const uint64_t *tree, amz_rng *rng, double p)
{
    int under[4], n = 0;
    for (int d = AMZ_SQ_N2; d <= AMZ_SQ_W2; d++) {
        const amz_cell t = nb[d], mid = nb[d - AMZ_SQ_N2];
        if (t != AMZ_NO_CELL && mid != AMZ_NO_CELL && bits_get(tree, (uint64_t)t) && bits_get(tree, (uint64_t)mid) &&
            any_crossable(m, mid, d))
            under[n++] = d;
    }
    return any_pick_under(rng, p, under, n);
}

static ALWAYS_INLINE amz_status grow(amz_maze *m, amz_topology T, amz_rng *rng, uint64_t *tree, uint64_t *front,
                                     bag *b, const amz_observer *obs, double p)
{
    obs_progress prog = {0, 0, 0, 0};
    amz_cell nb[AMZ_MAX_DIRS];
    if (obs)
        obs_progress_init(&prog, (uint64_t)amz_maze_count_cells(m));
    amz_cell c = m->start, from = AMZ_NO_CELL;
    int dir = -1;
    for (;;) {
        /* c joins the maze (through `dir` from `from`, except the first cell). */
        bits_set(tree, (uint64_t)c);
        /* CARVE (already made at the end of the last round) before VISIT, like every
         * growing generator: a cancel at either leaves no unannounced passage. */
        if (obs && ((from != AMZ_NO_CELL && obs_emit(obs, AMZ_EV_CARVE, c, dir, from)) ||
                    obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog)))
            return AMZ_ECANCELED;
        int nd = gen_nbrs(m, T, c, nb);
        for (int d = 0; d < nd; d++) {
            if (nb[d] == AMZ_NO_CELL || bits_get(tree, (uint64_t)nb[d]) || bits_get(front, (uint64_t)nb[d]))
                continue;
            bits_set(front, (uint64_t)nb[d]);
            if (!bag_push(b, nb[d]))
                return AMZ_ENOMEM;
            if (obs && obs_emit(obs, AMZ_EV_FRONTIER, nb[d], -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
        }
        if (b->count == 0)
            return AMZ_OK;
        /* Uniform pick and swap-removal: the bag's order is irrelevant to a uniform
         * choice, so removal is O(1). Its front bit stays set: c is in the tree next. */
        uint64_t i = amz_rng_below64(rng, b->count);
        c = b->items[i];
        b->items[i] = b->items[--b->count];
        /* Join c to a random neighbour already in the maze. */
        int cand[AMZ_MAX_DIRS] = {0}, k = 0;
        nd = gen_nbrs(m, T, c, nb);
        for (int d = 0; d < nd; d++)
            if (nb[d] != AMZ_NO_CELL && bits_get(tree, (uint64_t)nb[d]))
                cand[k++] = d;
        /* On a weave, with probability p, under a maze cell that is a straight corridor
         * the other way to the maze cell beyond it (any.h's chances, seen from outside);
         * that cell then has all four neighbours in the maze, so it stays straight. */
        dir = T == GEN_ANY && m->weave ? pick_under(m, nb, tree, rng, p) : -1;
        /* A frontier cell always has a neighbour in the tree: it was put there by one. */
        if (dir < 0)
            dir = cand[rng_below(rng, (uint32_t)k)];
        from = nb[dir];
        bits_set(m->passages, gen_edge(m, T, c, dir, from));
    }
}

static amz_status grow_square(amz_maze *m, amz_rng *rng, uint64_t *t, uint64_t *f, bag *b, const amz_observer *o)
{
    return grow(m, AMZ_TOPO_SQUARE, rng, t, f, b, o, 0);
}

static amz_status grow_hex(amz_maze *m, amz_rng *rng, uint64_t *t, uint64_t *f, bag *b, const amz_observer *o)
{
    return grow(m, AMZ_TOPO_HEX, rng, t, f, b, o, 0);
}

static amz_status grow_any(amz_maze *m, amz_rng *rng, uint64_t *t, uint64_t *f, bag *b, const amz_observer *o,
                          double p)
{
    return grow(m, GEN_ANY, rng, t, f, b, o, p);
}

amz_status gen_prim_simple(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err)
{
    /* Two bits a cell: in the maze, and ever put on the frontier. grow returns bare
     * codes; the messages are added here, and all memory is freed on every path. */
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *tree = amz_calloc(words, 8), *front = amz_calloc(words, 8);
    bag b = {NULL, 0, 0};
    amz_status st;
    if (!tree || !front)
        st = AMZ_ENOMEM;
    else
        st = !amz_maze_is_plain(m)              ? grow_any(m, rng, tree, front, &b, obs, o->weave)
             : m->topology == AMZ_TOPO_SQUARE ? grow_square(m, rng, tree, front, &b, obs)
                                              : grow_hex(m, rng, tree, front, &b, obs);
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "prim-simple: out of memory for the frontier");
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "prim-simple: canceled by the observer");
    amz_free(tree);
    amz_free(front);
    amz_free(b.items);
    return st;
}
