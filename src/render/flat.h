/* flat.h — the one grid rule of this layer's drawings. Text art, pictures, animations
 * and books lay cells out as a flat square or hex grid (x across, y down, one level);
 * a polar, triangle, octagon, 3D, wrapped or weave maze drawn that way would be a
 * picture of a different maze, so every entry refuses it by name instead. Inline: the
 * text renderer is in libamaze and the rest in libamaze-render, which sees only
 * libamaze's public symbols. */
#ifndef AMZ_RENDER_FLAT_H
#define AMZ_RENDER_FLAT_H

#include <stdio.h>

#include "amaze/maze.h"
#include "amaze/status.h"

/* AMZ_OK for a flat square or hex maze (amz_maze_is_plain); else AMZ_EUNSUPPORTED,
 * "<what> flat square and hex mazes, not <the grid> ..." (what: "pictures take"). */
static inline amz_status render_need_flat(const amz_maze *m, const char *what, amz_error *err)
{
    if (amz_maze_is_plain(m))
        return AMZ_OK;
    char levels[32] = "";
    if (m->levels > 1)
        snprintf(levels, sizeof levels, " of %d levels", m->levels);
    const char *wrap = m->wrap == (AMZ_WRAP_X | AMZ_WRAP_Y) ? "wrapped (xy) " : m->wrap & AMZ_WRAP_X ? "wrapped (x) "
                     : m->wrap & AMZ_WRAP_Y                  ? "wrapped (y) "
                                                             : "";
    const char *name = amz_topology_name(m->topology);
    const bool an = !*wrap && !m->weave && name && (name[0] == 'o' || name[0] == 'a' || name[0] == 'e');
    return amz_errorf(err, AMZ_EUNSUPPORTED,
                      "%s flat square and hex mazes, not a%s %s%s%s maze%s (.amz and JSON keep it; the web page "
                      "draws it)",
                      what, an ? "n" : "", wrap, m->weave ? "weave " : "", name ? name : "?", levels);
}

#endif
