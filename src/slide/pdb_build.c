/* pdb_build.c — builds one pattern-database table by breadth-first search from the
 * goal with the blank tracked (Felner, Korf & Hanan, "Additive pattern database
 * heuristics", JAIR 22, 2004). Moves of tiles outside the group cost nothing, so a
 * state is the group's placement plus the REGION of free cells the blank can reach
 * (named by its lowest cell): a breadth-first search over these states, counting moves
 * of group tiles, is the 0-1 BFS over (placement, blank cell) with the zero-cost moves
 * contracted. A table entry is the depth at which any region of its placement is
 * first reached.
 *
 * States are numbered rank * F + region index (F = free cells) and stored with two
 * bits each, Korf's "two-bit breadth-first search" (Korf, "Minimizing disk I/O in
 * two-bit breadth-first search", AAAI 2008): 3 = not reached, 0 = expanded, and the
 * levels alternate between 1 and 2. A level is a scan for its mark; each successor
 * costs one random read-modify-write, and the graph being undirected, a successor is
 * expanded, in this level, in the next, or new. With threads, entries change by
 * atomic ANDs (each bit only ever goes from 1 to 0).
 *
 * When the group and the blank's goal region are left-right symmetric (4x4's tiles
 * 1-8: the top two rows, the blank free below), or symmetric about the main diagonal
 * (5x5's corner blocks), mirrored states are equally far from the goal, so only the
 * lower-numbered state of each mirror pair is searched: half the work (breadth-first
 * search in the quotient by the symmetry).
 *
 * A region is named by the index, among the free cells, of its lowest cell. On boards
 * of at most 16 cells a table gives it for every (free mask, cell) pair (1 MB); on
 * bigger boards (2^25 masks) a flood fill computes it. */
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

/* Words of the state array per unit of work, times F so that a unit is made of whole
 * placements (32 states per word): 512K placements. */
#define CHUNK_WORDS (1u << 14)
#define UNREACHED 3u

typedef struct bfs {
    int n, cols, k, F;
    uint32_t full, not_first_col, not_last_col;
    uint32_t adj[PDB_MAX_CELLS];
    bool sym;                     /* search mirror-canonical states only */
    uint8_t mcell[PDB_MAX_CELLS]; /* cell -> its mirror (left-right or transposed) */
    uint8_t mslot[PDB_MAX_GROUP]; /* group index -> index of the tile whose goal mirrors it */
    uint8_t *jtab;                /* jtab[free << 4 | cell]: index, among the free cells,
                                     of the lowest cell of cell's region */
    uint64_t *st;                 /* 2 bits per state */
    uint64_t words;
    pdb_table *t;
    uint8_t depth;      /* the level being expanded */
    uint32_t now, next; /* marks of this level and the next: 1 and 2 */
    bool threaded;
    /* Work sharing and reporting. */
    uint64_t next_chunk; /* atomic */
    uint64_t found;      /* states reached so far (atomic) */
    uint64_t valued;     /* placements whose value is known (atomic) */
    uint64_t states;     /* entries * F */
    const amz_observer *obs;
    int stop; /* atomic: the observer canceled */
} bfs;

/* Popcount in the builder: the compiler's builtin, so that the x86-64-v3 clone of the
 * level worker (below) gets the popcnt instruction; the portable build has none. */
static ALWAYS_INLINE uint32_t bpc(uint32_t m)
{
    return (uint32_t)__builtin_popcount(m);
}

/* sel8[m][j]: the j-th set bit of byte m (written once, before any thread starts; a
 * second build writes the same bytes). */
static uint8_t sel8[256][8];

static void init_sel8(void)
{
    for (int m = 0; m < 256; m++) {
        int j = 0;
        for (int b = 0; b < 8; b++)
            if (m >> b & 1)
                sel8[m][j++] = (uint8_t)b;
    }
}

/* The j-th set bit (from 0) of a mask of at most 25 bits, a byte at a time. */
static ALWAYS_INLINE int select32(uint32_t m, uint32_t j)
{
    int base = 0;
    for (;;) {
        uint32_t lo = m & 0xff, c = slide_pc8[lo];
        if (j < c)
            return base + sel8[lo][j];
        j -= c;
        m >>= 8;
        base += 8;
    }
}

