/* pdb_build.c — builds one pattern-database table by breadth-first search from the
 * goal with the blank tracked (Felner, Korf & Hanan, "Additive pattern database
 * heuristics", JAIR 22, 2004). Moves of tiles outside the group cost nothing, so a
 * state is the group's placement plus the REGION of free cells the blank can reach: a
 * breadth-first search over these states, counting moves of group tiles, is the 0-1
 * BFS over (placement, blank cell) with the zero-cost moves contracted. A table entry
 * is the depth at which any region of its placement is first reached.
 *
 * The search numbers placements its own way, not by the table's rank: a placement is
 * the SET of cells the group occupies (a k-subset of the n cells, ranked in colex
 * order) and the ORDER of the tiles over those cells (a permutation of k, ranked like
 * a placement of k tiles on k cells). A state is
 *
 *     order * S + first_slot[set] + region,      S = the sum over sets of their regions
 *
 * (rounded up to whole words): only regions that exist get a slot, about a third of
 * the n - k slots per placement a numbering by blank cell needs on 4x4 (2.75 regions
 * per set for 8 tiles) and a thirteenth on 5x5 (1.42 for 6 tiles), and a tile moving
 * within its row passes no other tile, keeps the order and lands in the same block of
 * S states: half of the successors are close in memory, the others random. Values are
 * kept in the same numbering (order * sets + set) and put in rank order at the end.
 *
 * States take two bits each, Korf's "two-bit breadth-first search" (Korf, "Minimizing
 * disk I/O in two-bit breadth-first search", AAAI 2008): 3 = not reached, 0 =
 * expanded, and the levels alternate between 1 and 2. A level is a scan for its mark;
 * each successor costs one read-modify-write, and the graph being undirected, a
 * successor is expanded, in this level, in the next, or new. With threads, entries
 * change by atomic ANDs (each bit only ever goes from 1 to 0).
 *
 * When the group and the blank's goal region are left-right symmetric (4x4's tiles
 * 1-8: the top two rows, the blank free below), or symmetric about the main diagonal
 * (5x5's corner blocks), mirrored states are equally far from the goal, so only the
 * lower-numbered state of each mirror pair is searched: half the work (breadth-first
 * search in the quotient by the symmetry). The lower state's placement is the lower
 * one for all its regions (the order decides, else the set), so a placement is either
 * searched or not, and the one searched gives its value to its mirror at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/inline.h"
#include "slide/pdb_impl.h"

#ifdef AMZ_HAVE_PTHREAD
#include <pthread.h>
#endif

/* Words of the state array per unit of work (rounded to whole orders). */
#define CHUNK_WORDS (1u << 14)
#define UNREACHED 3u
/* Regions of one set, as the bits of a word: a group of at most 8 tiles on at most 25
 * cells leaves fewer (checked when the sets are listed). */
#define MAX_REGIONS 32
/* One move of a set's frontier region, the same for every order of the set: the
 * tile on cell p steps onto its free neighbour q (in the region) and leaves the blank
 * on p. Its successor's slot is known, and the mirrored move's on the mirrored set;
 * the successor's order is the placement's plus a change that depends only on which
 * tiles sit between p and q in reading order (see moved_state). 12 bytes: the lists
 * are read for every placement expanded, and small lists stay in the caches. */
typedef struct move {
    uint32_t slot, mslot; /* the successor's slot; the mirrored move's */
    uint8_t p, q;
} move;

/* The sets and their regions: everything about a placement that its order does not
 * change. Built once per table, in well under a second (12,870 sets and 165 K moves
 * for 8 tiles on 4x4; 177,100 sets for 6 on 5x5). */
typedef struct sets {
    uint32_t count;      /* C(n, k) */
    uint64_t slots;      /* S: the regions of all sets, rounded up to whole words */
    uint32_t *mask;      /* set -> its cells */
    uint32_t *first;     /* set -> its first slot; first[count] = the regions in all */
    uint32_t *of_slot;   /* slot -> its set (UINT32_MAX for padding) */
    uint8_t *cells;      /* set * k + j -> the j-th cell of the set, upwards */
    uint8_t *label;      /* set * n + cell -> the region of a free cell (0xff if taken) */
    uint32_t *mirror;    /* set -> the set of the mirrored cells (symmetric searches) */
    uint16_t *of_mask16; /* boards of at most 16 cells: mask -> set (2^n entries) */
    move *moves;         /* every set's moves, by set and region */
    uint32_t *moves_at;  /* slot -> its region's first move; moves_at[first[count]] = all */
    uint64_t nmoves;
} sets;

