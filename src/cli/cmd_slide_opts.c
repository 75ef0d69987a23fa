/* cmd_slide_opts.c — what the `amaze slide` commands (cmd_slide.c, cmd_slide_bench.c)
 * and amaze-mpi share: the options and their parsers, reading a board file, and
 * opening the pattern databases with the build's progress bar. It calls none of the
 * commands, so the command files depend on it and not on each other. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/slide_cli.h"

/* MxN: M rows, N columns (x or X), each AMZ_SLIDE_MIN_SIDE..AMZ_SLIDE_MAX_SIDE. Both
 * numbers must start with a digit (no sign, no space); strtol's overflow saturates to
 * LONG_MAX, which the range check then refuses. Usage errors name opt. */
int slide_parse_shape(const char *cmd, const char *opt, const char *s, int *rows, int *cols)
{
    char *end;
    long r = strtol(s, &end, 10), c = 0;
    bool ok = isdigit((unsigned char)*s) && (*end == 'x' || *end == 'X');
    if (ok) {
        const char *p = end + 1;
        c = strtol(p, &end, 10);
        ok = isdigit((unsigned char)*p) && !*end;
    }
    if (!ok)
        return cli_usage(cmd, opt, "'%s' is not a board size: expected MxN (rows x columns), like 4x4", s);
    if (r < AMZ_SLIDE_MIN_SIDE || r > AMZ_SLIDE_MAX_SIDE || c < AMZ_SLIDE_MIN_SIDE || c > AMZ_SLIDE_MAX_SIDE)
        return cli_usage(cmd, opt, "'%s': rows and columns must be from %d to %d", s, AMZ_SLIDE_MIN_SIDE,
                         AMZ_SLIDE_MAX_SIDE);
    *rows = (int)r;
    *cols = (int)c;
    return CLI_OK;
}

int slide_parse_goal(const char *cmd, const char *s, amz_slide_goal *g)
{
    if (strcmp(s, "blank-last") == 0)
        *g = AMZ_SLIDE_BLANK_LAST;
    else if (strcmp(s, "blank-first") == 0)
        *g = AMZ_SLIDE_BLANK_FIRST;
    else
        return cli_usage(cmd, "--goal", "'%s': expected blank-last or blank-first", s);
    return CLI_OK;
}

/* A whole number lo..hi (lo >= 0: cli_parse_u64 takes no sign). */
static int parse_int(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out)
{
    uint64_t v;
    int rc = cli_parse_u64(cmd, opt, s, &v);
    if (rc)
        return rc;
    if (v < (uint64_t)lo || v > (uint64_t)hi)
        return cli_usage(cmd, opt, "'%s' is outside %d to %d", s, lo, hi);
    *out = (int)v;
    return CLI_OK;
}

/* wastar's weight, 1..100 as the library takes it; written as !(in range) so that NaN
 * is refused too. */
static int parse_weight(const char *cmd, const char *s, double *w)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= 1 && v <= 100))
        return cli_usage(cmd, "--weight", "'%s' is not a weight from 1 to 100", s);
    *w = v;
    return CLI_OK;
}

/* --node-limit: a count (5000000 or 5e6, as the help writes budgets), or "none" for
 * the library's "no budget at all" (0 would be the solver's default budget, so it is
 * refused as a count). */
static int parse_limit(const char *cmd, const char *s, uint64_t *out)
{
    if (strcmp(s, "none") == 0) {
        *out = AMZ_SLIDE_NO_LIMIT;
        return CLI_OK;
    }
    int rc = cli_parse_count(cmd, "--node-limit", s, out);
    if (!rc && *out == 0)
        return cli_usage(cmd, "--node-limit", "'%s': expected a count of at least 1, or none", s);
    return rc;
}

/* --timeout: above 0 (0 would mean no timeout to the library) and at most 1e9 s,
 * also refusing NaN. */
static int parse_seconds(const char *cmd, const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v > 0 && v <= 1e9))
        return cli_usage(cmd, "--timeout", "'%s' is not a number of seconds above 0 (up to 1e9)", s);
    *out = v;
    return CLI_OK;
}

