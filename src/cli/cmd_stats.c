/* cmd_stats.c — `amaze stats`: measure a maze, or compare every generator the way
 * published maze-algorithm tables do (--algorithms). Formulas: docs/STATS.md. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char help[] =
    "Usage: amaze stats [options] [FILE]\n"
    "       amaze stats --algorithms [options]\n"
    "Measure a maze (.amz, JSON or text art; FILE '-' or none = standard input), or\n"
    "generate mazes with every generator and compare them.\n"
    "\n"
    "Options:\n"
    "      --json               print JSON instead of a table\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Comparing generators:\n"
    "      --algorithms         make mazes with each generator and print the mean of\n"
    "                           each figure per generator (the JSON also has min, max)\n"
    "  -n, --count N            mazes per generator (default 10)\n"
    "  -s, --size WxH           maze size (default 100x100)\n"
    "  -t, --topology NAME      square (default) or hex\n"
    "      --seed N             seed of the first maze; the others follow (default 1)\n"
    "      --braid F            braid every maze first (0 to 1, default 0)\n"
    "\n"
    "Figures: cells, passages; dead ends (one passage), junctions (three or more) and\n"
    "cells by number of passages; straightaways and turns (two-passage cells going\n"
    "straight or turning); corridors and the river factor (mean corridor length in\n"
    "moves); isolated cells, connected parts, whether the maze is perfect; the shortest\n"
    "solution in moves and as a share of the cells, the decision points on it and the\n"
    "difficulty (bits of guessing a walker without backtracking needs); the diameter\n"
    "(longest shortest path). See docs/STATS.md for the formulas.\n";

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
    int32_t sx, sy, gx, gy, ax, ay, bx, by;
    amz_maze_cell_xy(m, m->start, &sx, &sy);
    amz_maze_cell_xy(m, m->goal, &gx, &gy);
    amz_maze_cell_xy(m, s->diameter_ends[0], &ax, &ay);
    amz_maze_cell_xy(m, s->diameter_ends[1], &bx, &by);
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
        printf("%" PRIu64, s->solution_length);
    else
        printf("null");
    printf(",\"degrees\":[");
    for (int d = 0; d <= m->ndirs; d++)
        printf("%s%" PRIu64, d ? "," : "", s->degree[d]);
    printf("],\"straight\":%" PRIu64 ",\"turns\":%" PRIu64 ",\"corridors\":%" PRIu64 ",\"river\":%.3f"
           ",\"solution_fraction\":%.4f,\"decisions\":%" PRIu64 ",\"difficulty\":%.2f,\"diameter\":%" PRIu64
           ",\"diameter_exact\":%s,\"diameter_ends\":[[%d,%d],[%d,%d]]}\n",
           s->straight, s->turns, s->corridors, s->river, s->solution_fraction, s->decisions, s->difficulty,
           s->diameter, s->diameter_exact ? "true" : "false", ax, ay, bx, by);
}

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void print_table(const amz_maze *m, const amz_stats *s)
{
    int32_t sx, sy, gx, gy, ax, ay, bx, by;
    amz_maze_cell_xy(m, m->start, &sx, &sy);
    amz_maze_cell_xy(m, m->goal, &gx, &gy);
    amz_maze_cell_xy(m, s->diameter_ends[0], &ax, &ay);
    amz_maze_cell_xy(m, s->diameter_ends[1], &bx, &by);
    printf("maze        %dx%d %s", m->width, m->height, amz_topology_name(m->topology));
    if (m->algorithm[0])
        printf(", %s, seed %" PRIu64, m->algorithm, m->seed);
    printf("\ncells       %" PRIu64 "\n", s->cells);
    printf("passages    %" PRIu64 "\n", s->passages);
    printf("dead ends   %" PRIu64 " (%.1f%%)\n", s->dead_ends, s->dead_end_percent);
    printf("junctions   %" PRIu64 " (%.1f%%)\n", s->junctions, pct(s->junctions, s->cells));
    printf("by passages");
    for (int d = 0; d <= m->ndirs; d++)
        printf(" %d:%" PRIu64, d, s->degree[d]);
    printf("\nstraight    %" PRIu64 " (%.1f%%)\n", s->straight, pct(s->straight, s->cells));
    printf("turns       %" PRIu64 " (%.1f%%)\n", s->turns, pct(s->turns, s->cells));
    printf("corridors   %" PRIu64 ", river factor %.2f moves\n", s->corridors, s->river);
    printf("isolated    %" PRIu64 "\n", s->isolated);
    printf("parts       %" PRIu64 "\n", s->parts);
    printf("perfect     %s\n", s->perfect ? "yes" : "no");
    printf("start       (%d,%d)\ngoal        (%d,%d)\n", sx, sy, gx, gy);
    if (s->solvable) {
        printf("solution    %" PRIu64 " moves (%.1f%% of the cells)\n", s->solution_length,
               100.0 * s->solution_fraction);
        printf("decisions   %" PRIu64 " on the solution\n", s->decisions);
        printf("difficulty  %.1f bits\n", s->difficulty);
    } else {
        printf("solution    none (start and goal are not connected)\n");
    }
    printf("diameter    %s%" PRIu64 " moves, (%d,%d) to (%d,%d)\n", s->diameter_exact ? "" : "at least ", s->diameter,
           ax, ay, bx, by);
}

/* ---- --algorithms ---- */

