/* fsm.c — duplicate-path pruning for the optimal solvers: an automaton over move strings
 * that rejects every path holding a move string known to be a detour (Taylor & Korf,
 * "Pruning duplicate nodes in depth-first search", AAAI 1993).
 *
 * A string S of blank moves is a detour when a string T, shorter or of the same length
 * and earlier in move order (U < D < L < R), has the same effect on every board (the
 * same blank end and the same tiles moved the same way) and stays inside S's bounding
 * box: wherever S is legal, T is too (boards are rectangles). A path holding S is then
 * never the first, in that order, to reach its node; and the first path to any node
 * (the shortest, then earliest) holds no detour. So a depth-first search that skips
 * paths with a detour still reaches every node by its shortest path, and iterative
 * deepening, whose depth-first order is move order, finds the very solution it finds
 * without the pruning, with the same thresholds, in fewer nodes.
 *
 * The detours are found once per process by breadth-first enumeration of move strings
 * up to FSM_LEN moves in that order on a board big enough to be unbounded for them,
 * each string's effect hashed (Zobrist) and compared exactly on a hash match. The
 * minimal detours (no shorter detour inside) go into an Aho-Corasick automaton: state
 * = the longest suffix of the path that is a prefix of a detour. */
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "slide/slide_impl.h"

#ifdef AMZ_HAVE_PTHREAD
#include <pthread.h>
#endif

/* Strings up to 12 moves: about 2,600 minimal detours, an automaton of about 12,000
 * states (92 KB), built in about 0.4 s; on a 5x5 board it cuts the paths of 18 moves
 * by 1.5x, more at greater depths. */
#define FSM_LEN 12
#define SIDE (2 * FSM_LEN + 3)
#define CENTRE ((SIDE / 2) * SIDE + SIDE / 2)
#define BLANK_MARK 0xffff

/* A move string: move i in bits 2i and 2i+1. */
typedef uint32_t mstr;

static int move_of(mstr s, int i)
{
    return (int)(s >> (2 * i)) & 3;
}

static const int dcell[4] = {-SIDE, SIDE, -1, 1}; /* U D L R */

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* The key of a position: the sum over cells of (what the cell holds - what it held at
 * the start) x the cell's odd multiplier, so a string's key depends only on the cells
 * it changed and a move updates it with two products. Equal positions have equal
 * keys; a match is then checked in full. */
static uint64_t mult[SIDE * SIDE];

static void init_mult(void)
{
    for (int c = 0; c < SIDE * SIDE; c++)
        mult[c] = mix((uint64_t)c) | 1;
}

typedef struct box {
    int8_t x0, x1, y0, y1; /* columns and rows visited, relative to the start */
} box;

/* Plays s (len moves) on board (every cell holding its own number, the blank at the
 * centre); returns the key of the result and the box visited. The board is left
 * played: undo() puts it back. */
static uint64_t play(uint16_t *board, mstr s, int len, box *b)
{
    uint64_t k = 0;
    int at = CENTRE;
    *b = (box){0, 0, 0, 0};
    for (int i = 0; i < len; i++) {
        int to = at + dcell[move_of(s, i)];
        uint16_t t = board[to];
        /* at: blank -> t; to: t -> blank. */
        k += ((uint64_t)t - BLANK_MARK) * mult[at] + ((uint64_t)BLANK_MARK - t) * mult[to];
        board[at] = t;
        board[to] = BLANK_MARK;
        at = to;
        int x = at % SIDE - CENTRE % SIDE, y = at / SIDE - CENTRE / SIDE;
        b->x0 = (int8_t)(x < b->x0 ? x : b->x0);
        b->x1 = (int8_t)(x > b->x1 ? x : b->x1);
        b->y0 = (int8_t)(y < b->y0 ? y : b->y0);
        b->y1 = (int8_t)(y > b->y1 ? y : b->y1);
    }
    return k;
}

static void undo(uint16_t *board, mstr s, int len)
{
    int at = CENTRE;
    for (int i = 0; i < len; i++)
        at += dcell[move_of(s, i)];
    for (int i = len - 1; i >= 0; i--) {
        int back = at - dcell[move_of(s, i)];
        board[at] = board[back];
        board[back] = BLANK_MARK;
        at = back;
    }
}

/* The strings kept so far, one per effect: open addressing on the key (16 bytes). */
typedef struct rep {
    uint64_t key; /* odd; 0 marks an empty slot */
    mstr s;       /* the moves (24 bits) and the length above them */
    box b;
} rep;

#define REP_MOVES 0xffffffu

/* Detours found so far, for the test that a string holds none: (length, moves). */
typedef struct fset {
    uint32_t *slot; /* 0 empty, else len << 24 | moves (+ 1 << 29 so never 0) */
    size_t cap;
} fset;

