/* cmd_slide_bench.c — `amaze slide bench`: solve every board of an instance file
 * (Korf's format: a board, then optionally its optimal length), check the lengths
 * and print a table with totals. The instance files in data/ and what they measure:
 * docs/SLIDE.md; results: bench/RESULTS-slide.md. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/slide_cli.h"

static const char help_bench[] =
    "Usage: amaze slide bench FILE [options]\n"
    "Solve every board of an instance file and print, per board, the length found,\n"
    "the expected length, nodes and time, then totals. Each line of FILE is a board\n"
    "on one line, optionally followed by its optimal length; '#' starts a comment.\n"
    "\n"
    "Options:\n"
    "  -a, --algorithm NAME ida, pdb (default), wastar or fast\n"
    "      --first N        only the first N boards\n"
    "      --only I,J,...   only these boards (numbered from 1 in file order)\n"
    "      --threads N      search threads, 1 to 64 (default 1); pattern tables\n"
    "                       are built on N (default: every core)\n"
    "      --pdb NAME       pattern set for pdb\n"
    "      --max-memory SIZE refuse pattern databases that would need more memory\n"
    "      --cache-dir DIR  where pattern databases are kept\n"
    "      --weight W       wastar's weight (default 1.5)\n"
    "      --node-limit N   give up on a board after N nodes ('none': never; default\n"
    "                       the solver's budget, as in slide solve)\n"
    "      --timeout S      give up on a board after S seconds of search\n"
    "      --size MxN       boards have M rows and N columns (default: square)\n"
    "      --goal GOAL      blank-last (default) or blank-first\n"
    "  -q, --quiet          no progress bar while pattern databases are built\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "'bound' is the solver's lower bound for the board (its heuristic at the start;\n"
    "Manhattan distance for fast). A board whose node limit or timeout runs out is\n"
    "listed as 'gave up' with the nodes and time spent, and counted apart. Exit\n"
    "status 1 if a board fails otherwise or a length is wrong: for ida and pdb any\n"
    "length other than the expected one; for wastar one below it or above WEIGHT\n"
    "times it; for fast one below it. Every solution is replayed to the goal.\n";

/* --only: a comma-separated list of board numbers (from 1) into a bit set of cap bytes
 * (board v is bit (v-1) % 8 of byte (v-1) / 8), so numbers run 1 .. 8 * cap. Repeats
 * are harmless; *any tells that a list was given. Usage error for anything else. */
static int parse_only(const char *cmd, const char *s, uint8_t *set, size_t cap, bool *any)
{
    const char *p = s;
    for (;;) {
        char *end;
        if (!isdigit((unsigned char)*p))
            return cli_usage(cmd, "--only", "'%s': expected board numbers like 1,5,7", s);
        unsigned long v = strtoul(p, &end, 10);
        if (v < 1 || v > cap * 8)
            return cli_usage(cmd, "--only", "'%s': board numbers run from 1 to %zu", s, cap * 8);
        set[(v - 1) / 8] |= (uint8_t)(1u << ((v - 1) % 8));
        *any = true;
        if (!*end)
            return CLI_OK;
        if (*end != ',')
            return cli_usage(cmd, "--only", "'%s': expected board numbers like 1,5,7", s);
        p = end + 1;
    }
}

/* Reads the nodes a solve has expanded so far from its PROGRESS events (sent every
 * 16384 nodes), so that a board that gives up still reports its work. */
typedef struct bench_watch {
    uint64_t nodes;
    double t0;
} bench_watch;

static int bench_event(void *ctx, const amz_event *ev)
{
    bench_watch *w = ctx;
    if (ev->type == AMZ_EV_PROGRESS && ev->index > w->nodes)
        w->nodes = ev->index;
    return 0;
}

/* Monotonic seconds, for the time a board that gave up spent (the solver's own clock
 * is lost with its solution). */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Splits one instance line into a board and an optional expected length (-1 when
 * absent), after cutting a '#' comment. Without --size the board is square, its side
 * told by the count: k*k numbers, or k*k + 1 with the length (unique, as no two squares
 * from 4 on differ by one). The board must be a solvable permutation. CLI_FAIL with
 * "PATH:LINE: why". */