enum { F_DEAD, F_J3, F_J4, F_STRAIGHT, F_TURNS, F_RIVER, F_SOLUTION, F_DECISIONS, F_DIFFICULTY, F_DIAMETER, NF };

static const struct {
    const char *key, *head, *unit;
} fields[NF] = {
    {"dead_end_percent", "dead ends", "%"},  {"junction3_percent", "3-way", "%"},
    {"junction4_percent", "4+-way", "%"},    {"straight_percent", "straight", "%"},
    {"turn_percent", "turns", "%"},          {"river", "river", "moves"},
    {"solution_percent", "solution", "% cells"}, {"decisions", "decisions", "count"},
    {"difficulty", "difficulty", "bits"},    {"diameter", "diameter", "moves"},
};

typedef struct acc {
    double sum[NF], min[NF], max[NF];
    int n;
} acc;

static void add(acc *a, const amz_stats *s)
{
    uint64_t j4 = 0;
    for (int d = 4; d <= AMZ_MAX_DIRS; d++)
        j4 += s->degree[d];
    double v[NF] = {
        s->dead_end_percent, pct(s->degree[3], s->cells), pct(j4, s->cells), pct(s->straight, s->cells),
        pct(s->turns, s->cells), s->river, 100.0 * s->solution_fraction, (double)s->decisions, s->difficulty,
        (double)s->diameter,
    };
    for (int f = 0; f < NF; f++) {
        a->sum[f] += v[f];
        a->min[f] = a->n ? (v[f] < a->min[f] ? v[f] : a->min[f]) : v[f];
        a->max[f] = a->n ? (v[f] > a->max[f] ? v[f] : a->max[f]) : v[f];
    }
    a->n++;
}

