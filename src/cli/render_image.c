/* render_image.c — the picture side of `amaze render`: option values for cell, wall,
 * margin, colours and page, and writing PNG, SVG or PDF atomically. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "amaze/image.h"
#include "cli/cli.h"

void cli_image_args_init(cli_image_args *a)
{
    memset(a, 0, sizeof *a);
    a->margin = -1;
}

int cli_image_options(const char *cmd, const cli_image_args *a, amz_image_options *o)
{
    amz_error err;
    amz_error_clear(&err);
    amz_image_options_init(o);
    o->cell = a->cell;
    o->wall = a->wall;
    o->margin = a->margin;
    o->distances = a->distances;
    o->solution = !a->no_solution;
    o->openings = !a->no_openings;
    if (a->stream)
        o->stream = AMZ_STREAM_ALWAYS;
    if (a->colors && amz_palette_parse(a->colors, &o->palette, &err))
        return cli_usage(cmd, "--colors", "%s", err.msg);
    if (a->page && amz_page_parse(a->page, &o->page, &err))
        return cli_usage(cmd, "--page", "%s", err.msg);
    return CLI_OK;
}

bool cli_image_format(const char *format, const char *path, amz_image_format *f)
{
    if (format)
        return amz_image_format_parse(format, f, NULL) == AMZ_OK;
    return path && strcmp(path, "-") != 0 && amz_image_format_from_path(path, f);
}

int cli_render_image(const char *cmd, const amz_maze *m, amz_image_format f, const char *path, const cli_image_args *a,
                     uint64_t max_memory)
{
    amz_image_options o;
    int rc = cli_image_options(cmd, a, &o);
    if (rc)
        return rc;
    if (a->page && f != AMZ_IMAGE_PDF)
        return cli_usage(cmd, "--page", "pages are for PDF output (use -o FILE.pdf or --format pdf)");
    bool to_stdout = !path || strcmp(path, "-") == 0;
    if (to_stdout && isatty(STDOUT_FILENO))
        return cli_fail(cmd, "will not write a %s picture to a terminal; use -o FILE.%s", amz_image_format_name(f),
                        amz_image_format_name(f));
    amz_error err;
    amz_error_clear(&err);
    amz_image_layout l;
    amz_status st = amz_image_layout_get(m, &o, f, &l, &err);
    if (st)
        return cli_fail(cmd, "%s", err.msg);
    amz_outfile of;
    /* Memory: an in-memory canvas is 4 bytes a pixel (plus the PNG encoder's copy of a
     * row); a streamed PNG is a few rows and 2 bits a cell of solution edges;
     * --distances adds 4 bytes a cell; vector output keeps the drawing (bounded by
     * AMZ_IMAGE_VECTOR_MAX_CELLS). */
    uint64_t cells = (uint64_t)m->ncells, work;
    if (l.streamed)
        work = (uint64_t)l.width * 2 + (m->has_solution && o.solution ? cells / 4 : 0);
    else if (f == AMZ_IMAGE_PNG)
        work = (uint64_t)l.width * (uint64_t)l.height * 4 + (m->has_solution && o.solution ? cells * 3 / 8 : 0);
    else
        work = cells * 256; /* cairo's recorded drawing, generously */
    if (o.distances)
        work += cells * 4;
    char doing[64];
    snprintf(doing, sizeof doing, "drawing a %lldx%lld px %s of", (long long)l.width, (long long)l.height,
             amz_image_format_name(f));
    if ((rc = cli_memory_guard(cmd, doing, m, work, max_memory)))
        return rc;
    if ((st = amz_outfile_open(&of, to_stdout ? "-" : path, &err)))
        return cli_lib_fail(NULL, &err, st);
    cli_progress prog;
    cli_progress_init(&prog, cmd, a->quiet);
    amz_observer obs = {cli_progress_event, &prog, AMZ_EVENTS_PROGRESS};
    if (prog.enabled)
        o.observer = &obs;
    st = amz_image_write(m, &o, f, of.fp, &err);
    cli_progress_done(&prog);
    if (st) {
        amz_outfile_abort(&of);
        return cli_fail(to_stdout ? "standard output" : path, "%s", amz_error_message(&err, st));
    }
    if ((st = amz_outfile_commit(&of, &err)))
        return cli_lib_fail(NULL, &err, st);
    return CLI_OK;
}
