/* args.c — option-value parsing, input loading, the memory limit and guard, error
 * reporting and subcommand dispatch shared by every amaze subcommand (cli.h documents
 * each). Every message is one line, "amaze: <what>: <why>", on stderr; usage errors
 * return CLI_USAGE (exit 2), everything else CLI_FAIL (exit 1). */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "amaze/image.h"
#include "cli/cli.h"

int cli_fail(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "amaze: %s: ", what);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_FAIL;
}

int cli_usage(const char *cmd, const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "amaze: %s: ", what);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    (void)cmd; /* one line only: scripts and tests read the message as a unit */
    fputc('\n', stderr);
    return CLI_USAGE;
}

/* amz_error_message falls back to the status's generic text when err holds no message,
 * so this is safe after any library call. */
int cli_lib_fail(const char *what, const amz_error *err, amz_status st)
{
    if (what)
        fprintf(stderr, "amaze: %s: %s\n", what, amz_error_message(err, st));
    else
        fprintf(stderr, "amaze: %s\n", amz_error_message(err, st));
    return CLI_FAIL;
}

/* Strict unsigned decimal: digits only, no sign, no spaces, no overflow (strtoull would
 * take "-1" as 2^64 - 1, and leading spaces). On success *end is the first non-digit,
 * which the callers check for the next separator. */
static bool parse_decimal(const char *s, const char **end, uint64_t *out)
{
    uint64_t v = 0;
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p)) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
        p++;
    }
    *end = p;
    *out = v;
    return true;
}

int cli_parse_size(const char *cmd, const char *opt, const char *s, int64_t *w, int64_t *h)
{
    const char *p;
    uint64_t a, b;
    if (!parse_decimal(s, &p, &a) || (*p != 'x' && *p != 'X') || !parse_decimal(p + 1, &p, &b) || *p)
        return cli_usage(cmd, opt, "'%s' is not a size: expected WIDTHxHEIGHT, like 20x10", s);
    if (a < 1 || b < 1)
        return cli_usage(cmd, opt, "'%s': width and height must be at least 1", s);
    if (a > AMZ_MAX_SIDE || b > AMZ_MAX_SIDE)
        return cli_usage(cmd, opt, "'%s': width and height must be at most %d", s, AMZ_MAX_SIDE);
    /* Both sides are at most 2^31 - 1 here, so the product cannot overflow 64 bits. */
    if (a * b > (uint64_t)AMZ_MAX_CELLS)
        return cli_usage(cmd, opt, "'%s' has %" PRIu64 " cells, more than the %lld a maze may have", s, a * b,
                         (long long)AMZ_MAX_CELLS);
    *w = (int64_t)a;
    *h = (int64_t)b;
    return CLI_OK;
}

int cli_parse_u64(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
    const char *p;
    if (!parse_decimal(s, &p, out) || *p)
        return cli_usage(cmd, opt, "'%s' is not a whole number from 0 to %llu", s, (unsigned long long)UINT64_MAX);
    return CLI_OK;
}

/* A count written out (2500000000) or with a power of ten (2.5e9, 1e10, 25E8), as the
 * help texts write budgets: digits, an optional fraction, e and the exponent; the
 * value must be whole and fit 64 bits. Exact: no floating point on the way. */
int cli_parse_count(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
    const char *p = s;
    uint64_t v = 0;
    int digits = 0, frac = 0, e = 0;
    bool point = false, ok = true;
    for (;; p++) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        if (!isdigit((unsigned char)*p))
            break;
        unsigned d = (unsigned)(*p - '0');
        ok = ok && v <= (UINT64_MAX - d) / 10;
        v = v * 10 + d;
        digits++;
        frac += point;
    }
    if ((*p == 'e' || *p == 'E') && isdigit((unsigned char)p[1]))
        for (p++; isdigit((unsigned char)*p); p++)
            if (e < 1000)
                e = e * 10 + (*p - '0');
    /* The value is v x 10^(e - frac): whole only if the digits dropped are zeros. */
    for (; ok && e > frac; e--) {
        ok = v <= UINT64_MAX / 10;
        v *= 10;
    }
    for (; ok && frac > e; frac--) {
        ok = v % 10 == 0;
        v /= 10;
    }
    if (!digits || *p || !ok)
        return cli_usage(cmd, opt, "'%s' is not a whole number like 5000000 or 5e6 (at most %llu)", s,
                         (unsigned long long)UINT64_MAX);
    *out = v;
    return CLI_OK;
}

