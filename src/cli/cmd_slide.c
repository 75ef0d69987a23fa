/* cmd_slide.c — `amaze slide`: sliding-tile puzzles. The dispatcher and the shuffle,
 * check and solve subcommands; bench is in cmd_slide_bench.c, play in play_slide.c, the
 * shared options in cmd_slide_opts.c. A client of include/amaze/slide.h only; solve's
 * body, slide_solve_with, is also amaze-mpi's, run with its own solver hooks. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/slide_cli.h"

static const char help_slide[] =
    "Usage: amaze slide COMMAND [options]\n"
    "Sliding-tile puzzles (the 15-puzzle family) on boards of 2 to 32 rows and\n"
    "columns.\n"
    "\n"
    "Commands:\n"
    "  shuffle MxN    print a random solvable board of M rows and N columns\n"
    "  check BOARD    tell whether a board can be solved\n"
    "  solve BOARD    print the moves that solve a board\n"
    "  bench FILE     solve every board of an instance file and check the lengths\n"
    "  play [MxN]     play a board in the terminal (2 to 10 rows and columns)\n"
    "\n"
    "A board is a list of numbers in reading order, 0 for the blank, on one line\n"
    "(square unless it starts with its shape, like 7x5:, or --size MxN says so) or\n"
    "as a grid of rows. The goal has the tiles in order and the blank last\n"
    "(--goal blank-first for the other convention). Moves are the letters U, D,\n"
    "L, R: the direction the BLANK moves.\n"
    "\n"
    "Run 'amaze slide COMMAND --help' for the options of each command.\n"
    "\n"
    "Example:\n"
    "  amaze slide shuffle 4x4 --seed 7 | amaze slide solve - -a pdb\n";

static const char help_shuffle[] =
    "Usage: amaze slide shuffle MxN [options]\n"
    "Print a random solvable board of M rows and N columns (2 to 32 each) on one\n"
    "line, after its shape (like 7x5:) when it is not square.\n"
    "\n"
    "Options:\n"
    "      --seed N         random seed (default: from the clock; -v prints it)\n"
    "      --walk K         K random moves from the goal instead of a uniform shuffle\n"
    "                       (never undoing the previous move)\n"
    "      --goal GOAL      blank-last (default) or blank-first\n"
    "      --grid           print one line per row\n"
    "  -v, --verbose        print the seed on standard error\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "Without --walk every solvable board is equally likely (Fisher-Yates, then one\n"
    "swap if the parity is wrong). The same seed and options always give the same\n"
    "board.\n";

static const char help_check[] =
    "Usage: amaze slide check [options] [BOARD]\n"
    "Tell whether a board can be solved. BOARD is the numbers as arguments, a file,\n"
    "or '-' (or nothing) for standard input.\n"
    "\n"
    "Options:\n"
    "      --size MxN       the board has M rows and N columns (default: square, or\n"
    "                       the grid's shape)\n"
    "      --goal GOAL      blank-last (default) or blank-first\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "Prints 'solvable' and the board's Manhattan distance, exit status 0. A board\n"
    "that is not a permutation (repeated, missing or out-of-range tiles, wrong count,\n"
    "not a number) or cannot be solved (inversion parity) is an error: exit status 1.\n";

static const char help_solve[] =
    "Usage: amaze slide solve [options] [BOARD]\n"
    "Print the moves (U D L R: where the blank goes) that solve a board. BOARD is the\n"
    "numbers as arguments, a file, or '-' (or nothing) for standard input.\n"
    "\n"
    "Options:\n"
    "  -a, --algorithm NAME solver (default pdb up to 16 cells, else fast):\n"
    "                       ida     IDA*, Manhattan + linear conflict: shortest\n"
    "                       pdb     IDA* with pattern databases: shortest, to 5x5\n"
    "                       wastar  weighted A*: at most WEIGHT x shortest, to 5x5\n"
    "                       fast    rows and columns: any size, quick, not shortest\n"
    "      --json           print {\"rows\",\"cols\",\"board\",\"algorithm\",\"length\",\n"
    "                       \"moves\",\"nodes\",\"seconds\"} on one line\n"
    "      --weight W       wastar's weight, 1 to 100 (default 1.5)\n"
    "      --threads N      search threads for ida and pdb, 1 to 64 (default 1);\n"
    "                       pattern tables are built on N (default: every core)\n"
    "      --pdb NAME       pattern set for pdb (4x4: 7-8, the default, or 6-6-3;\n"
    "                       5x5: 6-6-6-6, the default, or 4-4-4-4-4-4)\n"
    "      --max-memory SIZE refuse pattern databases that would need more memory\n"
    "                       (like 2G; default 90% of the memory available)\n"
    "      --cache-dir DIR  where pattern databases are kept (default\n"
    "                       $XDG_CACHE_HOME/amaze or ~/.cache/amaze; '' = do not\n"
    "                       store them)\n"
    "      --node-limit N   give up (exit 1) after N search nodes; 'none' for no\n"
    "                       limit (default: ida 1e9, about a minute; pdb 1e10, about\n"
    "                       an hour; wastar 1e7, about 0.7 GB; fast none)\n"
    "      --timeout S      give up (exit 1) after S seconds of search (default none)\n"
    "      --size MxN       the board has M rows and N columns\n"
    "      --goal GOAL      blank-last (default) or blank-first\n"
    "  -q, --quiet          no progress bar while pattern databases are built\n"
    "  -v, --verbose        report length, nodes, time and table loading on stderr\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "The first pdb solve of a shape builds its pattern databases and stores them,\n"
    "with a progress bar on a terminal (4x4 7-8: about a minute on 2 cores and\n"
    "1 GB of memory; 5x5 6-6-6-6: about a minute and 0.7 GB; once each). 'seconds'\n"
    "is the search alone.\n";

/* The board from the positional arguments: none or "-" = stdin, one existing file =
 * that file, else the arguments are the numbers (joined with spaces). Parsed with
 * --size and --goal (rows = cols = 0: the shape comes from the text). CLI_FAIL with
 * "amaze: CMD: NAME: why" for text that is not a board; read errors are printed by
 * slide_read_text. Solvability is left to the caller. */
