/* cmd_generate.c — `amaze generate`: make a maze with a registered generator. */
#include <getopt.h>
#include <string.h>

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
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced atomically\n"
    "      --format FMT         amz, json or text (default: from the -o extension .amz,\n"
    "                           .json or .txt; else text on a terminal, amz otherwise)\n"
    "      --style STYLE        text style: ascii (default), unicode or blocks\n"
    "      --color WHEN         colour text output: auto (default), always or never\n"
    "      --max-memory SIZE    refuse to start if the maze would need more (like 2G);\n"
    "                           default: 90% of the available memory\n"
    "      --list-algorithms    list the generators and exit\n"
    "  -h, --help               show this help and exit\n";

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
        printf("%-20s %-12s %s\n", g->name, topo, g->summary);
    }
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
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    const char *cmd = "generate";
    int64_t w = 20, h = 10, sx = 0, sy = 0, gx = 0, gy = 0;
    uint64_t seed = 0, max_memory = 0;
    bool has_seed = false, has_start = false, has_goal = false, has_size = false, allow_islands = false;
    const char *algorithm = "backtracker", *topology = "square", *shape = NULL, *mask = NULL;
    cli_output out = {0};
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h))) return rc; has_size = true; break;
        case 'P': shape = optarg; break;
        case 'K': mask = optarg; break;
        case 'I': allow_islands = true; break;
        case 't': topology = optarg; break;
        case 'a': algorithm = optarg; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case 'B': if ((rc = cli_parse_xy(cmd, "--start", optarg, &sx, &sy))) return rc; has_start = true; break;
        case 'G': if ((rc = cli_parse_xy(cmd, "--goal", optarg, &gx, &gy))) return rc; has_goal = true; break;
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
        case 'y': out.style = optarg; break;
        case 'c': out.color = optarg; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
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
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = has_seed ? seed : cli_random_seed();
    o.allow_islands = allow_islands;
    if ((st = amz_gen_run(&m, g->name, &o, NULL, &err))) {
        amz_maze_deinit(&m);
        return cli_lib_fail(cmd, &err, st);
    }
    rc = cli_write_maze(cmd, &m, &out);
    amz_maze_deinit(&m);
    return rc;
}
