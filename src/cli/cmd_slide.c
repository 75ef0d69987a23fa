/* cmd_slide.c — `amaze slide`: sliding-tile puzzles. Subcommands shuffle, check,
 * solve and bench; a client of include/amaze/slide.h only. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/slide_cli.h"

static const char help_slide[] =
    "Usage: amaze slide COMMAND [options]\n"
    "Sliding-tile puzzles (the 15-puzzle family) on boards of 2 to 32 rows and columns.\n"
    "\n"
    "Commands:\n"
    "  shuffle MxN    print a random solvable board of M rows and N columns\n"
    "  check BOARD    tell whether a board can be solved\n"
    "  solve BOARD    print the moves that solve a board\n"
    "  bench FILE     solve every board of an instance file and check the lengths\n"
    "  play [MxN]     play a board in the terminal (2 to 10 rows and columns)\n"
    "\n"
    "A board is a list of numbers in reading order, 0 for the blank, on one line (square\n"
    "unless --size MxN says otherwise) or as a grid of rows. The goal has the tiles in\n"
    "order and the blank last (--goal blank-first for the other convention). Moves are\n"
    "the letters U, D, L, R: the direction the BLANK moves.\n"
    "\n"
    "Run 'amaze slide COMMAND --help' for the options of each command.\n"
    "\n"
    "Example:\n"
    "  amaze slide shuffle 4x4 --seed 7 | amaze slide solve - -a pdb\n";

static const char help_shuffle[] =
    "Usage: amaze slide shuffle MxN [options]\n"
    "Print a random solvable board of M rows and N columns (2 to 32 each) on one line.\n"
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
    "Without --walk every solvable board is equally likely (Fisher-Yates, then one swap if\n"
    "the parity is wrong). The same seed and options always give the same board.\n";

static const char help_check[] =
    "Usage: amaze slide check [options] [BOARD]\n"
    "Tell whether a board can be solved. BOARD is the numbers as arguments, a file, or\n"
    "'-' (or nothing) for standard input.\n"
    "\n"
    "Options:\n"
    "      --size MxN       the board has M rows and N columns (default: square, or the\n"
    "                       grid's shape)\n"
    "      --goal GOAL      blank-last (default) or blank-first\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "Prints 'solvable' and the board's Manhattan distance, exit status 0. A board that is\n"
    "not a permutation (repeated, missing or out-of-range tiles, wrong count, not a\n"
    "number) or cannot be solved (inversion parity) is an error: exit status 1.\n";

static const char help_solve[] =
    "Usage: amaze slide solve [options] [BOARD]\n"
    "Print the moves (U D L R: where the blank goes) that solve a board. BOARD is the\n"
    "numbers as arguments, a file, or '-' (or nothing) for standard input.\n"
    "\n"
    "Options:\n"
    "  -a, --algorithm NAME solver (default pdb up to 16 cells, else fast):\n"
    "                       ida     IDA*, Manhattan + linear conflict: shortest\n"
    "                       pdb     IDA* with pattern databases: shortest, <= 16 cells\n"
    "                       wastar  weighted A*: at most WEIGHT x shortest, <= 25 cells\n"
    "                       fast    rows and columns: any size, quick, not shortest\n"
    "      --json           print {\"rows\",\"cols\",\"board\",\"algorithm\",\"length\",\n"
    "                       \"moves\",\"nodes\",\"seconds\"} on one line\n"
    "      --weight W       wastar's weight, 1 to 100 (default 1.5)\n"
    "      --threads N      search threads for ida and pdb, 1 to 64 (default 1)\n"
    "      --pdb NAME       pattern set for pdb (4x4: 7-8, the default, or 6-6-3)\n"
    "      --cache-dir DIR  where pattern databases are kept (default\n"
    "                       $XDG_CACHE_HOME/amaze or ~/.cache/amaze; '' = do not store)\n"
    "      --node-limit N   give up (exit 1) after N search nodes\n"
    "      --size MxN       the board has M rows and N columns\n"
    "      --goal GOAL      blank-last (default) or blank-first\n"
    "  -v, --verbose        report length, nodes, time and table loading on stderr\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "The first pdb solve of a shape builds its pattern databases and stores them (4x4\n"
    "7-8: a few minutes and about 1.6 GB of memory, once; 6-6-3: seconds). 'seconds'\n"
    "is the search alone.\n";

/* MxN: M rows, N columns. */
static int parse_shape(const char *cmd, const char *opt, const char *s, int *rows, int *cols)
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

