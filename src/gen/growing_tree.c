/* growing_tree.c — the growing-tree family: keep a list of active cells; pick one (the
 * newest, oldest, a random one, the middle one, or a weighted mix of these), carve to
 * a random unvisited neighbour and add it, or drop the cell when it has none. Newest
 * gives the backtracker's long corridors, random gives Prim-like short dead ends.
 * Source: J. Buck, "Mazes for Programmers" (2015), ch. 11; W. D. Pullen, "Think
 * Labyrinth!" (astrolog.org), "Growing tree".
 *
 * The list: a stack for pure newest, a queue for pure oldest, a bag (swap-removal) for
 * pure random, and for mixes or middle the cells in insertion order with a Fenwick
 * tree of which are still active, so the k-th active cell is found in O(log n).
 * Memory: 1 bit per cell and 8 bytes per listed cell (16 for mixes). */
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/padded.h"
#include "grid/grid.h"

static const char *const kind_names[GEN_PICK_KINDS] = {"newest", "oldest", "random", "middle"};

amz_status gen_parse_choice(const char *spec, gen_pick_mix *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
    if (!spec) {
        out->weight[GEN_PICK_NEWEST] = out->total = 1;
        return AMZ_OK;
    }
    /* Grammar: KIND[:WEIGHT](,KIND[:WEIGHT])*, each kind at most once, weight 1 when
     * left out. Capping each weight at 10^6 keeps the total (at most 4 * 10^6) far inside
     * uint32_t and the digit loop free of overflow. */
    const char *p = spec;
    for (;;) {
        int kind = -1;
        for (int k = 0; k < GEN_PICK_KINDS; k++) {
            size_t len = strlen(kind_names[k]);
            if (strncmp(p, kind_names[k], len) == 0 && (p[len] == ':' || p[len] == ',' || p[len] == '\0')) {
                kind = k;
                p += len;
                break;
            }
        }
        if (kind < 0)
            return amz_errorf(err, AMZ_EINVAL,
                              "cell choice '%s': expected newest, oldest, random or middle, optionally "
                              "with a weight and combined, like newest:75,random:25",
                              spec);
        uint32_t wgt = 1;
        if (*p == ':') {
            p++;
            if (*p < '0' || *p > '9')
                return amz_errorf(err, AMZ_EINVAL, "cell choice '%s': a weight must be a whole number", spec);
            wgt = 0;
            while (*p >= '0' && *p <= '9') {
                wgt = wgt * 10 + (uint32_t)(*p++ - '0');
                if (wgt > 1000000)
                    return amz_errorf(err, AMZ_ERANGE, "cell choice '%s': weights go up to 1000000", spec);
            }
        }
        if (out->weight[kind])
            return amz_errorf(err, AMZ_EINVAL, "cell choice '%s' names %s twice", spec, kind_names[kind]);
        out->weight[kind] = wgt;
        out->total += wgt;
        if (*p == '\0')
            break;
        if (*p != ',')
            return amz_errorf(err, AMZ_EINVAL, "cell choice '%s': unexpected '%c'", spec, *p);
        p++;
    }
    if (out->total == 0)
        return amz_errorf(err, AMZ_EINVAL, "cell choice '%s': the weights add up to 0", spec);
    return AMZ_OK;
}

/* ---- the active list ---- */

typedef enum { L_STACK, L_QUEUE, L_BAG, L_ORDERED } list_kind;

typedef struct active {
    list_kind kind;
    amz_cell *cells; /* stack/bag: the cells; queue/ordered: every cell in insertion order */
    uint64_t *fen;   /* ordered: Fenwick tree of active flags over slots 1..cap */
    uint64_t head, count, cap, alive, top; /* top: highest power of two <= cap */
} active;

/* cap = the grid's cells is always enough: a cell is marked visited when it is added,
 * so each is added at most once, and even the queue's head never needs to wrap. On a
 * false return list_free releases whatever was allocated (a is zeroed first). */
static bool list_init(active *a, list_kind kind, uint64_t cap)
{
    memset(a, 0, sizeof *a);
    a->kind = kind;
    a->cap = cap;
    a->cells = amz_malloc((size_t)cap * sizeof *a->cells);
    if (kind == L_ORDERED) {
        a->fen = amz_calloc((size_t)cap + 1, sizeof *a->fen);
        for (a->top = 1; a->top * 2 <= cap; a->top *= 2) {
        }
    }
    return a->cells && (kind != L_ORDERED || a->fen);
}

static void list_free(active *a)
{
    amz_free(a->cells);
    amz_free(a->fen);
}

/* Fenwick (binary indexed) tree, P. M. Fenwick, "A new data structure for cumulative
 * frequency tables", Software: Practice and Experience 24 (1994): fen[i] sums the
 * active flags of slots (i - lowbit(i), i], 1-based. i & (~i + 1) is lowbit(i). */
