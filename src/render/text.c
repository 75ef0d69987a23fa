/* text.c — mazes as text: the options and styles, the solution overlay, and the
 * dispatch to the square renderer (text_square.c) and hex line art (text_hex.c). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/render.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"
#include "grid/topo.h"
#include "render/text_impl.h"

/* Marks the solution's cells and edges so drawing is a lookup per cell (edges in the
 * maze's passage layout, any grid). On failure the caller frees what was allocated
 * (amz_render_text does). */
static amz_status mark_path(text_ctx *c, amz_error *err)
{
    const amz_maze *m = c->m;
    c->on_path = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    c->path_edge = amz_calloc((size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits), 8);
    if (!c->on_path || !c->path_edge)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the solution overlay");
    amz_cell cell = m->solution.start;
    /* amz_maze is a plain struct: a start set by hand is checked, as the pictures do. */
    if (!amz_maze_exists(m, cell))
        return amz_errorf(err, AMZ_EFORMAT, "the solution starts outside the maze");
    bits_set(c->on_path, (uint64_t)cell);
    for (uint64_t i = 0; i < m->solution.len; i++) {
        int d = m->solution.dirs[i];
        amz_cell nb = grid_neighbor(m, cell, d);
        if (nb == AMZ_NO_CELL)
            return amz_errorf(err, AMZ_EFORMAT, "the solution leaves the maze at move %llu",
                              (unsigned long long)i + 1);
        bits_set(c->path_edge, grid_edge(m, cell, d, nb));
        bits_set(c->on_path, (uint64_t)nb);
        cell = nb;
    }
    return AMZ_OK;
}

void amz_text_options_init(amz_text_options *o)
{
    o->style = AMZ_TEXT_ASCII;
    o->solution = true;
    o->color = false;
}

const char *amz_text_style_name(amz_text_style s)
{
    switch (s) {
    case AMZ_TEXT_ASCII: return "ascii";
    case AMZ_TEXT_UNICODE: return "unicode";
    case AMZ_TEXT_BLOCKS: return "blocks";
    }
    return NULL;
}

amz_status amz_text_style_parse(const char *name, amz_text_style *out, amz_error *err)
{
    for (int s = AMZ_TEXT_ASCII; s <= AMZ_TEXT_BLOCKS; s++)
        if (name && strcmp(name, amz_text_style_name((amz_text_style)s)) == 0) {
            *out = (amz_text_style)s;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown style '%s' (expected ascii, unicode or blocks)",
                      name ? name : "");
}

/* Text art lays cells out as a flat square or hex grid (x across, y down): a polar,
 * triangle, octagon or wrapped maze drawn that way would be a picture of a different
 * maze, so it is refused by name. AMZ_OK for a flat square or hex maze
 * (amz_maze_is_plain), a square or hex maze of levels without wrap in line art (level
 * by level, stairs marked), and a weave square maze without wrap in the unicode style
 * (its dashed walls show the crossings; ascii and blocks have no such mark); else
 * AMZ_EUNSUPPORTED, "<what> square and hex mazes, flat or of levels, and weaves, not
 * <the grid> ...". */
static amz_status need_flat(const amz_maze *m, amz_text_style style, const char *what, amz_error *err)
{
    if (amz_maze_is_plain(m))
        return AMZ_OK;
    if ((m->topology == AMZ_TOPO_SQUARE || m->topology == AMZ_TOPO_HEX) && m->levels > 1 && !m->wrap) {
        if (style != AMZ_TEXT_BLOCKS)
            return AMZ_OK;
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "%s mazes of levels in the ascii and unicode styles (level by level, stairs marked in "
                          "the cells), not blocks",
                          what);
    }
    if (m->weave && !m->wrap) {
        if (style == AMZ_TEXT_UNICODE)
            return AMZ_OK;
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "%s weave mazes in the unicode style only (dashed walls mark the crossings): use "
                          "--style unicode",
                          what);
    }
    char levels[32] = "";
    if (m->levels > 1)
        snprintf(levels, sizeof levels, " of %d levels", m->levels);
    const char *wrap = m->wrap == (AMZ_WRAP_X | AMZ_WRAP_Y) ? "wrapped (xy) " : m->wrap & AMZ_WRAP_X ? "wrapped (x) "
                     : m->wrap & AMZ_WRAP_Y                  ? "wrapped (y) "
                                                             : "";
    const char *name = amz_topology_name(m->topology);
    const bool an = !*wrap && !m->weave && name && (name[0] == 'o' || name[0] == 'a' || name[0] == 'e');
    return amz_errorf(err, AMZ_EUNSUPPORTED,
                      "%s square and hex mazes, flat or of levels, and weaves, not a%s %s%s%s maze%s (a picture "
                      "draws it: -o maze.png; "
                      ".amz and JSON keep it)",
                      what, an ? "n" : "", wrap, m->weave ? "weave " : "", name ? name : "?", levels);
}

/* amaze/render.h. Refusals come before any output; a write error is found by ferror once
 * the whole drawing is out. */
amz_status amz_render_text(const amz_maze *m, const amz_text_options *o, FILE *f, amz_error *err)
{
    amz_text_options defaults;
    if (!o) {
        amz_text_options_init(&defaults);
        o = &defaults;
    }
    if (!amz_text_style_name(o->style))
        return amz_errorf(err, AMZ_EINVAL, "unknown text style %d", (int)o->style);
    amz_status flat = need_flat(m, o->style, "text art takes", err);
    if (flat)
        return flat;
    if (m->topology == AMZ_TOPO_HEX && o->style == AMZ_TEXT_BLOCKS)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "the blocks style draws square mazes only (use ascii or unicode)");
    text_ctx c = {m, o, NULL, NULL, f};
    amz_status st = AMZ_OK;
    if (o->solution && m->has_solution)
        st = mark_path(&c, err);
    if (st == AMZ_OK) {
        if (m->topology == AMZ_TOPO_HEX)
            st = text_hex(&c);
        else if (o->style == AMZ_TEXT_BLOCKS)
            text_blocks(&c);
        else
            text_line_art(&c);
        /* Only text_hex can fail, for its canvas; it returns the status without a message. */
        if (st != AMZ_OK)
            amz_errorf(err, st, "cannot allocate the drawing of a %dx%d hex maze", m->width, m->height);
        else if (ferror(f))
            st = amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    }
    amz_free(c.on_path);
    amz_free(c.path_edge);
    return st;
}
