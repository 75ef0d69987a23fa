/* cmd_animate.c — `amaze animate`: watch a generator and a solver work, as an animated
 * GIF (-o FILE.gif) or live in the terminal. The frames are the library's (amz_anim_run,
 * amaze/anim.h); this file picks the maze, fits it to the terminal and hands the frames
 * to the player of anim_term.c. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/anim_term.h"
#include "cli/cli.h"
#include "cli/maze_args.h"

static const char *const help[] = {
    "Usage: amaze animate [options] [FILE]\n"
    "Animate a maze being generated and/or solved: every step of the algorithm is a\n"
    "change in the picture. Writes an animated GIF with -o, or plays live in the\n"
    "terminal.\n"
    "\n"
    "What:\n"
    "      --what WHAT          generate, solve or both (default both; solve when\n"
    "                           FILE is given): solve animates the maze in FILE if\n"
    "                           given, else a freshly generated one\n"
    "      --solver NAME        solver (default dfs, which backs out of dead ends;\n"
    "                           bfs spreads a wave); see amaze solve\n"
    "                           --list-algorithms\n"
    "\n"
    "Maze (when no FILE is given):\n"
    "  -s, --size WxH           maze size in cells (default 30x20; live: fit the\n"
    "                           terminal)\n"
    ,
    CLI_MAZE_HELP,
    "\n"
    "Timing:\n"
    "      --fps N              frames a second, 1..50 (default 25)\n"
    "      --steps-per-frame N  algorithm steps shown per frame\n"
    "      --duration SECONDS   fit all steps into about this long (default 10;\n"
    "                           ignored with --steps-per-frame)\n"
    "      --trail N            steps the trail behind the head takes to fade\n"
    "                           (default 40)\n"
    "      --loop               live only: start again with a new seed, forever\n"
    "\n"
    "Output:\n"
    "  -o, --output FILE        write an animated GIF (the last frame, held 1 s, is\n"
    "                           the finished picture amaze render draws)\n"
    "      --cell PX, --wall PX, --margin PX, --colors LIST, --no-openings\n"
    "                           picture options as in amaze render; extra colour\n"
    "                           names: unvisited, head, trail, frontier, backtracked,\n"
    "                           explored\n"
    "      --max-memory SIZE    refuse inputs that would need more memory\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Live play (no -o, standard output a terminal) draws two pixels per character\n"
    "with half blocks, in 24-bit colour when COLORTERM is truecolor or 24bit, else\n"
    "256 colours. q or Ctrl-C stops and leaves the terminal as it was; Ctrl-Z\n"
    "suspends cleanly.\n"
    "\n"
    "Examples:\n"
    "  amaze animate -s 40x25 --seed 7 -o maze.gif\n"
    "  amaze animate --loop\n",
    NULL};

/* Everything the command was told. img holds the picture options as given (cell 0,
 * wall 0, margin -1 = auto); o.image is what they resolve to, refitted for live play,
 * where has_cell (--cell given) makes fit_cell try that size alone. */
typedef struct anim_args {
    amz_anim_options o;
    cli_maze_args maze;
    bool loop, has_cell, has_what;
    const char *input, *output;
    uint64_t max_memory;
    cli_image_args img;
} anim_args;

/* Parses and checks every option before any work: CLI_OK, a usage error (printed,
 * CLI_USAGE), or -1 once the help is printed (the caller turns it into exit 0). */
