/* output.c — where every command's output goes: the format by flag, extension or
 * terminal, and atomic output files (amz_outfile, io.h) whose temporary file the signal
 * handler knows, so that neither a failure nor an interrupt leaves a partial file. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_outfile_open(cli_outfile *o, const char *path)
{
    amz_error err;
    amz_error_clear(&err);
    const bool to_stdout = !path || strcmp(path, "-") == 0;
    o->name = to_stdout ? "standard output" : path;
    /* Tests reach the named temporary file of systems without unnamed ones. */
    const char *named = getenv("AMZ_TEST_NAMED_TMP");
    /* The termination signals are held from the temporary file's creation until the
     * handler knows its name: one in between would leave a named temporary file behind
     * (seen on a loaded machine, test_leftovers). Held ones are taken once it is
     * tracked. Not for standard output or a device written in place: no temporary
     * file, and opening a FIFO waits for its reader, which a signal must still end. */
    struct stat sb;
    const bool in_place = to_stdout || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode));
    sigset_t hold, old;
    sigemptyset(&old);
    sigemptyset(&hold);
    sigaddset(&hold, SIGINT);
    sigaddset(&hold, SIGTERM);
    sigaddset(&hold, SIGHUP);
    if (!in_place)
        sigprocmask(SIG_BLOCK, &hold, &old);
    amz_status st = named && *named ? amz_outfile_open_named(&o->f, to_stdout ? "-" : path, &err)
                                    : amz_outfile_open(&o->f, to_stdout ? "-" : path, &err);
#ifdef AMZ_TEST_HOOKS
    /* Tests: signal number AMZ_TEST_SIGNAL_AT_OPEN at the worst moment, the temporary
     * file made and not yet tracked (tests/cli/test_leftovers.sh). */
    const char *sig = getenv("AMZ_TEST_SIGNAL_AT_OPEN");
    const long signo = sig ? strtol(sig, NULL, 10) : 0;
    if (!st && signo > 0 && signo < 65)
        raise((int)signo);
#endif
    /* An unnamed (O_TMPFILE) temporary file vanishes with the process: nothing to remove.
     * o->f.tmp is NULL too when writing standard output or a device in place. */
    if (!st)
        cli_signals_track(o->f.unnamed ? NULL : o->f.tmp);
    if (!in_place)
        sigprocmask(SIG_SETMASK, &old, NULL);
    if (st)
        return cli_lib_fail(NULL, &err, st);
    return CLI_OK;
}

int cli_outfile_end(const char *cmd, cli_outfile *o, amz_status st, const amz_error *err)
{
    /* Each path stops tracking only after the temporary file is gone or renamed, so a
     * signal in between still removes it. */
    if (st) {
        amz_outfile_abort(&o->f);
        cli_signals_track(NULL);
        return cli_fail(st == AMZ_EIO ? o->name : cmd, "%s", amz_error_message(err, st));
    }
    amz_error cerr;
    amz_error_clear(&cerr);
    /* The commit's message names the file already ("path: ..."): no prefix. A full disk or
     * a closed standard output may show only here, at the flush. */
    st = amz_outfile_commit(&o->f, &cerr);
    cli_signals_track(NULL);
    if (st)
        return cli_lib_fail(NULL, &cerr, st);
    return CLI_OK;
}

void cli_outfile_cancel(cli_outfile *o)
{
    amz_outfile_abort(&o->f);
    cli_signals_track(NULL);
}

/* True for an existing device, FIFO or socket: written in place, named by no extension. */
static bool is_device(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode);
}