/* The region of free cells around seed (bit-parallel flood fill). */
static inline uint32_t flood(const bfs *b, uint32_t seed, uint32_t free)
{
    uint32_t c = seed, prev;
    do {
        prev = c;
        c |= ((c << 1) & b->not_first_col) | ((c >> 1) & b->not_last_col) | (c << b->cols) | (c >> b->cols);
        c &= free;
    } while (c != prev);
    return c;
}

/* Index among the free cells of the lowest cell of cell's region (cell free). */
static ALWAYS_INLINE uint32_t region_of(const bfs *b, uint32_t free, int cell)
{
    if (b->jtab)
        return b->jtab[(size_t)free << 4 | (size_t)cell];
    uint32_t comp = flood(b, 1u << cell, free);
    return bpc(free & ((1u << __builtin_ctz(comp)) - 1));
}

/* Labels every free cell of `free` with its region (the region_of of each), one
 * flood fill per region; cells not free keep 0xff. */
static ALWAYS_INLINE void label_regions(const bfs *b, uint32_t free, uint8_t *lab)
{
    memset(lab, 0xff, (size_t)b->n);
    for (uint32_t left = free; left;) {
        int c = __builtin_ctz(left);
        uint32_t comp = flood(b, 1u << c, free);
        uint8_t j = (uint8_t)bpc(free & ((1u << c) - 1));
        for (uint32_t x = comp; x; x &= x - 1)
            lab[__builtin_ctz(x)] = j;
        left &= ~comp;
    }
}

static amz_status make_jtab(bfs *b)
{
    size_t masks = (size_t)1 << b->n;
    b->jtab = amz_malloc(masks << 4);
    if (!b->jtab)
        return AMZ_ENOMEM;
    memset(b->jtab, 0xff, masks << 4);
    for (size_t m = 0; m < masks; m++)
        for (int c = 0; c < b->n; c++) {
            if (!(m >> c & 1) || b->jtab[m << 4 | (size_t)c] != 0xff)
                continue;
            /* Cells go up from 0, so c is the lowest cell of its region. */
            uint32_t comp = flood(b, 1u << c, (uint32_t)m);
            uint8_t j = (uint8_t)bpc((uint32_t)m & ((1u << c) - 1));
            for (uint32_t x = comp; x; x &= x - 1)
                b->jtab[m << 4 | (size_t)__builtin_ctz(x)] = j;
        }
    return AMZ_OK;
}

/* Successors of one placement are gathered, prefetched, then marked: ~10 independent
 * cache misses in flight instead of one at a time (the build is bound by the latency
 * of these random read-modify-writes, not by computation). A placement has at most
 * k tiles x 4 moves successors. */
#define MAX_SUCC (PDB_MAX_GROUP * 4)

/* Marks state s reached at depth+1 if it was not reached before; returns 1 if so.
 * Single-threaded it is branch-free: whether a state is new is a coin toss in the
 * middle levels, and mispredictions would dominate the build. */
static inline uint64_t reach(bfs *b, uint64_t s)
{
    uint64_t *w = &b->st[s >> 5];
    unsigned sh = (unsigned)(s & 31) * 2;
    uint64_t to_clear = (uint64_t)(UNREACHED ^ b->next) << sh;
    if (!b->threaded) {
        uint64_t old = *w;
        uint64_t fresh = ((old >> sh) & 3) == UNREACHED;
        *w = old & ~(to_clear & (0 - fresh));
        return fresh;
    }
    if (((__atomic_load_n(w, __ATOMIC_RELAXED) >> sh) & 3) != UNREACHED)
        return 0;
    /* Within a level every writer stores the same value, so the AND is right whether
     * or not another thread got here first; the old value says who did. */
    return ((__atomic_fetch_and(w, ~to_clear, __ATOMIC_RELAXED) >> sh) & 3) == UNREACHED;
}

/* A placement seen from the tiles: positions, who is where, and for each tile the
 * cells of the tiles before it in group order. */
typedef struct view {
    uint32_t rank, occ, free;
    uint8_t pos[PDB_MAX_GROUP], who[PDB_MAX_CELLS];
    uint32_t before[PDB_MAX_GROUP];
    uint32_t digit[PDB_MAX_GROUP]; /* decode's: the rank's mixed-radix digits */
} view;

