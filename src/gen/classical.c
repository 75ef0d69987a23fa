/* classical.c — the classical seven-circuit labyrinth (the Cretan labyrinth of the
 * Knossos coins; W. H. Matthews, "Mazes and Labyrinths", 1922, ch. 3) on a square grid:
 * seven rings of cells around a centre, walked in the classical order 3-2-1-4-7-6-5 and
 * then the centre, one path with no choice from the entrance in the bottom row to the
 * goal in the centre. The turns sit beside the entrance's column X, as in the classical
 * drawing: ring 3 is entered at X and left at X+2, rings 1, 2 and 3 are crossed at X+1
 * into ring 4, rings 5 and 6 at X into ring 7, rings 6 and 7 at X-1 into the centre,
 * which the path fills in columns. Every cell of the grid is on the path. */
#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/gen_impl.h"

typedef struct walk {
    amz_cell *cells;
    int64_t n, cap;
    int32_t w, h, X;
} walk;

static void put(walk *p, int32_t x, int32_t y)
{
    if (p->n < p->cap)
        p->cells[p->n] = (amz_cell)y * p->w + x;
    p->n++;
}

/* Cell i (mod the perimeter) of ring k (0 = outermost), counted from the bottom row at
 * column X towards the right, that is anticlockwise on the screen. */
static void ring_xy(const walk *p, int k, int64_t i, int32_t *x, int32_t *y)
{
    const int32_t x0 = k, x1 = p->w - 1 - k, y0 = k, y1 = p->h - 1 - k;
    const int64_t per = 2 * (int64_t)(x1 - x0) + 2 * (int64_t)(y1 - y0);
    i = ((i % per) + per) % per;
    int64_t seg = x1 - p->X; /* bottom row, X .. x1 */
    if (i <= seg) {
        *x = (int32_t)(p->X + i), *y = y1;
        return;
    }
    i -= seg;
    if (i <= y1 - y0) { /* right column, upwards */
        *x = x1, *y = (int32_t)(y1 - i);
        return;
    }
    i -= y1 - y0;
    if (i <= x1 - x0) { /* top row, leftwards */
        *x = (int32_t)(x1 - i), *y = y0;
        return;
    }
    i -= x1 - x0;
    if (i <= y1 - y0) { /* left column, downwards */
        *x = x0, *y = (int32_t)(y0 + i);
        return;
    }
    i -= y1 - y0;
    *x = (int32_t)(x0 + i), *y = y1; /* bottom row, x0 .. X-1 */
}

static int64_t perimeter(const walk *p, int k)
{
    return 2 * (int64_t)(p->w - 1 - 2 * k) + 2 * (int64_t)(p->h - 1 - 2 * k);
}

/* Walks ring k from offset `from` to offset `to` (offsets from X along the bottom row),
 * in direction step (+1 anticlockwise, -1 clockwise). */
static void ring(walk *p, int k, int64_t from, int64_t to, int step)
{
    const int64_t per = perimeter(p, k);
    int64_t i = from, end = ((to % per) + per) % per;
    for (;;) {
        int32_t x, y;
        ring_xy(p, k, i, &x, &y);
        put(p, x, y);
        if (((i % per) + per) % per == end)
            break;
        i += step;
    }
}

/* The centre, x0..x1 by y0..y1, entered at (e, y1) from below: the columns on one side
 * of e (e included) snake over the rows under the top one, the top row crosses, and the
 * columns on the other side snake back. That needs an odd number of columns on the
 * first side; false if neither side has one (and with one row, e must be an end). */
static bool centre(walk *p, int32_t e, int32_t x0, int32_t x1, int32_t y0, int32_t y1, bool dry)
{
    if (y0 == y1) {
        if (e != x0 && e != x1)
            return false;
        for (int32_t i = 0; !dry && i <= x1 - x0; i++)
            put(p, e == x0 ? x0 + i : x1 - i, y0);
        return true;
    }
    int dir;
    if ((x1 - e + 1) % 2 == 1)
        dir = 1; /* e .. x1 first */
    else if ((e - x0 + 1) % 2 == 1)
        dir = -1; /* e .. x0 first */
    else
        return false;
    if (dry)
        return true;
    const int32_t far = dir > 0 ? x1 : x0, near = dir > 0 ? x0 : x1;
    for (int32_t x = e, up = 1; x != far + dir; x += dir, up = !up)
        for (int32_t j = 0; j <= y1 - y0 - 1; j++)
            put(p, x, up ? y1 - j : y0 + 1 + j);
    for (int32_t x = far; x != near - dir; x -= dir)
        put(p, x, y0);
    for (int32_t x = near, down = 1; x != e; x += dir, down = !down)
        for (int32_t j = 0; j <= y1 - y0 - 1; j++)
            put(p, x, down ? y0 + 1 + j : y1 - j);
    return true;
}