/* NULL (no -o) and "-" (an explicit -o -) both mean standard output. */
static bool to_stdout(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

/* ".amz, .json or .txt" — the extensions of fmts, for messages. snprintf truncates at
 * cap and len then passes it, which ends the loop: never an overrun. */
static const char *ext_list(const cli_format *fmts, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        int k = snprintf(buf + len, cap - len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", fmts[i].ext);
        len += k > 0 ? (size_t)k : 0;
    }
    return buf;
}

int cli_output_format(const char *cmd, const char *path, const char *format, const cli_format *fmts, int n, int dflt,
                      int *out)
{
    /* --format wins over the name: "-o out.dat --format json" is allowed. */
    char exts[128];
    *out = dflt;
    if (format) {
        for (int i = 0; i < n; i++)
            if (strcmp(format, fmts[i].name) == 0) {
                *out = i;
                goto chosen;
            }
        /* "amz, json or text", cut (not overrun) at the buffer's end like ext_list. */
        char names[128];
        size_t len = 0;
        for (int i = 0; i < n && len < sizeof names; i++) {
            int k = snprintf(names + len, sizeof names - len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                             fmts[i].name);
            len += k > 0 ? (size_t)k : 0;
        }
        return cli_usage(cmd, "--format", "'%s': %s writes %s", format, cmd, names);
    }
    *out = dflt;
    /* Only the last component's extension counts: a dot in a folder name ("v1.2/maze")
     * is not one. */
    if (!to_stdout(path) && !is_device(path)) {
        const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
        bool found = false;
        for (int i = 0; dot && (!slash || dot > slash) && i < n && !found; i++)
            if (strcasecmp(dot, fmts[i].ext) == 0) {
                *out = i;
                found = true;
            }
        if (!found)
            return cli_usage(cmd, path, "cannot tell the format from the file name: %s writes %s files%s", cmd,
                             ext_list(fmts, n, exts, sizeof exts), n > 1 ? " (or give --format)" : "");
    }
chosen:
    /* Binary data on a terminal is noise, and can upset it: only on request. !path, not
     * to_stdout: an explicit -o - is that request. CLI_FAIL (1), not a usage error. */
    if (fmts[*out].binary && !path && isatty(STDOUT_FILENO))
        return cli_fail(cmd, "will not write %s data to a terminal; give -o FILE%s, a pipe, or -o - to insist", 
                        fmts[*out].name, fmts[*out].ext);
    return CLI_OK;
}

int cli_output_not_input(const char *cmd, const char *in, const char *out, bool same_format)
{
    /* Same device and inode: catches the one file under two spellings (./m.amz, a hard
     * link) too. An output that does not exist yet cannot be the input. */
    struct stat a, b;
    if (same_format || !in || !out || strcmp(in, "-") == 0 || strcmp(out, "-") == 0 || stat(in, &a) != 0 ||
        stat(out, &b) != 0 || !S_ISREG(a.st_mode) || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
        return CLI_OK;
    return cli_usage(cmd, out, "is the input %s: writing it in another format would destroy it (give another -o)",
                     in);
}

/* Indexes 0, 1, 2 are what cli_output_check maps to AMZ_FORMAT_AMZ, _JSON and _TEXT. */
static const cli_format maze_formats[] = {
    {"amz", ".amz", true},
    {"json", ".json", false},
    {"text", ".txt", false},
};

int cli_output_check(const char *cmd, cli_output *out)
{
    amz_error err;
    amz_error_clear(&err);
    /* Standard output: text on a terminal, .amz into a pipe or file. */
    int dflt = to_stdout(out->path) && isatty(STDOUT_FILENO) ? 2 : 0, k = dflt;
    int rc = cli_output_format(cmd, out->path, out->format, maze_formats, 3, dflt, &k);
    if (rc)
        return rc;
    out->fmt = k == 0 ? AMZ_FORMAT_AMZ : k == 1 ? AMZ_FORMAT_JSON : AMZ_FORMAT_TEXT;
    if (out->graph && out->fmt != AMZ_FORMAT_JSON)
        return cli_usage(cmd, "--graph", "adds neighbours to JSON output; give --format json or a .json file");
    amz_text_options_init(&out->text);
    if (out->style && amz_text_style_parse(out->style, &out->text.style, &err))
        return cli_usage(cmd, "--style", "%s", err.msg);
    /* auto: colour only for a terminal on standard output, and not with NO_COLOR
     * (no-color.org) or TERM=dumb. */
    /* Style and colour are checked even for .amz and JSON, which do not use them: a bad
     * value is refused whatever the output. */
    const char *color = out->color ? out->color : "auto";
    if (strcmp(color, "always") == 0) {
        out->text.color = true;
    } else if (strcmp(color, "auto") == 0) {
        const char *term = getenv("TERM");
        out->text.color =
            to_stdout(out->path) && isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && !(term && strcmp(term, "dumb") == 0);
    } else if (strcmp(color, "never") != 0) {
        return cli_usage(cmd, "--color", "'%s': expected auto, always or never", color);
    }
    out->text.solution = !out->no_solution;
    out->checked = true;
    return CLI_OK;
}

int cli_write_maze(const char *cmd, const amz_maze *m, cli_output *out)
{
    amz_error err;
    amz_error_clear(&err);
    int rc;
    if (!out->checked && (rc = cli_output_check(cmd, out)))
        return rc;
    cli_outfile of;
    if ((rc = cli_outfile_open(&of, out->path)))
        return rc;
    amz_status st = AMZ_OK;
    switch (out->fmt) {
    case AMZ_FORMAT_AMZ: st = amz_io_write_amz(m, of.f.fp, &err); break;
    case AMZ_FORMAT_JSON: st = amz_io_write_json_graph(m, of.f.fp, out->graph, &err); break;
    case AMZ_FORMAT_TEXT: st = amz_render_text(m, &out->text, of.f.fp, &err); break;
    }
    return cli_outfile_end(cmd, &of, st, &err);
}
