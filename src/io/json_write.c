/* json_write.c — a maze as one JSON object (see amz_json_write in amaze/io.h). */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/error.h"
#include "grid/grid.h"

static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
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

amz_status amz_json_write(const amz_maze *m, FILE *f, amz_error *err)
{
    fprintf(f, "{\"topology\":\"%s\",\"width\":%d,\"height\":%d,\"start\":%" PRId64 ",\"goal\":%" PRId64
               ",\"seed\":%" PRIu64 ",\"algorithm\":",
            amz_topology_name(m->topology), m->width, m->height, m->start, m->goal, m->seed);
    put_string(f, m->algorithm);
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
    if (m->has_solution) {
        fputs(",\"solution\":[", f);
        amz_cell c = m->solution.start;
        for (uint64_t i = 0; i <= m->solution.len; i++) {
            fprintf(f, i ? ",%" PRId64 : "%" PRId64, c);
            if (i < m->solution.len)
                c = grid_neighbor(m, c, m->solution.dirs[i]);
        }
        fputc(']', f);
    }
    fputs("}\n", f);
    if (ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}
