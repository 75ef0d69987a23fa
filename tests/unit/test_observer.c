/* test_observer.c — observer event streams (include/amaze/observer.h) of every
 * registered generator and solver, replayed against the result: CARVE events rebuild
 * exactly the final passages, each cell gets one VISIT (masks cut into islands
 * included: one maze per island), BACKTRACK follows
 * carved passages from the walker's head, PROGRESS is monotone, a solver's PATH events
 * spell its returned path, and a non-zero return cancels cleanly (AMZ_ECANCELED, no
 * further events, a valid maze holding just what was carved so far). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

typedef struct recorder {
    amz_event *ev;
    size_t n, cap;
    size_t cancel_at; /* 1-based event number to cancel at; 0 = never */
} recorder;

static int record(void *ctx, const amz_event *e)
{
    recorder *r = ctx;
    if (r->cancel_at && r->n >= r->cancel_at)
        fail_msg("event %zu delivered after the observer canceled at %zu", r->n + 1, r->cancel_at);
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 256;
        r->ev = realloc(r->ev, r->cap * sizeof *r->ev);
        assert_non_null(r->ev);
    }
    r->ev[r->n++] = *e;
    return r->cancel_at && r->n == r->cancel_at;
}

static void recorder_reset(recorder *r, size_t cancel_at)
{
    r->n = 0;
    r->cancel_at = cancel_at;
}

/* Islands: groups of existing cells joined through the grid (walls ignored). */
static uint64_t count_islands(const amz_maze *m)
{
    bool *in = calloc((size_t)m->ncells, 1);
    amz_cell *stack = malloc(sizeof *stack * (size_t)m->ncells);
    uint64_t n = 0;
    for (amz_cell s = 0; s < m->ncells; s++) {
        if (!amz_maze_exists(m, s) || in[s])
            continue;
        n++;
        size_t top = 0;
        in[s] = true;
        stack[top++] = s;
        while (top) {
            amz_cell c = stack[--top];
            for (int d = 0; d < m->ndirs; d++) {
                amz_cell nb = amz_maze_neighbor(m, c, d);
                if (nb != AMZ_NO_CELL && !in[nb]) {
                    in[nb] = true;
                    stack[top++] = nb;
                }
            }
        }
    }
    free(stack);
    free(in);
    return n;
}

/* Index of the edge (c, d) in a per-(cell, direction) bool table, normalised so both
 * sides of an edge share one slot. */
static size_t edge_slot(const amz_maze *m, amz_cell c, int d)
{
    if (d >= 1 && d <= m->bits)
        return (size_t)c * 6 + (size_t)d;
    amz_cell nb = amz_maze_neighbor(m, c, d);
    return (size_t)nb * 6 + (size_t)amz_dir_opposite(m->topology, d);
}