static void fen_add(active *a, uint64_t slot, int64_t v)
{
    for (uint64_t i = slot + 1; i <= a->cap; i += i & (~i + 1))
        a->fen[i] = (uint64_t)((int64_t)a->fen[i] + v);
}

/* Slot (0-based) of the k-th active cell, 1 <= k <= alive. */
static uint64_t fen_select(const active *a, uint64_t k)
{
    /* Binary descent from the highest power of two: pos stays the largest prefix whose
     * active count is below k, so the answer is the slot right after it. */
    uint64_t pos = 0;
    for (uint64_t step = a->top; step; step >>= 1)
        if (pos + step <= a->cap && a->fen[pos + step] < k) {
            pos += step;
            k -= a->fen[pos];
        }
    return pos;
}

static void list_add(active *a, amz_cell c)
{
    if (a->kind == L_ORDERED)
        fen_add(a, a->count, 1);
    a->cells[a->count++] = c;
    a->alive++;
}

/* Position of the cell to grow from, for pick kind k. */
static uint64_t list_pick(active *a, int k, amz_rng *rng)
{
    switch (a->kind) {
    case L_STACK: return a->count - 1;
    case L_QUEUE: return a->head;
    case L_BAG: return amz_rng_below64(rng, a->count);
    case L_ORDERED: break;
    }
    /* Ranks among the active cells in insertion order: newest is the last, oldest the
     * first, middle the lower median. */
    uint64_t rank = k == GEN_PICK_NEWEST   ? a->alive
                    : k == GEN_PICK_OLDEST ? 1
                    : k == GEN_PICK_MIDDLE ? (a->alive + 1) / 2
                                           : 1 + amz_rng_below64(rng, a->alive);
    return fen_select(a, rank);
}

static void list_remove(active *a, uint64_t pos)
{
    /* Stack and queue only ever remove the cell list_pick returned, which is their top
     * or head; the bag swaps the last cell into the hole (order does not matter for a
     * uniform pick); the ordered list keeps its slots and clears the flag. */
    a->alive--;
    switch (a->kind) {
    case L_STACK: a->count--; break;
    case L_QUEUE: a->head++; break;
    case L_BAG: a->cells[pos] = a->cells[--a->count]; break;
    case L_ORDERED: fen_add(a, pos, -1); break;
    }
}

/* ---- growing ---- */

/* Which pick kind each step uses. With one kind in the mix no draw is made to choose
 * it; adding or removing a draw would change every seeded growing-tree maze (the
 * golden outputs). With several, one draw below the mix's total, walked down the
 * weights in kind order. */
typedef struct kind_choice {
    int kinds, only; /* kinds with a weight; the last of them */
} kind_choice;

static kind_choice kind_choice_of(const gen_pick_mix *mix)
{
    kind_choice kc = {0, GEN_PICK_NEWEST};
    for (int k = 0; k < GEN_PICK_KINDS; k++)
        if (mix->weight[k]) {
            kc.kinds++;
            kc.only = k;
        }
    return kc;
}

static ALWAYS_INLINE int kind_draw(const kind_choice *kc, const gen_pick_mix *mix, amz_rng *rng)
{
    if (kc->kinds < 2)
        return kc->only;
    uint32_t r = rng_below(rng, mix->total);
    int kind = 0;
    for (; r >= mix->weight[kind]; kind++)
        r -= mix->weight[kind];
    return kind;
}

/* A watched run's first events: the start cell visited, the progress count begun.
 * Nonzero when the observer cancels. */
static int start_visit(const amz_maze *m, const amz_observer *obs, obs_progress *prog)
{
    obs_progress_init(prog, (uint64_t)amz_maze_count_cells(m));
    return obs_emit(obs, AMZ_EV_VISIT, m->start, -1, AMZ_NO_CELL) || obs_progress_tick(obs, prog);
}

static ALWAYS_INLINE amz_status grow(amz_maze *m, amz_topology T, amz_rng *rng, padded *pv, active *a,
                                     const gen_pick_mix *mix, const amz_observer *obs)
{
    const int32_t w = m->width;
    const int nd = grid_plain_ndirs(T), bits = nd / 2;
    const kind_choice kc = kind_choice_of(mix);
    obs_progress prog = {0, 0, 0, 0};
    amz_cell start = m->start;
    bits_set(pv->bits, (uint64_t)padded_index(pv, (int32_t)(start % w), (int32_t)(start / w)));
    list_add(a, start);
    if (obs && start_visit(m, obs, &prog))
        return AMZ_ECANCELED;
    while (a->alive) {
        uint64_t pos = list_pick(a, kind_draw(&kc, mix, rng), rng);
        amz_cell c = a->cells[pos];
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        int64_t pi = padded_index(pv, x, y);
        unsigned free = padded_free(pv, nd, pi, x & 1);
        if (!free) {
            list_remove(a, pos);
            if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
            continue;
        }
        /* Mark the neighbour visited at once (not when it is later picked), so it is
         * never added twice; the passage bit is the owned edge of c or nb (grid.h). */
        int d = pv->nth[free][rng_below_nz(rng, pv->count[free])];
        amz_cell nb = c + pv->du[x & 1][d];
        bits_set(pv->bits, (uint64_t)(pi + pv->dp[x & 1][d]));
        bits_set(m->passages, grid_edge_bit(bits, c, nb, d));
        list_add(a, nb);
        if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nb) || obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL) ||
                    obs_progress_tick(obs, &prog)))
            return AMZ_ECANCELED;
    }
    return AMZ_OK;
}