static int bench_line(const char *cmd, const char *path, int line_no, char *line, const slide_opts *o,
                      amz_slide_board *b, long *expected)
{
    /* Count the numbers to tell "cells" from "cells + length". At most a full board
     * and its length fit; one number more is refused. */
    long nums[AMZ_SLIDE_MAX_CELLS + 2] = {0};
    int count = 0;
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    for (char *p = line; *p;) {
        while (*p && (isspace((unsigned char)*p) || *p == ','))
            p++;
        if (!*p)
            break;
        char *end;
        if (!isdigit((unsigned char)*p))
            return cli_fail(cmd, "%s:%d: '%.20s' is not a number", path, line_no, p);
        long v = strtol(p, &end, 10);
        if (count == AMZ_SLIDE_MAX_CELLS + 1)
            return cli_fail(cmd, "%s:%d: too many numbers", path, line_no);
        nums[count++] = v;
        p = end;
    }
    int cells = o->rows ? o->rows * o->cols : 0;
    if (!cells) {
        for (int k = 2; k <= AMZ_SLIDE_MAX_SIDE; k++)
            if (k * k == count || k * k == count - 1)
                cells = k * k;
        if (!cells)
            return cli_fail(cmd, "%s:%d: %d numbers make no square board (with or without a length); use --size",
                            path, line_no, count);
    }
    if (count != cells && count != cells + 1)
        return cli_fail(cmd, "%s:%d: %d numbers for a board of %d cells (plus an optional length)", path, line_no,
                        count, cells);
    *expected = count == cells + 1 ? nums[cells] : -1;
    int tiles[AMZ_SLIDE_MAX_CELLS];
    for (int i = 0; i < cells; i++)
        /* Clamped only to make the conversion to int safe: any value this large is out of
         * range, and amz_slide_board_set refuses it. */
        tiles[i] = nums[i] > 100000 ? 100000 : (int)nums[i];
    int rows = o->rows, cols = o->cols;
    if (!rows)
        for (rows = 2; rows * rows != cells; rows++)
            ;
    if (!cols)
        cols = rows;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_board_set(b, rows, cols, o->goal, tiles, (size_t)cells, &err);
    if (!st)
        st = amz_slide_check(b, &err);
    if (st)
        return cli_fail(cmd, "%s:%d: %s", path, line_no, amz_error_message(&err, st));
    return CLI_OK;
}

/* `slide bench FILE`: one table line a board, then totals. Boards are solved one after
 * the other with the same options; pattern tables are opened once, for the first
 * board's shape (pdb), and every board must have it. Exit 1 if a line cannot be read as a
 * board (the run stops there), or if any board failed or had a wrong length (checked
 * against the expected length as the help says: exact for the optimal solvers, within
 * weight x for wastar, not below it for any); boards that gave up are counted apart
 * and do not fail the run. */