/* Replays a generator's events against the maze it produced (complete or canceled). */
/* Generators that grow a single tree cell by cell from the start. */
static bool grows_one_tree(const char *name)
{
    static const char *const names[] = {"backtracker", "hunt-and-kill", "aldous-broder", "prim", "prim-simple",
                                        "growing-tree"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* The first existing cell in reading order. */
static amz_cell first_cell(const amz_maze *m)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        if (amz_maze_exists(m, c))
            return c;
    return AMZ_NO_CELL;
}

static void check_gen_stream(const amz_maze *m, const recorder *r, bool complete, const char *what)
{
    const bool growing = grows_one_tree(m->algorithm);
    bool *carved = calloc((size_t)m->ncells * 6, 1);
    int *visits = calloc((size_t)m->ncells, sizeof *visits);
    amz_cell head = AMZ_NO_CELL;
    uint64_t ncarved = 0, last_progress = 0, progress_total = 0, islands = count_islands(m);
    for (size_t i = 0; i < r->n; i++) {
        const amz_event *e = &r->ev[i];
        switch (e->type) {
        case AMZ_EV_VISIT:
            /* The backtracker roots its tree at the start cell; hunt-and-kill at the first
             * cell in reading order, which keeps its scan linear (others pick their own). */
            if (i == 0 && islands == 1 && strcmp(m->algorithm, "backtracker") == 0 && e->cell != m->start)
                fail_msg("%s: first VISIT is %lld, not the start %lld", what, (long long)e->cell, (long long)m->start);
            if (i == 0 && islands == 1 && strcmp(m->algorithm, "hunt-and-kill") == 0 &&
                e->cell != first_cell(m))
                fail_msg("%s: first VISIT is %lld, not the first cell %lld", what, (long long)e->cell,
                         (long long)first_cell(m));
            assert_true(amz_maze_exists(m, e->cell));
            assert_int_equal(e->other, AMZ_NO_CELL);
            assert_int_equal(e->dir, -1);
            if (++visits[e->cell] > 1)
                fail_msg("%s: cell %lld visited twice", what, (long long)e->cell);
            head = e->cell;
            break;
        case AMZ_EV_CARVE: {
            assert_true(amz_maze_exists(m, e->cell));
            if (amz_maze_neighbor(m, e->cell, e->dir) != e->other)
                fail_msg("%s: CARVE %lld dir %d names %lld, not the neighbour", what, (long long)e->cell, e->dir,
                         (long long)e->other);
            size_t s = edge_slot(m, e->cell, e->dir);
            if (carved[s])
                fail_msg("%s: edge %lld-%lld carved twice", what, (long long)e->cell, (long long)e->other);
            /* In a maze grown from one tree, a carve joins it to a new cell: exactly one end is
             * visited. (Generators that join forests, like kruskal or eller, carve between
             * cells met earlier; recursive division only adds walls.) */
            if (growing && (visits[e->cell] > 0) == (visits[e->other] > 0))
                fail_msg("%s: CARVE %lld-%lld does not join a visited cell to a new one", what, (long long)e->cell,
                         (long long)e->other);
            carved[s] = true;
            ncarved++;
            break;
        }
        case AMZ_EV_BACKTRACK: {
            if (e->other == AMZ_NO_CELL) { /* a cell retired without a move (growing-tree) */
                if (visits[e->cell] != 1)
                    fail_msg("%s: BACKTRACK retires %lld, never visited", what, (long long)e->cell);
                break;
            }
            if (e->cell != head)
                fail_msg("%s: BACKTRACK from %lld but the head is at %lld", what, (long long)e->cell,
                         (long long)head);
            int d = -1;
            for (int k = 0; k < m->ndirs; k++)
                if (amz_maze_neighbor(m, e->cell, k) == e->other)
                    d = k;
            if (d < 0 || !carved[edge_slot(m, e->cell, d)])
                fail_msg("%s: BACKTRACK %lld -> %lld is not along a carved passage", what, (long long)e->cell,
                         (long long)e->other);
            assert_true(e->dir == -1 || e->dir == d);
            assert_true(visits[e->other] == 1);
            head = e->other;
            break;
        }
        case AMZ_EV_PROGRESS:
            assert_int_equal(e->cell, AMZ_NO_CELL);
            /* With several islands each one reports its own progress. */
            if (islands > 1 && (e->index <= last_progress || e->total != progress_total))
                last_progress = 0;
            assert_true(e->index > last_progress && e->index <= e->total);
            assert_true(islands > 1 || progress_total == 0 || progress_total == e->total);
            last_progress = e->index;
            progress_total = e->total;
            break;
        case AMZ_EV_ENTER:
            /* A head moving without adding a cell: onto the maze (hunt-and-kill, aldous-
             * broder) or along a random walk not yet in it (wilson). */
            if (!amz_maze_exists(m, e->cell))
                fail_msg("%s: ENTER %lld, not a cell", what, (long long)e->cell);
            head = e->cell;
            break;
        case AMZ_EV_FRONTIER: /* prim: a cell next to the maze, not yet in it */
            if (!amz_maze_exists(m, e->cell) || visits[e->cell])
                fail_msg("%s: FRONTIER %lld is not a new cell", what, (long long)e->cell);
            break;
        case AMZ_EV_WALL: { /* a wall adder closes a passage it opened before */
            size_t s = edge_slot(m, e->cell, e->dir);
            if (!carved[s])
                fail_msg("%s: WALL %lld-%lld closes a passage never carved", what, (long long)e->cell,
                         (long long)e->other);
            carved[s] = false;
            ncarved--;
            break;
        }
        default: fail_msg("%s: unexpected %s event from a generator", what, amz_event_name(e->type));
        }
    }
    /* The carves are exactly the passages: none missing, none extra. */
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 0; d < m->ndirs; d++) {
            if (amz_maze_neighbor(m, c, d) == AMZ_NO_CELL) {
                assert_false(amz_maze_passage(m, c, d));
                continue;
            }
            if (amz_maze_passage(m, c, d) != carved[edge_slot(m, c, d)])
                fail_msg("%s: cell %lld dir %s: passage %d but carved %d", what, (long long)c,
                         amz_dir_name(m->topology, d), amz_maze_passage(m, c, d), carved[edge_slot(m, c, d)]);
        }
    assert_true(ncarved == amz_maze_count_passages(m));
    if (complete) {
        /* Every cell of every island joined once: a spanning tree per island. */
        for (amz_cell c = 0; c < m->ncells; c++)
            if (amz_maze_exists(m, c) && visits[c] != 1)
                fail_msg("%s: cell %lld got %d VISIT events", what, (long long)c, visits[c]);
        assert_true(ncarved + islands == (uint64_t)amz_maze_count_cells(m));
    }
    free(carved);
    free(visits);
}