static int parse_goal(const char *cmd, const char *s, amz_slide_goal *g)
{
    if (strcmp(s, "blank-last") == 0)
        *g = AMZ_SLIDE_BLANK_LAST;
    else if (strcmp(s, "blank-first") == 0)
        *g = AMZ_SLIDE_BLANK_FIRST;
    else
        return cli_usage(cmd, "--goal", "'%s': expected blank-last or blank-first", s);
    return CLI_OK;
}

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

static int parse_weight(const char *cmd, const char *s, double *w)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= 1 && v <= 100))
        return cli_usage(cmd, "--weight", "'%s' is not a weight from 1 to 100", s);
    *w = v;
    return CLI_OK;
}

/* Handles the options shared by check, solve and bench; CLI_OK if c was one, -1 if
 * not, or a usage error. */
int slide_common_option(const char *cmd, int c, slide_opts *o)
{
    switch (c) {
    case OPT_SIZE: return parse_shape(cmd, "--size", optarg, &o->rows, &o->cols);
    case OPT_GOAL: return parse_goal(cmd, optarg, &o->goal);
    case 'a': o->algorithm = optarg; return CLI_OK;
    case OPT_JSON: o->json = true; return CLI_OK;
    case 'v': o->verbose = true; return CLI_OK;
    case OPT_WEIGHT: return parse_weight(cmd, optarg, &o->so.weight);
    case OPT_THREADS: return parse_int(cmd, "--threads", optarg, 1, 64, &o->so.threads);
    case OPT_PDB: o->so.pdb_name = optarg; return CLI_OK;
    case OPT_CACHE: o->so.cache_dir = optarg; return CLI_OK;
    case OPT_LIMIT: return cli_parse_u64(cmd, "--node-limit", optarg, &o->so.node_limit);
    case OPT_FIRST: return cli_parse_u64(cmd, "--first", optarg, &o->first);
    }
    return -1;
}

