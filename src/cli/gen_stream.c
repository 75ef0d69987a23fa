/* gen_stream.c — `amaze generate --stream`: rows from a row generator go straight to a
 * streamed-rows .amz file or a block-style PNG, so memory follows the width only. The
 * output is still atomic: a temporary file renamed into place at the end. */
#include <string.h>
#include <unistd.h>

#include "amaze/stream.h"
#include "cli/cli.h"

/* Which writer: by --format, else the -o extension, else .amz on a pipe. */
static int stream_format(const char *cmd, const cli_output *out, bool *png)
{
    const char *f = out->format;
    bool to_stdout = !out->path || strcmp(out->path, "-") == 0;
    if (!f && !to_stdout) {
        const char *dot = strrchr(out->path, '.'), *slash = strrchr(out->path, '/');
        if (dot && (!slash || dot > slash) && (strcmp(dot, ".amz") == 0 || strcmp(dot, ".png") == 0))
            f = dot + 1;
        else
            return cli_usage(cmd, "--stream", "'%s': a streamed maze is written as .amz or .png (or use --format)",
                             out->path);
    }
    if (!f)
        f = "amz";
    if (strcmp(f, "amz") != 0 && strcmp(f, "png") != 0)
        return cli_usage(cmd, "--format", "'%s': --stream writes amz or png", f);
    *png = strcmp(f, "png") == 0;
    if (to_stdout && isatty(STDOUT_FILENO))
        return cli_fail(cmd, "will not stream a %s maze to a terminal; use -o FILE.amz or a pipe", f);
    return CLI_OK;
}

int cli_generate_stream(const char *cmd, const cli_stream_args *a)
{
    bool png = false;
    int rc = stream_format(cmd, a->out, &png);
    if (rc)
        return rc;
    amz_stream_header h = {a->topology, a->width, a->height, a->start, a->goal, a->o->seed, a->algorithm};
    amz_image_options io;
    amz_image_options_init(&io);
    io.stream = AMZ_STREAM_ALWAYS;
    amz_error err;
    amz_error_clear(&err);

    /* Memory guard: the generator's rows plus the writer's (a PNG row is a byte a
     * pixel plus half a byte packed, and zlib's window). */
    uint64_t need = amz_gen_stream_memory(a->algorithm, a->width), limit = cli_memory_limit(a->max_memory);
    if (png) {
        amz_maze shell;
        memset(&shell, 0, sizeof shell);
        shell.topology = a->topology;
        shell.width = (int32_t)a->width;
        shell.height = (int32_t)a->height;
        amz_image_layout l;
        amz_status st = amz_image_layout_get(&shell, &io, AMZ_IMAGE_PNG, &l, &err);
        if (st)
            return cli_fail(cmd, "%s", err.msg);
        need += (uint64_t)l.width * 2 + ((uint64_t)a->width * 2 + 63) / 64 * 8 + (1u << 20);
    } else {
        need += ((uint64_t)a->width * 2 + 7) / 8;
    }
    if (need > limit) {
        char x[32], y[32];
        return cli_fail(cmd,
                        "streaming a %lld-wide maze needs about %s with %s, more than the %s allowed (raise with "
                        "--max-memory)",
                        (long long)a->width, cli_human_bytes(need, x, sizeof x), a->algorithm,
                        cli_human_bytes(limit, y, sizeof y));
    }

    bool to_stdout = !a->out->path || strcmp(a->out->path, "-") == 0;
    const char *where = to_stdout ? "standard output" : a->out->path;
    amz_outfile of;
    amz_status st = amz_outfile_open(&of, to_stdout ? "-" : a->out->path, &err);
    if (st)
        return cli_lib_fail(NULL, &err, st);
    cli_signals_track(of.tmp);
    amz_amz_rows aw;
    amz_image_rows *pw = NULL;
    st = png ? amz_image_rows_begin(&pw, &h, &io, of.fp, &err) : amz_amz_rows_begin(&aw, of.fp, &h, &err);
    cli_progress prog;
    cli_progress_init(&prog, "generate", a->quiet);
    amz_observer obs = {cli_progress_event, &prog, AMZ_EVENTS_PROGRESS};
    if (st == AMZ_OK)
        st = amz_gen_stream(a->algorithm, a->topology, a->width, a->height, a->o,
                            png ? amz_image_rows_put : amz_amz_rows_put, png ? (void *)pw : (void *)&aw,
                            prog.enabled ? &obs : NULL, &err);
    cli_progress_done(&prog);
    if (st == AMZ_OK)
        st = png ? amz_image_rows_end(pw, &err) : amz_amz_rows_end(&aw, &err);
    else if (png)
        amz_image_rows_free(pw);
    else
        amz_amz_rows_abort(&aw);
    if (st) {
        amz_outfile_abort(&of);
        cli_signals_track(NULL);
        return cli_fail(st == AMZ_EIO ? where : cmd, "%s", amz_error_message(&err, st));
    }
    st = amz_outfile_commit(&of, &err);
    cli_signals_track(NULL);
    if (st)
        return cli_lib_fail(NULL, &err, st);
    return CLI_OK;
}
