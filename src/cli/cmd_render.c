/* cmd_render.c — `amaze render`: draw a maze as text. */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"

static const char help[] =
    "Usage: amaze render [options] [FILE]\n"
    "Draw a maze (.amz, JSON or text art; FILE '-' or none = standard input) as text.\n"
    "\n"
    "Options:\n"
    "      --style STYLE        ascii (default: +--+ and | walls), unicode (box drawing)\n"
    "                           or blocks (the JS1K picture, one character per block)\n"
    "      --solution           draw the solution if the maze has one (default)\n"
    "      --no-solution        do not draw the solution\n"
    "      --color WHEN         auto (default: on a terminal), always or never\n"
    "  -o, --output FILE        write to FILE instead of standard output\n"
    "      --format FMT         text (the only format of this version)\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "S marks the start, G the goal, '.' (or '•' in unicode) the solution. Every style\n"
    "reads back as input to amaze solve, render and stats.\n";

int cmd_render(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"style", required_argument, NULL, 'y'},  {"solution", no_argument, NULL, 'P'},
        {"no-solution", no_argument, NULL, 'N'},  {"color", required_argument, NULL, 'c'},
        {"output", required_argument, NULL, 'o'}, {"format", required_argument, NULL, 'F'},
        {"max-memory", required_argument, NULL, 'M'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "render";
    uint64_t max_memory = 0;
    cli_output out = {0};
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'y': out.style = optarg; break;
        case 'P': out.no_solution = false; break;
        case 'N': out.no_solution = true; break;
        case 'c': out.color = optarg; break;
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected one input file, got %d", argc - optind);
    if (out.format && strcmp(out.format, "text") != 0)
        return cli_usage(cmd, "--format", "'%s': render writes text (use amaze solve or generate for amz and json)",
                         out.format);
    out.format = "text";
    amz_maze m;
    if ((rc = cli_load_maze(optind < argc ? argv[optind] : "-", max_memory, &m)))
        return rc;
    rc = cli_write_maze(cmd, &m, &out);
    amz_maze_deinit(&m);
    return rc;
}