static uint32_t fcode(mstr s, int len)
{
    return 1u << 29 | (uint32_t)len << 24 | s;
}

static bool fset_has(const fset *f, uint32_t c)
{
    for (size_t i = mix(c) & (f->cap - 1);; i = (i + 1) & (f->cap - 1)) {
        if (f->slot[i] == c)
            return true;
        if (!f->slot[i])
            return false;
    }
}

static void fset_add(fset *f, uint32_t c)
{
    size_t i = mix(c) & (f->cap - 1);
    while (f->slot[i])
        i = (i + 1) & (f->cap - 1);
    f->slot[i] = c;
}

/* The minimal detours up to FSM_LEN moves, in *out (n of them, moves and lengths). */
typedef struct detours {
    mstr *s;
    uint8_t *len;
    size_t n, cap;
} detours;

static bool detour_add(detours *d, fset *f, mstr s, int len)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 1024;
        mstr *ns = amz_realloc(d->s, cap * sizeof *ns);
        if (!ns)
            return false;
        d->s = ns;
        uint8_t *nl = amz_realloc(d->len, cap);
        if (!nl)
            return false;
        d->len = nl;
        d->cap = cap;
    }
    d->s[d->n] = s;
    d->len[d->n++] = (uint8_t)len;
    fset_add(f, fcode(s, len));
    return true;
}

/* Same effect: both played from the start position, every cell equal. */
static bool same_effect(uint16_t *a, uint16_t *b, mstr s, int slen, mstr t, int tlen)
{
    box bx;
    play(a, s, slen, &bx);
    play(b, t, tlen, &bx);
    bool same = memcmp(a, b, sizeof(uint16_t) * SIDE * SIDE) == 0;
    undo(a, s, slen);
    undo(b, t, tlen);
    return same;
}

static bool inside(box in, box out)
{
    return in.x0 >= out.x0 && in.x1 <= out.x1 && in.y0 >= out.y0 && in.y1 <= out.y1;
}

/* Enumerates strings by length, each length in move order (the survivors of the
 * length before, extended by U, D, L, R), so that a string met earlier is earlier in
 * the order. A string holding a known detour is dropped; one whose effect an earlier
 * kept string has, inside its box, is a new minimal detour; the rest are kept. */
static bool find_detours(detours *d)
{
    bool ok = false;
    /* Survivors of lengths 11 and 12 number about 226K and 669K; the table holds every
     * kept string (about 1M of its 2M slots, at most 3/4 of them). */
    const size_t rep_cap = (size_t)1 << 21, list_cap = (size_t)1 << 20;
    rep *reps = amz_calloc(rep_cap, sizeof *reps);
    mstr *cur = amz_malloc(list_cap * sizeof *cur), *nxt = amz_malloc(list_cap * sizeof *nxt);
    uint16_t *a = amz_malloc(2 * sizeof(uint16_t) * SIDE * SIDE);
    fset f = {amz_calloc((size_t)1 << 14, sizeof(uint32_t)), (size_t)1 << 14};
    if (!reps || !cur || !nxt || !a || !f.slot)
        goto done;
    uint16_t *b = a + SIDE * SIDE;
    init_mult();
    for (int c = 0; c < SIDE * SIDE; c++)
        a[c] = b[c] = c == CENTRE ? BLANK_MARK : (uint16_t)c;
    /* A move and its reverse: the empty string's effect (parent pruning). */
    static const mstr back[4] = {0 | 1 << 2, 1 | 0 << 2, 2 | 3 << 2, 3 | 2 << 2};
    for (int i = 0; i < 4; i++)
        if (!detour_add(d, &f, back[i], 2))
            goto done;
    /* The empty string: strings that change nothing (around a 2x2 block three times)
     * are detours of it. */
    size_t h0 = mix(1) & (rep_cap - 1), kept = 1;
    reps[h0] = (rep){1, 0, {0, 0, 0, 0}};
    size_t ncur = 1;
    cur[0] = 0;
    for (int len = 1; len <= FSM_LEN; len++) {
        size_t nnext = 0;
        for (size_t i = 0; i < ncur; i++)
            for (int m = 0; m < 4; m++) {
                mstr s = cur[i] | (mstr)m << (2 * (len - 1));
                if (len > 1 && m == (move_of(s, len - 2) ^ 1))
                    continue;
                bool holds = false;
                for (int k = 3; k < len && !holds; k++)
                    holds = fset_has(&f, fcode(s >> (2 * (len - k)), k));
                if (holds)
                    continue;
                box bx;
                uint64_t key = play(a, s, len, &bx);
                undo(a, s, len);
                key |= 1; /* 0 marks an empty slot; a match is checked in full anyway */
                bool detour = false, fresh = true;
                size_t h = mix(key) & (rep_cap - 1);
                for (; reps[h].key; h = (h + 1) & (rep_cap - 1)) {
                    if (reps[h].key != key ||
                        !same_effect(a, b, s, len, reps[h].s & REP_MOVES, (int)(reps[h].s >> 24)))
                        continue;
                    fresh = false;
                    /* What makes the earlier string legal wherever this one is. Up to
                     * 12 moves it never fails (without it the same 2,540 detours come
                     * out); it stays, since the rule is unsound without it. */
                    detour = inside(reps[h].b, bx);
                    break;
                }
                if (detour) {
                    if (!detour_add(d, &f, s, len))
                        goto done;
                    continue;
                }
                if (fresh) {
                    if (4 * ++kept > 3 * rep_cap)
                        goto done;
                    reps[h] = (rep){key, s | (mstr)len << 24, bx};
                }
                if (len < FSM_LEN) {
                    if (nnext == list_cap)
                        goto done;
                    nxt[nnext++] = s;
                }
                /* The detour set's table stays at most half full. */
                if (2 * d->n >= f.cap)
                    goto done;
            }
        mstr *t = cur;
        cur = nxt;
        nxt = t;
        ncur = nnext;
    }
    ok = true;
done:
    amz_free(reps);
    amz_free(cur);
    amz_free(nxt);
    amz_free(a);
    amz_free(f.slot);
    return ok;
}

