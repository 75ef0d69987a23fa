/* cmd_generate.c — `amaze generate`: make a maze with a registered generator. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/stream.h"
#include "cli/cli.h"

static const char help[] =
    "Usage: amaze generate [options]\n"
    "Make a random maze and write it (by default to standard output).\n"
    "\n"
    "Options:\n"
    "  -s, --size WxH           width x height in cells (default 20x10)\n"
    "  -t, --topology NAME      square (default) or hex\n"
    "  -a, --algorithm NAME     generator (default backtracker); see --list-algorithms\n"
    "      --seed N             random seed, 0 to 18446744073709551615 (default: random);\n"
    "                           the same seed and options always give the same maze\n"
    "      --shape NAME         square: rect (default), circle, diamond;\n"
    "                           hex: rect, circle, hexagon, triangle\n"
    "      --mask FILE          cells from a text file ('.' = cell, '#' or ' ' = none,\n"
    "                           one line per row) or a PNG (light pixel = cell, dark =\n"
    "                           none); the file sets the size (no -s)\n"
    "      --allow-islands      a mask in several islands gets one maze per island\n"
    "                           (default: refused)\n"
    "      --start X,Y          start cell, column and row from 0 (default: the first\n"
    "                           cell in reading order, top left on a rectangle)\n"
    "      --goal X,Y           goal cell (default: the last cell, bottom right)\n"
    "      --goal farthest      put the goal on the cell farthest from the start\n"
    "      --longest            put start and goal at the two ends of the longest\n"
    "                           shortest path (the maze's diameter)\n"
    "      --braid F            remove a fraction F (0 to 1) of the dead ends by opening\n"
    "                           a wall each, which makes loops (default 0)\n"
    "\n"
    "Options of one algorithm:\n"
    "      --bias C[:P]         binary-tree: the corner passages lead to, ne (default),\n"
    "                           nw, se or sw, and the chance P of the vertical way\n"
    "                           (default 0.5), like --bias sw:0.7\n"
    "      --choice SPEC        growing-tree: which listed cell grows next: newest\n"
    "                           (default), oldest, random, middle, or a weighted mix\n"
    "                           like newest:75,random:25\n"
    "      --branching P        hunt-and-kill: chance (0 to 1) that a hunt restarts from\n"
    "                           a junction (3+ passages) when it can: more ways to\n"
    "                           choose from at the decision points\n"
    "      --near-start         hunt-and-kill: hunt outwards from the start, so that\n"
    "                           branches sprout near it (the plain hunt already starts\n"
    "                           from the top left)\n"
    "      --threads N          prim, kruskal: worker threads, 1 to 64 (default 1); the\n"
    "                           maze is the same for every N\n"
    "\n"
    "Output:\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced atomically\n"
    "      --format FMT         amz, json or text (default: from the -o extension .amz,\n"
    "                           .json or .txt; else text on a terminal, amz otherwise)\n"
    "      --style STYLE        text style: ascii (default), unicode or blocks\n"
    "      --color WHEN         colour text output: auto (default), always or never\n"
    "      --max-memory SIZE    refuse to start if the maze would need more (like 2G);\n"
    "                           default: 90% of the available memory\n"
    "      --stream             eller, sidewinder, binary-tree (square): write each row\n"
    "                           as it is made, in memory that follows the width only, to\n"
    "                           a .amz file (streamed-rows layout) or a block-style PNG\n"
    "                           (-o FILE.amz|FILE.png, --format amz|png, or a pipe); the\n"
    "                           same maze as without --stream\n"
    "  -q, --quiet              no progress bar (shown on a terminal for long runs)\n"
    "      --list-algorithms    list the generators and exit\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "docs/ALGORITHMS.md describes each generator: texture, bias, memory and speed.\n";

static void list_algorithms(void)
{
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        char topo[32] = "";
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            if (amz_gen_supports(g, (amz_topology)t)) {
                if (topo[0])
                    strcat(topo, ",");
                strcat(topo, amz_topology_name((amz_topology)t));
            }
        printf("%-20s %-12s %s%s\n", g->name, topo, g->summary, g->masks ? "" : " [no masks]");
    }
}

/* A number from 0 to 1 ("0.25", "1", ".5"); CLI_USAGE otherwise. */
static int parse_unit(const char *cmd, const char *opt, const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= 0.0 && v <= 1.0))
        return cli_usage(cmd, opt, "'%s' is not a number from 0 to 1", s);
    *out = v;
    return CLI_OK;
}

