/* wastar.c — `wastar`: weighted A* (Pohl, "Heuristic search viewed as path finding in
 * a graph", Artificial Intelligence 1, 1970) with f = g + weight * h, h = Manhattan
 * distance plus linear conflict. With h admissible and reopening of states reached
 * again more cheaply, the solution is at most weight x the shortest. Boards of at
 * most 25 cells: a state is packed into 120 bits (5 bits for each of the first 24
 * cells; the last cell holds the one tile missing). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "slide/slide_impl.h"

#define NONE UINT32_MAX

typedef struct key {
    uint64_t lo, hi;
} key;

/* A state seen. Invariant: g is the cheapest cost found so far, parent/move the edge
 * that gave it; a node is closed once popped with that g, and reopened (closed = 0,
 * pushed again) when a cheaper path appears, so stale heap entries (e.g. g differs)
 * are skipped when popped. Nodes never move once added: ids index this array. */
typedef struct node {
    key k;
    uint32_t parent;
    uint16_t g;
    uint8_t move; /* the blank's move from the parent */
    uint8_t closed;
} node;

typedef struct entry {
    uint64_t f; /* scaled f, then 65535 - g: ties go to the deeper node */
    uint32_t id;
    uint16_t g;
} entry;

/* The open list is a binary min-heap of entries; the closed set is the node array
 * itself, found by key through an open-addressing table kept at most half full
 * (load factor 1/2 keeps probe runs short). */
typedef struct search {
    int rows, cols, n;
    slide_heur heur;
    node *nodes;
    uint32_t count, cap;
    uint32_t *table; /* open addressing: node ids, NONE = empty */
    uint32_t mask;
    entry *heap;
    size_t hlen, hcap;
    uint64_t wscale; /* weight * 1024, rounded */
} search;

/* Tiles of cells 0..n-2 in 5 bits each (values < 25 < 32); 12 per word keeps every
 * field inside one word. The last cell's tile is implied (see unpack). */
static key pack(const uint16_t *tiles, int n)
{
    key k = {0, 0};
    for (int c = 0; c < n - 1 && c < 24; c++) {
        if (c < 12)
            k.lo |= (uint64_t)tiles[c] << (5 * c);
        else
            k.hi |= (uint64_t)tiles[c] << (5 * (c - 12));
    }
    return k;
}

static void unpack(key k, uint16_t *tiles, int n)
{
    uint32_t seen = 0;
    for (int c = 0; c < n - 1; c++) {
        tiles[c] = (uint16_t)((c < 12 ? k.lo >> (5 * c) : k.hi >> (5 * (c - 12))) & 31);
        seen |= 1u << tiles[c];
    }
    tiles[n - 1] = (uint16_t)__builtin_ctz(~seen); /* the one value not seen */
}

static uint64_t hash(key k)
{
    uint64_t h = k.lo * 0x9E3779B97F4A7C15u ^ k.hi * 0xC2B2AE3D27D4EB4Fu;
    return h ^ (h >> 29);
}

/* Doubles the table (or makes the first, 4096 slots) and rehashes every node: the
 * capacity stays a power of two so that `& mask` replaces a modulo. */
static bool grow_table(search *s)
{
    uint32_t cap = s->mask ? (s->mask + 1) * 2 : 1u << 12;
    uint32_t *t = amz_malloc((size_t)cap * sizeof *t);
    if (!t)
        return false;
    memset(t, 0xff, (size_t)cap * sizeof *t);
    for (uint32_t i = 0; i < s->count; i++) {
        uint64_t h = hash(s->nodes[i].k);
        while (t[h & (cap - 1)] != NONE)
            h++;
        t[h & (cap - 1)] = i;
    }
    amz_free(s->table);
    s->table = t;
    s->mask = cap - 1;
    return true;
}

/* The slot holding k, or the empty slot where it would go. */
static uint32_t *slot(search *s, key k)
{
    uint64_t h = hash(k);
    for (;; h++) {
        uint32_t *p = &s->table[h & s->mask];
        if (*p == NONE || (s->nodes[*p].k.lo == k.lo && s->nodes[*p].k.hi == k.hi))
            return p;
    }
}

static bool push(search *s, uint32_t id, int g, int h)
{
    if (s->hlen == s->hcap) {
        size_t cap = s->hcap ? s->hcap * 2 : 1u << 12;
        entry *e = amz_realloc(s->heap, cap * sizeof *e);
        if (!e)
            return false;
        s->heap = e;
        s->hcap = cap;
    }
    /* f in 1/1024 moves, exact for any weight that is a multiple of 1/1024; the low 16
     * bits break ties toward the deeper node (greater g), which reaches goals sooner. */
    uint64_t f = ((uint64_t)g * 1024 + s->wscale * (uint64_t)h) << 16 | (uint64_t)(65535 - g);
    size_t i = s->hlen++;
    while (i > 0 && s->heap[(i - 1) / 2].f > f) {
        s->heap[i] = s->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    s->heap[i] = (entry){f, id, (uint16_t)g};
    return true;
}

/* Removes the least f (sift-down of the last entry from the root). hlen > 0. */
static entry pop(search *s)
{
    entry top = s->heap[0], last = s->heap[--s->hlen];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= s->hlen)
            break;
        if (c + 1 < s->hlen && s->heap[c + 1].f < s->heap[c].f)
            c++;
        if (s->heap[c].f >= last.f)
            break;
        s->heap[i] = s->heap[c];
        i = c;
    }
    if (s->hlen)
        s->heap[i] = last;
    return top;
}

