/* cmd_animate.c — `amaze animate`: watch a generator and a solver work, as an animated
 * GIF (-o FILE.gif) or live in the terminal. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/anim_term.h"
#include "cli/cli.h"

static const char help[] =
    "Usage: amaze animate [options] [FILE]\n"
    "Animate a maze being generated and/or solved: every step of the algorithm is a change\n"
    "in the picture. Writes an animated GIF with -o, or plays live in the terminal.\n"
    "\n"
    "What:\n"
    "      --what WHAT          generate, solve or both (default both); solve animates the\n"
    "                           maze in FILE if given, else a freshly generated one\n"
    "  -s, --size WxH           maze size in cells (default 30x20; live: fit the terminal)\n"
    "  -t, --topology NAME      square (default) or hex\n"
    "  -a, --algorithm NAME     generator (default backtracker); see amaze generate\n"
    "                           --list-algorithms\n"
    "      --solver NAME        solver (default dfs, which backs out of dead ends; bfs\n"
    "                           spreads a wave); see amaze solve --list-algorithms\n"
    "      --seed N             random seed (default: random)\n"
    "      --start X,Y          start cell (default top left)\n"
    "      --goal X,Y           goal cell (default bottom right)\n"
    "\n"
    "Timing:\n"
    "      --fps N              frames a second, 1..50 (default 25)\n"
    "      --steps-per-frame N  algorithm steps shown per frame\n"
    "      --duration SECONDS   fit all steps into about this long (default 10; ignored\n"
    "                           with --steps-per-frame)\n"
    "      --trail N            steps the trail behind the head takes to fade (default 40)\n"
    "      --loop               live only: start again with a new seed, forever\n"
    "\n"
    "Output:\n"
    "  -o, --output FILE        write an animated GIF (the last frame, held 1 s, is the\n"
    "                           finished picture amaze render draws)\n"
    "      --cell PX, --wall PX, --margin PX, --colors LIST, --no-openings\n"
    "                           picture options as in amaze render; extra colour names:\n"
    "                           unvisited, head, trail, frontier, backtracked, explored\n"
    "      --max-memory SIZE    refuse inputs that would need more memory\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Live play (no -o, standard output a terminal) draws two pixels per character with\n"
    "half blocks, in 24-bit colour when COLORTERM is truecolor or 24bit, else 256 colours.\n"
    "q or Ctrl-C stops and leaves the terminal as it was; Ctrl-Z suspends cleanly.\n"
    "\n"
    "Examples:\n"
    "  amaze animate -s 40x25 --seed 7 -o maze.gif\n"
    "  amaze animate --loop\n";

typedef struct anim_args {
    amz_anim_options o;
    int64_t w, h, sx, sy, gx, gy;
    bool has_size, has_seed, has_start, has_goal, loop, has_cell;
    const char *topology, *input, *output;
    uint64_t seed, max_memory;
    cli_image_args img;
} anim_args;

static int parse(int argc, char **argv, anim_args *a)
{
    static const struct option longopts[] = {
        {"what", required_argument, NULL, 'W'},      {"size", required_argument, NULL, 's'},
        {"topology", required_argument, NULL, 't'},  {"algorithm", required_argument, NULL, 'a'},
        {"solver", required_argument, NULL, 'R'},    {"seed", required_argument, NULL, 'S'},
        {"start", required_argument, NULL, 'B'},     {"goal", required_argument, NULL, 'G'},
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
        switch (c) {
        case 'W': {
            amz_error err;
            if (amz_anim_what_parse(optarg, &a->o.what, &err))
                return cli_usage(cmd, "--what", "%s", err.msg);
            break;
        }
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &a->w, &a->h))) return rc; a->has_size = true; break;
        case 't': a->topology = optarg; break;
        case 'a': a->o.generator = optarg; break;
        case 'R': a->o.solver = optarg; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &a->seed))) return rc; a->has_seed = true; break;
        case 'B': if ((rc = cli_parse_xy(cmd, "--start", optarg, &a->sx, &a->sy))) return rc; a->has_start = true; break;
        case 'G': if ((rc = cli_parse_xy(cmd, "--goal", optarg, &a->gx, &a->gy))) return rc; a->has_goal = true; break;
        case 'f': if ((rc = cli_parse_int_range(cmd, "--fps", optarg, 1, 50, &a->o.fps))) return rc; break;
        case 'n':
            if ((rc = cli_parse_u64(cmd, "--steps-per-frame", optarg, &v))) return rc;
            if (v < 1) return cli_usage(cmd, "--steps-per-frame", "must be at least 1");
            a->o.steps_per_frame = v;
            break;
        case 'd': {
            char *end;
            double d = strtod(optarg, &end);
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
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &a->max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help); return -1;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected at most one input file, got %d", argc - optind);
    if (optind < argc)
        a->input = argv[optind];
    if (a->input && a->o.what != AMZ_ANIM_SOLVE)
        return cli_usage(cmd, a->input, "an input maze is only animated with --what solve");
    if (a->loop && a->output)
        return cli_usage(cmd, "--loop", "is for live play; GIFs loop by themselves");
    if (a->loop && a->input)
        return cli_usage(cmd, "--loop", "needs a generated maze, not an input file");
    if (!amz_gen_find(a->o.generator))
        return cli_usage(cmd, "--algorithm", "unknown generator '%s' (see amaze generate --list-algorithms)",
                         a->o.generator);
    if (!amz_solve_find(a->o.solver))
        return cli_usage(cmd, "--solver", "unknown solver '%s' (see amaze solve --list-algorithms)", a->o.solver);
    amz_image_options io;
    if ((rc = cli_image_options(cmd, &a->img, &io)))
        return rc;
    a->o.image = io;
    return CLI_OK;
}

/* Picks the maze size and cell size for the terminal: the largest cell (up to 6 px
 * square, 12 hex) at which the maze fits, one text line kept free. */
