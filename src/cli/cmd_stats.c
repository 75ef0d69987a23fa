/* cmd_stats.c — `amaze stats`: measure a maze, or compare every generator the way
 * published maze-algorithm tables do (--algorithms). Formulas: docs/STATS.md; every
 * figure comes from amz_stats_compute (amaze/stats.h); this file prints. The JSON keys
 * are documented in docs/STATS.md, "JSON": keep the two in step. */
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
    "      --json               print JSON instead of a table (as --format json)\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced\n"
    "                           atomically; a .json name asks for JSON\n"
    "      --format FMT         text (a table, the default) or json\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Comparing generators:\n"
    "      --algorithms         make mazes with each generator and print the mean of\n"
    "                           each figure per generator (the JSON also has min,\n"
    "                           max)\n"
    "  -n, --count N            mazes per generator (default 10)\n"
    "  -s, --size WxH           maze size (default 100x100)\n"
    "  -t, --topology NAME      square (default) or hex\n"
    "      --seed N             seed of the first maze; the others follow (default 1)\n"
    "      --braid F            braid every maze first (0 to 1, default 0)\n"
    "      --difficulty LEVEL   make every maze of that difficulty (easy, medium,\n"
    "                           hard, expert or bits, as amaze generate does), at\n"
    "                           the size each generator needs unless -s is given\n"
    "\n"
    "Figures: cells, passages; dead ends (one passage), junctions (three or more) and\n"
    "cells by number of passages; straightaways and turns (two-passage cells going\n"
    "straight or turning; n/a on triangles, which have no opposite sides);\n"
    "corridors and the river factor (mean corridor length in moves); isolated\n"
    "cells, connected parts, whether the maze is perfect; the shortest solution in\n"
    "moves and as a share of the cells, the decision points on it and the\n"
    "difficulty (bits of guessing a walker without backtracking needs) with its\n"
    "level (easy, medium, hard, expert); the diameter (longest shortest path). Any\n"
    "grid: see docs/STATS.md for the formulas and what is straight on each.\n";

/* A cell's coordinates as the CLI takes them: x,y, with the level (or an octagon
 * grid's small-square flag) as a third number where the grid has one, so that the text
 * can be pasted into --start or --goal. 48 bytes hold three 32-bit numbers. */
static int cell_text(const amz_maze *m, amz_cell c, char *out, size_t cap)
{
    int32_t x, y, z;
    amz_maze_cell_xyz(m, c, &x, &y, &z);
    if (m->levels > 1 || (m->topology == AMZ_TOPO_OCTAGON && z))
        return snprintf(out, cap, "%d,%d,%d", x, y, z);
    return snprintf(out, cap, "%d,%d", x, y);
}

/* The four cells the figures name, as cell_text writes them: start, goal and the two
 * ends of the diameter. */
typedef struct cells_text {
    char start[48], goal[48], a[48], b[48];
} cells_text;

static void cells_of(const amz_maze *m, const amz_stats *s, cells_text *t)
{
    cell_text(m, m->start, t->start, sizeof t->start);
    cell_text(m, m->goal, t->goal, sizeof t->goal);
    cell_text(m, s->diameter_ends[0], t->a, sizeof t->a);
    cell_text(m, s->diameter_ends[1], t->b, sizeof t->b);
}

/* One JSON object on one line. solution_length and level are null for an unsolvable
 * maze, straight and turns where cells have no opposite sides: a 0 there would read as
 * a measurement. The grid keys (levels, wrap, weave) appear only for grids that are
 * not plain. */
