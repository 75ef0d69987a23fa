/* cmd_solve.c — `amaze solve`: find a path from start to goal with a registered solver
 * and write the maze with it attached. Two other jobs branch off early: --dijkstra maps
 * (solve_dijkstra.c) and PNG pictures solved on their pixels (solve_image.c). */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/dungeon_cli.h"
#include "cli/terrain_cli.h"

static const char help[] =
    "Usage: amaze solve [options] [FILE]\n"
    "Solve a maze (.amz, JSON or text art; FILE '-' or none = standard input) and\n"
    "write it with its solution attached. A PNG picture of a maze is solved on its\n"
    "pixels: see Pictures below.\n"
    "\n"
    "Options:\n"
    "  -a, --algorithm NAME     solver (default bfs); see --list-algorithms\n"
    "      --hand left|right    wall-follower: the hand kept on the wall (default\n"
    "                           left)\n"
    "      --threads N          bfs: 1 to 64 (default 1); 2 or more search from both\n"
    "                           ends at once on two threads (more add nothing): a\n"
    "                           shortest path, the same for every N >= 2, and the\n"
    "                           one-thread path on perfect mazes; no progress bar\n"
    "      --start X,Y          solve from this cell instead of the maze's start\n"
    "      --goal X,Y           solve to this cell instead of the maze's goal\n"
    "      --from X,Y, --to X,Y the same as --start and --goal\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced\n"
    "                           atomically\n"
    "      --format FMT         amz, json or text (default: from the -o extension\n"
    "                           .amz, .json or .txt; else text on a terminal, amz\n"
    "                           otherwise)\n"
    "      --json               same as --format json\n"
    CLI_GRAPH_HELP
    "      --style STYLE        text style: ascii (default), unicode or blocks\n"
    "      --color WHEN         colour text output: auto (default), always or never\n"
    "  -v, --verbose            report the path length and cells explored on stderr\n"
    "  -q, --quiet              no progress bar (shown on a terminal for long runs)\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "      --dijkstra GOALS     write the Dijkstra map instead: steps from every cell\n"
    "                           to the nearest goal (start, goal or X,Y, separated\n"
    "                           by ';'), as .txt or .json numbers, or a .png, .svg\n"
    "                           or .pdf picture coloured by it (by -o or --format)\n"
    "      --flee K             with --dijkstra: the flee map, steps scaled by -K\n"
    "                           (0.01 to 100; 1.2 is usual) and rescanned\n"
    "      --list-algorithms    list the solvers and exit\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "\n"
    "Pictures: in a PNG, the picture's dark grey wall colour (and its mixes with\n"
    "the floor) is wall, any other colour floor, each pixel a cell; the background\n"
    "around the maze (reached from the border through no gap as narrow as a\n"
    "corridor) is outside. The entrance and exit are the gaps where the maze meets\n"
    "the outside, or --from/--to in pixels; the path keeps to the corridors' middle.\n"
    "The output is the same picture with the path painted (-o FILE.png):\n"
    "      --path-color COLOUR  colour of the path (default red)\n"
    "  amaze solve maze.png -o solved.png\n"
    "\n"
    "Exit status 1 with a message if there is no path (or, for the wall follower,\n"
    "if it would circle a loop of passages forever).\n";

/* One line per solver: name, its guarantee (registry flags: shortest path, any path
 * whenever one exists, or may fail), summary. */
static void list_algorithms(void)
{
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const amz_solve_info *s = amz_solve_at(i);
        printf("%-20s %-9s %s\n", s->name, s->shortest ? "shortest" : s->complete ? "any path" : "may fail",
               s->summary);
    }
}

/* `amaze solve [FILE]`: an unknown solver and options the chosen solver or job does not
 * take are usage errors (exit 2) before the input is read; the output rule waits until
 * the input's kind is known, since a picture has its own. No path (or a wall follower
 * circling a loop), a read or memory refusal and a failed write are CLI_FAIL (exit 1). */