typedef struct bfs {
    int n, cols, k;
    uint32_t full, not_first_col, not_last_col;
    uint32_t adj[PDB_MAX_CELLS];
    bool sym;                     /* search mirror-canonical states only */
    uint8_t mcell[PDB_MAX_CELLS]; /* cell -> its mirror (left-right or transposed) */
    uint8_t mslot[PDB_MAX_GROUP]; /* group index -> index of the tile whose goal mirrors it */
    uint32_t binom[PDB_MAX_CELLS + 1][PDB_MAX_GROUP + 1];
    uint32_t omult[PDB_MAX_GROUP];                  /* order rank multipliers: (k-1-i)! */
    int32_t turn[PDB_MAX_GROUP][PDB_MAX_GROUP + 1]; /* see moved_state */
    uint32_t orders;                                /* k! */
    sets s;
    uint64_t *st; /* 2 bits per state */
    uint64_t words;
    uint8_t *vals; /* orders * sets values, by order then set */
    pdb_table *t;
    uint8_t depth;      /* the level being expanded */
    uint32_t now, next; /* marks of this level and the next: 1 and 2 */
    bool threaded;
    /* Work sharing and reporting. */
    uint32_t orders_per_chunk;
    uint64_t next_order; /* atomic */
    uint64_t expanded;   /* placements expanded in this level (atomic) */
    uint64_t valued;     /* placements whose value is known (atomic) */
    const amz_observer *obs;
    int stop; /* atomic: the observer canceled */
} bfs;

/* Popcount in the builder: the compiler's builtin, so that the x86-64-v3 clone of the
 * level worker (below) gets the popcnt instruction; the portable build has none. */
static ALWAYS_INLINE uint32_t bpc(uint32_t m)
{
    return (uint32_t)__builtin_popcount(m);
}

/* The region of free cells around seed (bit-parallel flood fill). */
static uint32_t flood(const bfs *b, uint32_t seed, uint32_t free)
{
    uint32_t c = seed, prev;
    do {
        prev = c;
        c |= ((c << 1) & b->not_first_col) | ((c >> 1) & b->not_last_col) | (c << b->cols) | (c >> b->cols);
        c &= free;
    } while (c != prev);
    return c;
}

/* The colex rank of a k-subset: the sum over its cells c_1 < .. < c_k of C(c_j, j).
 * It numbers the subsets 0 .. C(n,k) - 1 in increasing order of their masks. */
static ALWAYS_INLINE uint32_t set_of(const bfs *b, uint32_t mask)
{
    if (b->s.of_mask16)
        return b->s.of_mask16[mask];
    uint32_t r = 0;
    int j = 1;
    for (uint32_t m = mask; m; m &= m - 1)
        r += b->binom[__builtin_ctz(m)][j++];
    return r;
}

static void sets_free(sets *s)
{
    amz_free(s->mask);
    amz_free(s->first);
    amz_free(s->of_slot);
    amz_free(s->cells);
    amz_free(s->label);
    amz_free(s->mirror);
    amz_free(s->of_mask16);
    amz_free(s->moves);
    amz_free(s->moves_at);
    memset(s, 0, sizeof *s);
}

static uint32_t mirror_mask(const bfs *b, uint32_t m)
{
    uint32_t r = 0;
    for (; m; m &= m - 1)
        r |= 1u << b->mcell[__builtin_ctz(m)];
    return r;
}

/* The slot of the state where the set `occ` becomes occ - p + q, the blank at p. */
static uint32_t moved_slot(const bfs *b, uint32_t occ, int p, int q)
{
    uint32_t set = set_of(b, occ ^ (1u << p) ^ (1u << q));
    return b->s.first[set] + b->s.label[(size_t)set * (size_t)b->n + (size_t)p];
}

/* Lists every set's moves, region by region (two passes: count, then fill). */
static amz_status moves_make(bfs *b)
{
    sets *s = &b->s;
    const int n = b->n;
    uint32_t nslots = s->first[s->count];
    s->moves_at = amz_malloc(((size_t)nslots + 1) * sizeof *s->moves_at);
    if (!s->moves_at)
        return AMZ_ENOMEM;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t at = 0;
        for (uint32_t i = 0; i < s->count; i++) {
            uint32_t occ = s->mask[i], free = b->full & ~occ;
            const uint8_t *lab = s->label + (size_t)i * (size_t)n;
            for (uint32_t j = 0; j < s->first[i + 1] - s->first[i]; j++) {
                s->moves_at[s->first[i] + j] = (uint32_t)at;
                for (uint32_t qs = free; qs; qs &= qs - 1) {
                    int q = __builtin_ctz(qs);
                    if (lab[q] != j)
                        continue;
                    for (uint32_t ps = b->adj[q] & occ; ps; ps &= ps - 1, at++) {
                        int p = __builtin_ctz(ps);
                        if (pass == 0)
                            continue;
                        move *mv = &s->moves[at];
                        mv->p = (uint8_t)p;
                        mv->q = (uint8_t)q;
                        mv->slot = moved_slot(b, occ, p, q);
                        mv->mslot = b->sym ? moved_slot(b, s->mask[s->mirror[i]], b->mcell[p], b->mcell[q]) : 0;
                    }
                }
            }
        }
        if (pass == 0) {
            s->moves_at[nslots] = (uint32_t)at;
            s->nmoves = at;
            s->moves = amz_malloc((size_t)at * sizeof *s->moves);
            if (!s->moves)
                return AMZ_ENOMEM;
        }
    }
    return AMZ_OK;
}

