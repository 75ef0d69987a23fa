/* text_square.c — square mazes as text: ascii and unicode line art (3 columns x 2
 * lines per cell) and the JS1K block picture ((2W+1) x (2H+1) blocks). Removed cells
 * are blank in line art (a corner is drawn only next to an existing cell) and solid
 * in blocks. Weave mazes (unicode only): the two walls a tunnel passes under are
 * dashed, ╌╌ above and ┄┄ below a cell an N-S under-passage crosses, ╎ left and ┆
 * right of one a W-E under-passage crosses (two glyphs, so that the reader,
 * src/io/text_read.c, knows which cell each belongs to). */
#include <stdio.h>

#include "core/bits.h"
#include "grid/grid.h"
#include "grid/topo.h"
#include "render/text_impl.h"

/* Box-drawing corners indexed by arms: up 1, right 2, down 4, left 8. A corner of an
 * existing cell with no arm (only in mazes with loops) is a dot, so that a blank
 * corner always means "no cell here" to the importer. */
static const char *const box_corner[16] = {
    "·", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
};

/* One level of the maze being drawn: its cells are base + y * width + x (a maze of
 * levels stores level z's cells from z * width * height). */
typedef struct tview {
    const amz_maze *m;
    amz_cell base;
} tview;

static bool exists_xy(const tview *v, int64_t x, int64_t y)
{
    const amz_maze *m = v->m;
    return x >= 0 && y >= 0 && x < m->width && y < m->height && grid_exists(m, v->base + y * m->width + x);
}

/* Is the passage from cell c in direction d (E or S) open? The plain grids' layout is
 * read directly (two bits a cell); weave and levels grids' through the topology. */
static bool open_es(const amz_maze *m, amz_cell c, int d)
{
    return !amz_maze_is_plain(m) ? grid_open(m, c, d) : bits_get(m->passages, (uint64_t)c * 2 + (uint64_t)(d - 1));
}

/* Wall on the vertical line x = i between cells (i-1, r) and (i, r): where exactly one
 * side exists, or both do and the passage is closed. */
static bool vwall(const tview *v, int64_t i, int64_t r)
{
    bool a = exists_xy(v, i - 1, r), b = exists_xy(v, i, r);
    if (a != b)
        return true;
    return a && !open_es(v->m, v->base + r * v->m->width + i - 1, AMZ_SQ_E);
}

/* Wall on the horizontal line y = r between cells (i, r-1) and (i, r). */
static bool hwall(const tview *v, int64_t i, int64_t r)
{
    bool a = exists_xy(v, i, r - 1), b = exists_xy(v, i, r);
    if (a != b)
        return true;
    return a && !open_es(v->m, v->base + (r - 1) * v->m->width + i, AMZ_SQ_S);
}

/* Does an under-passage from (x, y) run in direction d (E2 or S2)? Only a weave grid's
 * cells have them; outside the grid, none. */
static bool under(const tview *v, int64_t x, int64_t y, int d)
{
    return v->m->weave && exists_xy(v, x, y) && grid_open(v->m, v->base + y * v->m->width + x, d);
}

/* The horizontal wall on line y = r at column i (closed): ╌╌ if an N-S under-passage
 * crosses the cell below it (from the cell above), ┄┄ if it crosses the cell above
 * (from two rows up), else the plain wall. */
static const char *hwall_glyph(const tview *v, int64_t i, int64_t r)
{
    return !v->m->weave                   ? "──"
         : under(v, i, r - 1, AMZ_SQ_S2) ? "╌╌"
         : under(v, i, r - 2, AMZ_SQ_S2) ? "┄┄"
                                          : "──";
}

/* Likewise for the vertical line x = i in row r: ╎ left of a crossed cell, ┆ right. */
static const char *vwall_glyph(const tview *v, int64_t i, int64_t r)
{
    return !v->m->weave                   ? "│"
         : under(v, i - 1, r, AMZ_SQ_E2) ? "╎"
         : under(v, i - 2, r, AMZ_SQ_E2) ? "┆"
                                          : "│";
}

/* True if any of the four cells around lattice point (i, r) exists. */
static bool corner_used(const tview *v, int64_t i, int64_t r)
{
    return exists_xy(v, i - 1, r - 1) || exists_xy(v, i, r - 1) || exists_xy(v, i - 1, r) || exists_xy(v, i, r);
}

/* The stairs mark of a cell of a maze of levels (its interior's second character):
 * ascii < up, > down, X both; unicode ↑ ↓ ↕; NULL for none. */
static const char *stairs_mark(const text_ctx *c, amz_cell cell)
{
    const amz_maze *m = c->m;
    if (m->levels <= 1 || !grid_exists(m, cell))
        return NULL;
    const bool up = grid_open(m, cell, AMZ_SQ_U), down = grid_open(m, cell, AMZ_SQ_D),
               uni = c->o->style == AMZ_TEXT_UNICODE;
    return up && down ? (uni ? "↕" : "X") : up ? (uni ? "↑" : "<") : down ? (uni ? "↓" : ">") : NULL;
}