/* Whole numbers only: lo must be >= 0 (no sign is accepted, and a negative lo, cast to
 * uint64_t, would refuse every value). */
int cli_parse_int_range(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out)
{
    const char *p;
    uint64_t v;
    if (!parse_decimal(s, &p, &v) || *p || v < (uint64_t)lo || v > (uint64_t)hi)
        return cli_usage(cmd, opt, "'%s' is not a whole number from %d to %d", s, lo, hi);
    *out = (int)v;
    return CLI_OK;
}

int cli_parse_cell(const char *cmd, const char *opt, const char *s, cli_cell *out)
{
    const char *p;
    uint64_t v[3] = {0, 0, 0};
    int n = 0;
    /* Two or three numbers; a fourth comma is left in *p and refused below. */
    bool ok = parse_decimal(s, &p, &v[n++]);
    while (ok && *p == ',' && n < 3)
        ok = parse_decimal(p + 1, &p, &v[n++]);
    if (!ok || *p || n < 2 || v[0] > AMZ_MAX_SIDE || v[1] > AMZ_MAX_SIDE || v[2] > AMZ_MAX_LEVELS)
        return cli_usage(cmd, opt,
                         "'%s' is not a cell: expected X,Y (column,row from 0 at the top left; polar: cell,ring) "
                         "or X,Y,Z with a level",
                         s);
    *out = (cli_cell){(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], true};
    return CLI_OK;
}

int cli_parse_xy(const char *cmd, const char *opt, const char *s, int64_t *x, int64_t *y)
{
    const char *p;
    uint64_t a, b;
    if (!parse_decimal(s, &p, &a) || *p != ',' || !parse_decimal(p + 1, &p, &b) || *p || a > AMZ_MAX_SIDE ||
        b > AMZ_MAX_SIDE)
        return cli_usage(cmd, opt, "'%s' is not a tile: expected X,Y (column,row from 0 at the top left)", s);
    *x = (int64_t)a;
    *y = (int64_t)b;
    return CLI_OK;
}

int cli_parse_bytes(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
    const char *p;
    uint64_t v, mul = 1;
    if (!parse_decimal(s, &p, &v))
        return cli_usage(cmd, opt, "'%s' is not a size in bytes (like 512M or 4G)", s);
    /* Binary units (K = 1024), any case, with an optional B after the unit; a B alone
     * ("512B") is refused, as is any other suffix. */
    switch (toupper((unsigned char)*p)) {
    case 0: break;
    case 'K': mul = 1ull << 10; p++; break;
    case 'M': mul = 1ull << 20; p++; break;
    case 'G': mul = 1ull << 30; p++; break;
    case 'T': mul = 1ull << 40; p++; break;
    default: return cli_usage(cmd, opt, "'%s' is not a size in bytes (like 512M or 4G)", s);
    }
    if (*p == 'B' || *p == 'b')
        p++;
    if (*p || (v && mul > UINT64_MAX / v))
        return cli_usage(cmd, opt, "'%s' is not a size in bytes (like 512M or 4G)", s);
    *out = v * mul;
    return CLI_OK;
}

int cli_parse_max_memory(const char *cmd, const char *s, uint64_t *out)
{
    int rc = cli_parse_bytes(cmd, "--max-memory", s, out);
    if (rc == CLI_OK && *out == 0)
        return cli_usage(cmd, "--max-memory", "'%s': nothing fits in 0 bytes (give a size like 512M)", s);
    return rc;
}

/* Bytes the machine can still give: MemAvailable from /proc/meminfo (Linux: the kernel's
 * estimate of what can be had without swapping), else the free physical pages, else
 * UINT64_MAX when neither is known (no limit). */
