/* cmd_solve.c — `amaze solve`: find a path from start to goal and attach it. */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"

static const char help[] =
    "Usage: amaze solve [options] [FILE]\n"
    "Solve a maze (.amz, JSON or text art; FILE '-' or none = standard input) and write it\n"
    "with its solution attached. A PNG picture of a maze is solved on its pixels: see\n"
    "Pictures below.\n"
    "\n"
    "Options:\n"
    "  -a, --algorithm NAME     solver (default bfs); see --list-algorithms\n"
    "      --hand left|right    wall-follower: the hand kept on the wall (default left)\n"
    "      --threads N          bfs: 1 to 64 (default 1); 2 or more search from both\n"
    "                           ends at once on two threads (more add nothing): a\n"
    "                           shortest path, the same for every N >= 2, and the\n"
    "                           one-thread path on perfect mazes; no progress bar\n"
    "      --start X,Y          solve from this cell instead of the maze's start\n"
    "      --goal X,Y           solve to this cell instead of the maze's goal\n"
    "      --from X,Y, --to X,Y the same as --start and --goal\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced atomically\n"
    "      --format FMT         amz, json or text (default: from the -o extension .amz,\n"
    "                           .json or .txt; else text on a terminal, amz otherwise)\n"
    "      --json               same as --format json\n"
    "      --style STYLE        text style: ascii (default), unicode or blocks\n"
    "      --color WHEN         colour text output: auto (default), always or never\n"
    "  -v, --verbose            report the path length and cells explored on stderr\n"
    "  -q, --quiet              no progress bar (shown on a terminal for long runs)\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "      --list-algorithms    list the solvers and exit\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "\n"
    "Pictures: in a PNG, dark pixels (luma below 50%) are walls and light pixels floor,\n"
    "each pixel a cell. The entrance and exit are gaps in the top and bottom rows of the\n"
    "walls' bounding box (else the left and right columns), or --from/--to in pixels.\n"
    "The output is the same picture with the path painted (-o FILE.png):\n"
    "      --path-color COLOUR  colour of the path (default red)\n"
    "  amaze solve maze.png -o solved.png\n"
    "\n"
    "Exit status 1 with a message if there is no path (or, for the wall follower,\n"
    "if it would circle a loop of passages forever).\n";

static void list_algorithms(void)
{
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const amz_solve_info *s = amz_solve_at(i);
        printf("%-20s %-9s %s\n", s->name, s->shortest ? "shortest" : s->complete ? "any path" : "may fail",
               s->summary);
    }
}

int cmd_solve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'}, {"start", required_argument, NULL, 'B'},
        {"goal", required_argument, NULL, 'G'},      {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'F'},    {"json", no_argument, NULL, 'J'},
        {"style", required_argument, NULL, 'y'},     {"color", required_argument, NULL, 'c'},
        {"verbose", no_argument, NULL, 'v'},         {"max-memory", required_argument, NULL, 'M'},
        {"list-algorithms", no_argument, NULL, 'L'}, {"help", no_argument, NULL, 'h'},
        {"from", required_argument, NULL, 'B'},      {"to", required_argument, NULL, 'G'},
        {"path-color", required_argument, NULL, 'C'},
        {"hand", required_argument, NULL, 'H'},      {"quiet", no_argument, NULL, 'q'},
        {"threads", required_argument, NULL, 'T'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "solve", *algorithm = "bfs";
    int64_t sx = 0, sy = 0, gx = 0, gy = 0;
    bool has_start = false, has_goal = false, verbose = false, has_hand = false, quiet = false, has_threads = false;
    amz_solve_options so;
    amz_solve_options_init(&so);
    uint64_t max_memory = 0;
    cli_output out = {0};
    const char *path_color = NULL;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":a:o:vqh", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': algorithm = optarg; break;
        case 'B': if ((rc = cli_parse_xy(cmd, "--start", optarg, &sx, &sy))) return rc; has_start = true; break;
        case 'G': if ((rc = cli_parse_xy(cmd, "--goal", optarg, &gx, &gy))) return rc; has_goal = true; break;
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
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
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'C': path_color = optarg; break;
        case 'L': list_algorithms(); return CLI_OK;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected one input file, got %d", argc - optind);
    const char *input = optind < argc ? argv[optind] : "-";
    if (!amz_solve_find(algorithm))
        return cli_usage(cmd, "--algorithm", "unknown solver '%s' (see amaze solve --list-algorithms)", algorithm);
    if (has_hand && strcmp(algorithm, "wall-follower") != 0)
        return cli_usage(cmd, "--hand", "--hand is an option of wall-follower, not of %s", algorithm);
    if (has_threads && strcmp(algorithm, "bfs") != 0)
        return cli_usage(cmd, "--threads", "--threads is an option of bfs, not of %s", algorithm);

    amz_maze m;
    cli_png_input png;
    if ((rc = cli_solve_load(input, max_memory, &m, &png)))
        return rc;
    if (png.data) {
        cli_solve_image_args ia = {algorithm, out.path, out.format, path_color, has_start, has_goal, verbose,
                                   sx, sy, gx, gy, max_memory, so.threads};
        rc = cli_solve_image(&png, &ia);
        cli_png_input_free(&png);
        return rc;
    }
    if ((rc = cli_set_ends(cmd, &m, has_start, sx, sy, has_goal, gx, gy))) {
        amz_maze_deinit(&m);
        return rc;
    }
    /* The solver's working bits per cell (visited marks, parents, queue...). */
    const amz_solve_info *si = amz_solve_find(algorithm);
    char doing[64];
    snprintf(doing, sizeof doing, "%s on", algorithm);
    if ((rc = cli_memory_guard(cmd, doing, &m, (uint64_t)m.ncells * si->work_bits / 8, max_memory))) {
        amz_maze_deinit(&m);
        return rc;
    }
    amz_error err;
    amz_error_clear(&err);
    uint64_t explored = 0;
    cli_progress prog;
    cli_progress_init(&prog, cmd, quiet);
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