/* --bias CORNER[:P]. */
static int parse_bias(const char *cmd, const char *s, amz_gen_options *o)
{
    static const char *const corners[] = {"ne", "nw", "se", "sw"};
    for (int c = 0; c < 4; c++)
        if (strncmp(s, corners[c], 2) == 0 && (s[2] == '\0' || s[2] == ':')) {
            o->bias = (amz_corner)c;
            return s[2] == ':' ? parse_unit(cmd, "--bias", s + 3, &o->bias_weight) : CLI_OK;
        }
    return cli_usage(cmd, "--bias", "'%s': expected ne, nw, se or sw, optionally with :P (0 to 1)", s);
}

/* An amz_row_fn that ORs each streamed row into the maze (ctx) at its place. */
static amz_status copy_row(void *ctx, int32_t y, const uint64_t *row, amz_error *err)
{
    (void)err;
    amz_maze *m = ctx;
    const uint64_t nbits = (uint64_t)m->width * (uint64_t)m->bits, base = (uint64_t)y * nbits;
    for (uint64_t i = 0; i < nbits; i += 64) {
        uint64_t v = row[i / 64];
        if (nbits - i < 64)
            v &= ((uint64_t)1 << (nbits - i)) - 1;
        uint64_t pos = base + i;
        unsigned s = (unsigned)(pos & 63);
        if (!v)
            continue;
        m->passages[pos >> 6] |= v << s;
        if (s && (v >> (64 - s)))
            m->passages[(pos >> 6) + 1] |= v >> (64 - s);
    }
    return AMZ_OK;
}