static uint64_t available_memory(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kb = 0;
    if (f) {
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "MemAvailable:", 13) == 0) {
                kb = strtoull(line + 13, NULL, 10);
                break;
            }
        fclose(f);
    }
    if (kb)
        return (uint64_t)kb * 1024;
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : UINT64_MAX;
}

uint64_t cli_memory_limit(uint64_t max_memory_opt)
{
    if (max_memory_opt)
        return max_memory_opt;
    /* 90% leaves a margin for the rest of the system; UINT64_MAX (unknown) stays so. */
    uint64_t avail = available_memory();
    return avail == UINT64_MAX ? avail : avail / 10 * 9;
}

/* sysconf gives -1 when it cannot tell: then one core. */
int cli_cores(int cap)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > cap ? cap : (int)n;
}

/* Binary multiples (1 KB = 1024 bytes), one decimal; returns buf for use in a printf. */
const char *cli_human_bytes(uint64_t bytes, char *buf, size_t cap)
{
    static const char *const unit[] = {"bytes", "KB", "MB", "GB", "TB", "PB", "EB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024 && u < 6) {
        v /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(buf, cap, "%llu bytes", (unsigned long long)bytes);
    else
        snprintf(buf, cap, "%.1f %s", v, unit[u]);
    return buf;
}

int cli_input(const char *cmd, int argc, char **argv, int optind_, const char **path)
{
    if (argc - optind_ > 1)
        return cli_usage(cmd, cmd, "expected one input file, got %d", argc - optind_);
    *path = optind_ < argc ? argv[optind_] : NULL;
    /* An explicit '-' on a terminal is allowed (text art can be typed), with a line on
     * stderr so that the wait is not silent. */
    if (isatty(STDIN_FILENO)) {
        if (!*path)
            return cli_usage(cmd, cmd, "no maze given and standard input is a terminal: give a FILE, pipe a maze in, "
                             "or '-' to type one (see amaze %s --help)", cmd);
        if (strcmp(*path, "-") == 0)
            fprintf(stderr, "amaze: %s: reading a maze from the terminal (.amz, JSON or text art; end with Ctrl-D)\n",
                    cmd);
    }
    if (!*path)
        *path = "-";
    return CLI_OK;
}

int cli_load_maze(const char *path, uint64_t max_memory, amz_maze *m, amz_format *detected)
{
    amz_error err;
    amz_error_clear(&err);
    /* For the reader 0 means no limit, so an unknown amount of memory becomes 0. */
    amz_read_options ro = {cli_memory_limit(max_memory)};
    if (ro.max_bytes == UINT64_MAX)
        ro.max_bytes = 0;
    amz_status st = amz_io_load(path, m, &ro, detected, &err);
    /* The reader's own memory limit (its message ends "... allowed"): say which option
     * raises it. */
    if (st == AMZ_ENOMEM && ro.max_bytes && strstr(err.msg, " allowed")) {
        fprintf(stderr, "amaze: %s (raise with --max-memory)\n", err.msg);
        return CLI_FAIL;
    }
    if (st)
        return cli_lib_fail(NULL, &err, st);
    return CLI_OK;
}

int cli_memory_check(const char *cmd, const char *what, uint64_t need, uint64_t max_memory_opt)
{
    uint64_t limit = cli_memory_limit(max_memory_opt);
    if (need <= limit)
        return CLI_OK;
    /* "allowed" names the user's --max-memory, "available" the default limit. A need
     * past counting gets no "raise with" hint: no limit would help. */
    char n[32], l[32];
    if (need == UINT64_MAX)
        return cli_fail(cmd, "%s needs more memory than can be counted, more than the %s %s", what,
                        cli_human_bytes(limit, l, sizeof l), max_memory_opt ? "allowed" : "available");
    return cli_fail(cmd, "%s needs about %s, more than the %s %s (raise with --max-memory)", what,
                    cli_human_bytes(need, n, sizeof n), cli_human_bytes(limit, l, sizeof l),
                    max_memory_opt ? "allowed" : "available");
}

int cli_memory_guard(const char *cmd, const char *doing, const amz_maze *m, uint64_t work, uint64_t max_memory_opt)
{
    uint64_t maze = amz_maze_memory(m);
    /* With --max-memory the limit covers the maze and the work; by default the maze is
     * already in memory, so the work must fit what is still available. */
    char what[160], a[32], b[32];
    snprintf(what, sizeof what, "%s this %dx%d maze (%s for the maze, %s of working memory)", doing, m->width,
             m->height, cli_human_bytes(maze, a, sizeof a), cli_human_bytes(work, b, sizeof b));
    /* Saturates: UINT64_MAX is cli_memory_check's "too many to count". */
    uint64_t need = work > UINT64_MAX - maze ? UINT64_MAX : maze + work;
    if (!max_memory_opt && work <= cli_memory_limit(0))
        return CLI_OK;
    return cli_memory_check(cmd, what, need, max_memory_opt);
}

int cli_load_mask(const char *path, const amz_grid *g, uint64_t max_memory, amz_maze *m)
{
    /* Zeroed before anything can fail: cli.h promises m left zeroed on failure. */
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    memset(m, 0, sizeof *m);
    if (!f)
        return cli_fail(path, "cannot open: %s", strerror(errno));
    /* Masks are small text files; 256 MB is far beyond any useful one. The buffer doubles
     * from 64 KB and stops at 256 MB; it is the CLI's own (malloc, not the library's
     * allocator) and is not counted against --max-memory. */
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int rc = CLI_OK;
    if (!buf) {
        rc = cli_fail(path, "out of memory");
    } else {
        for (;;) {
            if (len == cap) {
                char *nb = cap < ((size_t)256 << 20) ? realloc(buf, cap * 2) : NULL;
                if (!nb) {
                    rc = cli_fail(path, "mask file too large");
                    break;
                }
                buf = nb;
                cap *= 2;
            }
            /* A short read is not the end (pipes deliver in pieces): only 0 is. */
            size_t got = fread(buf + len, 1, cap - len, f);
            len += got;
            if (got == 0)
                break;
        }
        if (rc == CLI_OK && ferror(f))
            rc = cli_fail(path, "read error: %s", strerror(errno));
    }
    if (f != stdin)
        fclose(f);
    if (rc == CLI_OK) {
        amz_error err;
        amz_error_clear(&err);
        /* A PNG (by its signature) is a picture mask: dark pixels are no cell. */
        bool png = len >= 8 && memcmp(buf, "\x89PNG\r\n\x1a\n", 8) == 0;
        amz_image_read_options ro;
        amz_image_read_options_init(&ro);
        ro.max_bytes = cli_memory_limit(max_memory);
        /* Read as a plain square grid, then laid on the grid of -t, --levels, --wrap
         * and --weave (polar: -s's rings) */
        amz_maze sq;
        amz_status st = png ? amz_image_read_mask(buf, len, &ro, AMZ_TOPO_SQUARE, &sq, &err)
                            : amz_mask_read_text(buf, len, AMZ_TOPO_SQUARE, &sq, &err);
        if (st == AMZ_OK) {
            st = amz_mask_fit(&sq, g, m, &err);
            amz_maze_deinit(&sq);
        }
        if (st)
            rc = cli_fail(path, "%s", amz_error_message(&err, st));
    }
    free(buf);
    return rc;
}

int cli_resolve_cell(const amz_maze *m, const char *opt, const cli_cell *cell, amz_cell *out)
{
    /* cell_at3 gives AMZ_NO_CELL outside the grid but returns removed cells, so the
     * message can tell the two apart. */
    *out = amz_maze_cell_at3(m, cell->x, cell->y, cell->z);
    if (amz_maze_exists(m, *out))
        return CLI_OK;
    char xyz[64], size[64];
    const amz_grid g = amz_maze_grid(m);
    amz_grid_format_size(&g, size, sizeof size);
    if (cell->z)
        snprintf(xyz, sizeof xyz, "%lld,%lld,%lld", (long long)cell->x, (long long)cell->y, (long long)cell->z);
    else
        snprintf(xyz, sizeof xyz, "%lld,%lld", (long long)cell->x, (long long)cell->y);
    /* polar cells are named CELL,RING: say how many rings, and cells in the ring asked */
    char rings[96] = "";
    amz_cell first;
    int32_t n = 0;
    const bool ring = m->topology == AMZ_TOPO_POLAR && cell->y >= 0 && cell->y < m->height &&
                      amz_maze_ring(m, (int32_t)cell->y, &first, &n);
    if (m->topology == AMZ_TOPO_POLAR && ring)
        snprintf(rings, sizeof rings, " (rings 0 to %d; ring %lld has cells 0 to %d)", m->height - 1,
                 (long long)cell->y, n - 1);
    else if (m->topology == AMZ_TOPO_POLAR)
        snprintf(rings, sizeof rings, " (rings 0 to %d)", m->height - 1);
    return cli_fail(opt, "(%s) is %s the %s %s maze%s", xyz, *out == AMZ_NO_CELL ? "outside" : "a removed cell of",
                    size, amz_topology_name(m->topology), rings);
}

int cli_set_ends(const char *cmd, amz_maze *m, const cli_cell *s, const cli_cell *g)
{
    amz_cell start = m->start, goal = m->goal;
    int rc;
    if (s->given && (rc = cli_resolve_cell(m, "--start", s, &start)))
        return rc;
    if (g->given && (rc = cli_resolve_cell(m, "--goal", g, &goal)))
        return rc;
    /* Both are resolved before either is set, so a bad --goal leaves m unchanged. A path
     * found for the old ends no longer answers, hence the clear. */
    if (s->given || g->given) {
        amz_error err;
        amz_error_clear(&err);
        amz_status st = amz_maze_set_ends(m, start, goal, &err);
        if (st)
            return cli_lib_fail(cmd, &err, st);
        amz_maze_clear_solution(m);
    }
    return CLI_OK;
}

uint64_t cli_random_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    /* Keep seeds short enough to type back in: below 10^9. */
    return amz_rng_splitmix64(&x) % 1000000000u;
}