static int compare_algorithms(const char *cmd, int64_t w, int64_t h, const char *topology, uint64_t count,
                              uint64_t seed, double braid, bool json)
{
    amz_error err;
    amz_error_clear(&err);
    amz_topology topo;
    if (amz_topology_parse(topology, &topo, &err))
        return cli_usage(cmd, "--topology", "%s", err.msg);
    if (!json) {
        printf("%" PRIu64 " %s mazes of %lldx%lld per generator (seeds %" PRIu64 "..), start top left, goal "
               "bottom right%s; means\n",
               count, topology, (long long)w, (long long)h, seed, braid > 0 ? ", braided" : "");
        printf("%-19s", "generator");
        for (int f = 0; f < NF; f++)
            printf(" %10s", fields[f].head);
        printf("\n%-19s", "");
        for (int f = 0; f < NF; f++)
            printf(" %10s", fields[f].unit);
        printf("\n");
    } else {
        printf("[");
    }
    bool first = true;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        if (!amz_gen_supports(g, topo))
            continue;
        acc a;
        memset(&a, 0, sizeof a);
        for (uint64_t k = 0; k < count; k++) {
            amz_maze m;
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = seed + k;
            o.braid = braid;
            amz_stats s;
            amz_status st = amz_maze_init(&m, topo, w, h, &err);
            if (!st)
                st = amz_gen_run(&m, g->name, &o, NULL, &err);
            if (!st)
                st = amz_stats_compute(&m, &s, &err);
            amz_maze_deinit(&m);
            if (st)
                return cli_lib_fail(cmd, &err, st);
            add(&a, &s);
        }
        if (json) {
            printf("%s\n{\"algorithm\":\"%s\",\"topology\":\"%s\",\"width\":%lld,\"height\":%lld,\"mazes\":%d", first ? "" : ",",
                   g->name, topology, (long long)w, (long long)h, a.n);
            for (int f = 0; f < NF; f++)
                printf(",\"%s\":{\"mean\":%.4f,\"min\":%.4f,\"max\":%.4f}", fields[f].key, a.sum[f] / a.n, a.min[f],
                       a.max[f]);
            printf("}");
        } else {
            printf("%-19s", g->name);
            for (int f = 0; f < NF; f++)
                printf(" %10.*f", f == F_DECISIONS || f == F_DIAMETER ? 0 : f == F_RIVER ? 2 : 1, a.sum[f] / a.n);
            printf("\n");
        }
        first = false;
        fflush(stdout);
    }
    if (json)
        printf("\n]\n");
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("standard output", "write failed");
    return CLI_OK;
}

int cmd_stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'J'},           {"max-memory", required_argument, NULL, 'M'},
        {"algorithms", no_argument, NULL, 'A'},     {"count", required_argument, NULL, 'n'},
        {"size", required_argument, NULL, 's'},     {"topology", required_argument, NULL, 't'},
        {"seed", required_argument, NULL, 'S'},     {"braid", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    const char *cmd = "stats", *topology = "square", *compare_only = NULL;
    bool json = false, algorithms = false;
    uint64_t max_memory = 0, count = 10, seed = 1;
    int64_t w = 100, h = 100;
    double braid = 0;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":n:s:t:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'J': json = true; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'A': algorithms = true; break;
        case 'n':
            if ((rc = cli_parse_u64(cmd, "--count", optarg, &count)))
                return rc;
            if (count < 1 || count > 100000)
                return cli_usage(cmd, "--count", "'%s': give 1 to 100000 mazes", optarg);
            compare_only = "--count";
            break;
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h))) return rc; compare_only = "--size"; break;
        case 't': topology = optarg; compare_only = "--topology"; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; compare_only = "--seed"; break;
        case 'b': {
            char *end;
            braid = strtod(optarg, &end);
            if (end == optarg || *end || !(braid >= 0 && braid <= 1))
                return cli_usage(cmd, "--braid", "'%s' is not a number from 0 to 1", optarg);
            compare_only = "--braid";
            break;
        }
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (algorithms) {
        if (optind < argc)
            return cli_usage(cmd, cmd, "--algorithms makes its own mazes; unexpected '%s'", argv[optind]);
        return compare_algorithms(cmd, w, h, topology, count, seed, braid, json);
    }
    if (compare_only)
        return cli_usage(cmd, compare_only, "%s goes with --algorithms", compare_only);
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected one input file, got %d", argc - optind);
    amz_maze m;
    if ((rc = cli_load_maze(optind < argc ? argv[optind] : "-", max_memory, &m)))
        return rc;
    /* amz_stats_compute: about 4 bytes a cell, 16 on a maze with loops. */
    uint64_t cells = (uint64_t)amz_maze_count_cells(&m);
    uint64_t per = amz_maze_count_passages(&m) < cells ? 4 : 16;
    if ((rc = cli_memory_guard(cmd, "the statistics of", &m, (uint64_t)m.ncells * per, max_memory))) {
        amz_maze_deinit(&m);
        return rc;
    }
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