static int load_board(const char *cmd, int argc, char **argv, const slide_opts *o, amz_slide_board *b)
{
    char *text = NULL;
    struct stat sb;
    const char *name = "board";
    if (argc == 0 || (argc == 1 && strcmp(argv[0], "-") == 0)) {
        text = slide_read_text("-", cmd);
        name = "standard input";
    } else if (argc == 1 && stat(argv[0], &sb) == 0 && S_ISREG(sb.st_mode)) {
        text = slide_read_text(argv[0], cmd);
        name = argv[0];
    } else {
        size_t len = 1;
        for (int i = 0; i < argc; i++)
            len += strlen(argv[i]) + 1;
        text = malloc(len);
        if (text) {
            text[0] = '\0';
            for (int i = 0; i < argc; i++) {
                strcat(text, argv[i]);
                strcat(text, " ");
            }
        }
    }
    if (!text)
        return CLI_FAIL;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_parse(text, o->rows, o->cols, o->goal, b, &err);
    free(text);
    if (st)
        return cli_fail(cmd, "%s: %s", name, amz_error_message(&err, st));
    return CLI_OK;
}

/* ---- shuffle ---- */

/* `slide shuffle MxN`: a uniform solvable board (amz_slide_shuffle: Fisher-Yates, then
 * a swap when the parity is wrong) or, with --walk K, K random moves from the goal. The
 * board depends only on the seed and the options; without --seed it is the clock's,
 * which -v prints so that the board can be made again. */