static ALWAYS_INLINE void fill_view(const bfs *b, view *v)
{
    uint32_t used = 0;
    for (int i = 0; i < b->k; i++) {
        v->before[i] = used;
        v->who[v->pos[i]] = (uint8_t)i;
        used |= 1u << v->pos[i];
    }
    v->occ = used;
    v->free = b->full & ~used;
}

/* Positions (and who, before, occ, free) of tiles from..k-1 from their digits; the
 * tiles before `from` are where they were (before[from] is their cells). */
static ALWAYS_INLINE void place_from(const bfs *b, view *v, int from)
{
    uint32_t used = from ? v->before[from] : 0;
    for (int i = from; i < b->k; i++) {
        v->before[i] = used;
        int p = select32(b->full & ~used, v->digit[i]);
        v->pos[i] = (uint8_t)p;
        v->who[p] = (uint8_t)i;
        used |= 1u << p;
    }
    v->occ = used;
    v->free = b->full & ~used;
}

/* Decodes a rank into the positions of the group's tiles. The scan visits ranks in
 * increasing order, usually a few apart: then the step is added to the previous
 * rank's digits (mixed radix, with carries) and only the tiles whose digits changed,
 * most often the last one, are placed again; else (v->rank == UINT32_MAX, or a
 * smaller rank) every digit is computed from scratch. who[] keeps stale entries for
 * cells left empty: it is only read for occupied cells. */
static ALWAYS_INLINE void decode(const bfs *b, uint32_t rank, view *v)
{
    const int n = b->n, k = b->k;
    if (v->rank != UINT32_MAX && rank > v->rank) {
        uint32_t carry = rank - v->rank;
        int i = k - 1;
        for (;; i--) {
            uint32_t radix = (uint32_t)(n - i), d = v->digit[i] + carry;
            if (d < radix) {
                v->digit[i] = d;
                break;
            }
            v->digit[i] = d % radix;
            carry = d / radix;
        }
        v->rank = rank;
        place_from(b, v, i);
        return;
    }
    uint32_t r = rank;
    for (int i = k - 1; i >= 0; i--) {
        uint32_t radix = (uint32_t)(n - i);
        v->digit[i] = r % radix;
        r /= radix;
    }
    v->rank = rank;
    place_from(b, v, 0);
}

/* The rank once tile i moves from p to the adjacent cell q, updated rather than
 * recomputed: a move of one column changes only the tile's own digit (by 1); a move
 * of one row (cols cells in reading order) changes its digit by cols minus the
 * earlier tiles it passes, and the digit of every later tile it passes by 1. */
static ALWAYS_INLINE uint32_t moved_rank(const bfs *b, const view *v, int i, int p, int q)
{
    const uint32_t *mult = b->t->mult;
    if (q == p + 1)
        return v->rank + mult[i];
    if (q == p - 1)
        return v->rank - mult[i];
    int lo = q < p ? q : p, hi = q < p ? p : q;
    uint32_t between = ((1u << hi) - 1) & ~((2u << lo) - 1);
    uint32_t delta = ((uint32_t)b->cols - bpc(v->before[i] & between)) * mult[i];
    for (uint32_t later = v->occ & ~v->before[i] & between; later; later &= later - 1)
        delta += mult[v->who[__builtin_ctz(later)]];
    return q > p ? v->rank + delta : v->rank - delta;
}

static inline void set_value(bfs *b, uint32_t rank, uint64_t *valued)
{
    if (b->t->values[rank] == PDB_UNSET) {
        b->t->values[rank] = b->depth;
        ++*valued;
    }
}

/* Expands every frontier state of one placement at once: `regions` has bit j set when
 * the region with index j is in the current level. A move (a group tile stepping onto
 * a free neighbour q) belongs to the region holding q. Also records the placement's
 * value (and its mirror's): this is the first level that reaches it. */
/* Fills succ[] with the successors of one placement's frontier regions (prefetched,
 * not yet marked: the caller marks them one placement later, so their cache misses
 * overlap the next placement's work) and returns how many. */
