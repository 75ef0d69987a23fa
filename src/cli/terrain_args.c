/* terrain_args.c — option parsers and checks that every `amaze terrain` subcommand
 * uses: numbers, thresholds, regions, colour choice, output names, the memory guard
 * (from amz_terrain_memory_estimate only: the CLI keeps no memory formula), loading.
 * Every refusal is a one-line usage error (exit 2) naming the option. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/terrain_cli.h"

int tcli_parse_double(const char *cmd, const char *opt, const char *s, double lo, double hi, bool lo_open,
                      double *out)
{
    /* strtod, so 1e-3 and .5 are taken; ERANGE (a value too large or too small for a
     * double), inf and nan are not numbers here. */
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v))
        return cli_usage(cmd, opt, "'%s' is not a number", s);
    if (v > hi || v < lo || (lo_open && v == lo))
        return cli_usage(cmd, opt, "%s is outside %s%g, %g]", s, lo_open ? "(" : "[", lo, hi);
    *out = v;
    return CLI_OK;
}

/* Reads a run of 1 to `max_digits` decimal digits at *p, advancing past them. A longer
 * run fails instead of overflowing: callers keep max_digits <= 12, far inside a long long,
 * and check the range themselves. */
static bool read_number(const char **p, int max_digits, long long *out)
{
    long long v = 0;
    int n = 0;
    while (**p >= '0' && **p <= '9' && n < max_digits) {
        v = v * 10 + (**p - '0');
        (*p)++;
        n++;
    }
    *out = v;
    return n > 0 && !(**p >= '0' && **p <= '9');
}

static bool read_signed(const char **p, int max_digits, long long *out)
{
    bool neg = **p == '-';
    if (neg)
        (*p)++;
    if (!read_number(p, max_digits, out))
        return false;
    if (neg)
        *out = -*out;
    return true;
}

int tcli_parse_size(const char *cmd, const char *s, int64_t *w, int64_t *h)
{
    long long a, b;
    const char *p = s;
    /* Ten digits is enough for any side up to AMZ_TERRAIN_MAX_SIDE (2^20) and catches
     * larger ones in the range check, not as garbage. */
    if (!read_number(&p, 10, &a) || (*p != 'x' && *p != 'X') || (p++, !read_number(&p, 10, &b)) || *p)
        return cli_usage(cmd, "--size", "'%s' is not a size WxH like 257x257", s);
    if (a < 1 || b < 1 || a > AMZ_TERRAIN_MAX_SIDE || b > AMZ_TERRAIN_MAX_SIDE ||
        (uint64_t)a * (uint64_t)b > AMZ_TERRAIN_MAX_TILES)
        return cli_usage(cmd, "--size", "%s: sides must be 1 to %d and the map at most 2^36 tiles", s,
                         AMZ_TERRAIN_MAX_SIDE);
    *w = a;
    *h = b;
    return CLI_OK;
}

int tcli_parse_thresholds(const char *cmd, const char *s, amz_terrain_options *o)
{
    long long a, b, c;
    const char *p = s;
    if (!read_number(&p, 3, &a) || *p++ != ',' || !read_number(&p, 3, &b) || *p++ != ',' ||
        !read_number(&p, 3, &c) || *p)
        return cli_usage(cmd, "--thresholds", "'%s' is not three heights S,E,R like 40,45,75", s);
    /* Thresholds are tile heights (0..99), so 100 leaves a type out; they must not
     * decrease (S <= E <= R). */
    if (a > 100 || b > 100 || c > 100 || a > b || b > c)
        return cli_usage(cmd, "--thresholds", "'%s': each must be 0 to 100 (100 = none of that type) and they must "
                         "not decrease", s);
    o->sand_from = (uint8_t)a;
    o->earth_from = (uint8_t)b;
    o->rock_from = (uint8_t)c;
    return CLI_OK;
}

