/* text_hex.c — hex mazes as line art. Each flat-topped cell is drawn as
 *
 *      __            line L      N wall "__"
 *     /  \           line L+1    NW '/', interior, NE '\'
 *     \__/           line L+2    SW '\', S wall "__", SE '/'
 *
 * with column x at character 3x and L = 2y + (x odd), so neighbouring cells share their
 * edge characters exactly (odd-q layout). A W x H maze takes 3W+1 columns and 2H+2
 * lines: 12x8 fits 80 columns. Walls are drawn where a passage is closed or exactly one
 * side exists; removed cells stay blank. A maze of levels is drawn level by level, as
 * square line art is (text_square.c): a "level Z of L" line before each, a cell's
 * stairs marked in its interior's second character (< > X; unicode ↑ ↓ ↕). */
#include <stdio.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "grid/grid.h"
#include "grid/topo.h"
#include "render/text_impl.h"

enum { SLASH = 1, BACKSLASH = 2, UNDERSCORE = 3 };

/* The stairs mark of a hex cell with levels, or NULL (the square one's rule). */
static const char *hex_stairs(const text_ctx *c, amz_cell cell)
{
    const amz_maze *m = c->m;
    if (m->levels <= 1)
        return NULL;
    int up = -1, down = -1;
    for (int d = 0; d < m->ndirs; d++) {
        const char *name = amz_dir_name(m->topology, d);
        if (name && name[0] == 'U' && !name[1])
            up = d;
        else if (name && name[0] == 'D' && !name[1])
            down = d;
    }
    const bool u = up >= 0 && grid_open(m, cell, up), dn = down >= 0 && grid_open(m, cell, down),
               uni = c->o->style == AMZ_TEXT_UNICODE;
    return u && dn ? (uni ? "↕" : "X") : u ? (uni ? "↑" : "<") : dn ? (uni ? "↓" : ">") : NULL;
}

/* One level, its cells base + y * w + x. */
static amz_status hex_level(text_ctx *c, amz_cell base)
{
    const amz_maze *m = c->m;
    const int32_t w = m->width, h = m->height;
    const int64_t cols = 3 * (int64_t)w + 1, lines = 2 * (int64_t)h + 1 + (w > 1);
    const bool uni = c->o->style == AMZ_TEXT_UNICODE;
    /* One canvas line at a time would need lookahead over three rows; a canvas of small
     * codes is simpler and costs a byte per character. */
    uint8_t *canvas = amz_calloc((size_t)(cols * lines), 1);
    if (!canvas)
        return AMZ_ENOMEM;
    /* A closed side's glyph goes where the figure above puts it; a shared edge lands on
     * the same character from both cells, so drawing it twice is harmless. */
    static const int8_t line_of[6] = {0, 1, 2, 2, 2, 1};    /* N NE SE S SW NW: row offset from L */
    static const int8_t col_of[6] = {1, 3, 3, 1, 0, 0};     /* column offset from 3x */
    static const uint8_t glyph[6] = {UNDERSCORE, BACKSLASH, SLASH, UNDERSCORE, BACKSLASH, SLASH};
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            amz_cell cell = base + (amz_cell)y * w + x;
            if (!grid_exists(m, cell))
                continue;
            int64_t L = 2 * (int64_t)y + (x & 1);
            for (int d = 0; d < 6; d++) {
                amz_cell nb = grid_neighbor(m, cell, d);
                if (nb != AMZ_NO_CELL && bits_get(m->passages, grid_edge(m, cell, d, nb)))
                    continue;
                int64_t at = (L + line_of[d]) * cols + 3 * (int64_t)x + col_of[d];
                canvas[at] = glyph[d];
                if (glyph[d] == UNDERSCORE)
                    canvas[at + 1] = UNDERSCORE;
            }
        }
    /* A shape may leave the top lines empty; start at the first drawn one. */
    int64_t first = 0;
    while (first < lines - 1) {
        int64_t k = 0;
        while (k < cols && canvas[first * cols + k] == 0)
            k++;
        if (k < cols)
            break;
        first++;
    }
    for (int64_t l = first; l < lines; l++) {
        int64_t end = cols;
        while (end > 0 && canvas[l * cols + end - 1] == 0)
            end--;
        for (int64_t k = 0; k < end; k++) {
            /* Interiors: line L+1, columns 3x+1 (the marker) and 3x+2 (the stairs) of
             * an existing cell. */
            int64_t x = (k - 1) / 3;
            if (k % 3 != 0 && x < w) {
                int64_t y = (l - 1 - (x & 1));
                if (y >= 0 && y % 2 == 0 && y / 2 < h) {
                    amz_cell cell = base + (y / 2) * w + x;
                    const char *color = NULL, *mark = NULL;
                    if (grid_exists(m, cell))
                        mark = k % 3 == 1 ? text_marker(c, cell, &color) : hex_stairs(c, cell);
                    if (mark && k % 3 == 1) {
                        text_put_mark(c, color, mark);
                        continue;
                    }
                    if (mark) {
                        fputs(mark, c->f);
                        continue;
                    }
                }
            }
            switch (canvas[l * cols + k]) {
            case SLASH: fputs(uni ? "╱" : "/", c->f); break;
            case BACKSLASH: fputs(uni ? "╲" : "\\", c->f); break;
            case UNDERSCORE: fputc('_', c->f); break;
            default: fputc(' ', c->f); break;
            }
        }
        fputc('\n', c->f);
    }
    amz_free(canvas);
    return AMZ_OK;
}

amz_status text_hex(text_ctx *c)
{
    const amz_maze *m = c->m;
    const amz_cell plane = (amz_cell)m->width * m->height;
    amz_status st = AMZ_OK;
    for (int z = 0; z < m->levels && st == AMZ_OK; z++) {
        if (m->levels > 1)
            fprintf(c->f, "%slevel %d of %d\n", z ? "\n" : "", z + 1, m->levels);
        st = hex_level(c, (amz_cell)z * plane);
    }
    return st;
}