static const int gen_shapes[][2] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {5, 4}, {4, 5}, {16, 9}, {33, 17}, {64, 3}};

static void setup_gen_maze(amz_maze *m, amz_topology t, int w, int h, int variant, uint64_t seed)
{
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    amz_rng r;
    amz_rng_seed(&r, seed * 31 + (uint64_t)variant);
    if (variant >= 1) /* a start anywhere: the walk's root is the start cell */
        m->start = (amz_cell)amz_rng_below64(&r, (uint64_t)m->ncells);
    if (variant == 2 && w >= 4 && h >= 4) /* a hole in the middle, start kept outside it */
        for (int y = h / 4; y < h - h / 4; y++)
            for (int x = w / 4; x < w - w / 4; x++)
                if (amz_maze_cell_at(m, x, y) != m->start)
                    assert_int_equal(amz_maze_set_exists(m, amz_maze_cell_at(m, x, y), false, NULL), AMZ_OK);
    if (variant == 3) /* scattered removed cells, possibly cutting the grid apart */
        for (amz_cell c = 0; c < m->ncells; c++)
            if (c != m->start && amz_rng_below(&r, 5) == 0)
                assert_int_equal(amz_maze_set_exists(m, c, false, NULL), AMZ_OK);
    if (variant == 4 && w >= 3) /* a removed column: two islands at least */
        for (int y = 0; y < h; y++)
            if (amz_maze_cell_at(m, w / 2, y) != m->start)
                assert_int_equal(amz_maze_set_exists(m, amz_maze_cell_at(m, w / 2, y), false, NULL), AMZ_OK);
}