int cmd_generate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 's'},      {"topology", required_argument, NULL, 't'},
        {"algorithm", required_argument, NULL, 'a'}, {"seed", required_argument, NULL, 'S'},
        {"start", required_argument, NULL, 'B'},     {"goal", required_argument, NULL, 'G'},
        {"output", required_argument, NULL, 'o'},    {"format", required_argument, NULL, 'F'},
        {"style", required_argument, NULL, 'y'},     {"color", required_argument, NULL, 'c'},
        {"max-memory", required_argument, NULL, 'M'}, {"list-algorithms", no_argument, NULL, 'L'},
        {"shape", required_argument, NULL, 'P'},     {"mask", required_argument, NULL, 'K'},
        {"allow-islands", no_argument, NULL, 'I'},
        {"braid", required_argument, NULL, 'b'},     {"longest", no_argument, NULL, 'l'},
        {"bias", required_argument, NULL, 'i'},      {"choice", required_argument, NULL, 'C'},
        {"branching", required_argument, NULL, 'r'}, {"near-start", no_argument, NULL, 'n'},
        {"stream", no_argument, NULL, 'T'},          {"quiet", no_argument, NULL, 'q'},
        {"threads", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    const char *cmd = "generate";
    int64_t w = 20, h = 10, sx = 0, sy = 0, gx = 0, gy = 0;
    uint64_t seed = 0, max_memory = 0;
    bool has_seed = false, has_start = false, has_goal = false, has_size = false, allow_islands = false;
    bool stream = false, quiet = false;
    int threads = 0;
    const char *algorithm = "backtracker", *topology = "square", *shape = NULL, *mask = NULL;
    cli_output out = {0};
    amz_gen_options o;
    amz_gen_options_init(&o);
    const char *only_for = NULL, *only_opt = NULL; /* an option of one algorithm, and which */
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h))) return rc; has_size = true; break;
        case 'P': shape = optarg; break;
        case 'K': mask = optarg; break;
        case 'I': allow_islands = true; break;
        case 't': topology = optarg; break;
        case 'a': algorithm = optarg; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case 'B': if ((rc = cli_parse_xy(cmd, "--start", optarg, &sx, &sy))) return rc; has_start = true; break;
        case 'G':
            if (strcmp(optarg, "farthest") == 0) {
                o.ends = AMZ_ENDS_FARTHEST;
                break;
            }
            if ((rc = cli_parse_xy(cmd, "--goal", optarg, &gx, &gy)))
                return rc;
            has_goal = true;
            break;
        case 'l': o.ends = AMZ_ENDS_LONGEST; break;
        case 'b': if ((rc = parse_unit(cmd, "--braid", optarg, &o.braid))) return rc; break;
        case 'i': if ((rc = parse_bias(cmd, optarg, &o))) return rc; only_for = "binary-tree", only_opt = "--bias"; break;
        case 'C': o.choice = optarg; only_for = "growing-tree", only_opt = "--choice"; break;
        case 'r': if ((rc = parse_unit(cmd, "--branching", optarg, &o.branching))) return rc;
                  only_for = "hunt-and-kill", only_opt = "--branching"; break;
        case 'n': o.near_start = true; only_for = "hunt-and-kill", only_opt = "--near-start"; break;
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
        case 'y': out.style = optarg; break;
        case 'c': out.color = optarg; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'T': stream = true; break;
        case 'j': if ((rc = cli_parse_int_range(cmd, "--threads", optarg, 1, AMZ_GEN_MAX_THREADS, &threads))) return rc; break;
        case 'q': quiet = true; break;
        case 'L': list_algorithms(); return CLI_OK;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);

    amz_error err;
    amz_error_clear(&err);
    amz_topology topo;
    if (amz_topology_parse(topology, &topo, &err))
        return cli_usage(cmd, "--topology", "%s", err.msg);
    const amz_gen_info *g = amz_gen_find(algorithm);
    if (!g)
        return cli_usage(cmd, "--algorithm", "unknown generator '%s' (see amaze generate --list-algorithms)",
                         algorithm);
    if (!amz_gen_supports(g, topo))
        return cli_usage(cmd, "--algorithm", "'%s' does not work on %s grids", g->name, topology);
    if (only_for && strcmp(only_for, g->name) != 0)
        return cli_usage(cmd, only_opt, "%s is an option of %s, not of %s", only_opt, only_for, g->name);
    if (threads > 1 && !g->parallel)
        return cli_usage(cmd, "--threads", "%s runs on one thread; --threads is for prim and kruskal", g->name);
    o.threads = (unsigned)threads;
    if (o.ends == AMZ_ENDS_LONGEST && (has_start || has_goal))
        return cli_usage(cmd, "--longest", "--longest places start and goal itself; drop --start and --goal");
    if (o.ends == AMZ_ENDS_FARTHEST && has_goal)
        return cli_usage(cmd, "--goal", "give --goal once: a cell or 'farthest'");
    if (amz_gen_options_check(&o, &err))
        return cli_usage(cmd, only_opt ? only_opt : cmd, "%s", err.msg);

    if (stream) {
        const char *whole = mask ? "--mask" : shape ? "--shape" : o.braid > 0 ? "--braid"
                          : o.ends == AMZ_ENDS_LONGEST ? "--longest" : o.ends == AMZ_ENDS_FARTHEST ? "--goal farthest"
                          : NULL;
        if (whole)
            return cli_usage(cmd, "--stream", "%s needs the whole maze and cannot be streamed", whole);
        if (!amz_gen_can_stream(g->name, topo))
            return cli_usage(cmd, "--stream", "%s cannot stream%s (eller, sidewinder and binary-tree stream square "
                             "grids)", g->name, topo == AMZ_TOPO_SQUARE ? "" : " hex grids");
        if ((has_start && (sx >= w || sy >= h)) || (has_goal && (gx >= w || gy >= h)))
            return cli_fail(has_start && (sx >= w || sy >= h) ? "--start" : "--goal",
                            "(%lld,%lld) is outside the %lldx%lld maze",
                            (long long)(has_start && (sx >= w || sy >= h) ? sx : gx),
                            (long long)(has_start && (sx >= w || sy >= h) ? sy : gy), (long long)w, (long long)h);
        o.seed = has_seed ? seed : cli_random_seed();
        cli_stream_args sa = {g->name, topo, w, h, has_start ? sy * w + sx : 0, has_goal ? gy * w + gx : w * h - 1,
                              &o, &out, max_memory, quiet};
        return cli_generate_stream(cmd, &sa);
    }

    /* Memory guard: refuse before allocating rather than meet the OOM killer. */
    uint64_t need = amz_gen_memory_estimate(g, topo, w, h), limit = cli_memory_limit(max_memory);
    if (need > limit) {
        char a[32], b[32];
        return cli_fail(cmd, "a %lldx%lld %s maze needs about %s with %s, more than the %s allowed (raise with --max-memory)",
                        (long long)w, (long long)h, topology, cli_human_bytes(need, a, sizeof a), g->name,
                        cli_human_bytes(limit, b, sizeof b));
    }

    amz_shape sh = AMZ_SHAPE_RECT;
    if (shape && amz_shape_parse(shape, &sh, &err))
        return cli_usage(cmd, "--shape", "%s", err.msg);
    if (shape && !amz_shape_supports(sh, topo))
        return cli_usage(cmd, "--shape", "'%s' is not defined on %s grids", shape, topology);
    if (mask && (shape || has_size))
        return cli_usage(cmd, "--mask", "the mask sets the size and shape: drop %s", shape ? "--shape" : "--size");

    amz_maze m;
    amz_status st = mask ? cli_load_mask(mask, topo, &m) : amz_maze_init(&m, topo, w, h, &err);
    if (st)
        return mask ? CLI_FAIL : cli_lib_fail(cmd, &err, st);
    if (sh != AMZ_SHAPE_RECT && (st = amz_maze_apply_shape(&m, sh, &err))) {
        amz_maze_deinit(&m);
        return cli_lib_fail(cmd, &err, st);
    }
    if ((rc = cli_set_ends(cmd, &m, has_start, sx, sy, has_goal, gx, gy))) {
        amz_maze_deinit(&m);
        return rc;
    }
    o.seed = has_seed ? seed : cli_random_seed();
    o.allow_islands = allow_islands;
    cli_progress prog;
    cli_progress_init(&prog, cmd, quiet);
    amz_observer obs = {cli_progress_event, &prog, AMZ_EVENTS_PROGRESS};
    /* Watched, the row generators would take their slower observed path; their stream
     * reports progress from the row loop and makes the same maze (amaze/stream.h). */
    if (prog.enabled && amz_gen_can_stream(g->name, topo) && !mask && sh == AMZ_SHAPE_RECT && o.braid == 0 &&
        o.ends == AMZ_ENDS_KEEP) {
        st = amz_gen_stream(g->name, topo, w, h, &o, copy_row, &m, &obs, &err);
        if (st == AMZ_OK)
            amz_maze_set_origin(&m, g->name, o.seed);
    } else {
        st = amz_gen_run(&m, g->name, &o, prog.enabled ? &obs : NULL, &err);
    }
    cli_progress_done(&prog);
    if (st) {
        amz_maze_deinit(&m);
        return cli_lib_fail(cmd, &err, st);
    }
    rc = cli_write_maze(cmd, &m, &out);
    amz_maze_deinit(&m);
    return rc;
}
