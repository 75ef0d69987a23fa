/* cmd_stats.c — `amaze stats`: measure a maze. */
#include <getopt.h>
#include <inttypes.h>
#include <string.h>

#include "cli/cli.h"

static const char help[] =
    "Usage: amaze stats [options] [FILE]\n"
    "Measure a maze (.amz, JSON or text art; FILE '-' or none = standard input).\n"
    "\n"
    "Options:\n"
    "      --json               print one JSON object instead of a table\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Figures: cells, passages, dead ends (cells with one passage) and their share,\n"
    "junctions (three or more passages), isolated cells, connected parts, whether the\n"
    "maze is perfect (connected and without loops), and the shortest solution length in\n"
    "moves between start and goal.\n";

/* A JSON string: names read from files may hold quotes, backslashes or controls. */
static void print_json_string(const char *str)
{
    putchar('"');
    for (; *str; str++) {
        unsigned char c = (unsigned char)*str;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void print_json(const amz_maze *m, const amz_stats *s)
{
    int32_t sx, sy, gx, gy;
    amz_maze_cell_xy(m, m->start, &sx, &sy);
    amz_maze_cell_xy(m, m->goal, &gx, &gy);
    printf("{\"topology\":\"%s\",\"width\":%d,\"height\":%d,\"algorithm\":", amz_topology_name(m->topology), m->width,
           m->height);
    print_json_string(m->algorithm);
    printf(",\"seed\":%" PRIu64
           ",\"start\":[%d,%d],\"goal\":[%d,%d],\"cells\":%" PRIu64 ",\"passages\":%" PRIu64
           ",\"dead_ends\":%" PRIu64 ",\"dead_end_percent\":%.2f,\"junctions\":%" PRIu64 ",\"isolated\":%" PRIu64
           ",\"parts\":%" PRIu64 ",\"perfect\":%s,\"solvable\":%s,\"solution_length\":",
           m->seed, sx, sy, gx, gy, s->cells,
           s->passages, s->dead_ends, s->dead_end_percent, s->junctions, s->isolated, s->parts,
           s->perfect ? "true" : "false", s->solvable ? "true" : "false");
    if (s->solvable)
        printf("%" PRIu64 "}\n", s->solution_length);
    else
        printf("null}\n");
}

static void print_table(const amz_maze *m, const amz_stats *s)
{
    int32_t sx, sy, gx, gy;
    amz_maze_cell_xy(m, m->start, &sx, &sy);
    amz_maze_cell_xy(m, m->goal, &gx, &gy);
    printf("maze        %dx%d %s", m->width, m->height, amz_topology_name(m->topology));
    if (m->algorithm[0])
        printf(", %s, seed %" PRIu64, m->algorithm, m->seed);
    printf("\ncells       %" PRIu64 "\n", s->cells);
    printf("passages    %" PRIu64 "\n", s->passages);
    printf("dead ends   %" PRIu64 " (%.1f%%)\n", s->dead_ends, s->dead_end_percent);
    printf("junctions   %" PRIu64 "\n", s->junctions);
    printf("isolated    %" PRIu64 "\n", s->isolated);
    printf("parts       %" PRIu64 "\n", s->parts);
    printf("perfect     %s\n", s->perfect ? "yes" : "no");
    printf("start       (%d,%d)\ngoal        (%d,%d)\n", sx, sy, gx, gy);
    if (s->solvable)
        printf("solution    %" PRIu64 " moves\n", s->solution_length);
    else
        printf("solution    none (start and goal are not connected)\n");
}

int cmd_stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'J'},
        {"max-memory", required_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "stats";
    bool json = false;
    uint64_t max_memory = 0;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'J': json = true; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected one input file, got %d", argc - optind);
    amz_maze m;
    if ((rc = cli_load_maze(optind < argc ? argv[optind] : "-", max_memory, &m)))
        return rc;
    amz_stats s;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_stats_compute(&m, &s, &err);
    if (st) {
        amz_maze_deinit(&m);
        return cli_lib_fail(cmd, &err, st);
    }
    if (json)
        print_json(&m, &s);
    else
        print_table(&m, &s);
    amz_maze_deinit(&m);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("standard output", "write failed");
    return CLI_OK;
}