static ALWAYS_INLINE int expand(bfs *b, view *cur, uint32_t rank, uint32_t regions, uint64_t *valued, uint64_t *succ)
{
    const int k = b->k;
    const uint64_t F = (uint64_t)b->F;
    view m;
    decode(b, rank, cur);
    const view v = *cur;
    set_value(b, rank, valued);
    if (b->sym) {
        for (int i = 0; i < k; i++)
            m.pos[b->mslot[i]] = b->mcell[v.pos[i]];
        fill_view(b, &m);
        m.rank = pdb_rank(m.pos, k, b->t->mult);
        /* The mirror's entry is a random access: fetch it while the moves are made. */
        __builtin_prefetch(&b->t->values[m.rank], 1, 0);
    }
    uint8_t labels[PDB_MAX_CELLS];
    const uint8_t *jfree = labels;
    if (b->jtab)
        jfree = b->jtab + ((size_t)v.free << 4);
    else
        label_regions(b, v.free, labels);
    int ns = 0;
    for (int i = 0; i < k; i++) {
        int p = v.pos[i];
        for (uint32_t to = b->adj[p] & v.free; to; to &= to - 1) {
            int q = __builtin_ctz(to);
            if (!(regions >> jfree[q] & 1))
                continue;
            /* The tile leaves p for q: q fills, p empties, and the blank sits at p. */
            uint32_t free2 = v.free ^ (1u << q) ^ (1u << p);
            uint64_t s2 = (uint64_t)moved_rank(b, &v, i, p, q) * F + region_of(b, free2, p);
            if (b->sym) {
                /* The same move on the mirrored board; keep the lower state. */
                int mp = b->mcell[p], mq = b->mcell[q];
                uint32_t mfree2 = m.free ^ (1u << mq) ^ (1u << mp);
                uint64_t ms2 = (uint64_t)moved_rank(b, &m, b->mslot[i], mp, mq) * F + region_of(b, mfree2, mp);
                if (ms2 < s2)
                    s2 = ms2;
            }
            succ[ns++] = s2;
            __builtin_prefetch(&b->st[s2 >> 5], 1, 0);
        }
    }
    if (b->sym)
        set_value(b, m.rank, valued);
    return ns;
}

/* Marks n successors; returns how many were new. */
static inline uint64_t reach_all(bfs *b, const uint64_t *succ, int n)
{
    uint64_t fresh = 0;
    for (int j = 0; j < n; j++)
        fresh += reach(b, succ[j]);
    return fresh;
}

/* Bit j set when region j of placement `rank` is in the current level. */
static inline uint32_t level_regions(const bfs *b, uint32_t rank)
{
    uint64_t base = (uint64_t)rank * (uint64_t)b->F;
    uint32_t field, out = 0;
    for (int j = 0; j < b->F; j += 16) {
        int m = b->F - j < 16 ? b->F - j : 16;
        field = bits_field(b->st, 2 * (base + (uint64_t)j), (unsigned)(2 * m));
        for (int x = 0; x < m; x++)
            out |= (uint32_t)(((field >> (2 * x)) & 3) == b->now) << (j + x);
    }
    return out;
}

/* Expands the current level in chunks of whole placements, in rank order, setting
 * each expanded placement's table entry on the way (a sequential write). The calling
 * thread (main) reports progress after each of its chunks and may be told to stop
 * there, so a cancel takes effect within a fraction of a second. */
/* Cloned (core/inline.h): every helper above is inlined into each version, so the
 * whole level runs with the better instruction set. */