static int parse(int argc, char **argv, anim_args *a)
{
    static const struct option longopts[] = {
        CLI_MAZE_LONGOPTS,
        {"what", required_argument, NULL, 'W'},      {"solver", required_argument, NULL, 'R'},
        {"fps", required_argument, NULL, 'f'},       {"steps-per-frame", required_argument, NULL, 'n'},
        {"duration", required_argument, NULL, 'd'},  {"trail", required_argument, NULL, 'T'},
        {"loop", no_argument, NULL, 'l'},            {"output", required_argument, NULL, 'o'},
        {"cell", required_argument, NULL, 1},        {"wall", required_argument, NULL, 2},
        {"margin", required_argument, NULL, 3},      {"colors", required_argument, NULL, 4},
        {"no-openings", no_argument, NULL, 7},       {"max-memory", required_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    const char *cmd = "animate";
    int c, rc;
    uint64_t v;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:o:h", longopts, NULL)) != -1) {
        if ((rc = cli_maze_parse(cmd, &a->maze, c, optarg)) != CLI_NOT_MINE) {
            if (rc)
                return rc;
            continue;
        }
        switch (c) {
        case 'W': {
            amz_error err;
            if (amz_anim_what_parse(optarg, &a->o.what, &err))
                return cli_usage(cmd, "--what", "%s", err.msg);
            a->has_what = true;
            break;
        }
        case 'R': a->o.solver = optarg; break;
        case 'f': if ((rc = cli_parse_int_range(cmd, "--fps", optarg, 1, 50, &a->o.fps))) return rc; break;
        case 'n':
            if ((rc = cli_parse_u64(cmd, "--steps-per-frame", optarg, &v))) return rc;
            /* 0 is the library's "fit the steps into --duration" (amz_anim_options), which is
             * what leaving the option out means; as a count it is refused. */
            if (v < 1) return cli_usage(cmd, "--steps-per-frame", "must be at least 1");
            a->o.steps_per_frame = v;
            break;
        case 'd': {
            char *end;
            double d = strtod(optarg, &end);
            /* The library's range (amz_anim_check), written as !(in range) so that NaN
             * fails too. */
            if (end == optarg || *end || !(d > 0 && d <= 86400))
                return cli_usage(cmd, "--duration", "'%s' is not a number of seconds in (0, 86400]", optarg);
            a->o.duration = d;
            break;
        }
        case 'T': if ((rc = cli_parse_int_range(cmd, "--trail", optarg, 1, 10000, &a->o.trail))) return rc; break;
        case 'l': a->loop = true; break;
        case 'o': a->output = optarg; break;
        case 1: if ((rc = cli_parse_int_range(cmd, "--cell", optarg, 2, 1024, &a->img.cell))) return rc; a->has_cell = true; break;
        case 2: if ((rc = cli_parse_int_range(cmd, "--wall", optarg, 1, 1023, &a->img.wall))) return rc; break;
        case 3: if ((rc = cli_parse_int_range(cmd, "--margin", optarg, 0, 4096, &a->img.margin))) return rc; break;
        case 4: a->img.colors = optarg; break;
        case 7: a->img.no_openings = true; break;
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &a->max_memory))) return rc; break;
        case 'h': cli_print_help_parts(stdout, help); return -1;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected at most one input file, got %d", argc - optind);
    if (optind < argc)
        a->input = argv[optind];
    /* A finished maze can only be solved: that is what a FILE means by default. */
    if (a->input && !a->has_what)
        a->o.what = AMZ_ANIM_SOLVE;
    if (a->input && a->o.what != AMZ_ANIM_SOLVE)
        return cli_usage(cmd, "--what", "%s: a maze read from a file is finished; only --what solve animates it",
                         amz_anim_what_name(a->o.what));
    if (a->loop && a->output)
        return cli_usage(cmd, "--loop", "is for live play; GIFs loop by themselves");
    if (a->loop && a->input)
        return cli_usage(cmd, "--loop", "needs a generated maze, not an input file");
    /* Options that shape a generated maze mean nothing for a finished one: the first of
     * these given is named. --start and --goal stay allowed: they move the loaded maze's
     * ends. */
    const char *maze_opt = a->input ? cli_maze_making_option(&a->maze) : NULL;
    if (maze_opt)
        return cli_usage(cmd, maze_opt, "the maze comes from %s: drop %s", a->input, maze_opt);
    /* Run with a FILE too: it resolves a->maze.g, read just below. */
    if ((rc = cli_maze_check(cmd, &a->maze)))
        return rc;
    a->o.generator = a->maze.g->name;
    if (!amz_solve_find(a->o.solver))
        return cli_usage(cmd, "--solver", "unknown solver '%s' (see amaze solve --list-algorithms)", a->o.solver);
    amz_image_options io;
    if ((rc = cli_image_options(cmd, &a->img, &io)))
        return rc;
    a->o.image = io;
    return CLI_OK;
}