/* Adds (or improves) the state k reached with cost g; false on out of memory. */
static bool reach(search *s, key k, uint32_t parent, int g, int move, const uint16_t *tiles)
{
    /* Grow before probing, so the table stays at most half full after this insert and
     * slot() always finds an empty slot (its loop has no other exit). */
    if ((uint64_t)(s->count + 1) * 2 > (uint64_t)s->mask + 1 && !grow_table(s))
        return false;
    uint32_t *p = slot(s, k);
    if (*p != NONE) {
        node *x = &s->nodes[*p];
        if (x->g <= g)
            return true;
        /* Cheaper than before: reopen it. */
        x->g = (uint16_t)g;
        x->parent = parent;
        x->move = (uint8_t)move;
        x->closed = 0;
        return push(s, *p, g, slide_heur_full(&s->heur, tiles));
    }
    if (s->count == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 1u << 12;
        node *nn = amz_realloc(s->nodes, (size_t)cap * sizeof *nn);
        if (!nn)
            return false;
        s->nodes = nn;
        s->cap = cap;
    }
    uint32_t id = s->count++;
    s->nodes[id] = (node){k, parent, (uint16_t)g, (uint8_t)move, 0};
    *p = id;
    return push(s, id, g, slide_heur_full(&s->heur, tiles));
}

amz_status slide_solve_wastar(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                              amz_slide_solution *out, amz_error *err)
{
    double t0 = slide_now();
    search s;
    memset(&s, 0, sizeof s);
    s.rows = b->rows;
    s.cols = b->cols;
    s.n = b->rows * b->cols;
    s.wscale = (uint64_t)llround(o->weight * 1024);
    uint64_t limit = o->node_limit ? o->node_limit : UINT64_MAX; /* resolved by amz_slide_solve */
    double deadline = o->timeout > 0 ? t0 + o->timeout : 0;
    obs = obs_normalize(obs);
    amz_status st = AMZ_OK;
    uint64_t expanded = 0;
    uint32_t goal = NONE;
    if (slide_heur_init(&s.heur, b->rows, b->cols) || !grow_table(&s)) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
        goto done;
    }
    out->lower_bound = slide_heur_full(&s.heur, b->tiles);
    if (!reach(&s, pack(b->tiles, s.n), NONE, 0, SLIDE_NO_MOVE, b->tiles)) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
        goto done;
    }
    /* 32 >= the 25 cells wastar takes. The goal test is made when a node is popped (not
     * when generated), as A* needs for its bound on the solution's length. */
    uint16_t tiles[32] = {0};
    while (s.hlen) {
        entry e = pop(&s);
        node *x = &s.nodes[e.id];
        if (x->closed || x->g != e.g)
            continue; /* a stale entry */
        x->closed = 1;
        unpack(x->k, tiles, s.n);
        int blank = 0;
        while (tiles[blank])
            blank++;
        if (slide_heur_full(&s.heur, tiles) == 0) {
            goal = e.id;
            break;
        }
        if (++expanded >= limit) {
            st = amz_errorf(err, AMZ_ECANCELED, "node limit of %llu reached", (unsigned long long)limit);
            goto done;
        }
        if (deadline && expanded % SLIDE_TICK_CHUNK == 0 && slide_now() >= deadline) {
            st = amz_errorf(err, AMZ_ECANCELED, "time limit of %g s reached", o->timeout);
            goto done;
        }
        if (obs && expanded % SLIDE_TICK_CHUNK == 0) {
            amz_event ev = {AMZ_EV_PROGRESS, AMZ_NO_CELL, AMZ_NO_CELL, -1, expanded, o->node_limit};
            if (obs->fn(obs->ctx, &ev)) {
                st = amz_errorf(err, AMZ_ECANCELED, "search canceled by the observer");
                goto done;
            }
        }
        /* reach() may realloc s.nodes, so x must not be used past this point: what the
         * loop needs from it is copied here. */
        int g = x->g, back = x->move == SLIDE_NO_MOVE ? -1 : slide_opposite(x->move);
        uint32_t id = e.id;
        for (int m = 0; m < 4; m++) {
            int to = slide_step(s.rows, s.cols, blank, m);
            if (to < 0 || m == back)
                continue;
            tiles[blank] = tiles[to];
            tiles[to] = 0;
            bool ok = reach(&s, pack(tiles, s.n), id, g + 1, m, tiles);
            tiles[to] = tiles[blank];
            tiles[blank] = 0;
            if (!ok) {
                st = amz_errorf(err, AMZ_ENOMEM, "out of memory after %llu nodes", (unsigned long long)expanded);
                goto done;
            }
        }
    }
    if (goal == NONE) {
        st = amz_errorf(err, AMZ_EINVAL, "no solution exists");
        goto done;
    }
    size_t len = s.nodes[goal].g;
    uint8_t *moves = amz_malloc(len + 1);
    if (!moves) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
        goto done;
    }
    /* The moves are read back from the goal along the parent links, filled back to
     * front into len = the goal's g slots. */
    size_t i = len;
    for (uint32_t id = goal; s.nodes[id].parent != NONE; id = s.nodes[id].parent)
        moves[--i] = s.nodes[id].move;
    out->moves = slide_letters(moves, len);
    amz_free(moves);
    if (!out->moves) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
        goto done;
    }
    out->length = len;
done:
    out->nodes = expanded;
    out->optimal = false;
    out->seconds = slide_now() - t0;
    slide_heur_deinit(&s.heur);
    amz_free(s.nodes);
    amz_free(s.table);
    amz_free(s.heap);
    return st;
}