/* Handles the options shared by check, solve and bench; CLI_OK if c was one, -1 if
 * not, or a usage error. Each command first turns away the codes it does not take.
 * --max-memory and --first refuse 0 as the other commands do (nothing fits in 0 bytes;
 * no boards is no bench), so 0 in slide_opts keeps meaning "not given". */
int slide_common_option(const char *cmd, int c, slide_opts *o)
{
    switch (c) {
    case OPT_SIZE: return slide_parse_shape(cmd, "--size", optarg, &o->rows, &o->cols);
    case OPT_GOAL: return slide_parse_goal(cmd, optarg, &o->goal);
    case 'a': o->algorithm = optarg; return CLI_OK;
    case OPT_JSON: o->json = true; return CLI_OK;
    case 'v': o->verbose = true; return CLI_OK;
    case OPT_WEIGHT: return parse_weight(cmd, optarg, &o->so.weight);
    case OPT_THREADS:
        o->threads_given = true;
        return parse_int(cmd, "--threads", optarg, 1, 64, &o->so.threads);
    case OPT_PDB: o->so.pdb_name = optarg; return CLI_OK;
    case OPT_CACHE: o->so.cache_dir = optarg; return CLI_OK;
    case OPT_LIMIT: return parse_limit(cmd, optarg, &o->so.node_limit);
    case OPT_TIMEOUT: return parse_seconds(cmd, optarg, &o->so.timeout);
    case OPT_FIRST: {
        int rc = cli_parse_u64(cmd, "--first", optarg, &o->first);
        if (rc == CLI_OK && o->first == 0)
            return cli_usage(cmd, "--first", "'%s': expected 1 or more boards", optarg);
        return rc;
    }
    case 'q': o->quiet = true; return CLI_OK;
    case OPT_MAXMEM: return cli_parse_max_memory(cmd, optarg, &o->max_memory);
    }
    return -1;
}

/* One table for the three commands, so an option is spelt the same in each; each
 * refuses, as unknown, the ones it does not take. */
const struct option slide_common_longopts[] = {
    {"size", required_argument, NULL, OPT_SIZE},       {"goal", required_argument, NULL, OPT_GOAL},
    {"algorithm", required_argument, NULL, 'a'},       {"json", no_argument, NULL, OPT_JSON},
    {"verbose", no_argument, NULL, 'v'},               {"weight", required_argument, NULL, OPT_WEIGHT},
    {"threads", required_argument, NULL, OPT_THREADS}, {"pdb", required_argument, NULL, OPT_PDB},
    {"cache-dir", required_argument, NULL, OPT_CACHE}, {"node-limit", required_argument, NULL, OPT_LIMIT},
    {"first", required_argument, NULL, OPT_FIRST},     {"help", no_argument, NULL, 'h'},
    {"timeout", required_argument, NULL, OPT_TIMEOUT}, {"only", required_argument, NULL, OPT_ONLY},
    {"quiet", no_argument, NULL, 'q'},               {"max-memory", required_argument, NULL, OPT_MAXMEM},
    {NULL, 0, NULL, 0},
};

/* Reads a whole file ("-" = stdin) into a NUL-terminated buffer (at most 4 MB), which
 * the caller frees. The buffer doubles from 4 KB to 4 MB and keeps one byte for the NUL;
 * input that fills it (4 MB less a byte, or more) is refused. NULL after printing why
 * (open, read, size, memory). */