static void test_generators(void **state)
{
    (void)state;
    recorder r = {0};
    amz_observer obs = {record, &r, 0};
    for (size_t g = 0; g < amz_gen_count(); g++) {
        const amz_gen_info *gi = amz_gen_at(g);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(gi, (amz_topology)t))
                continue;
            for (size_t s = 0; s < sizeof gen_shapes / sizeof gen_shapes[0]; s++)
                for (int variant = 0; variant < 5; variant++)
                    for (uint64_t seed = 0; seed < 6; seed++) {
                        int w = gen_shapes[s][0], h = gen_shapes[s][1];
                        char what[160];
                        snprintf(what, sizeof what, "%s on %s %dx%d variant %d seed %llu", gi->name,
                                 amz_topology_name((amz_topology)t), w, h, variant, (unsigned long long)seed);
                        amz_maze m, plain;
                        setup_gen_maze(&m, (amz_topology)t, w, h, variant, seed);
                        if (m.mask && !gi->masks) { /* it refuses masks: tested elsewhere */
                            amz_maze_deinit(&m);
                            continue;
                        }
                        assert_int_equal(amz_maze_copy(&plain, &m, NULL), AMZ_OK);
                        amz_gen_options o;
                        amz_gen_options_init(&o);
                        o.seed = seed;
                        o.allow_islands = true; /* variant 3 may cut the grid apart */
                        recorder_reset(&r, 0);
                        amz_error err;
                        if (amz_gen_run(&m, gi->name, &o, &obs, &err) != AMZ_OK)
                            fail_msg("%s: %s", what, err.msg);
                        check_gen_stream(&m, &r, true, what);
                        /* Watching does not change the maze. */
                        assert_int_equal(amz_gen_run(&plain, gi->name, &o, NULL, NULL), AMZ_OK);
                        assert_true(amz_maze_equal(&m, &plain));
                        amz_maze_deinit(&plain);
                        amz_maze_deinit(&m);
                    }
        }
    }
    free(r.ev);
}

/* A maze is "valid" when every invariant a reader checks holds: it survives a .amz
 * round trip unchanged. */
static void assert_valid_maze(const amz_maze *m, const char *what)
{
    size_t len;
    char *img = tu_write_mem(m, amz_io_write_amz, &len);
    amz_maze back;
    amz_error err;
    if (tu_amz_read_mem(img, len, &back, NULL, &err) != AMZ_OK)
        fail_msg("%s: not a valid maze: %s", what, err.msg);
    tu_assert_same_maze(m, &back, what);
    assert_true(tu_edges_consistent(m));
    amz_maze_deinit(&back);
    free(img);
}

static void test_generator_cancel(void **state)
{
    (void)state;
    recorder r = {0};
    amz_observer obs = {record, &r, 0};
    for (size_t g = 0; g < amz_gen_count(); g++) {
        const amz_gen_info *gi = amz_gen_at(g);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            for (int variant = 0; variant < 5; variant += 2) { /* whole, holed, two islands */
                if (!amz_gen_supports(gi, (amz_topology)t) || (variant && !gi->masks))
                    continue;
                amz_maze m;
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = 5;
                o.allow_islands = true;
                setup_gen_maze(&m, (amz_topology)t, 12, 9, variant, 5);
                recorder_reset(&r, 0);
                assert_int_equal(amz_gen_run(&m, gi->name, &o, &obs, NULL), AMZ_OK);
                size_t total = r.n;
                amz_maze_deinit(&m);
                /* Cancel at every event number (small maze: a few hundred events);
                 * under the sanitizers at every fourth, the first and the last. */
                const size_t step = AMZ_TEST_SANITIZED ? 4 : 1;
                for (size_t k = 1; k <= total; k = k == total || k + step <= total ? k + step : total) {
                    char what[128];
                    snprintf(what, sizeof what, "%s on %s, cancel at event %zu of %zu", gi->name,
                             amz_topology_name((amz_topology)t), k, total);
                    setup_gen_maze(&m, (amz_topology)t, 12, 9, variant, 5);
                    recorder_reset(&r, k);
                    amz_error err;
                    amz_error_clear(&err);
                    amz_status st = amz_gen_run(&m, gi->name, &o, &obs, &err);
                    if (st != AMZ_ECANCELED)
                        fail_msg("%s: status %d", what, st);
                    assert_int_equal(r.n, k);
                    assert_non_null(strstr(err.msg, "cancel"));
                    check_gen_stream(&m, &r, false, what);
                    assert_valid_maze(&m, what);
                    amz_maze_deinit(&m);
                }
            }
    }
    free(r.ev);
}

