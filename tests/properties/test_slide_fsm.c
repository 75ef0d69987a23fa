/* test_slide_fsm.c — the detour automaton (src/slide/fsm.c) that the optimal solvers
 * prune with. What the solvers rely on, checked by brute force on real boards:
 *
 * - every position within D moves is still reached, at its true distance, and by the
 *   same first path (shortest, then earliest in U D L R order) as without the
 *   automaton: so iterative deepening finds the same solution;
 * - it prunes: far fewer paths survive than with parent pruning alone.
 *
 * Paths are enumerated depth-first from a start to depth D, with parent pruning (as
 * the solvers do) and, in the pruned run, the automaton. For each position reached
 * the first path is kept: the least (length, moves). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "slide/slide_impl.h"

#define MAXD 16

typedef struct entry {
    uint8_t board[25];
    uint8_t len;
    uint8_t moves[MAXD];
    bool used;
} entry;

typedef struct walk {
    int rows, cols, n, depth;
    uint8_t board[25];
    int blank;
    uint8_t path[MAXD];
    const slide_fsm *fsm; /* NULL: parent pruning only */
    entry *table;
    size_t cap, count;
    uint64_t paths; /* paths enumerated (nodes of the depth-first tree) */
} walk;

static uint64_t board_hash(const uint8_t *b, int n)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

/* Keeps (len, path) for the current board if it is the first path seen to it. */
static void record(walk *w, int len)
{
    size_t i = board_hash(w->board, w->n) & (w->cap - 1);
    for (; w->table[i].used; i = (i + 1) & (w->cap - 1))
        if (memcmp(w->table[i].board, w->board, (size_t)w->n) == 0)
            break;
    entry *e = &w->table[i];
    if (!e->used) {
        assert_true(2 * ++w->count < w->cap);
        e->used = true;
        memcpy(e->board, w->board, (size_t)w->n);
    } else if (e->len < len || (e->len == len && memcmp(e->moves, w->path, (size_t)len) <= 0)) {
        return;
    }
    e->len = (uint8_t)len;
    memcpy(e->moves, w->path, (size_t)len);
}

static void dfs(walk *w, int d, int prev, int state)
{
    w->paths++;
    record(w, d);
    if (d == w->depth)
        return;
    for (int m = 0; m < 4; m++) {
        if (m == (prev ^ 1))
            continue;
        int to = slide_step(w->rows, w->cols, w->blank, m);
        if (to < 0)
            continue;
        int next = 0;
        if (w->fsm) {
            next = w->fsm->next[state * 4 + m];
            if (next == SLIDE_FSM_DEAD)
                continue;
        }
        int from = w->blank;
        w->board[from] = w->board[to];
        w->board[to] = 0;
        w->blank = to;
        w->path[d] = (uint8_t)m;
        dfs(w, d + 1, m, next);
        w->board[to] = w->board[from];
        w->board[from] = 0;
        w->blank = from;
    }
}

static walk run(int rows, int cols, int blank, int depth, const slide_fsm *fsm, size_t cap)
{
    walk w = {rows, cols, rows * cols, depth, {0}, blank, {0}, fsm, NULL, cap, 0, 0};
    for (int c = 0, t = 1; c < w.n; c++)
        w.board[c] = (uint8_t)(c == blank ? 0 : t++);
    w.table = calloc(cap, sizeof *w.table);
    assert_non_null(w.table);
    dfs(&w, 0, SLIDE_NO_MOVE, 0);
    return w;
}

/* Both runs reach the same positions with the same first paths; returns the ratio of
 * paths enumerated without and with the automaton. */
static double compare(int rows, int cols, int blank, int depth, size_t cap)
{
    const slide_fsm *fsm = slide_fsm_get();
    assert_non_null(fsm);
    walk plain = run(rows, cols, blank, depth, NULL, cap);
    walk pruned = run(rows, cols, blank, depth, fsm, cap);
    assert_int_equal(plain.count, pruned.count);
    for (size_t i = 0; i < plain.cap; i++) {
        const entry *e = &plain.table[i];
        if (!e->used)
            continue;
        size_t j = board_hash(e->board, plain.n) & (pruned.cap - 1);
        while (pruned.table[j].used && memcmp(pruned.table[j].board, e->board, (size_t)plain.n) != 0)
            j = (j + 1) & (pruned.cap - 1);
        const entry *f = &pruned.table[j];
        assert_true(f->used);
        assert_int_equal(f->len, e->len);
        assert_memory_equal(f->moves, e->moves, e->len);
    }
    double ratio = (double)plain.paths / (double)pruned.paths;
    free(plain.table);
    free(pruned.table);
    return ratio;
}

static void test_automaton_shape(void **state)
{
    (void)state;
    const slide_fsm *f = slide_fsm_get();
    assert_non_null(f);
    assert_ptr_equal(slide_fsm_get(), f); /* built once */
    assert_true(f->detours > 100);
    /* A move and its reverse are a detour of the empty string; from the start no
     * single move is. */
    for (int m = 0; m < 4; m++) {
        int s = f->next[m];
        assert_int_not_equal(s, SLIDE_FSM_DEAD);
        assert_int_equal(f->next[s * 4 + (m ^ 1)], SLIDE_FSM_DEAD);
    }
    /* Around a 2x2 block: RDLU then R D L (7 moves) ends where ULDR's first 3 moves,
     * the other way round (D R U then L...), get in fewer: some prefix of RDLURDL dies. */
    static const uint8_t twice[] = {3, 1, 2, 0, 3, 1, 2, 0};
    int s = 0, died = -1;
    for (int i = 0; i < 8 && died < 0; i++) {
        s = f->next[s * 4 + twice[i]];
        if (s == SLIDE_FSM_DEAD)
            died = i;
    }
    assert_true(died >= 5 && died <= 7);
    for (int st = 0; st < f->states; st++)
        for (int m = 0; m < 4; m++) {
            int t = f->next[st * 4 + m];
            assert_true(t == SLIDE_FSM_DEAD || (t >= 0 && t < f->states));
        }
}

/* The 8-puzzle from each start cell: every position within 16 moves. */
static void test_same_first_paths_3x3(void **state)
{
    (void)state;
    for (int blank = 0; blank < 9; blank++)
        assert_true(compare(3, 3, blank, 16, (size_t)1 << 17) > 1.2);
}

/* Other shapes, corner and middle starts (the detours hold on any rectangle). */
static void test_same_first_paths_rectangles(void **state)
{
    (void)state;
    static const int shapes[][3] = {{3, 4, 0}, {3, 4, 5}, {4, 4, 5}, {2, 5, 2}, {4, 3, 11}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        assert_true(compare(shapes[i][0], shapes[i][1], shapes[i][2], 14, (size_t)1 << 21) > 1.1);
}

static void test_same_first_paths_5x5(void **state)
{
    (void)state;
    assert_true(compare(5, 5, 12, 13, (size_t)1 << 22) > 1.15);
    assert_true(compare(5, 5, 24, 14, (size_t)1 << 22) > 1.15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_automaton_shape),
        cmocka_unit_test(test_same_first_paths_3x3),
        cmocka_unit_test(test_same_first_paths_rectangles),
        cmocka_unit_test(test_same_first_paths_5x5),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