static AMZ_CLONED void level_worker(bfs *b, bool main)
{
    const uint64_t F = (uint64_t)b->F, chunk = CHUNK_WORDS * F;
    const int fshift = (F & (F - 1)) == 0 ? __builtin_ctzll(F) : -1;
    /* Replicated patterns: the entries equal to `now` are where x has 00 fields. */
    const uint64_t ones = 0x5555555555555555u, pattern = ones * b->now;
    for (;;) {
        if (__atomic_load_n(&b->stop, __ATOMIC_RELAXED))
            break;
        uint64_t w0 = __atomic_fetch_add(&b->next_chunk, chunk, __ATOMIC_RELAXED);
        if (w0 >= b->words)
            break;
        uint64_t w1 = w0 + chunk < b->words ? w0 + chunk : b->words;
        uint64_t fresh = 0, valued = 0;
        uint32_t last = UINT32_MAX;
        /* Two successor buffers: the last placement's (marked now) and this one's. */
        uint64_t succ[2][MAX_SUCC];
        int pending = 0, cur = 0;
        view at = {.rank = UINT32_MAX}; /* the last placement decoded in this chunk */
        for (uint64_t w = w0; w < w1; w++) {
            uint64_t x = __atomic_load_n(&b->st[w], __ATOMIC_RELAXED) ^ pattern;
            uint64_t match = ~(x | (x >> 1)) & ones;
            if (!match)
                continue;
            for (uint64_t m = match; m; m &= m - 1) {
                uint64_t s = w * 32 + (uint64_t)(__builtin_ctzll(m) / 2);
                /* F = 8 on the 8-tile table: a shift instead of a 64-bit division */
                uint32_t rank = (uint32_t)(fshift >= 0 ? s >> fshift : s / F);
                if (rank == last)
                    continue;
                last = rank;
                int ns = expand(b, &at, rank, level_regions(b, rank), &valued, succ[cur]);
                fresh += reach_all(b, succ[cur ^ 1], pending);
                pending = ns;
                cur ^= 1;
            }
            /* Close what was expanded (states of a placement that spills into the
             * next word are closed when that word is scanned). */
            uint64_t closed = ~(match * 3);
            if (b->threaded)
                __atomic_fetch_and(&b->st[w], closed, __ATOMIC_RELAXED);
            else
                b->st[w] &= closed;
        }
        fresh += reach_all(b, succ[cur ^ 1], pending);
        __atomic_add_fetch(&b->found, fresh, __ATOMIC_RELAXED);
        uint64_t done = __atomic_add_fetch(&b->valued, valued, __ATOMIC_RELAXED);
        if (main && b->obs) {
            /* Progress: placements whose value is final, of all placements. */
            amz_event ev = {AMZ_EV_PROGRESS, AMZ_NO_CELL, AMZ_NO_CELL, -1, done, b->t->entries};
            if (b->obs->fn(b->obs->ctx, &ev))
                __atomic_store_n(&b->stop, 1, __ATOMIC_RELAXED);
        }
    }
}

#ifdef AMZ_HAVE_PTHREAD
static void *helper_thread(void *varg)
{
    level_worker(varg, false);
    return NULL;
}
#endif

/* One level with `threads` threads, the caller being one of them. */
static void run_level(bfs *b, int threads)
{
    b->next_chunk = 0;
#ifdef AMZ_HAVE_PTHREAD
    pthread_t tids[64];
    bool started[64] = {false};
    for (int i = 1; i < threads && i < 64; i++)
        started[i] = pthread_create(&tids[i], NULL, helper_thread, b) == 0;
    level_worker(b, true);
    for (int i = 1; i < threads && i < 64; i++)
        if (started[i])
            pthread_join(tids[i], NULL);
#else
    (void)threads;
    level_worker(b, true);
#endif
}

