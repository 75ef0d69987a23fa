/* render_image.c — the picture side of `amaze render` (and `amaze animate`'s options):
 * option values for cell, wall, margin, colours and page, the memory guard, and writing
 * PNG, SVG or PDF atomically, with --answer-key as a second file or a second PDF page. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "amaze/image.h"
#include "cli/cli.h"

void cli_image_args_init(cli_image_args *a)
{
    /* 0 cell and wall and -1 margin mean "auto" to amz_image_options (cli.h). */
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

/* FILE.png -> FILE-key.png: where the solved copy of --answer-key goes (a name without
 * an extension just gains "-key"; a dot in a folder name is not an extension). */
static void key_path(const char *path, char *out, size_t cap)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
    snprintf(out, cap, "%.*s-key%s", (int)stem, path, path + stem);
}

/* --answer-key as two pictures: the puzzle at path, the solved copy beside it. Both are
 * written in full before either is committed, so a failed write leaves neither file; only
 * a failure of the key's own commit, after the puzzle's, can leave the puzzle alone. */
static int write_pair(const char *cmd, const amz_maze *m, amz_image_format f, const char *path,
                      const amz_image_options *o)
{
    char kpath[4096];
    key_path(path, kpath, sizeof kpath);
    cli_outfile puzzle, key;
    int rc = cli_outfile_open(&puzzle, path);
    if (rc)
        return rc;
    if ((rc = cli_outfile_open(&key, kpath))) {
        cli_outfile_cancel(&puzzle);
        return rc;
    }
    amz_error err;
    amz_error_clear(&err);
    amz_image_options p = *o;
    p.solution = false;
    amz_status st = amz_image_write(m, &p, f, puzzle.f.fp, &err);
    if (!st)
        st = amz_image_write(m, o, f, key.f.fp, &err);
    if (st) {
        cli_outfile_cancel(&key);
        return cli_outfile_end(cmd, &puzzle, st, &err);
    }
    if ((rc = cli_outfile_end(cmd, &puzzle, AMZ_OK, NULL))) {
        cli_outfile_cancel(&key);
        return rc;
    }
    return cli_outfile_end(cmd, &key, AMZ_OK, NULL);
}

int cli_render_image(const char *cmd, const amz_maze *m, amz_image_format f, const char *path, const cli_image_args *a,
                     uint64_t max_memory)
{
    amz_image_options o;
    int rc = cli_image_options(cmd, a, &o);
    if (rc)
        return rc;
    /* Option pairs are refused before any solving or drawing. */
    if (a->page && f != AMZ_IMAGE_PDF)
        return cli_usage(cmd, "--page", "pages are for PDF output (use -o FILE.pdf or --format pdf)");
    amz_maze solved;
    if (a->answer_key) {
        if (a->no_solution)
            return cli_usage(cmd, "--answer-key", "shows the solution on its key: drop --no-solution");
        if (f != AMZ_IMAGE_PDF && (!path || strcmp(path, "-") == 0))
            return cli_usage(cmd, "--answer-key", "a %s key is a second file: give -o FILE.%s (or a PDF: two pages)",
                             amz_image_format_name(f), amz_image_format_name(f));
        if (!m->has_solution) {
            /* The key needs a path: a shortest one, on a copy (m is the caller's and
             * const). The copy has a solution, so the call below does not come back here. */
            amz_error serr;
            amz_error_clear(&serr);
            amz_status st = amz_maze_copy(&solved, m, &serr);
            if (!st && (st = amz_solve_maze(&solved, "bfs", NULL, NULL, NULL, &serr)))
                amz_maze_deinit(&solved);
            if (st)
                return cli_lib_fail(cmd, &serr, st);
            rc = cli_render_image(cmd, &solved, f, path, a, max_memory);
            amz_maze_deinit(&solved);
            return rc;
        }
        /* A PDF carries the key as a second page; other formats go to write_pair. */
        o.answer_key = f == AMZ_IMAGE_PDF;
    }
    amz_error err;
    amz_error_clear(&err);
    amz_image_layout l;
    amz_status st = amz_image_layout_get(m, &o, f, &l, &err);
    if (st)
        return cli_fail(cmd, "%s", err.msg);
    /* The guard runs before any output file is opened, so a refusal leaves nothing. */
    uint64_t work = amz_image_memory_estimate(m, &o, f);
    char doing[64];
    snprintf(doing, sizeof doing, "drawing a %lldx%lld px %s of", (long long)l.width, (long long)l.height,
             amz_image_format_name(f));
    if ((rc = cli_memory_guard(cmd, doing, m, work, max_memory)))
        return rc;
    if (a->answer_key && f != AMZ_IMAGE_PDF)
        return write_pair(cmd, m, f, path, &o);
    cli_outfile of;
    if ((rc = cli_outfile_open(&of, path)))
        return rc;
    cli_progress prog;
    cli_progress_init(&prog, cmd, a->quiet);
    amz_observer obs = {cli_progress_event, &prog, AMZ_EVENTS_PROGRESS};
    if (prog.enabled)
        o.observer = &obs;
    st = amz_image_write(m, &o, f, of.f.fp, &err);
    cli_progress_done(&prog);
    return cli_outfile_end(cmd, &of, st, &err);
}