/* The same growth on any grid (grid/topo.h), with a plain visited bitmap; on a weave
 * grid the cell grown from takes its under-move chances (gen/any.h). */
static amz_status grow_any(amz_maze *m, amz_rng *rng, uint64_t *seen, active *a, const gen_pick_mix *mix,
                           double weave, const amz_observer *obs)
{
    const kind_choice kc = kind_choice_of(mix);
    const any_in in = {seen, NULL};
    obs_progress prog = {0, 0, 0, 0};
    bits_set(seen, (uint64_t)m->start);
    list_add(a, m->start);
    if (obs && start_visit(m, obs, &prog))
        return AMZ_ECANCELED;
    while (a->alive) {
        uint64_t pos = list_pick(a, kind_draw(&kc, mix, rng), rng);
        amz_cell c = a->cells[pos], nb[AMZ_MAX_DIRS];
        grid_at at;
        any_nbrs(m, c, nb, &at);
        int d = any_pick_move(m, nb, &in, rng, weave);
        if (d < 0) {
            list_remove(a, pos);
            if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
            continue;
        }
        bits_set(seen, (uint64_t)nb[d]);
        any_open(m, c, d, nb[d]);
        list_add(a, nb[d]);
        if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nb[d]) || obs_emit(obs, AMZ_EV_VISIT, nb[d], -1, AMZ_NO_CELL) ||
                    obs_progress_tick(obs, &prog)))
            return AMZ_ECANCELED;
    }
    return AMZ_OK;
}

static amz_status grow_square(amz_maze *m, amz_rng *r, padded *p, active *a, const gen_pick_mix *x,
                              const amz_observer *o)
{
    return grow(m, AMZ_TOPO_SQUARE, r, p, a, x, o);
}

static amz_status grow_hex(amz_maze *m, amz_rng *r, padded *p, active *a, const gen_pick_mix *x,
                           const amz_observer *o)
{
    return grow(m, AMZ_TOPO_HEX, r, p, a, x, o);
}

amz_status gen_growing_tree(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                amz_error *err)
{
    gen_pick_mix mix;
    amz_status st = gen_parse_choice(o->choice, &mix, err);
    if (st)
        return st;
    /* A pure choice gets its O(1) list; any mix, and middle, need the ordered list. */
    list_kind kind = L_ORDERED;
    if (mix.total == mix.weight[GEN_PICK_NEWEST])
        kind = L_STACK;
    else if (mix.total == mix.weight[GEN_PICK_OLDEST])
        kind = L_QUEUE;
    else if (mix.total == mix.weight[GEN_PICK_RANDOM])
        kind = L_BAG;
    padded pv;
    active a;
    if (!amz_maze_is_plain(m)) {
        uint64_t *seen = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
        if (!seen || !list_init(&a, kind, (uint64_t)m->ncells)) {
            if (seen)
                list_free(&a);
            amz_free(seen);
            return amz_errorf(err, AMZ_ENOMEM, "growing-tree: cannot allocate the list of %lld cells",
                              (long long)m->ncells);
        }
        st = grow_any(m, rng, seen, &a, &mix, o->weave, obs);
        list_free(&a);
        amz_free(seen);
        if (st == AMZ_ECANCELED)
            amz_errorf(err, st, "growing-tree: canceled by the observer");
        return st;
    }
    if (gen_padded_init(&pv, m))
        return amz_errorf(err, AMZ_ENOMEM, "growing-tree: cannot allocate %lld visited bits", (long long)m->ncells);
    if (!list_init(&a, kind, (uint64_t)m->ncells)) {
        list_free(&a);
        gen_padded_free(&pv);
        return amz_errorf(err, AMZ_ENOMEM, "growing-tree: cannot allocate the list of %lld cells",
                          (long long)m->ncells);
    }
    st = m->topology == AMZ_TOPO_SQUARE ? grow_square(m, rng, &pv, &a, &mix, obs)
                                        : grow_hex(m, rng, &pv, &a, &mix, obs);
    list_free(&a);
    gen_padded_free(&pv);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "growing-tree: canceled by the observer");
    return st;
}