static int slide_shuffle(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, OPT_SEED}, {"walk", required_argument, NULL, OPT_WALK},
        {"goal", required_argument, NULL, OPT_GOAL}, {"grid", no_argument, NULL, OPT_GRID},
        {"verbose", no_argument, NULL, 'v'},         {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "slide shuffle";
    uint64_t seed = 0, walk = 0;
    bool has_seed = false, has_walk = false, grid = false, verbose = false;
    amz_slide_goal goal = AMZ_SLIDE_BLANK_LAST;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":vh", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SEED: if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case OPT_WALK: if ((rc = cli_parse_u64(cmd, "--walk", optarg, &walk))) return rc; has_walk = true; break;
        case OPT_GOAL: if ((rc = slide_parse_goal(cmd, optarg, &goal))) return rc; break;
        case OPT_GRID: grid = true; break;
        case 'v': verbose = true; break;
        case 'h': cli_print_help(stdout, help_shuffle); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind != 1)
        return cli_usage(cmd, cmd, "expected one board size MxN, like 4x4");
    int rows = 0, cols = 0;
    if ((rc = slide_parse_shape(cmd, "size", argv[optind], &rows, &cols)))
        return rc;
    if (!has_seed)
        seed = cli_random_seed();
    if (verbose)
        fprintf(stderr, "amaze: %s: seed %llu\n", cmd, (unsigned long long)seed);
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_slide_board b;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = has_walk ? amz_slide_board_init(&b, rows, cols, goal, &err)
                             : amz_slide_shuffle(&b, rows, cols, goal, &rng, &err);
    if (st)
        return cli_lib_fail("slide shuffle", &err, st);
    if (has_walk)
        amz_slide_walk(&b, &rng, walk);
    /* Room for the longest text: no tile has more than 4 digits (1023 on 32x32), plus a
     * separator each, the "RxC: " prefix and the NUL. */
    static char text[AMZ_SLIDE_MAX_CELLS * 6];
    amz_slide_format(&b, grid ? AMZ_SLIDE_GRID : AMZ_SLIDE_LINE, text, sizeof text);
    fputs(text, stdout);
    if (!grid)
        fputc('\n', stdout);
    /* A failed write (a full disk) may show only at the flush. */
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail(cmd, "standard output: write failed");
    return CLI_OK;
}

/* ---- check ---- */

/* `slide check [BOARD]`: "solvable" and the Manhattan distance, exit 0; a board that
 * is not a permutation or has the wrong inversion parity is CLI_FAIL (exit 1). */
static int slide_check(int argc, char **argv)
{
    const char *cmd = "slide check";
    slide_opts o = {0};
    o.goal = AMZ_SLIDE_BLANK_LAST;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":h", slide_common_longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_print_help(stdout, help_check);
            return CLI_OK;
        }
        /* The shared table holds every slide option; those check does not take are reported
         * as unknown, as getopt would report them. */
        if (c != OPT_SIZE && c != OPT_GOAL)
            return cli_bad_option(cmd, argc, argv, c == ':' ? ':' : '?');
        if ((rc = slide_common_option(cmd, c, &o)))
            return rc;
    }
    amz_slide_board b;
    if ((rc = load_board(cmd, argc - optind, argv + optind, &o, &b)))
        return rc;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_check(&b, &err);
    if (st)
        return cli_fail(cmd, "%s", amz_error_message(&err, st));
    printf("solvable: %dx%d board, Manhattan distance %u%s\n", b.rows, b.cols, (unsigned)amz_slide_manhattan(&b),
           amz_slide_is_solved(&b) ? " (already solved)" : "");
    return CLI_OK;
}

/* ---- solve ---- */

/* One line of JSON. Neither the solver's registered name nor the moves (U, D, L, R)
 * can hold a character that needs escaping. */
static void print_json(const amz_slide_board *b, const char *algorithm, const amz_slide_solution *s)
{
    printf("{\"rows\":%d,\"cols\":%d,\"board\":[", b->rows, b->cols);
    for (int i = 0; i < b->rows * b->cols; i++)
        printf("%s%d", i ? "," : "", b->tiles[i]);
    printf("],\"algorithm\":\"%s\",\"length\":%zu,\"moves\":\"%s\",\"nodes\":%llu,\"seconds\":%.6f}\n", algorithm,
           s->length, s->moves, (unsigned long long)s->nodes, s->seconds);
}

/* amaze's own runner: the library solve in this process, no hooks. */
static amz_status plain_solve(void *ctx, const amz_slide_board *b, const char *algorithm,
                              const amz_slide_solve_options *so, amz_slide_solution *out, amz_error *err)
{
    (void)ctx;
    return amz_slide_solve(b, algorithm, so, NULL, out, err);
}

static int slide_solve(int argc, char **argv)
{
    const slide_runner plain = {plain_solve, NULL, NULL, NULL, NULL};
    return slide_solve_with(argc, argv, &plain);
}