/* Replays a solver's events. */
static void check_solve_stream(const amz_maze *m, amz_cell from, amz_cell to, const recorder *r,
                               const amz_solve_result *res, amz_status st, bool two_sided, bool spreading,
                               const char *what)
{
    char *seen = calloc((size_t)m->ncells, 1); /* 1 frontier, 2 visited */
    uint64_t visits = 0, path_events = 0;
    amz_cell *cells = NULL;
    if (st == AMZ_OK) {
        cells = malloc(sizeof *cells * (size_t)(res->path.len + 1));
        assert_int_equal(amz_path_cells(m, &res->path, cells), AMZ_OK);
    }
    for (size_t i = 0; i < r->n; i++) {
        const amz_event *e = &r->ev[i];
        assert_true(amz_maze_exists(m, e->cell));
        switch (e->type) {
        case AMZ_EV_VISIT:
        case AMZ_EV_FRONTIER: {
            if (e->type == AMZ_EV_VISIT && seen[e->cell] == 2)
                fail_msg("%s: cell %lld visited twice", what, (long long)e->cell);
            if (e->type == AMZ_EV_FRONTIER && seen[e->cell])
                fail_msg("%s: cell %lld queued twice", what, (long long)e->cell);
            /* Exploration spreads through open passages from cells already reached; a
             * two-sided search (bidir) also starts from the goal. Dead-end filling is the
             * exception: it works on every dead end of the maze at once. */
            bool linked = !spreading || (e->cell == from && i == 0) || (e->cell == to && two_sided && !seen[e->cell]);
            for (int d = 0; d < m->ndirs && !linked; d++) {
                amz_cell nb = amz_maze_neighbor(m, e->cell, d);
                linked = seen[e->cell] || (nb != AMZ_NO_CELL && seen[nb] && amz_maze_passage(m, e->cell, d));
            }
            if (!linked)
                fail_msg("%s: %s %lld does not join the explored region", what, amz_event_name(e->type),
                         (long long)e->cell);
            if (e->type == AMZ_EV_VISIT) {
                seen[e->cell] = 2;
                visits++;
            } else {
                seen[e->cell] = 1;
            }
            break;
        }
        case AMZ_EV_BACKTRACK: {
            int d = -1;
            for (int k = 0; k < m->ndirs; k++)
                if (amz_maze_neighbor(m, e->cell, k) == e->other)
                    d = k;
            assert_true(d >= 0 && amz_maze_passage(m, e->cell, d));
            assert_true(e->dir == -1 || e->dir == d);

            break;
        }
        case AMZ_EV_PATH:
            assert_int_equal(st, AMZ_OK);
            assert_true(e->index == path_events);
            assert_true(e->total == res->path.len + 1);
            if (e->cell != cells[e->index])
                fail_msg("%s: PATH event %llu is cell %lld, the path has %lld", what, (unsigned long long)e->index,
                         (long long)e->cell, (long long)cells[e->index]);
            path_events++;
            break;
        case AMZ_EV_ENTER: { /* a walker stepping onto a cell it met before (wall follower, tremaux) */
            bool joined = e->other == AMZ_NO_CELL;
            for (int d = 0; d < m->ndirs && !joined; d++)
                joined = amz_maze_neighbor(m, e->cell, d) == e->other && amz_maze_passage(m, e->cell, d);
            if (!joined)
                fail_msg("%s: ENTER %lld from %lld is not along a passage", what, (long long)e->cell,
                         (long long)e->other);
            break;
        }
        default: fail_msg("%s: unexpected %s event from a solver", what, amz_event_name(e->type));
        }
    }
    if (st == AMZ_OK) {
        assert_true(path_events == res->path.len + 1);
        assert_true(visits <= res->explored);
        /* The goal is explored, or for a two-sided search at least queued as its root. */
        if (seen[to] != 2 && from != to && !(two_sided && seen[to] == 1))
            fail_msg("%s: the goal was never visited", what);
    } else {
        assert_true(path_events == 0);
    }
    free(cells);
    free(seen);
}