/* Picks the maze size for the terminal when none is given (no --size, mask or FILE):
 * the largest maze whose picture fits at the smallest cell (2 px, hex 4), 1 px walls and
 * no margin, two pixels a character row (half blocks) and one text line kept free. The
 * cell is fit_cell's, once the maze exists. CLI_FAIL if not even a 2x2 maze fits. */
static int fit_terminal(anim_args *a, int cols, int rows)
{
    const int px_w = cols, px_h = 2 * (rows - 1);
    cli_maze_args *z = &a->maze;
    const bool hex = z->topo == AMZ_TOPO_HEX;
    if (!z->has_size && !z->mask && !a->input) {
        /* The inverse of the picture geometry of amaze/image.h at the smallest cell
         * (square: width = 2W + 1), rounded down; the hex one as if the terminal were
         * a pixel smaller each way. */
        if (hex) {
            z->w = (px_w - 3) / 3;
            z->h = (int64_t)((px_h - 2) / (2 * 1.7320508) - 0.5);
        } else {
            z->w = (px_w - 1) / 2;
            z->h = (px_h - 1) / 2;
        }
        if (z->w < 2 || z->h < 2)
            return cli_fail("animate", "the terminal (%dx%d) is too small for a maze", cols, rows);
    }
    return CLI_OK;
}

/* The largest cell, from 6 px (hex 12) down to 2 (hex 4), or --cell alone, at which m's
 * picture fits the terminal's pixels; sets a->o.image. An automatic margin becomes 0 and
 * an automatic wall 1 px: a terminal has few pixels to spare. CLI_FAIL if none fits. */
static int fit_cell(anim_args *a, const amz_maze *m, int cols, int rows)
{
    const int px_w = cols, px_h = 2 * (rows - 1);
    a->o.image.margin = a->img.margin >= 0 ? a->img.margin : 0;
    const bool hex = m->topology == AMZ_TOPO_HEX;
    int lo = hex ? 4 : 2, hi = hex ? 12 : 6;
    if (a->has_cell)
        lo = hi = a->img.cell;
    for (int cell = hi; cell >= lo; cell--) {
        amz_image_options io = a->o.image;
        io.cell = cell;
        io.wall = a->img.wall ? a->img.wall : 1;
        amz_image_layout l;
        if (amz_image_layout_get(m, &io, AMZ_IMAGE_PNG, &l, NULL) == AMZ_OK && l.width <= px_w && l.height <= px_h) {
            a->o.image.cell = io.cell;
            a->o.image.wall = io.wall;
            return CLI_OK;
        }
    }
    return cli_fail("animate", "a %dx%d maze does not fit this %dx%d terminal; use a smaller --size%s", m->width,
                    m->height, cols, rows, a->has_cell ? " or --cell" : "");
}

/* Makes the maze to animate: loaded (solve with FILE) or prepared for generation
 * (generated silently first when only solving is animated), after the memory guards
 * of the generator watched step by step and of the animation itself. The caller owns
 * m only on CLI_OK; on failure nothing is left to free. */
static int make_maze(anim_args *a, amz_maze *m)
{
    amz_error err;
    amz_error_clear(&err);
    int rc;
    cli_maze_args *z = &a->maze;
    if (a->input) {
        if ((rc = cli_load_maze(a->input, a->max_memory, m, NULL)))
            return rc;
        if ((rc = cli_set_ends("animate", m, &z->start, &z->goal))) {
            amz_maze_deinit(m);
            return rc;
        }
    } else {
        /* Watched only when generation is shown: then the generator runs with a step
         * observer, whose memory the estimate must count. */
        if ((rc = cli_maze_prepare("animate", z, a->max_memory, a->o.what != AMZ_ANIM_SOLVE, m)))
            return rc;
        a->o.gen = z->o;
    }
    /* A maze that cannot be animated (a grid the frames do not lay out, too many
     * pixels) says why, rather than as a memory need that cannot be counted. */
    if (amz_anim_check(m, &a->o, &err)) {
        amz_maze_deinit(m);
        return cli_fail("animate", "%s", err.msg);
    }
    char what[96];
    snprintf(what, sizeof what, "animating this %dx%d maze", m->width, m->height);
    uint64_t need = amz_anim_memory_estimate(m, &a->o), maze = amz_maze_memory(m);
    /* UINT64_MAX is "too many to count" (bad picture options): kept, not wrapped by + maze. */
    if ((rc = cli_memory_check("animate", what, need == UINT64_MAX ? need : need + maze, a->max_memory))) {
        amz_maze_deinit(m);
        return rc;
    }
    if (a->o.what == AMZ_ANIM_SOLVE && !a->input) {
        amz_status st = amz_gen_run(m, a->o.generator, &a->o.gen, NULL, &err);
        if (st) {
            amz_maze_deinit(m);
            return cli_lib_fail("animate", &err, st);
        }
    }
    return CLI_OK;
}