int tcli_parse_region(const char *cmd, const char *s, bool signed_xy, int64_t *x, int64_t *y, int64_t *w,
                      int64_t *h)
{
    long long a, b, c, d;
    const char *p = s;
    /* World positions (terrain generate) may be negative, and their range is the
     * command's check; map positions (terrain render) are tile indices, 0 .. INT32_MAX.
     * W and H are 1 .. INT32_MAX here (the commands' sides are int32: a larger one
     * would wrap, 2^32 to 0, "to the map's edge"). The separator is a lowercase x. */
    bool ok = signed_xy ? read_signed(&p, 12, &a) : read_number(&p, 10, &a);
    ok = ok && *p++ == ',';
    ok = ok && (signed_xy ? read_signed(&p, 12, &b) : read_number(&p, 10, &b));
    ok = ok && *p++ == ',' && read_number(&p, 10, &c) && *p++ == 'x' && read_number(&p, 10, &d) && !*p;
    if (!ok || c < 1 || d < 1 || c > INT32_MAX || d > INT32_MAX || (!signed_xy && (a > INT32_MAX || b > INT32_MAX)))
        return cli_usage(cmd, "--region", "'%s' is not a region X,Y,WxH like %s", s, signed_xy ? "-500,200,640x480"
                                                                                              : "0,0,80x24");
    *x = a;
    *y = b;
    *w = c;
    *h = d;
    return CLI_OK;
}

int tcli_color_choice(const char *cmd, const char *when, bool to_stdout, bool *out)
{
    if (!when || strcmp(when, "auto") == 0) {
        const char *term = getenv("TERM");
        *out = to_stdout && isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && !(term && strcmp(term, "dumb") == 0);
    } else if (strcmp(when, "always") == 0) {
        *out = true;
    } else if (strcmp(when, "never") == 0) {
        *out = false;
    } else {
        return cli_usage(cmd, "--color", "'%s': expected auto, always or never", when);
    }
    return CLI_OK;
}

int tcli_input(const char *cmd, const char *path)
{
    /* An .amt map is binary: nobody types one, so a terminal would only wait. */
    if (strcmp(path, "-") == 0 && isatty(STDIN_FILENO))
        return cli_usage(cmd, "-", "standard input is a terminal: pipe a .amt map in or give its file");
    return CLI_OK;
}

int tcli_load(const char *path, uint64_t max_memory, amz_terrain *t)
{
    amz_error err;
    amz_error_clear(&err);
    uint64_t limit = cli_memory_limit(max_memory);
    /* The reader's limit covers the tiles, the whole of what loading allocates
     * beside the estimate's small fixed part. */
    amz_status st = amz_terrain_load(path, t, limit == UINT64_MAX ? 0 : limit, &err);
    return st ? cli_lib_fail(NULL, &err, st) : CLI_OK;
}

int tcli_memory_guard(const char *cmd, amz_terrain_job job, int64_t w, int64_t h, const amz_terrain_options *o,
                      int scale, uint64_t max_memory)
{
    char what[64];
    snprintf(what, sizeof what, "a %lldx%lld map", (long long)w, (long long)h);
    return cli_memory_check(cmd, what, amz_terrain_memory_estimate(job, w, h, o, scale), max_memory);
}

/* A tcli_writer; ctx is tcli_draw_text's struct text_job, whose layout this one must
 * repeat member for member. */
static amz_status write_text(const void *ctx, FILE *f, amz_error *err)
{
    const struct text_job {
        const amz_terrain *t;
        const amz_terrain_text_options *to;
    } *j = ctx;
    return amz_terrain_render_text(j->t, j->to, f, err);
}

int tcli_draw_text(const amz_terrain *t, const amz_terrain_text_options *to, const char *path)
{
    struct text_job {
        const amz_terrain *t;
        const amz_terrain_text_options *to;
    } j = {t, to};
    return tcli_write("terrain render", path, write_text, &j);
}

int tcli_write(const char *cmd, const char *path, tcli_writer fn, const void *ctx)
{
    /* cli_outfile_open has printed why; cli_outfile_end commits only if fn succeeded. */
    cli_outfile of;
    if (cli_outfile_open(&of, path) != CLI_OK)
        return CLI_FAIL;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = fn(ctx, of.f.fp, &err);
    return cli_outfile_end(cmd, &of, st, &err);
}