/* The order is what a runner over several processes needs: the board is read and
 * synced (every process then holds rank 0's, or its failure) before the default solver
 * is chosen from its size, and the tables are opened between the before/after hooks,
 * on every process, before the solve. Usage errors for options and solver names;
 * CLI_FAIL for a board that is bad, unsolvable or too big for the solver, table
 * trouble, a failed or cancelled search (node limit, timeout) and a failed write. */
int slide_solve_with(int argc, char **argv, const slide_runner *run)
{
    const char *cmd = "slide solve";
    slide_opts o = {0};
    o.goal = AMZ_SLIDE_BLANK_LAST;
    amz_slide_solve_options_init(&o.so);
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":a:qvh", slide_common_longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_print_help(stdout, help_solve);
            return CLI_OK;
        }
        /* --first and --only are bench's: unknown here. */
        rc = c == OPT_FIRST || c == OPT_ONLY ? -1 : slide_common_option(cmd, c, &o);
        if (rc < 0)
            return cli_bad_option(cmd, argc, argv, c == ':' ? ':' : '?');
        if (rc)
            return rc;
    }
    amz_slide_board b;
    rc = load_board(cmd, argc - optind, argv + optind, &o, &b);
    /* Called with the read's rc even on failure: the hook returns the rc to go on with,
     * the same on every process (and may replace b with rank 0's board). */
    if (run->sync_board)
        rc = run->sync_board(run->ctx, &b, rc);
    if (rc)
        return rc;
    if (!o.algorithm)
        /* pdb (optimal) only up to 16 cells: on 5x5 its tables take minutes to build and a
         * search may run into its hour-long node budget, so bigger boards default to fast. */
        o.algorithm = b.rows * b.cols <= 16 ? "pdb" : "fast";
    if ((rc = slide_check_algorithm(cmd, &o)))
        return rc;
    amz_error err;
    amz_error_clear(&err);
    /* An unsolvable board is refused with its parity reason before any table is built
     * (a build can take minutes). */
    amz_status st = amz_slide_check(&b, &err);
    if (st)
        return cli_fail(cmd, "%s", amz_error_message(&err, st));
    const amz_slide_solver_info *info = amz_slide_solver_find(o.algorithm);
    /* The library refuses this too; here the message can point at -a fast. */
    if (b.rows * b.cols > info->max_cells)
        return cli_fail(cmd, "%s handles boards of at most %d cells, not %dx%d; try -a fast", info->name,
                        info->max_cells, b.rows, b.cols);
    amz_slide_pdb *db = NULL;
    if (run->before_tables && (rc = run->before_tables(run->ctx)))
        return rc;
    rc = slide_open_tables(cmd, b.rows, b.cols, &o, &db);
    if (run->after_tables)
        rc = run->after_tables(run->ctx, rc);
    if (rc) {
        amz_slide_pdb_free(db);
        return rc;
    }
    amz_slide_solution s;
    st = run->solve(run->ctx, &b, o.algorithm, &o.so, &s, &err);
    amz_slide_pdb_free(db);
    if (st)
        return cli_fail(cmd, "%s", amz_error_message(&err, st));
    /* The moves (or the JSON) on standard output, the report on standard error, so that
     * a pipe gets the answer alone. */
    if (o.json)
        print_json(&b, o.algorithm, &s);
    else
        printf("%s\n", s.moves);
    if (o.verbose)
        fprintf(stderr, "amaze: %s: %s: %zu moves%s (lower bound %d), %llu nodes, %.3f s\n", cmd, o.algorithm,
                s.length, s.optimal ? ", shortest" : "", s.lower_bound, (unsigned long long)s.nodes, s.seconds);
    amz_slide_solution_deinit(&s);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail(cmd, "standard output: write failed");
    return CLI_OK;
}

/* ---- dispatch ---- */

int cmd_slide(int argc, char **argv)
{
    static const cli_sub subs[] = {{"shuffle", slide_shuffle}, {"check", slide_check}, {"solve", slide_solve},
                                   {"bench", slide_bench},     {"play", slide_play}};
    return cli_subcommands("slide", help_slide, subs, sizeof subs / sizeof subs[0], argc, argv);
}