/* The Aho-Corasick automaton of the detours: a trie of them, each state's failure link
 * (its longest proper suffix that is a trie state), and the transitions completed
 * through the links; a state ending in a detour is dead. */
static slide_fsm *build(const detours *d)
{
    size_t cap = 1;
    for (size_t i = 0; i < d->n; i++)
        cap += d->len[i];
    if (cap > SLIDE_FSM_DEAD)
        return NULL;
    int32_t(*go)[4] = amz_malloc(cap * sizeof *go);
    int32_t *fail = amz_malloc(cap * sizeof *fail), *queue = amz_malloc(cap * sizeof *queue);
    uint8_t *dead = amz_calloc(cap, 1);
    slide_fsm *f = amz_calloc(1, sizeof *f);
    size_t n = 1;
    if (!go || !fail || !queue || !dead || !f)
        goto fail;
    memset(go, 0xff, cap * sizeof *go);
    for (size_t i = 0; i < d->n; i++) {
        int32_t st = 0;
        for (int j = 0; j < d->len[i]; j++) {
            int m = move_of(d->s[i], j);
            if (go[st][m] < 0)
                go[st][m] = (int32_t)n++;
            st = go[st][m];
        }
        dead[st] = 1;
    }
    size_t head = 0, tail = 0;
    for (int m = 0; m < 4; m++) {
        if (go[0][m] < 0) {
            go[0][m] = 0;
        } else {
            fail[go[0][m]] = 0;
            queue[tail++] = go[0][m];
        }
    }
    while (head < tail) {
        int32_t st = queue[head++];
        dead[st] |= dead[fail[st]];
        for (int m = 0; m < 4; m++) {
            int32_t t = go[st][m];
            if (t < 0) {
                go[st][m] = go[fail[st]][m];
            } else {
                fail[t] = go[fail[st]][m];
                queue[tail++] = t;
            }
        }
    }
    f->states = (int)n;
    uint16_t *next = amz_malloc(n * 4 * sizeof *next);
    if (!next)
        goto fail;
    for (size_t st = 0; st < n; st++)
        for (int m = 0; m < 4; m++)
            next[st * 4 + (size_t)m] = dead[go[st][m]] ? SLIDE_FSM_DEAD : (uint16_t)go[st][m];
    f->next = next;
    f->detours = (int)d->n;
    amz_free(go);
    amz_free(fail);
    amz_free(queue);
    amz_free(dead);
    return f;
fail:
    amz_free(go);
    amz_free(fail);
    amz_free(queue);
    amz_free(dead);
    amz_free(f);
    return NULL;
}

static slide_fsm *the_fsm;

static void make_fsm(void)
{
    detours d = {0};
    if (find_detours(&d))
        the_fsm = build(&d);
    amz_free(d.s);
    amz_free(d.len);
}

const slide_fsm *slide_fsm_get(void)
{
#ifdef AMZ_HAVE_PTHREAD
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_fsm);
#else
    static bool made;
    if (!made) {
        make_fsm();
        made = true;
    }
#endif
    return the_fsm;
}

/* One state, every move allowed: the search without the automaton (parent pruning
 * is the solvers' own). */
static const uint16_t none_next[4] = {0, 0, 0, 0};
const slide_fsm slide_fsm_none = {1, 0, none_next};
