/* fast.c — `fast`: reduce the board row by row and column by column (the method of
 * Parberry, "A real-time algorithm for the (n^2-1)-puzzle", Information Processing
 * Letters 56, 1995; and "Solving the (n^2-1)-puzzle with 8/3 n^3 expected moves",
 * Algorithms 8, 2015), always taking off the longer side so the rest stays square.
 *
 * A tile travels to its target one step at a time; before each step a breadth-first
 * search routes the blank, around fixed tiles and the travelling tile, to whichever
 * step toward the target it reaches sooner (which makes tiles zig-zag diagonally,
 * 3 moves a step, rather than 5 in a straight line). The last two tiles of a row are
 * placed by an exact search over their positions and the blank's in a window of at
 * most 8 cells at the row's end; the last 3x3 (or smaller) corner is solved
 * optimally by `ida`. Time O(cells^2.5) in the worst case, memory O(cells). */
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "slide/slide_impl.h"

typedef struct fast {
    int rows, cols, n;
    uint16_t tiles[AMZ_SLIDE_MAX_CELLS];
    int16_t pos[AMZ_SLIDE_MAX_CELLS]; /* cell of each tile (0 = blank) */
    uint8_t fixed[AMZ_SLIDE_MAX_CELLS];
    /* Breadth-first search scratch, reset by stamps. */
    uint32_t seen[AMZ_SLIDE_MAX_CELLS], stamp;
    int16_t parent[AMZ_SLIDE_MAX_CELLS];
    int16_t queue[AMZ_SLIDE_MAX_CELLS];
    /* The moves so far. */
    uint8_t *moves;
    size_t len, cap;
    uint64_t nodes, limit;
    const amz_observer *obs;
    int placed;
    amz_status st; /* first failure (AMZ_ENOMEM, AMZ_ECANCELED, internal) */
} fast;

static void fail(fast *f, amz_status st)
{
    if (!f->st)
        f->st = st;
}

/* Moves the blank one step (m is legal) and records it. */
static void step(fast *f, int m)
{
    if (f->len == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 1024;
        uint8_t *grown = amz_realloc(f->moves, cap);
        if (!grown) {
            fail(f, AMZ_ENOMEM);
            return;
        }
        f->moves = grown;
        f->cap = cap;
    }
    f->moves[f->len++] = (uint8_t)m;
    int b = f->pos[0], to = slide_step(f->rows, f->cols, b, m);
    int t = f->tiles[to];
    f->tiles[b] = (uint16_t)t;
    f->pos[t] = (int16_t)b;
    f->tiles[to] = 0;
    f->pos[0] = (int16_t)to;
}

/* The move taking the blank from cell a to the adjacent cell b. */
static int dir_between(const fast *f, int a, int b)
{
    if (b == a - f->cols)
        return AMZ_SLIDE_UP;
    if (b == a + f->cols)
        return AMZ_SLIDE_DOWN;
    return b == a - 1 ? AMZ_SLIDE_LEFT : AMZ_SLIDE_RIGHT;
}

/* Breadth-first search from the blank over free cells other than `avoid`, until
 * every cell of want[0..nwant) is reached or nothing is left. */
/* Breadth-first search of the blank over free cells (not fixed, not `avoid`: the tile
 * being moved), stopping once every wanted cell is reached. seen[] holds a stamp
 * instead of a flag, so a route costs nothing to clear: the stamp of this call marks
 * the visited cells, parent[] the tree that follow() walks back. */
static void route(fast *f, int avoid, const int *want, int nwant)
{
    uint32_t s = ++f->stamp;
    int head = 0, tail = 0, left = nwant;
    int b = f->pos[0];
    f->seen[b] = s;
    f->parent[b] = -1;
    f->queue[tail++] = (int16_t)b;
    while (head < tail && left > 0) {
        int c = f->queue[head++];
        f->nodes++;
        for (int i = 0; i < nwant; i++)
            if (want[i] == c)
                left--;
        for (int m = 0; m < 4; m++) {
            int d = slide_step(f->rows, f->cols, c, m);
            if (d < 0 || d == avoid || f->fixed[d] || f->seen[d] == s)
                continue;
            f->seen[d] = s;
            f->parent[d] = (int16_t)c;
            f->queue[tail++] = (int16_t)d;
        }
    }
}