int slide_bench(int argc, char **argv)
{
    const char *cmd = "slide bench";
    slide_opts o = {0};
    o.goal = AMZ_SLIDE_BLANK_LAST;
    o.algorithm = "pdb";
    amz_slide_solve_options_init(&o.so);
    int c, rc;
    /* Boards 1 .. 65536 can be picked by --only (a bit each). */
    static uint8_t only[8192];
    bool has_only = false;
    memset(only, 0, sizeof only);
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":a:qh", slide_common_longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_print_help(stdout, help_bench);
            return CLI_OK;
        }
        if (c == OPT_ONLY) {
            if ((rc = parse_only(cmd, optarg, only, sizeof only, &has_only)))
                return rc;
            continue;
        }
        /* --json and -v are solve's: the bench's output is its table. */
        rc = c == OPT_JSON || c == 'v' ? -1 : slide_common_option(cmd, c, &o);
        if (rc < 0)
            return cli_bad_option(cmd, argc, argv, c == ':' ? ':' : '?');
        if (rc)
            return rc;
    }
    if (argc - optind != 1)
        return cli_usage(cmd, cmd, "expected one instance file");
    if ((rc = slide_check_algorithm(cmd, &o)))
        return rc;
    const char *path = argv[optind];
    char *text = slide_read_text(path, cmd);
    if (!text)
        return CLI_FAIL;
    const amz_slide_solver_info *info = amz_slide_solver_find(o.algorithm);
    /* The weight wastar actually uses: the library's default 1.5 stands for 0. */
    double weight = o.so.weight ? o.so.weight : 1.5;
    amz_slide_pdb *db = NULL;
    int shape_rows = 0, shape_cols = 0, failures = 0, gave_up = 0, line_no = 0;
    uint64_t board_no = 0, up_nodes = 0;
    double up_secs = 0;
    uint64_t solved = 0, total_nodes = 0, total_len = 0, total_expected = 0, total_bound = 0;
    double total_secs = 0, worst_ratio = 0, worst_secs = 0;
    rc = CLI_OK;
    /* The first line names the version, file, solver and threads, so that a saved table
     * says what made it. */
    printf("amaze %s slide bench: %s, algorithm %s, %d thread%s\n", amz_version(), path, o.algorithm,
           o.so.threads > 1 ? o.so.threads : 1, o.so.threads > 1 ? "s" : "");
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        line_no++;
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            continue;
        /* Boards are numbered in file order, whether picked or not. */
        board_no++;
        /* first 0: --first not given, every board runs (the option refuses 0). */
        if (o.first && board_no > o.first)
            break;
        if (has_only && (board_no > sizeof only * 8 || !(only[(board_no - 1) / 8] >> ((board_no - 1) % 8) & 1)))
            continue;
        amz_slide_board b = {0};
        long expected = -1;
        if ((rc = bench_line(cmd, path, line_no, line, &o, &b, &expected)))
            break;
        if (b.rows * b.cols > info->max_cells) {
            rc = cli_fail(cmd, "%s:%d: %s handles boards of at most %d cells", path, line_no, info->name,
                          info->max_cells);
            break;
        }
        /* Opened once, on the first board (only it tells the shape), and shared by every
         * solve through o.so.pdb: without it each solve would open the tables again. */
        if (!db && strcmp(o.algorithm, "pdb") == 0) {
            if ((rc = slide_open_tables(cmd, b.rows, b.cols, &o, &db)))
                break;
            shape_rows = b.rows;
            shape_cols = b.cols;
            printf("pattern set %s\n", amz_slide_pdb_name(db));
            fflush(stdout);
        }
        if (db && (b.rows != shape_rows || b.cols != shape_cols)) {
            rc = cli_fail(cmd, "%s:%d: a %dx%d board among %dx%d ones", path, line_no, b.rows, b.cols, shape_rows,
                          shape_cols);
            break;
        }
        /* The table's header, after the pattern-set line, before the first board's line. */
        if (solved + (uint64_t)failures + (uint64_t)gave_up == 0)
            printf("%5s %7s %9s %6s %14s %10s %12s\n", "#", "length", "expected", "bound", "nodes", "seconds",
                   "nodes/s");
        amz_slide_solution s;
        amz_error err;
        amz_error_clear(&err);
        /* The solver's own counters are lost on failure; a gave-up line shows the
         * budget it spent, read back from an observer. */
        bench_watch watch = {0, now_seconds()};
        amz_observer ob = {bench_event, &watch, 0};
        amz_status st = amz_slide_solve(&b, o.algorithm, &o.so, &ob, &s, &err);
        uint64_t index = board_no;
        /* The budget ran out (node limit or timeout; the bench's observer never cancels).
         * The nodes are the last PROGRESS count (sent about every 16384 nodes), so they
         * may fall short of the true number by about that much. */
        if (st == AMZ_ECANCELED) {
            double secs = now_seconds() - watch.t0;
            char exp_text[24] = "-";
            if (expected >= 0)
                snprintf(exp_text, sizeof exp_text, "%ld", expected);
            printf("%5llu %7s %9s %6s %14llu %10.3f %12s  gave up: %s\n", (unsigned long long)index, "-", exp_text,
                   "-", (unsigned long long)watch.nodes, secs, "-", amz_error_message(&err, st));
            fflush(stdout);
            gave_up++;
            up_nodes += watch.nodes;
            up_secs += secs;
            continue;
        }
        /* Any other error fails this board; the run goes on to the next. */
        if (st) {
            printf("%5llu failed: %s\n", (unsigned long long)index, amz_error_message(&err, st));
            failures++;
            continue;
        }
        /* Every solution is replayed on a copy of the board: a length is only trusted for
         * moves that reach the goal. */
        amz_slide_board end = b;
        bool ok = amz_slide_apply(&end, s.moves, &err) == AMZ_OK && amz_slide_is_solved(&end);
        const char *why = ok ? "" : "  WRONG: does not reach the goal";
        if (ok && expected >= 0) {
            double len = (double)s.length, exp = (double)expected;
            /* The checks of the help: optimal solvers exactly the expected length; no solver
             * below it (the file would be wrong, or the solver); wastar within weight x it. */
            if (info->optimal && len != exp)
                why = "  WRONG: not the expected length", ok = false;
            else if (len < exp)
                why = "  WRONG: shorter than the expected optimum", ok = false;
            else if (strcmp(info->name, "wastar") == 0 && len > weight * exp)
                why = "  WRONG: longer than weight x optimum", ok = false;
        }
        char exp_text[24] = "-";
        if (expected >= 0)
            snprintf(exp_text, sizeof exp_text, "%ld", expected);
        printf("%5llu %7zu %9s %6d %14llu %10.3f %12.0f%s\n", (unsigned long long)index, s.length, exp_text,
               s.lower_bound, (unsigned long long)s.nodes, s.seconds,
               s.seconds > 0 ? (double)s.nodes / s.seconds : 0.0, why);
        fflush(stdout);
        if (ok) {
            solved++;
            total_nodes += s.nodes;
            total_secs += s.seconds;
            total_len += s.length;
            total_expected += expected >= 0 ? (uint64_t)expected : 0;
            total_bound += (uint64_t)(s.lower_bound > 0 ? s.lower_bound : 0);
            /* How far above its lower bound a solution came; a bound of 0 counts as 1. */
            double ratio = s.lower_bound > 0 ? (double)s.length / s.lower_bound : 1.0;
            if (ratio > worst_ratio)
                worst_ratio = ratio;
            if (s.seconds > worst_secs)
                worst_secs = s.seconds;
        } else {
            failures++;
        }
        amz_slide_solution_deinit(&s);
    }
    free(text);
    amz_slide_pdb_free(db);
    if (rc)
        return rc;
    if (gave_up)
        printf("gave up: %d board%s after %llu nodes, %.3f s in all\n", gave_up, gave_up > 1 ? "s" : "",
               (unsigned long long)up_nodes, up_secs);
    printf("total: %llu solved, %d failed; %llu moves", (unsigned long long)solved, failures,
           (unsigned long long)total_len);
    /* All solved boards' moves over the expected lengths of those that have one: a true
     * ratio only when every board of the file gives its length. */
    if (total_expected)
        printf(" (%.4f x expected)", (double)total_len / (double)total_expected);
    printf(", %llu nodes, %.3f s, %.0f nodes/s\n", (unsigned long long)total_nodes, total_secs,
           total_secs > 0 ? (double)total_nodes / total_secs : 0.0);
    if (solved)
        printf("bounds: mean %.2f; length / bound: %.3f overall, %.3f at worst; slowest board %.3f s\n",
               (double)total_bound / (double)solved, total_bound ? (double)total_len / (double)total_bound : 0.0,
               worst_ratio, worst_secs);
    if (failures)
        return cli_fail(cmd, "%d of %" PRIu64 " boards failed or had the wrong length", failures,
                        solved + (uint64_t)failures);
    return CLI_OK;
}