void cli_print_help(FILE *f, const char *text)
{
    fputs(text, f);
}

int cli_subcommands(const char *cmd, const char *help, const cli_sub *subs, size_t n, int argc, char **argv)
{
    if (argc < 2) {
        fputs(help, stderr);
        return CLI_USAGE;
    }
    /* argv[1] is checked before any getopt, so "--help" here is the command's help, and
     * "cmd SUB --help" is left to SUB. */
    const char *sub = argv[1];
    if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0 || strcmp(sub, "help") == 0) {
        cli_print_help(stdout, help);
        return CLI_OK;
    }
    /* "a, b or c" for the error message; a list past the buffer is cut short, never
     * overrun. */
    char names[256] = "";
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(sub, subs[i].name) == 0)
            return subs[i].run(argc - 1, argv + 1);
        int k = snprintf(names + len, sizeof names - len, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                         subs[i].name);
        if (k > 0 && (size_t)k < sizeof names - len)
            len += (size_t)k;
    }
    return cli_usage(cmd, cmd, "unknown command '%s' (expected %s)", sub, names);
}

void cli_print_help_parts(FILE *f, const char *const *parts)
{
    for (; *parts; parts++)
        fputs(*parts, f);
}

void cli_getopt_reset(void)
{
    /* opterr 0: getopt prints nothing, cli_bad_option words the message. */
    optind = 0; /* glibc: full re-initialisation */
    opterr = 0;
}

int cli_bad_option(const char *cmd, int argc, char **argv, int code)
{
    /* getopt has usually stepped past the bad argument, so it is argv[optind - 1]. An
     * unknown short option inside a cluster ("-zq") does not move optind, so short options
     * are named by optopt, which glibc leaves 0 for an unknown long option. */
    const char *arg = optind - 1 < argc && optind > 0 ? argv[optind - 1] : "?";
    if (code == ':')
        return cli_usage(cmd, cmd, "option '%s' needs a value", arg);
    if (optopt && !(arg[0] == '-' && arg[1] == '-'))
        return cli_usage(cmd, cmd, "unknown option '-%c'", optopt);
    return cli_usage(cmd, cmd, "unknown option '%s'", arg);
}
