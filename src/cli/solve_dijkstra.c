/* solve_dijkstra.c — `amaze solve --dijkstra GOALS`: the maze's Dijkstra map (steps
 * from every cell to the nearest goal: amaze/dijkstra.h, docs/TILES.md "Dijkstra maps")
 * or, with --flee K, its flee map, written as numbers (.txt, .json) or as the maze's
 * picture coloured by it (.png, .svg, .pdf: the image library's heat map). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/dungeon_cli.h"

/* GOALS: "start", "goal" or X,Y[,Z], separated by ';' (empty items are skipped, as
 * strtok_r does). A bad cell is a usage error, a cell outside the maze CLI_FAIL, both
 * with the message printed; at most cap goals. */
static int parse_goals(const char *cmd, const char *spec, const amz_maze *m, amz_cell *goals, size_t cap, size_t *n)
{
    char buf[1024];
    if (strlen(spec) >= sizeof buf)
        return cli_usage(cmd, "--dijkstra", "the goal list is too long");
    strcpy(buf, spec);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
        if (*n == cap)
            return cli_usage(cmd, "--dijkstra", "at most %zu goals", cap);
        cli_cell cell;
        amz_cell c;
        if (strcmp(tok, "start") == 0)
            c = m->start;
        else if (strcmp(tok, "goal") == 0)
            c = m->goal;
        else if (cli_parse_cell(cmd, "--dijkstra", tok, &cell))
            return CLI_USAGE;
        else if (cli_resolve_cell(m, "--dijkstra", &cell, &c))
            return CLI_FAIL;
        goals[(*n)++] = c;
    }
    if (*n == 0)
        return cli_usage(cmd, "--dijkstra", "'%s': expected start, goal or X,Y, separated by ';'", spec);
    return CLI_OK;
}

/* Row starts of a maze that is not one w x h plane (see cli_map.row0): the rows of
 * every level in turn, an octagon grid's rows of small squares after its octagons,
 * polar rings from the centre. NULL for a plain grid (or no memory: *n < 0). */
static int64_t *maze_rows(const amz_maze *m, int64_t *n)
{
    /* An octagon grid's h rows of w octagons are followed by h - 1 rows of the w - 1
     * small squares between them. */
    int64_t rows = (int64_t)m->height * m->levels;
    if (m->topology == AMZ_TOPO_OCTAGON)
        rows = 2 * (int64_t)m->height - 1;
    *n = 0;
    if (rows == m->height && (int64_t)m->width * m->height == m->ncells)
        return NULL;
    int64_t *r = malloc((size_t)(rows + 1) * sizeof *r);
    if (!r) {
        *n = -1;
        return NULL;
    }
    for (int64_t i = 0, at = 0; i < rows; i++) {
        r[i] = at;
        amz_cell first;
        int32_t count;
        /* Polar rings differ in size, so the library says where each starts; other rows
         * are w cells (w - 1 for an octagon grid's squares). */
        if (amz_maze_ring(m, (int32_t)i, &first, &count))
            at = first + count;
        else
            at += i >= m->height && m->topology == AMZ_TOPO_OCTAGON ? m->width - 1 : m->width;
    }
    r[rows] = m->ncells;
    *n = rows;
    return r;
}

/* cli_map.wall for a maze: '#' marks a removed (masked) cell, '-' then means unreached. */
static bool removed(const void *ctx, int64_t i)
{
    return !amz_maze_exists(ctx, i);
}

int cli_solve_dijkstra(const char *cmd, const amz_maze *m, const cli_dijkstra_args *a)
{
    /* f indexes this table: 0 and 1 are numbers (cli_write_map), 2.. pictures. */
    static const cli_format fmts[] = {{"txt", ".txt", false}, {"json", ".json", false}, {"png", ".png", true},
                                      {"svg", ".svg", false}, {"pdf", ".pdf", true}};
    int f, rc;
    if ((rc = cli_output_format(cmd, a->output, a->format, fmts, 5, 0, &f)))
        return rc;
    enum { MAX_GOALS = 64 };
    amz_cell goals[MAX_GOALS];
    size_t n = 0;
    if ((rc = parse_goals(cmd, a->goals, m, goals, MAX_GOALS, &n)))
        return rc;
    const uint64_t cells = (uint64_t)m->ncells;
    /* The map, the search's queue, and for flee maps their values and sort (dijkstra.h:
     * 4 bytes and a bit a cell for the search, 8 a cell for the flee map's work). */
    if ((rc = cli_memory_guard(cmd, "a Dijkstra map of", m, cells * (a->flee > 0 ? 16 : 8), a->max_memory)))
        return rc;
    uint32_t *dist = malloc((size_t)cells * sizeof *dist);
    int32_t *flee = a->flee > 0 ? calloc((size_t)cells, sizeof *flee) : NULL;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = AMZ_OK;
    if (!dist || (a->flee > 0 && !flee))
        rc = cli_fail(cmd, "no memory for the map of %llu cells", (unsigned long long)cells);
    else if ((st = amz_dijkstra_maze(m, goals, n, dist, &err)) ||
             (flee && (st = amz_dijkstra_flee_maze(m, dist, a->flee, flee, &err))))
        rc = cli_lib_fail(cmd, &err, st);
    if (rc == CLI_OK && f < 2) {
        int64_t rows;
        int64_t *row0 = maze_rows(m, &rows);
        cli_map mp = {m->width, row0 ? rows : m->height, dist, flee, f == 1, removed, m, row0};
        rc = rows < 0 ? cli_fail(cmd, "no memory for the rows of the map") : cli_write_map(cmd, a->output, &mp);
        free(row0);
    } else if (rc == CLI_OK) {
        /* A picture shows the heat from 0: a flee map (values <= 0) is shifted up by its
         * lowest value, into dist, whose distances are no longer needed. The difference
         * of two int32 values fits a uint32. */
        if (flee && dist) { /* both allocated when rc is CLI_OK */
            int32_t low = 0;
            for (uint64_t i = 0; i < cells; i++)
                low = flee[i] != AMZ_FLEE_FAR && flee[i] < low ? flee[i] : low;
            for (uint64_t i = 0; i < cells; i++)
                dist[i] = flee[i] == AMZ_FLEE_FAR ? AMZ_DIJKSTRA_FAR : (uint32_t)((int64_t)flee[i] - low);
        }
        amz_image_options o;
        amz_image_options_init(&o);
        o.heat = dist;
        o.solution = false;
        const amz_image_format fmt = f == 2 ? AMZ_IMAGE_PNG : f == 3 ? AMZ_IMAGE_SVG : AMZ_IMAGE_PDF;
        cli_outfile of;
        if ((rc = cli_outfile_open(&of, a->output)) == CLI_OK)
            rc = cli_outfile_end(cmd, &of, amz_image_write(m, &o, fmt, of.f.fp, &err), &err);
    }
    free(dist);
    free(flee);
    return rc;
}
