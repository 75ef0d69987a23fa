/* gen_stream.c — `amaze generate --stream`: rows from a row generator go straight to a
 * row sink (a streamed-rows .amz file or a block-style PNG), so memory follows the
 * width only. The output is still atomic: a temporary file renamed into place at the
 * end. */
#include <string.h>
#include <unistd.h>

#include "amaze/stream.h"
#include "cli/cli.h"
#include "cli/maze_args.h"

/* Which sink: by --format, else the -o extension, else .amz on a pipe. Both formats are
 * binary, so a bare terminal is refused (cli_output_format) before any row is made. */
static int stream_format(const char *cmd, const cli_output *out, bool *png)
{
    static const cli_format fmts[] = {{"amz", ".amz", true}, {"png", ".png", true}};
    int k;
    int rc = cli_output_format(cmd, out->path, out->format, fmts, 2, 0, &k);
    *png = k == 1;
    return rc;
}

/* What a stream cannot do, refused before any work: options that need the whole
 * maze, generators that are not row generators, topologies they do not stream. */
static int stream_check(const char *cmd, const cli_maze_args *a)
{
    const char *whole = a->mask ? "--mask" : a->shape ? "--shape" : a->o.braid > 0 ? "--braid"
                      : a->o.unicursal ? "--unicursal" : a->o.symmetry ? "--symmetry"
                      : a->o.sparse || a->o.sparse_share > 0 ? "--sparse"
                      : a->o.ends == AMZ_ENDS_LONGEST ? "--longest"
                      : a->o.ends == AMZ_ENDS_FARTHEST ? "--goal farthest" : a->target_opt;
    if (whole)
        return cli_usage(cmd, "--stream", "%s needs the whole maze and cannot be streamed", whole);
    if (!amz_grid_is_plain(&a->grid))
        return cli_usage(cmd, "--stream", "streams are plain square grids (no levels, wrap, weave or %s)",
                         amz_topology_name(a->topo));
    if (!amz_gen_can_stream(a->g->name, a->topo)) {
        char names[256];
        return cli_usage(cmd, "--stream", "%s cannot stream%s (%s stream square grids)", a->g->name,
                         a->g->rows ? " hex grids" : "", cli_gen_names(0, names, sizeof names));
    }
    /* The grid is never built, so cli_resolve_cell cannot check the ends: they are checked
     * against the w x h rectangle here (every cell exists, as a stream has no mask). */
    const cli_cell *s = &a->start, *g = &a->goal;
    const bool bad_start = s->given && (s->x >= a->w || s->y >= a->h || s->z);
    if (bad_start || (g->given && (g->x >= a->w || g->y >= a->h || g->z)))
        return cli_fail(bad_start ? "--start" : "--goal", "(%lld,%lld) is outside the %lldx%lld square maze",
                        (long long)(bad_start ? s->x : g->x), (long long)(bad_start ? s->y : g->y),
                        (long long)a->w, (long long)a->h);
    return CLI_OK;
}

int cli_generate_stream(const char *cmd, cli_maze_args *a, const cli_output *out, uint64_t max_memory, bool quiet)
{
    bool png = false;
    int rc = stream_format(cmd, out, &png);
    if (rc || (rc = stream_check(cmd, a)))
        return rc;
    a->o.seed = a->has_seed ? a->seed : cli_random_seed();
    /* A plain square grid numbers its cells row by row: id = y * width + x. */
    const amz_cell start = a->start.given ? a->start.y * a->w + a->start.x : 0;
    const amz_cell goal = a->goal.given ? a->goal.y * a->w + a->goal.x : a->w * a->h - 1;
    char recipe[AMZ_RECIPE_MAX];
    amz_stream_header h = {a->topo, a->w, a->h, start, goal, a->o.seed, a->g->name, recipe};
    /* A recipe that does not fit is left out (NULL = unknown) rather than failing the run. */
    if (amz_gen_recipe(a->g->name, &a->o, a->topo, a->w, a->h, start, goal, recipe, sizeof recipe, NULL))
        h.recipe = NULL;
    amz_image_options io;
    amz_image_options_init(&io);
    uint64_t sink = png ? amz_image_rows_memory(&h, &io) : amz_io_rows_memory(&h);
    uint64_t need = amz_gen_stream_memory(a->g->name, a->w);
    /* Generator rows plus the sink's buffers, both independent of the height; UINT64_MAX
     * from either (overflow) stays "too many to count". */
    need = need == UINT64_MAX || sink == UINT64_MAX ? UINT64_MAX : need + sink;
    char what[128];
    snprintf(what, sizeof what, "streaming a %lld-wide maze with %s", (long long)a->w, a->g->name);
    if ((rc = cli_memory_check(cmd, what, need, max_memory)))
        return rc;

    cli_outfile of;
    if ((rc = cli_outfile_open(&of, out->path)))
        return rc;
    amz_error err;
    amz_error_clear(&err);
    amz_row_sink *s = NULL;
    amz_status st = png ? amz_image_rows_open(of.f.fp, &h, &io, &s, &err) : amz_io_rows_open(of.f.fp, &h, &s, &err);
    cli_progress prog;
    cli_progress_init(&prog, cmd, quiet);
    amz_observer obs = {cli_progress_event, &prog, AMZ_EVENTS_PROGRESS};
    if (st == AMZ_OK)
        st = amz_gen_stream(a->g->name, a->topo, a->w, a->h, &a->o, s, prog.enabled ? &obs : NULL, &err);
    cli_progress_done(&prog);
    /* Exactly one of finish or abort ends the sink (stream.h); abort of the NULL a failed
     * open leaves is a no-op. */
    if (st == AMZ_OK)
        st = amz_row_sink_finish(s, &err);
    else
        amz_row_sink_abort(s);
    return cli_outfile_end(cmd, &of, st, &err);
}