static bool reached(const fast *f, int c)
{
    return f->seen[c] == f->stamp;
}

static int route_length(const fast *f, int c)
{
    int k = 0;
    for (; f->parent[c] >= 0; c = f->parent[c])
        k++;
    return k;
}

/* Walks the blank along the route found to c. */
static void follow(fast *f, int c)
{
    int path[AMZ_SLIDE_MAX_CELLS], k = 0;
    for (; f->parent[c] >= 0; c = f->parent[c])
        path[k++] = c;
    for (int i = k - 1; i >= 0 && !f->st; i--)
        step(f, dir_between(f, f->pos[0], path[i]));
}

static int dist(const fast *f, int a, int b)
{
    return abs(a / f->cols - b / f->cols) + abs(a % f->cols - b % f->cols);
}

/* Walks `tile` to cell `target`, or stops early once it stands on a cell of `stop`
 * (a mask by cell, may be NULL). */
/* Walks one tile to target a step at a time. Each step: the neighbours of the tile
 * that bring it closer (at most two), the blank routed to the nearer reachable one,
 * then one slide. The distance drops by one per step, so the walk ends; a tile with
 * no reachable closer cell means fixed tiles wall it in, which the line order never
 * produces (an internal error, not a wrong answer). */
static void tile_to(fast *f, int tile, int target, const uint8_t *stop)
{
    while (!f->st && f->pos[tile] != target && !(stop && stop[f->pos[tile]])) {
        int p = f->pos[tile], cand[2], k = 0;
        for (int m = 0; m < 4; m++) {
            int q = slide_step(f->rows, f->cols, p, m);
            if (q >= 0 && !f->fixed[q] && dist(f, q, target) < dist(f, p, target))
                cand[k++] = q;
        }
        if (k == 0) {
            fail(f, AMZ_EINVAL);
            return;
        }
        route(f, p, cand, k);
        int best = -1;
        for (int i = 0; i < k; i++)
            if (reached(f, cand[i]) && (best < 0 || route_length(f, cand[i]) < route_length(f, best)))
                best = cand[i];
        if (best < 0) {
            fail(f, AMZ_EINVAL);
            return;
        }
        follow(f, best);
        if (!f->st)
            step(f, dir_between(f, best, p)); /* the tile slides from p to best */
    }
}

/* Exact search for the last two tiles of a line: tile A to cell a and B to b, with
 * the blank and both tiles inside the window wc[0..m) (other tiles there are
 * interchangeable). At most 8 cells, so at most 336 states. */
static void place_pair(fast *f, const int *wc, int m, int A, int a, int B, int b)
{
    int ix[AMZ_SLIDE_MAX_CELLS] = {0};
    for (int i = 0; i < m; i++)
        ix[wc[i]] = i;
    int states = m * m * m;
    int16_t prev[512];
    uint8_t how[512];
    int16_t queue[512];
    for (int i = 0; i < states; i++)
        prev[i] = -2;
    int start = (ix[f->pos[A]] * m + ix[f->pos[B]]) * m + ix[f->pos[0]];
    int head = 0, tail = 0, goal = -1;
    prev[start] = -1;
    queue[tail++] = (int16_t)start;
    while (head < tail) {
        int s = queue[head++];
        f->nodes++;
        int ia = s / (m * m), ib = s / m % m, iz = s % m;
        if (wc[ia] == a && wc[ib] == b) {
            goal = s;
            break;
        }
        for (int mv = 0; mv < 4; mv++) {
            int d = slide_step(f->rows, f->cols, wc[iz], mv);
            if (d < 0 || f->fixed[d])
                continue;
            int id = -1;
            for (int i = 0; i < m; i++)
                if (wc[i] == d)
                    id = i;
            if (id < 0)
                continue;
            int na = ia == id ? iz : ia, nb = ib == id ? iz : ib;
            int ns = (na * m + nb) * m + id;
            if (prev[ns] != -2)
                continue;
            prev[ns] = (int16_t)s;
            how[ns] = (uint8_t)mv;
            queue[tail++] = (int16_t)ns;
        }
    }
    if (goal < 0) {
        fail(f, AMZ_EINVAL);
        return;
    }
    uint8_t seq[512];
    int k = 0;
    for (int s = goal; prev[s] >= 0; s = prev[s])
        seq[k++] = how[s];
    while (k-- > 0 && !f->st)
        step(f, seq[k]);
}