/* `animate -o FILE`: a .gif name (or '-' or a device), written through a temporary
 * file that only a complete GIF replaces the target with. No maze input is a GIF, so
 * writing over the input file is always refused. */
static int write_gif(anim_args *a)
{
    static const cli_format gif_only[] = {{"gif", ".gif", true}};
    int k, rc = cli_output_format("animate", a->output, NULL, gif_only, 1, 0, &k);
    if (rc || (a->input && (rc = cli_output_not_input("animate", a->input, a->output, false))))
        return rc;
    amz_maze m;
    if ((rc = make_maze(a, &m)))
        return rc;
    amz_error err;
    amz_error_clear(&err);
    cli_outfile of;
    if ((rc = cli_outfile_open(&of, a->output))) {
        amz_maze_deinit(&m);
        return rc;
    }
    amz_anim_stats stats;
    amz_status st = amz_anim_write_gif(&m, &a->o, of.f.fp, &stats, &err);
    amz_maze_deinit(&m);
    return cli_outfile_end("animate", &of, st, &err);
}

/* Live play on the alternate screen until the animation ends, q or a signal. Returns
 * 128 + the signal's number after a signal (the shell's convention, as the other
 * commands' handlers exit), CLI_OK after q or the end, else the failure. */
static int play_live(anim_args *a)
{
    int cols, rows;
    if (!term_size(&cols, &rows))
        return cli_fail("animate", "cannot read the terminal size");
    int rc = fit_terminal(a, cols, rows);
    if (rc)
        return rc;
    const char *ct = getenv("COLORTERM");
    /* COLORTERM is how terminals announce 24-bit colour; without it, 256 colours. */
    bool truecolor = ct && (strstr(ct, "truecolor") || strstr(ct, "24bit"));
    /* The first maze is made before the screen switches, so that its errors stay
     * visible on the normal screen. */
    amz_maze m;
    if ((rc = make_maze(a, &m)))
        return rc;
    if ((rc = fit_cell(a, &m, cols, rows))) {
        amz_maze_deinit(&m);
        return rc;
    }
    term_player p;
    term_begin(&p, truecolor);
    amz_status st = AMZ_OK;
    amz_error err;
    amz_error_clear(&err);
    for (;;) {
        st = amz_anim_run(&m, &a->o, term_frame, &p, NULL, &err);
        amz_maze_deinit(&m);
        if (st || !a->loop)
            break;
        /* A fresh seed each round, derived so a seeded loop is reproducible. */
        a->maze.seed = amz_rng_splitmix64(&a->maze.seed);
        if ((rc = make_maze(a, &m)))
            break;
    }
    term_restore();
    /* A finished run leaves its maze on the screen (not after q, Ctrl-C or a loop). */
    if (!term_signal() && !p.quit && st == AMZ_OK && !rc && !a->loop)
        term_print_last(&p);
    term_end(&p);
    if (term_signal())
        return 128 + term_signal();
    if (rc)
        return rc;
    /* AMZ_ECANCELED is how q stops amz_anim_run (term_frame returns non-zero): not an error. */
    if (st && st != AMZ_ECANCELED)
        return cli_lib_fail("animate", &err, st);
    return CLI_OK;
}

int cmd_animate(int argc, char **argv)
{
    anim_args a;
    memset(&a, 0, sizeof a);
    amz_anim_options_init(&a.o);
    cli_image_args_init(&a.img);
    cli_maze_args_init(&a.maze, 30, 20);
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    if (a.output)
        return write_gif(&a);
    /* Frames need a terminal to play on; off one, only a GIF makes sense. */
    if (!isatty(STDOUT_FILENO))
        return cli_usage("animate", "animate", "standard output is not a terminal: give -o FILE.gif");
    return play_live(&a);
}
