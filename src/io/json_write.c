/* json_write.c — a maze as one JSON object (see amz_io_write_json in amaze/io.h).
 * The output is compact (no spaces) and in a fixed key order, so the same maze always
 * gives the same bytes; json_read.c accepts any order and white space. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/error.h"
#include "grid/grid.h"

/* RFC 8259 requires the escape below 0x20; DEL is escaped too, for terminals. */
void amz_io_write_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

amz_status amz_io_write_json(const amz_maze *m, FILE *f, amz_error *err)
{
    return amz_io_write_json_graph(m, f, false, err);
}

/* "neighbors": each cell's neighbour ids in direction order, -1 where none. */
static void put_neighbors(const amz_maze *m, FILE *f)
{
    fputs(",\"neighbors\":[", f);
    for (amz_cell c = 0; c < m->ncells; c++) {
        amz_cell nb[AMZ_MAX_DIRS];
        /* A removed cell is listed (so the array index is the cell number) but has no
         * neighbours; grid_nbrs already leaves out removed neighbours. */
        fputs(c ? ",[" : "[", f);
        if (grid_exists(m, c))
            grid_nbrs(m, c, nb);
        else
            for (int d = 0; d < m->ndirs; d++)
                nb[d] = AMZ_NO_CELL;
        for (int d = 0; d < m->ndirs; d++)
            fprintf(f, d ? ",%" PRId64 : "%" PRId64, nb[d]);
        fputc(']', f);
    }
    fputc(']', f);
}

/* Keys in a fixed order: topology, size, grid options, ends, seed, algorithm, recipe,
 * cells, neighbors, solution. The seed is printed as an exact 64-bit integer, never as
 * a double, so it survives any reader that keeps integers exact (FORMAT.md, JSON). */
amz_status amz_io_write_json_graph(const amz_maze *m, FILE *f, bool graph, amz_error *err)
{
    fprintf(f, "{\"topology\":\"%s\",\"width\":%d,\"height\":%d,", amz_topology_name(m->topology), m->width,
            m->height);
    /* The grid fields appear only when they differ from the default, so a flat,
     * unwrapped maze's JSON is the same as before the fields existed. */
    if (m->levels > 1)
        fprintf(f, "\"levels\":%d,", m->levels);
    if (m->wrap)
        fprintf(f, "\"wrap\":\"%s%s\",", m->wrap & AMZ_WRAP_X ? "x" : "", m->wrap & AMZ_WRAP_Y ? "y" : "");
    if (m->weave)
        fputs("\"weave\":true,", f);
    fprintf(f, "\"start\":%" PRId64 ",\"goal\":%" PRId64 ",\"seed\":%" PRIu64 ",\"algorithm\":", m->start, m->goal,
            m->seed);
    amz_io_write_json_string(f, m->algorithm);
    if (m->recipe) {
        fputs(",\"recipe\":", f);
        amz_io_write_json_string(f, m->recipe);
    }
    /* "cells": per cell the open directions as a bit mask (bit d = direction d, as
     * amz_maze_cell_mask), -1 for a removed cell. */
    fputs(",\"cells\":[", f);
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (c)
            fputc(',', f);
        if (grid_exists(m, c))
            fprintf(f, "%u", amz_maze_cell_mask(m, c));
        else
            fputs("-1", f);
    }
    fputc(']', f);
    if (graph)
        put_neighbors(m, f);
    if (m->has_solution) {
        fputs(",\"solution\":[", f);
        /* The solution as len + 1 cell numbers rather than moves: readers need no
         * direction tables to follow it. It was checked when attached, so every step exists. */
        amz_cell c = m->solution.start;
        for (uint64_t i = 0; i <= m->solution.len; i++) {
            fprintf(f, i ? ",%" PRId64 : "%" PRId64, c);
            if (i < m->solution.len)
                c = grid_neighbor(m, c, m->solution.dirs[i]);
        }
        fputc(']', f);
    }
    /* One check at the end: stdio errors are sticky, and a failed fprintf earlier
     * leaves ferror set. The caller flushes and closes, and checks those too. */
    fputs("}\n", f);
    if (ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}