/* Cell at line i, position j of the current orientation (rows, or columns when
 * transposed). */
static int at(const fast *f, bool tr, int i, int j)
{
    return tr ? j * f->cols + i : i * f->cols + j;
}

static bool tick(fast *f)
{
    f->placed++;
    if (f->limit && f->nodes >= f->limit) {
        fail(f, AMZ_ECANCELED);
        return true;
    }
    if (f->obs) {
        amz_event ev = {AMZ_EV_PROGRESS, AMZ_NO_CELL, AMZ_NO_CELL, -1, (uint64_t)f->placed, (uint64_t)f->n};
        if (f->obs->fn(f->obs->ctx, &ev)) {
            fail(f, AMZ_ECANCELED);
            return true;
        }
    }
    return false;
}

/* Solves line i0 (a row, or a column when tr) from position j0 to the end (length
 * len in that orientation), with `depth` lines i0.. available below it (>= 3). */
/* Fixes line i0 (a row, or a column when tr) from j0 on: all but its last two tiles by
 * walking each home, the last two together by place_pair. Afterwards the line's cells
 * are fixed and the rest of the board is a smaller puzzle of the same kind. */
static void solve_line(fast *f, bool tr, int i0, int j0, int len)
{
    for (int j = j0; j < len - 2 && !f->st; j++) {
        int c = at(f, tr, i0, j);
        tile_to(f, c + 1, c, NULL);
        f->fixed[c] = 1;
        if (tick(f))
            return;
    }
    int a = at(f, tr, i0, len - 2), b = at(f, tr, i0, len - 1);
    int A = a + 1, B = b + 1;
    if (f->pos[A] == a && f->pos[B] == b) {
        f->fixed[a] = f->fixed[b] = 1;
        tick(f);
        tick(f);
        return;
    }
    /* The window: the two targets and the 2 x 3 (or 2 x 2) block below them. */
    int wc[8], m = 0;
    uint8_t lower[AMZ_SLIDE_MAX_CELLS];
    memset(lower, 0, (size_t)f->n);
    wc[m++] = a;
    wc[m++] = b;
    for (int i = i0 + 1; i <= i0 + 2; i++)
        for (int j = len - 3 < j0 ? j0 : len - 3; j < len; j++) {
            wc[m++] = at(f, tr, i, j);
            lower[at(f, tr, i, j)] = 1;
        }
    tile_to(f, A, a, NULL);
    if (f->st)
        return;
    if (f->pos[B] != b) {
        f->fixed[a] = 1;
        tile_to(f, B, at(f, tr, i0 + 2, len - 1), lower);
        f->fixed[a] = 0;
        /* The blank into the window, around A and B. */
        bool in = false;
        for (int i = 0; i < m; i++)
            in |= wc[i] == f->pos[0];
        if (!in && !f->st) {
            int want[8], k = 0;
            for (int i = 0; i < m; i++)
                if (wc[i] != f->pos[A] && wc[i] != f->pos[B])
                    want[k++] = wc[i];
            f->fixed[f->pos[A]] = f->fixed[f->pos[B]] = 1;
            route(f, -1, want, k);
            f->fixed[f->pos[A]] = f->fixed[f->pos[B]] = 0;
            int best = -1;
            for (int i = 0; i < k; i++)
                if (reached(f, want[i]) && (best < 0 || route_length(f, want[i]) < route_length(f, best)))
                    best = want[i];
            if (best < 0)
                fail(f, AMZ_EINVAL);
            else
                follow(f, best);
        }
        if (!f->st)
            place_pair(f, wc, m, A, a, B, b);
    }
    f->fixed[a] = f->fixed[b] = 1;
    if (!tick(f))
        tick(f);
}