const struct option slide_common_longopts[] = {
    {"size", required_argument, NULL, OPT_SIZE},       {"goal", required_argument, NULL, OPT_GOAL},
    {"algorithm", required_argument, NULL, 'a'},       {"json", no_argument, NULL, OPT_JSON},
    {"verbose", no_argument, NULL, 'v'},               {"weight", required_argument, NULL, OPT_WEIGHT},
    {"threads", required_argument, NULL, OPT_THREADS}, {"pdb", required_argument, NULL, OPT_PDB},
    {"cache-dir", required_argument, NULL, OPT_CACHE}, {"node-limit", required_argument, NULL, OPT_LIMIT},
    {"first", required_argument, NULL, OPT_FIRST},     {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* Reads a whole file ("-" = stdin) into a NUL-terminated buffer (at most 4 MB). */
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

/* The board from the positional arguments: none or "-" = stdin, one existing file =
 * that file, else the arguments are the numbers. */
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

/* Shows pattern-database building, which can take minutes once: a percentage on a
 * terminal, else one line saying what is happening. */
typedef struct build_progress {
    bool tty;
    int table, last_pct;
    uint64_t last_index;
} build_progress;

static int on_build(void *ctx, const amz_event *ev)
{
    build_progress *p = ctx;
    if (ev->type != AMZ_EV_PROGRESS || !ev->total)
        return 0;
    if (ev->index < p->last_index || p->table == 0) {
        p->table++;
        p->last_pct = -1;
        if (!p->tty && p->table == 1)
            fprintf(stderr, "amaze: slide: building pattern databases (once; they are cached)\n");
    }
    p->last_index = ev->index;
    int pct = (int)(ev->index * 100 / ev->total);
    if (p->tty && pct != p->last_pct) {
        fprintf(stderr, "\ramaze: slide: building pattern database, table %d: %3d%%", p->table, pct);
        fflush(stderr);
        p->last_pct = pct;
    }
    return 0;
}

/* Opens the pattern databases for pdb (reporting what happened), or leaves *db NULL
 * for other solvers. */
int slide_open_tables(const char *cmd, int rows, int cols, slide_opts *o, amz_slide_pdb **db)
{
    *db = NULL;
    if (strcmp(o->algorithm, "pdb") != 0)
        return CLI_OK;
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.name = o->so.pdb_name;
    po.cache_dir = o->so.cache_dir;
    po.threads = o->so.threads;
    build_progress bp = {isatty(STDERR_FILENO) != 0, 0, -1, 0};
    amz_observer obs = {on_build, &bp, 0};
    amz_slide_pdb_report rep;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_pdb_open(rows, cols, &po, &obs, db, &rep, &err);
    if (bp.table && bp.tty)
        fputc('\n', stderr);
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

int slide_check_algorithm(const char *cmd, const slide_opts *o)
{
    if (!amz_slide_solver_find(o->algorithm))
        return cli_usage(cmd, "--algorithm", "unknown solver '%s': expected ida, pdb, wastar or fast", o->algorithm);
    return CLI_OK;
}

/* ---- shuffle ---- */

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
        case OPT_GOAL: if ((rc = parse_goal(cmd, optarg, &goal))) return rc; break;
        case OPT_GRID: grid = true; break;
        case 'v': verbose = true; break;
        case 'h': cli_print_help(stdout, help_shuffle); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind != 1)
        return cli_usage(cmd, cmd, "expected one board size MxN, like 4x4");
    int rows = 0, cols = 0;
    if ((rc = parse_shape(cmd, "size", argv[optind], &rows, &cols)))
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
    static char text[AMZ_SLIDE_MAX_CELLS * 6];
    amz_slide_format(&b, grid ? AMZ_SLIDE_GRID : AMZ_SLIDE_LINE, text, sizeof text);
    fputs(text, stdout);
    if (!grid)
        fputc('\n', stdout);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail(cmd, "standard output: write failed");
    return CLI_OK;
}

/* ---- check ---- */

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

static void print_json(const amz_slide_board *b, const char *algorithm, const amz_slide_solution *s)
{
    printf("{\"rows\":%d,\"cols\":%d,\"board\":[", b->rows, b->cols);
    for (int i = 0; i < b->rows * b->cols; i++)
        printf("%s%d", i ? "," : "", b->tiles[i]);
    printf("],\"algorithm\":\"%s\",\"length\":%zu,\"moves\":\"%s\",\"nodes\":%llu,\"seconds\":%.6f}\n", algorithm,
           s->length, s->moves, (unsigned long long)s->nodes, s->seconds);
}

static int slide_solve(int argc, char **argv)
{
    const char *cmd = "slide solve";
    slide_opts o = {0};
    o.goal = AMZ_SLIDE_BLANK_LAST;
    amz_slide_solve_options_init(&o.so);
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":a:vh", slide_common_longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_print_help(stdout, help_solve);
            return CLI_OK;
        }
        rc = c == OPT_FIRST ? -1 : slide_common_option(cmd, c, &o);
        if (rc < 0)
            return cli_bad_option(cmd, argc, argv, c == ':' ? ':' : '?');
        if (rc)
            return rc;
    }
    amz_slide_board b;
    if ((rc = load_board(cmd, argc - optind, argv + optind, &o, &b)))
        return rc;
    if (!o.algorithm)
        o.algorithm = b.rows * b.cols <= 16 ? "pdb" : "fast";
    if ((rc = slide_check_algorithm(cmd, &o)))
        return rc;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_check(&b, &err);
    if (st)
        return cli_fail(cmd, "%s", amz_error_message(&err, st));
    const amz_slide_solver_info *info = amz_slide_solver_find(o.algorithm);
    if (b.rows * b.cols > info->max_cells)
        return cli_fail(cmd, "%s handles boards of at most %d cells, not %dx%d; try -a fast", info->name,
                        info->max_cells, b.rows, b.cols);
    amz_slide_pdb *db;
    if ((rc = slide_open_tables(cmd, b.rows, b.cols, &o, &db)))
        return rc;
    amz_slide_solution s;
    st = amz_slide_solve(&b, o.algorithm, &o.so, NULL, &s, &err);
    amz_slide_pdb_free(db);
    if (st)
        return cli_fail(cmd, "%s", amz_error_message(&err, st));
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
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } subs[] = {{"shuffle", slide_shuffle}, {"check", slide_check}, {"solve", slide_solve}, {"bench", slide_bench},
                {"play", slide_play}};
    if (argc < 2) {
        fputs(help_slide, stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        cli_print_help(stdout, help_slide);
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
        if (strcmp(argv[1], subs[i].name) == 0)
            return subs[i].run(argc - 1, argv + 1);
    return cli_usage("slide", "slide", "unknown command '%s' (shuffle, check, solve, bench or play)", argv[1]);
}