static void print_json(FILE *f, const amz_maze *m, const amz_stats *s)
{
    cells_text t;
    cells_of(m, s, &t);
    fprintf(f, "{\"topology\":\"%s\",\"width\":%d,\"height\":%d,", amz_topology_name(m->topology), m->width,
           m->height);
    if (!amz_maze_is_plain(m))
        fprintf(f, "\"levels\":%d,\"wrap\":\"%s%s\",\"weave\":%s,", m->levels, m->wrap & AMZ_WRAP_X ? "x" : "",
               m->wrap & AMZ_WRAP_Y ? "y" : "", m->weave ? "true" : "false");
    fprintf(f, "\"algorithm\":");
    amz_io_write_json_string(f, m->algorithm);
    fprintf(f, ",\"seed\":%" PRIu64
           ",\"start\":[%s],\"goal\":[%s],\"cells\":%" PRIu64 ",\"passages\":%" PRIu64
           ",\"dead_ends\":%" PRIu64 ",\"dead_end_percent\":%.2f,\"junctions\":%" PRIu64 ",\"isolated\":%" PRIu64
           ",\"parts\":%" PRIu64 ",\"perfect\":%s,\"solvable\":%s,\"solution_length\":",
           m->seed, t.start, t.goal, s->cells,
           s->passages, s->dead_ends, s->dead_end_percent, s->junctions, s->isolated, s->parts,
           s->perfect ? "true" : "false", s->solvable ? "true" : "false");
    if (s->solvable)
        fprintf(f, "%" PRIu64, s->solution_length);
    else
        fprintf(f, "null");
    fprintf(f, ",\"degrees\":[");
    for (int d = 0; d <= m->ndirs; d++)
        fprintf(f, "%s%" PRIu64, d ? "," : "", s->degree[d]);
    fprintf(f, "]");
    if (s->shape_defined)
        fprintf(f, ",\"straight\":%" PRIu64 ",\"turns\":%" PRIu64, s->straight, s->turns);
    else
        fprintf(f, ",\"straight\":null,\"turns\":null");
    fprintf(f, ",\"corridors\":%" PRIu64 ",\"river\":%.3f"
           ",\"solution_fraction\":%.4f,\"decisions\":%" PRIu64 ",\"difficulty\":%.2f,\"level\":%s%s%s"
           ",\"diameter\":%" PRIu64
           ",\"diameter_exact\":%s,\"diameter_ends\":[[%s],[%s]]}\n",
           s->corridors, s->river, s->solution_fraction, s->decisions, s->difficulty,
           s->solvable ? "\"" : "", s->solvable ? amz_level_name(amz_level_of(s->difficulty)) : "null",
           s->solvable ? "\"" : "", s->diameter, s->diameter_exact ? "true" : "false", t.a, t.b);
}

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* The same figures as aligned lines for people; n/a and "none" where the JSON has
 * null. */
static void print_table(FILE *f, const amz_maze *m, const amz_stats *s)
{
    cells_text t;
    cells_of(m, s, &t);
    /* the size as -s takes it (polar: rings, then the first ring's cells when not 6) */
    char size[64];
    const amz_grid g = amz_maze_grid(m);
    amz_grid_format_size(&g, size, sizeof size);
    fprintf(f, "maze        %s %s", size, amz_topology_name(m->topology));
    if (m->wrap)
        fprintf(f, ", wrap %s%s", m->wrap & AMZ_WRAP_X ? "x" : "", m->wrap & AMZ_WRAP_Y ? "y" : "");
    if (m->weave)
        fprintf(f, ", weave");
    if (m->algorithm[0])
        fprintf(f, ", %s, seed %" PRIu64, m->algorithm, m->seed);
    fprintf(f, "\ncells       %" PRIu64 "\n", s->cells);
    fprintf(f, "passages    %" PRIu64 "\n", s->passages);
    fprintf(f, "dead ends   %" PRIu64 " (%.1f%%)\n", s->dead_ends, s->dead_end_percent);
    fprintf(f, "junctions   %" PRIu64 " (%.1f%%)\n", s->junctions, pct(s->junctions, s->cells));
    fprintf(f, "by passages");
    for (int d = 0; d <= m->ndirs; d++)
        fprintf(f, " %d:%" PRIu64, d, s->degree[d]);
    if (s->shape_defined) {
        fprintf(f, "\nstraight    %" PRIu64 " (%.1f%%)\n", s->straight, pct(s->straight, s->cells));
        fprintf(f, "turns       %" PRIu64 " (%.1f%%)\n", s->turns, pct(s->turns, s->cells));
    } else {
        fprintf(f, "\nstraight    n/a (no opposite sides on %s cells)\n", amz_topology_name(m->topology));
        fprintf(f, "turns       n/a\n");
    }
    fprintf(f, "corridors   %" PRIu64 ", river factor %.2f moves\n", s->corridors, s->river);
    fprintf(f, "isolated    %" PRIu64 "\n", s->isolated);
    fprintf(f, "parts       %" PRIu64 "\n", s->parts);
    fprintf(f, "perfect     %s\n", s->perfect ? "yes" : "no");
    fprintf(f, "start       (%s)\ngoal        (%s)\n", t.start, t.goal);
    if (s->solvable) {
        fprintf(f, "solution    %" PRIu64 " moves (%.1f%% of the cells)\n", s->solution_length,
               100.0 * s->solution_fraction);
        fprintf(f, "decisions   %" PRIu64 " on the solution\n", s->decisions);
        fprintf(f, "difficulty  %.1f bits (%s)\n", s->difficulty, amz_level_name(amz_level_of(s->difficulty)));
    } else {
        fprintf(f, "solution    none (start and goal are not connected)\n");
    }
    /* An inexact diameter is a lower bound (loops, or the search budget spent): said so. */
    fprintf(f, "diameter    %s%" PRIu64 " moves, (%s) to (%s)\n", s->diameter_exact ? "" : "at least ", s->diameter,
           t.a, t.b);
}