/* Lists the sets, labels their regions and lays out the slots. */
static amz_status sets_make(bfs *b)
{
    sets *s = &b->s;
    const int n = b->n, k = b->k;
    s->count = b->binom[n][k];
    size_t count = s->count;
    s->mask = amz_malloc(count * sizeof *s->mask);
    s->first = amz_malloc((count + 1) * sizeof *s->first);
    s->cells = amz_malloc(count * (size_t)k);
    s->label = amz_malloc(count * (size_t)n);
    s->mirror = b->sym ? amz_malloc(count * sizeof *s->mirror) : NULL;
    s->of_mask16 = n <= 16 ? amz_malloc(((size_t)1 << n) * sizeof *s->of_mask16) : NULL;
    if (!s->mask || !s->first || !s->cells || !s->label || (b->sym && !s->mirror) || (n <= 16 && !s->of_mask16))
        return AMZ_ENOMEM;
    /* Every k-subset, in increasing order of its mask (Gosper's next-subset step), is
     * the colex order: the i-th one visited has rank i. */
    uint32_t m = (1u << k) - 1, i = 0;
    for (;; i++) {
        s->mask[i] = m;
        if (s->of_mask16)
            s->of_mask16[m] = (uint16_t)i;
        if (i + 1 == s->count)
            break;
        uint32_t low = m & (0u - m), ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
    uint64_t slot = 0;
    for (i = 0; i < s->count; i++) {
        uint32_t occ = s->mask[i], free = b->full & ~occ;
        int j = 0;
        for (uint32_t x = occ; x; x &= x - 1)
            s->cells[(size_t)i * (size_t)k + (size_t)j++] = (uint8_t)__builtin_ctz(x);
        uint8_t *lab = s->label + (size_t)i * (size_t)n;
        memset(lab, 0xff, (size_t)n);
        uint32_t regions = 0;
        for (uint32_t left = free; left; regions++) {
            uint32_t comp = flood(b, left & (0u - left), free);
            for (uint32_t x = comp; x; x &= x - 1)
                lab[__builtin_ctz(x)] = (uint8_t)regions;
            left &= ~comp;
        }
        if (regions > MAX_REGIONS)
            return AMZ_EINVAL;
        s->first[i] = (uint32_t)slot;
        slot += regions;
        if (b->sym)
            s->mirror[i] = set_of(b, mirror_mask(b, occ));
    }
    s->first[s->count] = (uint32_t)slot;
    s->slots = (slot + 31) / 32 * 32;
    s->of_slot = amz_malloc((size_t)s->slots * sizeof *s->of_slot);
    if (!s->of_slot)
        return AMZ_ENOMEM;
    for (uint64_t x = 0; x < s->slots; x++)
        s->of_slot[x] = UINT32_MAX;
    for (i = 0; i < s->count; i++)
        for (uint32_t x = s->first[i]; x < s->first[i + 1]; x++)
            s->of_slot[x] = i;
    return moves_make(b);
}

/* The binomials, the order multipliers and k!. */
static void counts_make(bfs *b)
{
    for (int n = 0; n <= PDB_MAX_CELLS; n++)
        for (int k = 0; k <= PDB_MAX_GROUP; k++)
            b->binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : b->binom[n - 1][k - 1] + b->binom[n - 1][k];
    b->orders = 1;
    for (int i = b->k - 1; i >= 0; i--) {
        b->omult[i] = b->orders;
        b->orders *= (uint32_t)(b->k - i);
    }
    for (int i = 0; i < b->k; i++)
        for (int j = 0; j <= PDB_MAX_GROUP; j++)
            b->turn[i][j] = j >= b->k ? 0 : j > i ? (int32_t)b->omult[i] : -(int32_t)b->omult[j];
}

/* Marks state s reached at depth+1 if it was not reached before. Single-threaded it
 * is branch-free: whether a state is new is a coin toss in the middle levels, and
 * mispredictions would dominate the build. Threaded, an atomic AND whose old value is
 * not needed (a locked AND, not a compare-and-swap loop): within a level every writer
 * stores the same value, so the AND is right whether or not another thread got there
 * first. */
static inline void reach(bfs *b, uint64_t s)
{
    uint64_t *w = &b->st[s >> 5];
    unsigned sh = (unsigned)(s & 31) * 2;
    uint64_t to_clear = (uint64_t)(UNREACHED ^ b->next) << sh;
    if (!b->threaded) {
        uint64_t old = *w;
        uint64_t fresh = ((old >> sh) & 3) == UNREACHED;
        *w = old & ~(to_clear & (0 - fresh));
    } else if (((__atomic_load_n(w, __ATOMIC_RELAXED) >> sh) & 3) == UNREACHED)
        __atomic_and_fetch(w, ~to_clear, __ATOMIC_RELAXED);
}

/* A placement seen from the tiles: its order and set, the tiles' cells, and who is
 * where (PDB_MAX_GROUP for a free cell, and past the board: see moved_state). */
typedef struct view {
    uint32_t order, set, occ;
    uint8_t pos[PDB_MAX_GROUP], who[2 * PDB_MAX_CELLS];
} view;

/* The order's permutation: ord[i] = the index of tile i's cell among the set's. */
static void order_decode(const bfs *b, uint32_t order, uint8_t *ord)
{
    uint32_t used = 0;
    for (int i = 0; i < b->k; i++) {
        uint32_t d = order / b->omult[i];
        order %= b->omult[i];
        int v = 0;
        for (;; v++)
            if (!(used >> v & 1) && d-- == 0)
                break;
        ord[i] = (uint8_t)v;
        used |= 1u << v;
    }
}

/* The state once tile i of v moves from p to the adjacent cell q, the successor's
 * slot known. Relative to the tiles on the cells between p and q in reading order
 * (none within a row, up to cols - 1 within a column) the tile's index among the
 * set's cells changes; every other pair keeps its order. A pair of tiles counts as an
 * inversion, weight omult[the earlier one], when the earlier tile's cell is the
 * higher: moving to a higher cell past tile j, tile i gains it if it is the earlier
 * of the two (turn[i][j] = omult[i]) and loses it if j is (turn[i][j] = -omult[j]);
 * moving lower, the reverse. The cols - 1 cells after the lower end are all read, the
 * ones from the higher end on counting zero: no branch on the move's kind.
 * turn[i][PDB_MAX_GROUP] = 0 covers free cells. */
static ALWAYS_INLINE uint64_t moved_state(const bfs *b, const view *v, int i, int p, int q, uint32_t slot)
{
    int lo = q < p ? q : p, hi = q < p ? p : q;
    int32_t d = 0;
    for (int x = lo + 1; x < lo + b->cols; x++)
        d += b->turn[i][v->who[x]] & -(int32_t)(x < hi);
    return (uint64_t)(uint32_t)((int32_t)v->order + (q > p ? d : -d)) * b->s.slots + slot;
}

/* The placement's value, the first time one of its states is expanded (the values
 * of a level's placements are written by the thread that scans them). `placements`
 * is how many it stands for: 2 for a placement and its mirror. */
static ALWAYS_INLINE void set_value(bfs *b, uint64_t at, uint64_t *valued, unsigned placements)
{
    if (b->vals[at] == PDB_UNSET) {
        b->vals[at] = b->depth;
        *valued += placements;
    }
}

/* Successors of one placement are gathered, prefetched, then marked three placements
 * later, so their cache misses overlap the next placements' work: the build is bound
 * by these random accesses to the state array (3 placements ahead was 6% faster than
 * 1 on the 8-tile table, 7 slower than 3). A placement has at most k tiles x 4 moves
 * successors. */
#define MAX_SUCC (PDB_MAX_GROUP * 4)
#define RING 4

/* Fills succ[] with the successors of placement (v->order, set)'s frontier regions
 * (bit j of `regions` set when its region j is in the current level) and returns how
 * many. ord is the order's permutation. Also records the placement's value (and its
 * mirror's): this is the first level that reaches it. */
static ALWAYS_INLINE int expand(bfs *b, view *v, const uint8_t *ord, uint32_t set, uint32_t regions, uint64_t *valued,
                                uint64_t *succ)
{
    const int k = b->k;
    const sets *s = &b->s;
    v->set = set;
    v->occ = s->mask[set];
    const uint8_t *cells = s->cells + (size_t)set * (size_t)k;
    memset(v->who, PDB_MAX_GROUP, sizeof v->who);
    for (int i = 0; i < k; i++) {
        int p = cells[ord[i]];
        v->pos[i] = (uint8_t)p;
        v->who[p] = (uint8_t)i;
    }
    view m = {0}; /* the mirror: read only when symmetric, where it is set */
    unsigned placements = 1;
    if (b->sym) {
        m.set = s->mirror[set];
        m.occ = s->mask[m.set];
        memset(m.who, PDB_MAX_GROUP, sizeof m.who);
        for (int i = 0; i < k; i++) {
            int p = b->mcell[v->pos[i]];
            m.pos[b->mslot[i]] = (uint8_t)p;
            m.who[p] = b->mslot[i];
        }
        uint8_t mord[PDB_MAX_GROUP];
        for (int i = 0; i < k; i++)
            mord[i] = (uint8_t)bpc(m.occ & ((1u << m.pos[i]) - 1));
        m.order = pdb_rank(mord, k, b->omult);
        placements = m.order == v->order && m.set == set ? 1 : 2;
    }
    set_value(b, (uint64_t)v->order * s->count + set, valued, placements);
    int ns = 0;
    for (uint32_t r = regions; r; r &= r - 1) {
        uint32_t slot = s->first[set] + (uint32_t)__builtin_ctz(r);
        for (uint32_t x = s->moves_at[slot]; x < s->moves_at[slot + 1]; x++) {
            const move *mv = &s->moves[x];
            int i = v->who[mv->p];
            uint64_t s2 = moved_state(b, v, i, mv->p, mv->q, mv->slot);
            if (b->sym) {
                /* The same move on the mirrored board; keep the lower state. */
                uint64_t ms2 = moved_state(b, &m, b->mslot[i], b->mcell[mv->p], b->mcell[mv->q], mv->mslot);
                s2 = ms2 < s2 ? ms2 : s2;
            }
            succ[ns++] = s2;
            /* Into every cache level: a non-temporal prefetch (locality 0) was 3%
             * slower, the line being gone again before it is marked. */
            __builtin_prefetch(&b->st[s2 >> 5], 1, 3);
        }
    }
    return ns;
}

static inline void reach_all(bfs *b, const uint64_t *succ, int n)
{
    for (int j = 0; j < n; j++)
        reach(b, succ[j]);
}

/* Bit j set when region j of the set whose first state is `base` is in the current
 * level (c regions). */
static inline uint32_t level_regions(const bfs *b, uint64_t base, int c)
{
    uint32_t field, out = 0;
    for (int j = 0; j < c; j += 16) {
        int m = c - j < 16 ? c - j : 16;
        field = bits_field(b->st, 2 * (base + (uint64_t)j), (unsigned)(2 * m));
        for (int x = 0; x < m; x++)
            out |= (uint32_t)(((field >> (2 * x)) & 3) == b->now) << (j + x);
    }
    return out;
}

/* Expands the current level in chunks of whole orders (the state array's blocks),
 * each scanned in set order. The calling thread (main) reports progress after each of
 * its chunks and may be told to stop there, so a cancel takes effect within a
 * fraction of a second. */
/* Cloned (core/inline.h): every helper above is inlined into each version, so the
 * whole level runs with the better instruction set. */
static AMZ_CLONED void level_worker(bfs *b, bool main)
{
    const uint64_t S = b->s.slots, block_words = S / 32;
    /* Replicated patterns: the entries equal to `now` are where x has 00 fields. */
    const uint64_t ones = 0x5555555555555555u, pattern = ones * b->now;
    for (;;) {
        if (__atomic_load_n(&b->stop, __ATOMIC_RELAXED))
            break;
        uint64_t o0 = __atomic_fetch_add(&b->next_order, b->orders_per_chunk, __ATOMIC_RELAXED);
        if (o0 >= b->orders)
            break;
        uint64_t o1 = o0 + b->orders_per_chunk < b->orders ? o0 + b->orders_per_chunk : b->orders;
        uint64_t expanded = 0, valued = 0;
        /* A ring of successor buffers: a placement's successors are prefetched when
         * found and marked RING - 1 placements later. */
        uint64_t succ[RING][MAX_SUCC];
        int pending[RING] = {0}, cur = 0;
        for (uint64_t o = o0; o < o1; o++) {
            view at;
            uint8_t ord[PDB_MAX_GROUP];
            bool decoded = false;
            uint32_t last = UINT32_MAX;
            at.order = (uint32_t)o;
            for (uint64_t w = o * block_words; w < (o + 1) * block_words; w++) {
                uint64_t x = __atomic_load_n(&b->st[w], __ATOMIC_RELAXED) ^ pattern;
                uint64_t match = ~(x | (x >> 1)) & ones;
                if (!match)
                    continue;
                if (!decoded) {
                    order_decode(b, (uint32_t)o, ord);
                    decoded = true;
                }
                for (uint64_t mm = match; mm; mm &= mm - 1) {
                    uint64_t slot = (w - o * block_words) * 32 + (uint64_t)(__builtin_ctzll(mm) / 2);
                    uint32_t set = b->s.of_slot[slot];
                    if (set == last)
                        continue;
                    last = set;
                    uint32_t first = b->s.first[set];
                    uint32_t regions = level_regions(b, o * S + first, (int)(b->s.first[set + 1] - first));
                    int oldest = (cur + 1) % RING;
                    reach_all(b, succ[oldest], pending[oldest]);
                    pending[oldest] = 0;
                    pending[cur] = expand(b, &at, ord, set, regions, &valued, succ[cur]);
                    cur = oldest;
                    expanded++;
                }
                /* Close what was expanded (states of a set that spills into the next
                 * word are closed when that word is scanned). */
                uint64_t closed = ~(match * 3);
                if (b->threaded)
                    __atomic_fetch_and(&b->st[w], closed, __ATOMIC_RELAXED);
                else
                    b->st[w] &= closed;
            }
        }
        for (int r = 0; r < RING; r++)
            reach_all(b, succ[r], pending[r]);
        __atomic_add_fetch(&b->expanded, expanded, __ATOMIC_RELAXED);
        uint64_t done = __atomic_add_fetch(&b->valued, valued, __ATOMIC_RELAXED);
        if (main && b->obs) {
            /* Progress: placements whose value is final, of all placements. */
            amz_event ev = {AMZ_EV_PROGRESS, AMZ_NO_CELL, AMZ_NO_CELL, -1, done, b->t->entries};
            if (b->obs->fn(b->obs->ctx, &ev))
                __atomic_store_n(&b->stop, 1, __ATOMIC_RELAXED);
        }
    }
}

/* Puts chunks of orders' values into the table in rank order, each placement's rank
 * from its cells, and in a symmetric search its mirror's too: only one of the two was
 * searched (the one whose states are lower) and holds the value of both. A batch of
 * ranks is computed and their entries prefetched before the batch is written (random
 * writes; every rank is written once, self-mirrored placements twice). */
#define RANK_BATCH 32
static AMZ_CLONED void rank_worker(bfs *b, bool main)
{
    (void)main;
    const int k = b->k;
    const uint32_t count = b->s.count;
    uint8_t *values = b->t->values;
    for (;;) {
        uint64_t o0 = __atomic_fetch_add(&b->next_order, b->orders_per_chunk, __ATOMIC_RELAXED);
        if (o0 >= b->orders)
            break;
        uint64_t o1 = o0 + b->orders_per_chunk < b->orders ? o0 + b->orders_per_chunk : b->orders;
        for (uint64_t o = o0; o < o1; o++) {
            uint8_t ord[PDB_MAX_GROUP] = {0}, pos[PDB_MAX_GROUP], mpos[PDB_MAX_GROUP];
            uint32_t rank[2 * RANK_BATCH];
            uint8_t val[2 * RANK_BATCH];
            order_decode(b, (uint32_t)o, ord);
            const uint8_t *vals = b->vals + o * count;
            for (uint32_t set0 = 0; set0 < count; set0 += RANK_BATCH) {
                uint32_t n = count - set0 < RANK_BATCH ? count - set0 : RANK_BATCH, w = 0;
                for (uint32_t j = 0; j < n; j++) {
                    uint8_t v = vals[set0 + j];
                    if (v == PDB_UNSET)
                        continue; /* the mirror of a searched placement, or unreached */
                    const uint8_t *cells = b->s.cells + (size_t)(set0 + j) * (size_t)k;
                    for (int i = 0; i < k; i++)
                        pos[i] = cells[ord[i]];
                    val[w] = v;
                    rank[w] = pdb_rank(pos, k, b->t->mult);
                    __builtin_prefetch(&values[rank[w++]], 1, 0);
                    if (b->sym) {
                        for (int i = 0; i < k; i++)
                            mpos[b->mslot[i]] = b->mcell[pos[i]];
                        val[w] = v;
                        rank[w] = pdb_rank(mpos, k, b->t->mult);
                        __builtin_prefetch(&values[rank[w++]], 1, 0);
                    }
                }
                for (uint32_t j = 0; j < w; j++)
                    values[rank[j]] = val[j];
            }
        }
    }
}

typedef void (*worker_fn)(bfs *, bool);
typedef struct worker_arg {
    bfs *b;
    worker_fn fn;
} worker_arg;

#ifdef AMZ_HAVE_PTHREAD
static void *helper_thread(void *varg)
{
    worker_arg *a = varg;
    a->fn(a->b, false);
    return NULL;
}
#endif

/* One pass over the orders with `threads` threads, the caller being one of them. */
static void run_pass(bfs *b, worker_fn fn, int threads)
{
    b->next_order = 0;
#ifdef AMZ_HAVE_PTHREAD
    pthread_t tids[64];
    bool started[64] = {false};
    worker_arg arg = {b, fn};
    for (int i = 1; i < threads && i < 64; i++)
        started[i] = pthread_create(&tids[i], NULL, helper_thread, &arg) == 0;
    fn(b, true);
    for (int i = 1; i < threads && i < 64; i++)
        if (started[i])
            pthread_join(tids[i], NULL);
#else
    (void)threads;
    fn(b, true);
#endif
}

/* Board geometry, the symmetry of the search, the counts and the sets: everything
 * but the big arrays. */
static amz_status bfs_init(bfs *b, int rows, int cols, pdb_table *t)
{
    memset(b, 0, sizeof *b);
    b->n = rows * cols;
    b->cols = cols;
    b->k = t->k;
    b->t = t;
    b->full = (1u << b->n) - 1;
    for (int c = 0; c < b->n; c++) {
        if (c % cols) {
            b->not_first_col |= 1u << c;
            b->adj[c] |= 1u << (c - 1);
        }
        if (c % cols != cols - 1) {
            b->not_last_col |= 1u << c;
            b->adj[c] |= 1u << (c + 1);
        }
        if (c >= cols)
            b->adj[c] |= 1u << (c - cols);
        if (c + cols < b->n)
            b->adj[c] |= 1u << (c + cols);
    }
    slide_pdb_layout(t, b->n);
    counts_make(b);
    /* A symmetry of the search: left-right, else (square boards) the transpose, when
     * every goal cell of the group maps to a goal cell of the group and the blank's
     * goal region maps to itself. */
    uint32_t goal_occ = 0;
    for (int i = 0; i < t->k; i++)
        goal_occ |= 1u << (t->tiles[i] - 1);
    uint32_t region = flood(b, 1u << (b->n - 1), b->full & ~goal_occ);
    for (int kind = 0; kind < 2 && !b->sym; kind++) {
        if (kind == 1 && rows != cols)
            break;
        for (int c = 0; c < b->n; c++)
            b->mcell[c] = (uint8_t)(kind == 0 ? c / cols * cols + (cols - 1 - c % cols) : (c % cols) * cols + c / cols);
        bool sym = true;
        for (int i = 0; i < t->k && sym; i++) {
            int mg = b->mcell[t->tiles[i] - 1], j = 0;
            while (j < t->k && t->tiles[j] - 1 != mg)
                j++;
            sym = j < t->k;
            b->mslot[i] = (uint8_t)j;
        }
        b->sym = sym && mirror_mask(b, region) == region;
    }
    return sets_make(b);
}

/* Bytes of the state array and the set tables with their moves (the values aside). */
static uint64_t work_bytes(const bfs *b)
{
    const sets *s = &b->s;
    uint64_t states = (uint64_t)b->orders * s->slots;
    uint64_t tables = (uint64_t)s->count * (4 + 4 + (uint64_t)b->k + (uint64_t)b->n + (b->sym ? 4 : 0)) + s->slots * 4 +
                      (s->of_mask16 ? ((uint64_t)2 << b->n) : 0);
    uint64_t moves = s->nmoves * sizeof(move) + ((uint64_t)s->first[s->count] + 1) * sizeof *s->moves_at;
    return states / 4 + tables + moves;
}

uint64_t slide_pdb_build_bytes(const pdb_table *t, int rows, int cols)
{
    bfs b;
    pdb_table copy = *t;
    uint64_t bytes;
    if (bfs_init(&b, rows, cols, &copy))
        bytes = UINT64_MAX; /* no memory for the sets: the build would fail too */
    else {
        /* The search holds the values by order and the state array; the last pass the
         * values by order and the table. */
        uint64_t search = copy.entries + work_bytes(&b), finish = 2 * copy.entries;
        bytes = search > finish ? search : finish;
    }
    sets_free(&b.s);
    return bytes;
}

amz_status slide_pdb_build(int rows, int cols, pdb_table *t, int threads, const amz_observer *obs, amz_error *err)
{
    bfs b;
    amz_status st = bfs_init(&b, rows, cols, t);
    pdb_table st_block = {0}, vals_block = {0};
    if (st) {
        st = st == AMZ_ENOMEM ? amz_errorf(err, AMZ_ENOMEM, "out of memory building a %d-tile pattern database", t->k)
                              : amz_errorf(err, st, "internal error: a set of more than %d regions", MAX_REGIONS);
        goto done;
    }
    b.obs = obs && obs->fn ? obs : NULL;
#ifdef AMZ_HAVE_PTHREAD
    b.threaded = threads > 1;
#else
    threads = 1;
#endif
    /* At least one word per order: every set leaves a free cell, so a region. */
    uint64_t block_words = b.s.slots / 32;
    b.orders_per_chunk = block_words && block_words < CHUNK_WORDS ? (uint32_t)(CHUNK_WORDS / block_words) : 1;
    b.words = (uint64_t)b.orders * block_words;
    size_t bytes;
    if (!ck_array_bytes(b.words, sizeof(uint64_t), &bytes) || t->entries > SIZE_MAX) {
        st = amz_errorf(err, AMZ_ENOMEM, "pattern database of %llu entries is too large",
                        (unsigned long long)t->entries);
        goto done;
    }
    /* Huge pages (as for tables) for the arrays the random accesses go to. */
    st_block.entries = bytes;
    vals_block.entries = t->entries;
    if (slide_pdb_alloc(&st_block))
        b.st = (uint64_t *)(void *)st_block.values;
    if (slide_pdb_alloc(&vals_block))
        b.vals = vals_block.values;
    if (!b.st || !b.vals) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory building a %d-tile pattern database (%.1f GB)", t->k,
                        (double)(t->entries + bytes) / 1e9);
        goto done;
    }
    /* Each placement's value is written when its first region is expanded: the first
     * level that reaches it, since levels are expanded in order. */
    memset(b.vals, PDB_UNSET, (size_t)t->entries);
    /* Every state UNREACHED (3), padding included: padding is never reached. */
    memset(b.st, 0xff, bytes);

    /* The goal: the group's tiles home, the blank in the last cell's region. */
    view g;
    uint8_t ord[PDB_MAX_GROUP];
    g.occ = 0;
    for (int i = 0; i < t->k; i++)
        g.occ |= 1u << (t->tiles[i] - 1);
    for (int i = 0; i < t->k; i++)
        ord[i] = (uint8_t)bpc(g.occ & ((1u << (t->tiles[i] - 1)) - 1));
    uint32_t set = set_of(&b, g.occ);
    uint64_t s0 = (uint64_t)pdb_rank(ord, t->k, b.omult) * b.s.slots + b.s.first[set] +
                  b.s.label[(size_t)set * (size_t)b.n + (size_t)(b.n - 1)];
    bits_set_field(b.st, 2 * s0, 2, 1);
    b.valued = 0;
    /* Level after level until one has nothing to expand (depths are bytes, 0xff
     * meaning unset). */
    for (b.depth = 0;; b.depth++) {
        if (b.depth == PDB_UNSET) {
            st = amz_errorf(err, AMZ_EINVAL, "pattern database deeper than %d moves", PDB_UNSET - 1);
            goto done;
        }
        b.now = 1u + b.depth % 2u;
        b.next = 3u - b.now;
        b.expanded = 0;
        run_pass(&b, level_worker, threads);
        if (b.stop) {
            st = amz_errorf(err, AMZ_ECANCELED, "pattern database build canceled");
            goto done;
        }
        if (!b.expanded)
            break;
    }
    slide_pdb_release(&st_block);
    b.st = NULL;
    if (!slide_pdb_alloc(t)) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory building a %d-tile pattern database (%.1f GB)", t->k,
                        (double)(2 * t->entries) / 1e9);
        goto done;
    }
    /* With three or more free cells every placement is reachable (two tiles outside
     * the group can trade places, so parity never forbids one): every rank is then
     * written, and fewer placements valued would mean a broken search. With fewer,
     * the unreachable half can only belong to unsolvable boards, which are never
     * looked up: 0 keeps them admissible. */
    bool all = b.valued == t->entries;
    if (!all && b.n - b.k >= 3) {
        st = amz_errorf(err, AMZ_EINVAL, "internal error: %llu of %llu placements of the pattern database reached",
                        (unsigned long long)b.valued, (unsigned long long)t->entries);
        goto done;
    }
    if (!all)
        memset(t->values, PDB_UNSET, (size_t)t->entries);
    run_pass(&b, rank_worker, threads);
    if (!all)
        for (uint64_t i = 0; i < t->entries; i++)
            if (t->values[i] == PDB_UNSET)
                t->values[i] = 0;
done:
    if (st)
        slide_pdb_release(t);
    sets_free(&b.s);
    slide_pdb_release(&st_block);
    slide_pdb_release(&vals_block);
    return st;
}