static int fit_terminal(anim_args *a, amz_topology topo, int cols, int rows)
{
    const int px_w = cols, px_h = 2 * (rows - 1);
    if (!a->has_size) {
        if (topo == AMZ_TOPO_HEX) {
            a->w = (px_w - 3) / 3;
            a->h = (int64_t)((px_h - 2) / (2 * 1.7320508) - 0.5);
        } else {
            a->w = (px_w - 1) / 2;
            a->h = (px_h - 1) / 2;
        }
        if (a->w < 2 || a->h < 2)
            return cli_fail("animate", "the terminal (%dx%d) is too small for a maze", cols, rows);
    }
    a->o.image.margin = a->img.margin >= 0 ? a->img.margin : 0;
    int lo = topo == AMZ_TOPO_HEX ? 4 : 2, hi = topo == AMZ_TOPO_HEX ? 12 : 6;
    if (a->has_cell)
        lo = hi = a->img.cell;
    for (int cell = hi; cell >= lo; cell--) {
        int wall = a->img.wall ? a->img.wall : 1;
        double s = cell / 2.0, m2 = 2.0 * a->o.image.margin + wall;
        double w = topo == AMZ_TOPO_HEX ? ceil(m2 + s * (1.5 * (double)(a->w - 1) + 2)) : m2 + (double)a->w * cell;
        double h = topo == AMZ_TOPO_HEX ? ceil(m2 + s * sqrt(3.0) / 2 * (2.0 * (double)a->h + (a->w > 1)))
                                        : m2 + (double)a->h * cell;
        if (w <= px_w && h <= px_h) {
            a->o.image.cell = cell;
            a->o.image.wall = wall;
            return CLI_OK;
        }
    }
    return cli_fail("animate", "a %lldx%lld maze does not fit this %dx%d terminal; use a smaller --size%s",
                    (long long)a->w, (long long)a->h, cols, rows, a->has_cell ? " or --cell" : "");
}

/* Makes the maze to animate: loaded (solve with FILE) or initialised for generation
 * (generated silently first when only solving is animated). */