/* ---- --algorithms ---- */

/* The columns of --algorithms, in order; fields[] gives each its JSON key, heading
 * and unit. Every percentage is of all the cells. */
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

/* Sum, minimum and maximum of each column over the n mazes of one generator; min and
 * max are taken from the first maze on, so no sentinel is needed. */
typedef struct acc {
    double sum[NF], min[NF], max[NF];
    int n;
} acc;

/* Adds one maze's figures. 4+-way counts every degree from 4 up to AMZ_MAX_DIRS, so
 * hex and octagon junctions of 5 and more passages are in it too. On triangle grids
 * amz_stats gives straight and turns as 0, and so do their columns. */
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

/* The difficulty band of --difficulty (a level or a number of bits), for
 * --algorithms: every maze is then searched for with amz_target_search. */
typedef struct band {
    const char *spec; /* NULL = none */
    double lo, hi;
} band;

/* A level name (its band, amaze/difficulty.h) or a number of bits (+-10%, at least
 * +-1 bit: amz_difficulty_band). Usage error otherwise. */
static int parse_band(const char *cmd, const char *s, band *b)
{
    amz_level l;
    char *end;
    b->spec = s;
    if (amz_level_parse(s, &l, NULL) == AMZ_OK) {
        amz_level_band(l, &b->lo, &b->hi);
        return CLI_OK;
    }
    double v = strtod(s, &end);
    if (end == s || *end || amz_difficulty_band(v, &b->lo, &b->hi, NULL))
        return cli_usage(cmd, "--difficulty", "'%s': expected easy, medium, hard, expert or a number of bits", s);
    return CLI_OK;
}

/* One maze of the comparison: plain, or of the band's difficulty (sized for the
 * generator unless -s was given). With a band the search moves the goal along the
 * outline and draws its own seeds from `seed`; the figures are then those of the maze
 * it settled on (on failure, of its closest try, which the caller does not use). */
static amz_status one_maze(const amz_gen_info *g, amz_topology topo, int64_t w, int64_t h, uint64_t seed, double braid,
                           const band *b, amz_stats *s, amz_error *err)
{
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    o.braid = braid;
    amz_status st = amz_maze_init(&m, topo, w, h, err);
    if (st)
        return st;
    if (!b->spec) {
        st = amz_gen_run(&m, g->name, &o, NULL, err);
        if (!st)
            st = amz_stats_compute(&m, s, err);
    } else {
        amz_target t;
        amz_target_init(&t);
        t.bits_min = b->lo;
        t.bits_max = b->hi;
        amz_target_report r;
        st = amz_target_search(&m, g->name, &o, &t, &r, err);
        *s = r.stats;
    }
    amz_maze_deinit(&m);
    return st;
}

/* --algorithms: count mazes (seeds seed, seed + 1, ...) with every generator that
 * supports the topology, each generator's means printed as soon as it is done (flushed,
 * so that a long comparison shows its progress). An unknown topology is a usage error;
 * any generator's failure ends the comparison with CLI_FAIL. */