/* Writes the interior of a cell: `width` characters, the marker first (with levels, the
 * stairs mark second). */
static void interior(text_ctx *c, amz_cell cell, int width)
{
    const char *color = NULL, *mark = grid_exists(c->m, cell) ? text_marker(c, cell, &color) : NULL;
    const char *stairs = width == 2 ? stairs_mark(c, cell) : NULL;
    if (mark && cell == c->m->start && cell == c->m->goal) {
        /* Both ends in one cell: show both, so the drawing reads back (blocks have one
         * character a cell, and stairs take line art's second, so '@' there). */
        text_put_mark(c, color, width == 2 && !stairs ? "SG" : "@");
        if (stairs)
            fputs(stairs, c->f);
        return;
    }
    if (mark)
        text_put_mark(c, color, mark);
    else
        fputc(' ', c->f);
    if (width == 2)
        fputs(stairs ? stairs : " ", c->f);
}

/* One level as line art: two text lines a cell row, the grid line (corners and
 * horizontal walls), then the cell interiors between vertical walls; the last grid
 * line closes the drawing. */
static void line_art_level(text_ctx *c, const tview *v)
{
    const amz_maze *m = c->m;
    const bool uni = c->o->style == AMZ_TEXT_UNICODE;
    const int64_t w = m->width, h = m->height;
    for (int64_t r = 0; r <= h; r++) {
        for (int64_t i = 0; i <= w; i++) {
            if (!corner_used(v, i, r)) {
                fputc(' ', c->f);
            } else if (uni) {
                unsigned arms = (r > 0 && vwall(v, i, r - 1) ? 1u : 0u) | (i < w && hwall(v, i, r) ? 2u : 0u) |
                                (r < h && vwall(v, i, r) ? 4u : 0u) | (i > 0 && hwall(v, i - 1, r) ? 8u : 0u);
                fputs(box_corner[arms], c->f);
            } else {
                fputc('+', c->f);
            }
            if (i < w)
                fputs(!hwall(v, i, r) ? "  " : uni ? hwall_glyph(v, i, r) : "--", c->f);
        }
        fputc('\n', c->f);
        if (r == h)
            break;
        for (int64_t i = 0; i <= w; i++) {
            fputs(!vwall(v, i, r) ? " " : uni ? vwall_glyph(v, i, r) : "|", c->f);
            if (i < w)
                interior(c, v->base + r * w + i, 2);
        }
        fputc('\n', c->f);
    }
}

/* A flat maze as one drawing; a maze of levels level by level, from level 1 (the
 * model's z = 0) up, each after a "level Z of L" line and the ones after the first
 * after a blank line. */
void text_line_art(text_ctx *c)
{
    const amz_maze *m = c->m;
    const amz_cell plane = (amz_cell)m->width * m->height;
    for (int z = 0; z < m->levels; z++) {
        if (m->levels > 1)
            fprintf(c->f, "%slevel %d of %d\n", z ? "\n" : "", z + 1, m->levels);
        const tview v = {m, (amz_cell)z * plane};
        line_art_level(c, &v);
    }
}

/* Block (bx, by) is a corner post when both are even, a cell when both are odd, else a
 * wall block between two cells; a path dot marks an open wall block the path crosses. */
void text_blocks(text_ctx *c)
{
    const amz_maze *m = c->m;
    const tview v = {m, 0};
    const int64_t w = m->width, h = m->height;
    for (int64_t by = 0; by <= 2 * h; by++) {
        for (int64_t bx = 0; bx <= 2 * w; bx++) {
            int64_t x = bx / 2, y = by / 2;
            bool odd_x = bx & 1, odd_y = by & 1;
            if (odd_x && odd_y) {
                if (exists_xy(&v, x, y))
                    interior(c, y * w + x, 1);
                else
                    fputc('#', c->f); /* removed cells are solid */
                continue;
            }
            if (!odd_x && !odd_y) {
                fputc('#', c->f);
                continue;
            }
            /* A wall block between two cells: on a vertical line if bx is even. */
            amz_cell a = odd_y ? y * w + x - 1 : (y - 1) * w + x;
            bool both_gone = odd_y ? !exists_xy(&v, x - 1, y) && !exists_xy(&v, x, y)
                                   : !exists_xy(&v, x, y - 1) && !exists_xy(&v, x, y);
            bool wall = both_gone || (odd_y ? vwall(&v, x, y) : hwall(&v, x, y));
            int dir = odd_y ? AMZ_SQ_E : AMZ_SQ_S;
            if (wall)
                fputc('#', c->f);
            else if (c->path_edge && bits_get(c->path_edge, (uint64_t)a * 2 + (uint64_t)(dir - 1)))
                text_put_mark(c, COLOR_PATH, ".");
            else
                fputc(' ', c->f);
        }
        fputc('\n', c->f);
    }
}