static int make_maze(anim_args *a, amz_topology topo, amz_maze *m)
{
    amz_error err;
    amz_error_clear(&err);
    int rc;
    if (a->input) {
        if ((rc = cli_load_maze(a->input, a->max_memory, m)))
            return rc;
    } else {
        const amz_gen_info *g = amz_gen_find(a->o.generator);
        if (!amz_gen_supports(g, topo))
            return cli_usage("animate", "--algorithm", "'%s' does not work on %s grids", g->name,
                             amz_topology_name(topo));
        uint64_t need = amz_gen_memory_estimate(g, topo, a->w, a->h), limit = cli_memory_limit(a->max_memory);
        if (g->watch_bits > g->work_bits && need != UINT64_MAX) /* an animation watches every step */
            need += (uint64_t)a->w * (uint64_t)a->h * (g->watch_bits - g->work_bits) / 8;
        if (need > limit) {
            char x[32], y[32];
            return cli_fail("animate", "a %lldx%lld maze needs about %s, more than the %s allowed", (long long)a->w,
                            (long long)a->h, cli_human_bytes(need, x, sizeof x), cli_human_bytes(limit, y, sizeof y));
        }
        amz_status st = amz_maze_init(m, topo, a->w, a->h, &err);
        if (st)
            return cli_lib_fail("animate", &err, st);
    }
    if ((rc = cli_set_ends("animate", m, a->has_start, a->sx, a->sy, a->has_goal, a->gx, a->gy))) {
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

static int write_gif(anim_args *a, amz_topology topo)
{
    amz_maze m;
    int rc = make_maze(a, topo, &m);
    if (rc)
        return rc;
    amz_error err;
    amz_error_clear(&err);
    amz_outfile of;
    amz_status st = amz_outfile_open(&of, a->output, &err);
    if (st) {
        amz_maze_deinit(&m);
        return cli_lib_fail(NULL, &err, st);
    }
    amz_anim_stats stats;
    if ((st = amz_anim_write_gif(&m, &a->o, of.fp, &stats, &err))) {
        amz_outfile_abort(&of);
        amz_maze_deinit(&m);
        return cli_fail(strcmp(a->output, "-") == 0 ? "standard output" : a->output, "%s",
                        amz_error_message(&err, st));
    }
    amz_maze_deinit(&m);
    if ((st = amz_outfile_commit(&of, &err)))
        return cli_lib_fail(NULL, &err, st);
    return CLI_OK;
}

static int play_live(anim_args *a, amz_topology topo)
{
    int cols, rows;
    if (!term_size(&cols, &rows))
        return cli_fail("animate", "cannot read the terminal size");
    int rc = fit_terminal(a, topo, cols, rows);
    if (rc)
        return rc;
    const char *ct = getenv("COLORTERM");
    bool truecolor = ct && (strstr(ct, "truecolor") || strstr(ct, "24bit"));
    /* The first maze is made before the screen switches, so that its errors stay
     * visible on the normal screen. */
    amz_maze m;
    if ((rc = make_maze(a, topo, &m)))
        return rc;
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
        a->o.gen.seed = amz_rng_splitmix64(&a->seed);
        if ((rc = make_maze(a, topo, &m)))
            break;
    }
    term_restore();
    if (term_signal())
        return 128 + term_signal();
    if (rc)
        return rc;
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
    a.w = 30;
    a.h = 20;
    a.topology = "square";
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    amz_error err;
    amz_topology topo;
    if (amz_topology_parse(a.topology, &topo, &err))
        return cli_usage("animate", "--topology", "%s", err.msg);
    a.seed = a.has_seed ? a.seed : cli_random_seed();
    a.o.gen.seed = a.seed;
    if (a.output)
        return write_gif(&a, topo);
    if (!isatty(STDOUT_FILENO))
        return cli_usage("animate", "animate", "standard output is not a terminal: give -o FILE.gif");
    return play_live(&a, topo);
}