amz_status slide_pdb_build(int rows, int cols, pdb_table *t, int threads, const amz_observer *obs, amz_error *err)
{
    bfs b;
    memset(&b, 0, sizeof b);
    b.n = rows * cols;
    b.cols = cols;
    b.k = t->k;
    b.F = b.n - b.k;
    b.t = t;
    b.obs = obs && obs->fn ? obs : NULL;
#ifdef AMZ_HAVE_PTHREAD
    b.threaded = threads > 1;
#else
    threads = 1;
#endif
    b.full = (1u << b.n) - 1;
    for (int c = 0; c < b.n; c++) {
        if (c % cols) {
            b.not_first_col |= 1u << c;
            b.adj[c] |= 1u << (c - 1);
        }
        if (c % cols != cols - 1) {
            b.not_last_col |= 1u << c;
            b.adj[c] |= 1u << (c + 1);
        }
        if (c >= cols)
            b.adj[c] |= 1u << (c - cols);
        if (c + cols < b.n)
            b.adj[c] |= 1u << (c + cols);
    }
    slide_pdb_layout(t, b.n);
    init_sel8();
    /* A symmetry of the search: left-right, else (square boards) the transpose, when
     * every goal cell of the group maps to a goal cell of the group and the blank's
     * goal region maps to itself. Left-right is tried first, so 4x4's 7-8 tables are
     * searched exactly as before the transpose was added. */
    uint32_t goal_occ = 0;
    for (int i = 0; i < t->k; i++)
        goal_occ |= 1u << (t->tiles[i] - 1);
    uint32_t region = flood(&b, 1u << (b.n - 1), b.full & ~goal_occ);
    for (int kind = 0; kind < 2 && !b.sym; kind++) {
        if (kind == 1 && rows != cols)
            break;
        for (int c = 0; c < b.n; c++)
            b.mcell[c] = (uint8_t)(kind == 0 ? c / cols * cols + (cols - 1 - c % cols) : (c % cols) * cols + c / cols);
        bool sym = true;
        for (int i = 0; i < t->k && sym; i++) {
            int mg = b.mcell[t->tiles[i] - 1], j = 0;
            while (j < t->k && t->tiles[j] - 1 != mg)
                j++;
            sym = j < t->k;
            b.mslot[i] = (uint8_t)j;
        }
        uint32_t mirrored = 0;
        for (int c = 0; c < b.n; c++)
            if (region >> c & 1)
                mirrored |= 1u << b.mcell[c];
        b.sym = sym && mirrored == region;
    }
    b.states = t->entries * (uint64_t)b.F;
    /* Whole chunks (F words each) cover the array, so no chunk is cut short. */
    uint64_t chunk = (uint64_t)CHUNK_WORDS * (uint64_t)b.F;
    b.words = (b.states + 31) / 32;
    b.words = (b.words + chunk - 1) / chunk * chunk;
    size_t bytes;
    amz_status st = AMZ_OK;
    if (!ck_array_bytes(b.words, sizeof(uint64_t), &bytes) || t->entries > SIZE_MAX)
        return amz_errorf(err, AMZ_ENOMEM, "pattern database of %llu entries is too large",
                          (unsigned long long)t->entries);
    bool have_values = slide_pdb_alloc(t);
    /* The state array is where the random accesses go: huge pages, as for tables. */
    pdb_table st_block = {.entries = bytes};
    if (slide_pdb_alloc(&st_block))
        b.st = (uint64_t *)(void *)st_block.values;
    if (!have_values || !b.st || (b.n <= 16 && make_jtab(&b))) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory building a %d-tile pattern database (%.1f GB)", t->k,
                        (double)(t->entries + bytes) / 1e9);
        goto done;
    }
    /* Each placement's value is written when its first region is expanded: the first
     * level that reaches it, since levels are expanded in order. */
    memset(t->values, PDB_UNSET, (size_t)t->entries);
    /* Every entry UNREACHED (3), padding included: padding states are never reached
     * from real ones, so they are never expanded. */
    memset(b.st, 0xff, bytes);

    /* The goal: the group's tiles home, the blank in the last cell's region. */
    uint8_t pos[PDB_MAX_GROUP];
    uint32_t used = 0;
    for (int i = 0; i < t->k; i++) {
        pos[i] = (uint8_t)(t->tiles[i] - 1);
        used |= 1u << pos[i];
    }
    uint32_t goal_rank = pdb_rank(pos, t->k, t->mult);
    uint64_t s0 = (uint64_t)goal_rank * (uint64_t)b.F + region_of(&b, b.full & ~used, b.n - 1);
    bits_set_field(b.st, 2 * s0, 2, 1);
    b.found = 1;
    b.valued = 0;
    for (b.depth = 0;; b.depth++) {
        if (b.depth == 254) {
            st = amz_errorf(err, AMZ_EINVAL, "pattern database deeper than 253 moves");
            goto done;
        }
        b.now = 1u + b.depth % 2u;
        b.next = 3u - b.now;
        uint64_t before = b.found;
        run_level(&b, threads);
        if (b.stop) {
            st = amz_errorf(err, AMZ_ECANCELED, "pattern database build canceled");
            goto done;
        }
        if (b.found == before)
            break;
    }
    /* With three or more free cells every placement is reachable (two tiles outside
     * the group can trade places, so parity never forbids one), and an unset entry
     * would mean a broken search. With fewer, the unreachable half can only belong
     * to unsolvable boards, which are never looked up: 0 keeps them admissible. */
    for (uint64_t i = 0; i < t->entries; i++)
        if (t->values[i] == PDB_UNSET) {
            if (b.F >= 3) {
                st = amz_errorf(err, AMZ_EINVAL, "internal error: placement %llu of the pattern database unreached",
                                (unsigned long long)i);
                goto done;
            }
            t->values[i] = 0;
        }
done:
    if (st) {
        slide_pdb_release(t);
    }
    amz_free(b.jtab);
    slide_pdb_release(&st_block);
    return st;
}