static int compare_algorithms(FILE *out, const char *cmd, int64_t w, int64_t h, bool has_size, const char *topology,
                              uint64_t count, uint64_t seed, double braid, const band *b, bool json)
{
    amz_error err;
    amz_error_clear(&err);
    amz_topology topo;
    if (amz_topology_parse(topology, &topo, &err))
        return cli_usage(cmd, "--topology", "%s", err.msg);
    const int nw = b->spec && !has_size ? 26 : 19; /* room for "recursive-division 39x39" */
    if (!json) {
        if (b->spec)
            fprintf(out, "%" PRIu64 " %s mazes of difficulty %s (%g to %g bits) per generator (seeds %" PRIu64
                    "..), %s, start top left, goal moved along the outline; means\n",
                    count, topology, b->spec, b->lo, b->hi, seed, has_size ? "given size" : "sized per generator");
        else
            fprintf(out, "%" PRIu64 " %s mazes of %lldx%lld per generator (seeds %" PRIu64 "..), start top left, "
                    "goal bottom right%s; means\n",
                    count, topology, (long long)w, (long long)h, seed, braid > 0 ? ", braided" : "");
        fprintf(out, "%-*s", nw, "generator");
        for (int f = 0; f < NF; f++)
            fprintf(out, " %10s", fields[f].head);
        fprintf(out, "\n%-*s", nw, "");
        for (int f = 0; f < NF; f++)
            fprintf(out, " %10s", fields[f].unit);
        fprintf(out, "\n");
    } else {
        fprintf(out, "[");
    }
    bool first = true;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        if (!amz_gen_supports(g, topo))
            continue;
        acc a;
        memset(&a, 0, sizeof a);
        int32_t gw = (int32_t)w, gh = (int32_t)h;
        amz_status st = AMZ_OK;
        /* Without -s, each generator gets its own square size for the band (aspect 1),
         * printed beside its name. */
        if (b->spec && !has_size)
            st = amz_difficulty_size(g->name, topo, b->lo, b->hi, 1.0, &gw, &gh, &err);
        for (uint64_t k = 0; k < count && !st; k++) {
            amz_stats s;
            if (!(st = one_maze(g, topo, gw, gh, seed + k, braid, b, &s, &err)))
                add(&a, &s);
        }
        if (st)
            return cli_lib_fail(cmd, &err, st);
        if (json) {
            fprintf(out, "%s\n{\"algorithm\":\"%s\",\"topology\":\"%s\",\"width\":%d,\"height\":%d,\"mazes\":%d", first ? "" : ",",
                   g->name, topology, gw, gh, a.n);
            for (int f = 0; f < NF; f++)
                fprintf(out, ",\"%s\":{\"mean\":%.4f,\"min\":%.4f,\"max\":%.4f}", fields[f].key, a.sum[f] / a.n, a.min[f],
                       a.max[f]);
            fprintf(out, "}");
        } else {
            char name[48];
            snprintf(name, sizeof name, b->spec && !has_size ? "%s %dx%d" : "%s", g->name, gw, gh);
            fprintf(out, "%-*s", nw, name);
            for (int f = 0; f < NF; f++)
                fprintf(out, " %10.*f", f == F_DECISIONS || f == F_DIAMETER ? 0 : f == F_RIVER ? 2 : 1, a.sum[f] / a.n);
            fprintf(out, "\n");
        }
        first = false;
        fflush(out);
    }
    if (json)
        fprintf(out, "\n]\n");
    return CLI_OK;
}

/* `amaze stats [FILE]` or `amaze stats --algorithms`: options and pairs of options are
 * usage errors (exit 2), an unreadable maze, a memory refusal, a generator's failure and
 * a failed write CLI_FAIL (exit 1). --max-memory guards the maze read from FILE; the
 * mazes of --algorithms are made without a guard. */