static void test_solvers(void **state)
{
    (void)state;
    recorder r = {0};
    amz_observer obs = {record, &r, 0};
    for (size_t s = 0; s < amz_solve_count(); s++) {
        const amz_solve_info *si = amz_solve_at(s);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            for (int seed = 0; seed < 80; seed++) {
                if (!(si->topologies & (1u << t)))
                    continue;
                amz_maze m;
                int w = 1 + seed % 23, h = 1 + (seed * 7) % 13;
                if (seed % 2)
                    tu_generate(&m, (amz_topology)t, w, h, seed % 4 == 1 ? "backtracker" : "hunt-and-kill",
                                (uint64_t)seed);
                else
                    tu_random_maze(&m, (amz_topology)t, w, h, 0.3 + 0.1 * (seed % 6), (uint64_t)seed);
                if (seed % 5 == 0)
                    tu_random_mask(&m, 0.15, (uint64_t)seed);
                amz_rng pick;
                amz_rng_seed(&pick, (uint64_t)seed);
                amz_cell from = m.start, to = m.goal;
                if (seed % 3 == 0) /* sometimes the same cell at both ends */
                    to = from;
                char what[128];
                snprintf(what, sizeof what, "%s on %s %dx%d seed %d", si->name, amz_topology_name((amz_topology)t), w,
                         h, seed);
                amz_solve_result res, plain;
                amz_error err;
                recorder_reset(&r, 0);
                amz_status st = amz_solve_run(&m, si->name, from, to, NULL, &obs, &res, &err);
                assert_true(st == AMZ_OK || st == AMZ_ENOPATH);
                /* Complete solvers find a path exactly when one exists; a wall follower may
                 * circle a loop and give up. */
                if (si->complete)
                    assert_int_equal(st == AMZ_OK, tu_bfs_distance(&m, from, to) >= 0);
                else if (st == AMZ_OK)
                    assert_true(tu_bfs_distance(&m, from, to) >= 0);
                check_solve_stream(&m, from, to, &r, &res, st, strcmp(si->name, "bidir") == 0,
                                   strcmp(si->name, "dead-end-fill") != 0, what);
                /* Watching does not change the answer. */
                assert_int_equal(amz_solve_run(&m, si->name, from, to, NULL, NULL, &plain, NULL), st);
                assert_true(plain.path.len == res.path.len && plain.explored == res.explored);
                if (res.path.len)
                    assert_memory_equal(plain.path.dirs, res.path.dirs, res.path.len);
                amz_path_deinit(&res.path);
                amz_path_deinit(&plain.path);

                /* Cancel at a spread of event numbers, the last one included. */
                size_t total = r.n;
                for (size_t k = 1; k <= total; k += 1 + total / 17) {
                    for (int last = 0; last < 2; last++) {
                        size_t at = last ? total : k;
                        recorder_reset(&r, at);
                        amz_error_clear(&err);
                        st = amz_solve_run(&m, si->name, from, to, NULL, &obs, &res, &err);
                        if (st != AMZ_ECANCELED)
                            fail_msg("%s: cancel at %zu of %zu gave %d", what, at, total, st);
                        assert_int_equal(r.n, at);
                        assert_null(res.path.dirs);
                        assert_true(res.path.len == 0);
                        assert_non_null(strstr(err.msg, "cancel"));
                    }
                }
                amz_maze_deinit(&m);
            }
    }
    free(r.ev);
}

static void test_empty_observer(void **state)
{
    (void)state;
    /* An observer without a function is the same as none. */
    amz_observer none = {NULL, NULL, 0};
    amz_maze a, b;
    assert_int_equal(amz_maze_init(&a, AMZ_TOPO_HEX, 9, 9, NULL), AMZ_OK);
    assert_int_equal(amz_maze_init(&b, AMZ_TOPO_HEX, 9, 9, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&a, "backtracker", NULL, &none, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&b, "backtracker", NULL, NULL, NULL), AMZ_OK);
    assert_true(amz_maze_equal(&a, &b));
    amz_solve_result r;
    assert_int_equal(amz_solve_run(&a, "dfs", a.start, a.goal, NULL, &none, &r, NULL), AMZ_OK);
    amz_path_deinit(&r.path);
    amz_maze_deinit(&a);
    amz_maze_deinit(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generators),
        cmocka_unit_test(test_generator_cancel),
        cmocka_unit_test(test_solvers),
        cmocka_unit_test(test_empty_observer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