int cmd_solve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'}, {"start", required_argument, NULL, 'B'},
        {"goal", required_argument, NULL, 'G'},      {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'F'},
        {"graph", no_argument, NULL, CLI_OPT_GRAPH},    {"json", no_argument, NULL, 'J'},
        {"style", required_argument, NULL, 'y'},     {"color", required_argument, NULL, 'c'},
        {"verbose", no_argument, NULL, 'v'},         {"max-memory", required_argument, NULL, 'M'},
        {"list-algorithms", no_argument, NULL, 'L'}, {"help", no_argument, NULL, 'h'},
        {"from", required_argument, NULL, 'B'},      {"to", required_argument, NULL, 'G'},
        {"path-color", required_argument, NULL, 'C'},
        {"hand", required_argument, NULL, 'H'},      {"quiet", no_argument, NULL, 'q'},
        {"threads", required_argument, NULL, 'T'},   {"dijkstra", required_argument, NULL, 'D'},
        {"flee", required_argument, NULL, 'E'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "solve", *algorithm = "bfs";
    cli_cell start = {0, 0, 0, false}, goal = {0, 0, 0, false};
    bool verbose = false, has_hand = false, quiet = false, has_threads = false;
    amz_solve_options so;
    amz_solve_options_init(&so);
    uint64_t max_memory = 0;
    cli_output out = {0};
    const char *path_color = NULL;
    cli_dijkstra_args dj = {NULL, NULL, NULL, 0, 0};
    bool algorithm_given = false;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":a:o:vqh", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': algorithm = optarg; algorithm_given = true; break;
        case 'D': dj.goals = optarg; break;
        case 'E': if ((rc = tcli_parse_double(cmd, "--flee", optarg, 0.01, 100, false, &dj.flee))) return rc; break;
        case 'B': if ((rc = cli_parse_cell(cmd, "--start", optarg, &start))) return rc; break;
        case 'G': if ((rc = cli_parse_cell(cmd, "--goal", optarg, &goal))) return rc; break;
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
        case CLI_OPT_GRAPH: out.graph = true; break;
        /* --json is --format json: whichever of the two comes last wins. */
        case 'J': out.format = "json"; break;
        case 'y': out.style = optarg; break;
        case 'c': out.color = optarg; break;
        case 'v': verbose = true; break;
        case 'q': quiet = true; break;
        case 'H':
            if (strcmp(optarg, "left") == 0)
                so.hand = AMZ_HAND_LEFT;
            else if (strcmp(optarg, "right") == 0)
                so.hand = AMZ_HAND_RIGHT;
            else
                return cli_usage(cmd, "--hand", "'%s': expected left or right", optarg);
            has_hand = true;
            break;
        case 'T':
            if ((rc = cli_parse_int_range(cmd, "--threads", optarg, 1, AMZ_SOLVE_MAX_THREADS, &so.threads)))
                return rc;
            has_threads = true;
            break;
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'C': path_color = optarg; break;
        case 'L': list_algorithms(); return CLI_OK;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    const char *input;
    if ((rc = cli_input(cmd, argc, argv, optind, &input)))
        return rc;
    if (!amz_solve_find(algorithm))
        return cli_usage(cmd, "--algorithm", "unknown solver '%s' (see amaze solve --list-algorithms)", algorithm);
    /* Options of one solver refused for the others, rather than ignored. */
    if (has_hand && strcmp(algorithm, "wall-follower") != 0)
        return cli_usage(cmd, "--hand", "--hand is an option of wall-follower, not of %s", algorithm);
    if (has_threads && strcmp(algorithm, "bfs") != 0)
        return cli_usage(cmd, "--threads", "--threads is an option of bfs, not of %s", algorithm);

    if (dj.flee > 0 && !dj.goals)
        return cli_usage(cmd, "--flee", "turns a Dijkstra map into a flee map: add --dijkstra GOALS");
    /* A Dijkstra map is a different output: the path options have nothing to act on,
     * so the first one given is named and refused. */
    if (dj.goals) {
        const char *other = algorithm_given ? "--algorithm" : has_hand ? "--hand" : has_threads ? "--threads"
                          : start.given ? "--start" : goal.given ? "--goal" : out.style ? "--style"
                          : path_color ? "--path-color" : NULL;
        if (other)
            return cli_usage(cmd, "--dijkstra", "writes a map, not a path: drop %s", other);
        amz_maze dm;
        if ((rc = cli_load_maze(input, max_memory, &dm, NULL)))
            return rc;
        dj.output = out.path;
        dj.format = out.format;
        dj.max_memory = max_memory;
        rc = cli_solve_dijkstra(cmd, &dm, &dj);
        amz_maze_deinit(&dm);
        return rc;
    }
    amz_maze m;
    amz_format in_fmt = AMZ_FORMAT_AMZ;
    cli_png_input png;
    /* The input's first bytes decide: a PNG signature goes to the picture solver (m left
     * untouched), anything else is read as a maze. */
    if ((rc = cli_solve_load(input, max_memory, &m, &in_fmt, &png)))
        return rc;
    /* A picture: the same solver and --threads, but --from/--to are pixels there. */
    if (png.data) {
        cli_solve_image_args ia = {algorithm, out.path, out.format, path_color, start.given, goal.given, verbose,
                                   start.x, start.y, goal.x, goal.y, max_memory, so.threads};
        rc = cli_solve_image(&png, &ia);
        cli_png_input_free(&png);
        return rc;
    }
    /* Writing over the input is allowed only in its own format (the file was read whole
     * and the replacement is atomic). */
    if ((rc = cli_output_check(cmd, &out)) || (rc = cli_output_not_input(cmd, input, out.path, in_fmt == out.fmt)) ||
        (rc = cli_set_ends(cmd, &m, &start, &goal))) {
        amz_maze_deinit(&m);
        return rc;
    }
    char doing[64];
    snprintf(doing, sizeof doing, "%s on", algorithm);
    /* The solver's own estimate of its working memory for this maze and these options,
     * weighed with the loaded maze by cli_memory_guard. */
    uint64_t work = amz_solve_memory_estimate(amz_solve_find(algorithm), &m, &so);
    if ((rc = cli_memory_guard(cmd, doing, &m, work, max_memory))) {
        amz_maze_deinit(&m);
        return rc;
    }
    amz_error err;
    amz_error_clear(&err);
    uint64_t explored = 0;
    cli_progress prog;
    cli_progress_init(&prog, cmd, quiet);
    /* Removed cells are never visited: the bar's 100% is the cells that exist. */
    prog.total = (uint64_t)amz_maze_count_cells(&m);
    /* Solvers send no PROGRESS: the bar counts their VISITs. Two-ended bfs on threads
     * sends PROGRESS to a watcher that asks for nothing else (a step watcher would make
     * it run on one thread). */
    amz_observer obs = {cli_progress_event, &prog, (1u << AMZ_EV_VISIT) | AMZ_EVENTS_PROGRESS};
    if (so.threads >= 2)
        obs.events = AMZ_EVENTS_PROGRESS;
    amz_status st = amz_solve_maze(&m, algorithm, &so, prog.enabled ? &obs : NULL, &explored, &err);
    cli_progress_done(&prog);
    if (st) {
        amz_maze_deinit(&m);
        return cli_lib_fail(cmd, &err, st);
    }
    if (verbose)
        fprintf(stderr, "amaze: solve: %s found a path of %llu moves after exploring %llu of %lld cells\n", algorithm,
                (unsigned long long)m.solution.len, (unsigned long long)explored, (long long)amz_maze_count_cells(&m));
    rc = cli_write_maze(cmd, &m, &out);
    amz_maze_deinit(&m);
    return rc;
}