int cmd_stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'J'},           {"max-memory", required_argument, NULL, 'M'},
        {"algorithms", no_argument, NULL, 'A'},     {"count", required_argument, NULL, 'n'},
        {"size", required_argument, NULL, 's'},     {"topology", required_argument, NULL, 't'},
        {"seed", required_argument, NULL, 'S'},     {"braid", required_argument, NULL, 'b'},
        {"difficulty", required_argument, NULL, 'D'},
        {"output", required_argument, NULL, 'o'},   {"format", required_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    const char *cmd = "stats", *topology = "square", *compare_only = NULL, *path = NULL, *format = NULL;
    bool json = false, algorithms = false;
    uint64_t max_memory = 0, count = 10, seed = 1;
    int64_t w = 100, h = 100;
    double braid = 0;
    band diff = {NULL, 0, 0};
    bool has_size = false;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":n:s:t:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'J': json = true; break;
        case 'o': path = optarg; break;
        case 'F': format = optarg; break;
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'A': algorithms = true; break;
        case 'n':
            if ((rc = cli_parse_u64(cmd, "--count", optarg, &count)))
                return rc;
            if (count < 1 || count > 100000)
                return cli_usage(cmd, "--count", "'%s': give 1 to 100000 mazes", optarg);
            compare_only = "--count";
            break;
        case 's':
            if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h)))
                return rc;
            compare_only = "--size";
            has_size = true;
            break;
        case 'D': if ((rc = parse_band(cmd, optarg, &diff))) return rc; compare_only = "--difficulty"; break;
        case 't': topology = optarg; compare_only = "--topology"; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; compare_only = "--seed"; break;
        case 'b': {
            char *end;
            braid = strtod(optarg, &end);
            /* !(in range) refuses NaN too. */
            if (end == optarg || *end || !(braid >= 0 && braid <= 1))
                return cli_usage(cmd, "--braid", "'%s' is not a number from 0 to 1", optarg);
            compare_only = "--braid";
            break;
        }
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    /* A table or JSON: --json or --format, else the -o extension, else a table. */
    static const cli_format fmts[] = {{"text", ".txt", false}, {"json", ".json", false}};
    if (json && format && strcmp(format, "json") != 0)
        return cli_usage(cmd, "--json", "--json and --format %s ask for two formats", format);
    int k;
    if ((rc = cli_output_format(cmd, path, json ? "json" : format, fmts, 2, 0, &k)))
        return rc;
    /* From here json is the format chosen, by whichever option or name chose it. */
    json = k == 1;
    if (algorithms) {
        if (optind < argc)
            return cli_usage(cmd, cmd, "--algorithms makes its own mazes; unexpected '%s'", argv[optind]);
        /* A usage error comes before the output is opened: nothing to clean up. */
        if (diff.spec && braid > 0)
            return cli_usage(cmd, "--difficulty", "the search sets its own ends and seeds; drop --braid");
        cli_outfile of;
        if ((rc = cli_outfile_open(&of, path)))
            return rc;
        if ((rc = compare_algorithms(of.f.fp, cmd, w, h, has_size, topology, count, seed, braid, &diff, json))) {
            cli_outfile_cancel(&of);
            return rc;
        }
        return cli_outfile_end(cmd, &of, AMZ_OK, NULL);
    }
    /* Options of --algorithms are remembered in compare_only, to refuse them for a maze
     * read from a file (the last one given is named). */
    if (compare_only)
        return cli_usage(cmd, compare_only, "%s goes with --algorithms", compare_only);
    const char *input;
    if ((rc = cli_input(cmd, argc, argv, optind, &input)))
        return rc;
    amz_maze m;
    if ((rc = cli_load_maze(input, max_memory, &m, NULL)))
        return rc;
    /* The statistics are never a maze: writing them over the input would destroy it,
     * whatever the format. */
    if ((rc = cli_output_not_input(cmd, input, path, false)) ||
        (rc = cli_memory_guard(cmd, "measuring", &m, amz_stats_memory_estimate(&m), max_memory))) {
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
    cli_outfile of;
    if ((rc = cli_outfile_open(&of, path)) == CLI_OK) {
        if (json)
            print_json(of.f.fp, &m, &s);
        else
            print_table(of.f.fp, &m, &s);
        rc = cli_outfile_end(cmd, &of, AMZ_OK, NULL);
    }
    amz_maze_deinit(&m);
    return rc;
}