char *slide_read_text(const char *path, const char *cmd)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        cli_fail(path, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0, limit = (size_t)4 << 20;
    char *buf = malloc(cap);
    if (!buf)
        cli_fail(cmd, "out of memory");
    while (buf) {
        if (len + 1 == cap) {
            char *grown = cap < limit ? realloc(buf, cap * 2) : NULL;
            if (!grown) {
                free(buf);
                buf = NULL;
                cli_fail(cmd, "%s: more than 4 MB of input", path);
                break;
            }
            buf = grown;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - 1 - len, f);
        len += n;
        if (n == 0) {
            if (ferror(f)) {
                cli_fail(path, "read failed");
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (buf)
        buf[len] = '\0';
    if (f != stdin)
        fclose(f);
    return buf;
}

/* Shows pattern-database building, which can take a minute or more once: the shared
 * progress bar (with ETA) on a terminal; off one, a single line saying what is
 * happening. The library reports one PROGRESS stream across all the tables it builds,
 * so the bar runs once from 0 to 100%. -q silences both. */
typedef struct build_progress {
    cli_progress bar;
    bool quiet, said;
} build_progress;

static int on_build(void *ctx, const amz_event *ev)
{
    build_progress *p = ctx;
    if (ev->type != AMZ_EV_PROGRESS || !ev->total || p->quiet)
        return 0;
    if (!p->bar.enabled && !p->said) {
        fprintf(stderr, "amaze: slide: building pattern databases (once; they are cached)\n");
        p->said = true;
    }
    return cli_progress_event(&p->bar, ev);
}

/* Opens the pattern databases for pdb (reporting what happened), or leaves *db NULL
 * for other solvers. Loading from the cache is quick; a missing or rejected table is
 * built, which can take minutes. The memory limit is --max-memory or 90% of the
 * available memory (the library's 0, no limit, when that is unknown). CLI_FAIL on any
 * error; a rebuilt table or a cache warning is only reported. On success the caller
 * owns *db (amz_slide_pdb_free) and o->so.pdb points at it. */
int slide_open_tables(const char *cmd, int rows, int cols, slide_opts *o, amz_slide_pdb **db)
{
    *db = NULL;
    if (strcmp(o->algorithm, "pdb") != 0)
        return CLI_OK;
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.name = o->so.pdb_name;
    po.cache_dir = o->so.cache_dir;
    /* Tables are built with every core unless --threads says how many: a build is a
     * one-off wait (a minute and more for 7-8), a search's threads are a choice. */
    po.threads = o->threads_given ? o->so.threads : cli_cores(64);
    po.max_memory = cli_memory_limit(o->max_memory);
    if (po.max_memory == UINT64_MAX)
        po.max_memory = 0;
    build_progress bp = {.quiet = o->quiet};
    cli_progress_init(&bp.bar, "slide tables", o->quiet); /* short: the bar line fits 80 columns */
    amz_observer obs = {on_build, &bp, 0};
    amz_slide_pdb_report rep;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_pdb_open(rows, cols, &po, &obs, db, &rep, &err);
    cli_progress_done(&bp.bar);
    /* The library's memory refusal ends "... allowed": say which option raises it. */
    if (st == AMZ_ENOMEM && strstr(err.msg, " allowed"))
        return cli_fail(cmd, "%s (raise with --max-memory)", err.msg);
    if (st)
        return cli_fail(cmd, "%s", amz_error_message(&err, st));
    if (rep.rejected)
        fprintf(stderr, "amaze: %s: %d cached pattern table%s failed its checks and %s rebuilt\n", cmd,
                rep.rejected, rep.rejected > 1 ? "s" : "", rep.rejected > 1 ? "were" : "was");
    if (rep.warning[0])
        fprintf(stderr, "amaze: %s: warning: %s\n", cmd, rep.warning);
    if (o->verbose) {
        char size[32];
        fprintf(stderr, "amaze: %s: pattern set %s: %d table%s (%d loaded, %d built) in %.2f s, %s\n", cmd,
                amz_slide_pdb_name(*db), rep.groups, rep.groups > 1 ? "s" : "", rep.loaded, rep.built, rep.seconds,
                cli_human_bytes(rep.bytes, size, sizeof size));
    }
    o->so.pdb = *db;
    return CLI_OK;
}

/* The names listed are the registry's four solvers (amaze/slide.h). */
int slide_check_algorithm(const char *cmd, const slide_opts *o)
{
    if (!amz_slide_solver_find(o->algorithm))
        return cli_usage(cmd, "--algorithm", "unknown solver '%s': expected ida, pdb, wastar or fast", o->algorithm);
    return CLI_OK;
}