/* The entrance column: the middle, or on odd widths the other middle where only that
 * one lets the path fill the centre. -1 if the grid is too small or no column works. */
static int32_t pick_x(walk *p)
{
    if (p->w < 16 || p->h < 15)
        return -1;
    for (int32_t X = p->w / 2; X <= (p->w + 1) / 2; X++)
        if (centre(p, X - 1, 7, p->w - 8, 7, p->h - 8, true))
            return X;
    return -1;
}

amz_status gen_classical(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                         amz_error *err)
{
    (void)rng, (void)o;
    walk p = {NULL, 0, 0, m->width, m->height, 0};
    if ((p.X = pick_x(&p)) < 0)
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "the classical labyrinth needs at least 16x15 cells (seven rings and a centre); with "
                          "15 rows, 16 or 17 columns, not %dx%d",
                          m->width, m->height);
    p.cap = m->ncells;
    if (!(p.cells = amz_malloc((size_t)p.cap * sizeof *p.cells)))
        return amz_errorf(err, AMZ_ENOMEM, "classical: no memory for the path");
    const int32_t X = p.X, H = m->height;
    put(&p, X, H - 1); /* the entrance, across rings 1 and 2 */
    put(&p, X, H - 2);
    ring(&p, 2, 0, 2, -1);
    ring(&p, 1, 2, -1, 1);
    ring(&p, 0, -1, 1, -1);
    put(&p, X + 1, H - 2); /* across rings 2 and 3 into 4 */
    put(&p, X + 1, H - 3);
    ring(&p, 3, 1, 0, 1);
    put(&p, X, H - 5); /* across rings 5 and 6 into 7 */
    put(&p, X, H - 6);
    ring(&p, 6, 0, -2, 1);
    ring(&p, 5, -2, 1, -1);
    ring(&p, 4, 1, -1, 1);
    put(&p, X - 1, H - 6); /* across rings 6 and 7 into the centre */
    put(&p, X - 1, H - 7);
    centre(&p, X - 1, 7, m->width - 8, 7, H - 8, false);
    amz_status st = AMZ_OK;
    if (p.n != m->ncells)
        st = amz_errorf(err, AMZ_EINVAL, "classical: the path covers %lld of %lld cells", (long long)p.n,
                        (long long)m->ncells);
    for (int64_t i = 0; st == AMZ_OK && i < p.n; i++) {
        if (obs_stop(obs, AMZ_EV_VISIT, p.cells[i])) {
            st = amz_errorf(err, AMZ_ECANCELED, "classical: canceled by the observer");
            break;
        }
        if (i + 1 == p.n)
            break;
        int d = gen_dir_to(m, p.cells[i], p.cells[i + 1]);
        if (d < 0 || amz_maze_passage(m, p.cells[i], d)) {
            st = amz_errorf(err, AMZ_EINVAL, "classical: the path breaks at cell %lld", (long long)p.cells[i]);
            break;
        }
        amz_maze_set_passage(m, p.cells[i], d, true, NULL);
        if (obs && obs_emit(obs, AMZ_EV_CARVE, p.cells[i], d, p.cells[i + 1]))
            st = amz_errorf(err, AMZ_ECANCELED, "classical: canceled by the observer");
    }
    amz_free(p.cells);
    return st;
}

void gen_classical_ends(amz_maze *m)
{
    /* The path's two ends: the entrance in the bottom row, and the goal in the centre. */
    amz_cell a = AMZ_NO_CELL, b = AMZ_NO_CELL;
    for (amz_cell c = m->ncells - 1; c >= 0; c--)
        if (amz_maze_degree(m, c) == 1) {
            if (a == AMZ_NO_CELL)
                a = c;
            else
                b = c;
        }
    if (a != AMZ_NO_CELL && b != AMZ_NO_CELL) {
        m->start = a;
        m->goal = b;
    }
}