/* Solves the unsolved bottom-right h x w corner (h, w <= 3) optimally. */
/* The last corner (at most 3x3) as its own board: tiles relabelled to the corner's
 * goal, solved optimally by ida, its moves replayed on the big board. The corner is a
 * solvable puzzle because the whole board is and every fixed line is in place. */
static void finish(fast *f, int r0, int c0, const amz_slide_solve_options *o, amz_error *err)
{
    int h = f->rows - r0, w = f->cols - c0;
    amz_slide_board sub;
    amz_slide_board_init(&sub, h, w, AMZ_SLIDE_BLANK_LAST, NULL);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int t = f->tiles[(r0 + r) * f->cols + c0 + c];
            int g = t ? t - 1 : f->n - 1; /* goal cell on the big board */
            int local = (g / f->cols - r0) * w + (g % f->cols - c0);
            sub.tiles[r * w + c] = (uint16_t)(t ? local + 1 : 0);
            if (!t)
                sub.blank = r * w + c;
        }
    amz_slide_solve_options so = *o;
    so.threads = 1;
    so.node_limit = 0; /* a sub-board of at most 3x3 cells: tiny */
    so.timeout = 0;
    amz_slide_solution s;
    memset(&s, 0, sizeof s);
    amz_status st = slide_solve_idastar(slide_ida_prepare, &sub, &so, NULL, &s, err);
    if (st) {
        fail(f, st);
        return;
    }
    f->nodes += s.nodes;
    for (size_t i = 0; i < s.length && !f->st; i++)
        step(f, amz_slide_move_parse(s.moves[i]));
    amz_slide_solution_deinit(&s);
}

amz_status slide_solve_fast(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                            amz_slide_solution *out, amz_error *err)
{
    double t0 = slide_now();
    fast *f = amz_calloc(1, sizeof *f);
    if (!f)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory");
    f->rows = b->rows;
    f->cols = b->cols;
    f->n = b->rows * b->cols;
    f->limit = o->node_limit;
    f->obs = obs_normalize(obs);
    for (int c = 0; c < f->n; c++) {
        f->tiles[c] = b->tiles[c];
        f->pos[b->tiles[c]] = (int16_t)c;
    }
    out->lower_bound = (int)amz_slide_manhattan(b);
    int r0 = 0, c0 = 0;
    while (!f->st && (f->rows - r0 > 3 || f->cols - c0 > 3)) {
        if (f->rows - r0 >= f->cols - c0)
            solve_line(f, false, r0++, c0, f->cols);
        else
            solve_line(f, true, c0++, r0, f->rows);
    }
    if (!f->st)
        finish(f, r0, c0, o, err);
    amz_status st = f->st;
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "out of memory for the moves");
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st,
                   f->limit && f->nodes >= f->limit ? "node limit of %llu reached" : "canceled by the observer",
                   (unsigned long long)f->limit);
    else if (st && err && !err->msg[0])
        amz_errorf(err, st, "internal error: the fast solver got stuck");
    if (!st && !(out->moves = slide_letters(f->moves, f->len)))
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
    out->length = f->len;
    out->nodes = f->nodes;
    out->optimal = false;
    out->seconds = slide_now() - t0;
    amz_free(f->moves);
    amz_free(f);
    return st;
}
