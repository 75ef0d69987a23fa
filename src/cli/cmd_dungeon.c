/* cmd_dungeon.c — `amaze dungeon generate|render|stats|dijkstra`: roguelike levels of
 * rooms and maze corridors on the tile format (amaze/dungeon.h), written as .amd,
 * drawn with roguelike glyphs or as PNG, measured, and their Dijkstra and flee maps.
 * Every figure and rule comes from the library; this file parses and writes. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "amaze/dungeon_image.h"
#include "cli/cli.h"
#include "cli/dungeon_cli.h"
#include "cli/terrain_cli.h"

static const char help_main[] =
    "Usage: amaze dungeon COMMAND [options]\n"
    "Roguelike levels: rooms placed at random, maze corridors between them, doors\n"
    "joining every room and corridor, stairs up and down, stored as bit-packed tiles\n"
    "(kind and room id in 16 bits) in .amd files. Text uses the roguelike glyphs:\n"
    "'#' wall, '.' floor, '+' door, '<' and '>' the stairs up and down.\n"
    "\n"
    "Commands:\n"
    "  generate   make a dungeon and write it as .amd (or draw it on a terminal)\n"
    "  render     draw a dungeon as roguelike text or as a PNG picture\n"
    "  stats      rooms, doors, corridor share, dead ends, the walk between stairs\n"
    "  dijkstra   a Dijkstra or flee map as a heat-map picture, text or JSON\n"
    "\n"
    "Run 'amaze dungeon COMMAND --help' for a command's options. 'amaze play\n"
    "--dungeon FILE' walks a dungeon from the up to the down stairs.\n"
    "\n"
    "Example:\n"
    "  amaze dungeon generate -s 80x40 --seed 1 | amaze dungeon render -\n";

static const char help_generate[] =
    "Usage: amaze dungeon generate [options]\n"
    "Place rooms, fill the rest with maze corridors, join every region through doors,\n"
    "fill dead ends, put the stairs; write the dungeon as .amd (on a terminal without\n"
    "-o, draw it instead).\n"
    "\n"
    "Options:\n"
    "  -s, --size WxH           width x height in tiles, 5 to 1048576 a side, at most\n"
    "                           2^32 tiles (default 80x40)\n"
    "      --seed N             random seed (default: random); the same seed and\n"
    "                           options always give the same dungeon\n"
    "      --rooms N            rooms wanted, 0 to 8191 (default: one a 400 tiles;\n"
    "                           fewer when they do not fit)\n"
    "      --room-size MIN-MAX  room sides in tiles, odd, 3 to 4095 (default 5-13)\n"
    "  -a, --algorithm NAME     the corridors' maze generator (default backtracker);\n"
    "                           any that works around removed cells\n"
    "      --loops P            chance of an extra door where a room meets a corridor\n"
    "                           already joined, 0 to 1 (default 0.05)\n"
    "      --dead-ends P        share of the corridors' dead ends filled, 0 to 1\n"
    "                           (default 1: none left)\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced\n"
    "                           atomically: .amd, .txt (glyphs) or .png by the name\n"
    "      --format NAME        amd, txt or png, whatever the name says\n"
    "      --color WHEN         glyph colours: auto (default), always or never\n"
    "                           (NO_COLOR or TERM=dumb turn auto off)\n"
    "      --max-memory SIZE    refuse to start if the dungeon would need more (like\n"
    "                           2G); default: 90% of the available memory\n"
    "  -h, --help               show this help and exit\n";

static const char help_render[] =
    "Usage: amaze dungeon render [options] [FILE]\n"
    "Draw a dungeon (.amd; '-' or none = standard input) as roguelike text or a PNG.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE        write to FILE ('-' = standard output): .txt or .png\n"
    "                           by the name (default: text on standard output)\n"
    "      --format NAME        txt or png, whatever the name says\n"
    "      --scale N            PNG pixels a tile, 1 to 64 (default 8)\n"
    "      --color WHEN         text colours: auto (default), always or never\n"
    "                           (NO_COLOR or TERM=dumb turn auto off)\n"
    "      --max-memory SIZE    refuse larger dungeons (like 2G); default: 90% of\n"
    "                           the available memory\n"
    "  -h, --help               show this help and exit\n";

static const char help_stats[] =
    "Usage: amaze dungeon stats [options] [FILE]\n"
    "Measure a dungeon (.amd; '-' or none = standard input): rooms, doors, floor and\n"
    "corridor tiles, the corridor share of the floor, dead ends, the fewest steps\n"
    "between the stairs and the farthest tile from the up stairs.\n"
    "\n"
    "Options:\n"
    "      --json               one JSON object instead of lines of text\n"
    "      --max-memory SIZE    refuse larger dungeons (like 2G); default: 90% of\n"
    "                           the available memory\n"
    "  -h, --help               show this help and exit\n";

static const char help_dijkstra[] =
    "Usage: amaze dungeon dijkstra [options] [FILE]\n"
    "The Dijkstra map of a dungeon (.amd; '-' or none = standard input): for every\n"
    "walkable tile, the fewest steps to the nearest goal. With --flee, the flee map\n"
    "that roguelike monsters walk downhill on to run away from the goals.\n"
    "\n"
    "Options:\n"
    "      --goal WHERE         up, down (the stairs) or X,Y; repeat for more goals\n"
    "                           (default: up)\n"
    "      --flee K             the flee map: steps scaled by -K (0.01 to 100; 1.2\n"
    "                           is usual), rescanned\n"
    "  -o, --output FILE        write to FILE ('-' = standard output): .png (a heat\n"
    "                           map), .txt (numbers; '#' wall) or .json by the name\n"
    "                           (default: text on standard output)\n"
    "      --format NAME        png, txt or json, whatever the name says\n"
    "      --scale N            PNG pixels a tile, 1 to 64 (default 8)\n"
    "      --max-memory SIZE    refuse larger dungeons (like 2G); default: 90% of\n"
    "                           the available memory\n"
    "  -h, --help               show this help and exit\n";

/* getopt values of the long options without a short letter: from 256, past every char. */
enum { SEED = 256, ROOMS, ROOM_SIZE, LOOPS, DEAD_ENDS, FORMAT, COLOR, MAXMEM, SCALE, JSON, GOAL, FLEE };

/* tcli_writer adapters: tcli_write hands them the output stream (a temporary file for
 * a named path); the context carries the dungeon and what the format needs besides. */
static amz_status write_amd(const void *ctx, FILE *f, amz_error *err)
{
    return amz_dungeon_write(ctx, f, err);
}

typedef struct text_job {
    const amz_dungeon *d;
    bool color;
} text_job;

static amz_status write_txt(const void *ctx, FILE *f, amz_error *err)
{
    const text_job *j = ctx;
    return amz_dungeon_write_text(j->d, j->color, f, err);
}

typedef struct png_job {
    const amz_dungeon *d;
    amz_dungeon_png_options o;
} png_job;

static amz_status write_png(const void *ctx, FILE *f, amz_error *err)
{
    const png_job *j = ctx;
    return amz_dungeon_write_png(j->d, &j->o, f, err);
}

/* Writes d as f (0 amd, 1 txt, 2 png: generate's format indices; render's are one less)
 * to path (NULL or "-" = standard output), atomically. color is --color as given, for
 * text only; scale is the PNG's pixels a tile. CLI_OK, a usage error for --color, or
 * CLI_FAIL with the write's message. */
static int write_as(const char *cmd, const amz_dungeon *d, int f, const char *path, const char *color, int scale)
{
    const bool to_stdout = !path || strcmp(path, "-") == 0;
    if (f == 0)
        return tcli_write(cmd, to_stdout ? "-" : path, write_amd, d);
    if (f == 1) {
        text_job j = {d, false};
        int rc = tcli_color_choice(cmd, color, to_stdout, &j.color);
        return rc ? rc : tcli_write(cmd, to_stdout ? "-" : path, write_txt, &j);
    }
    png_job j = {d, {0}};
    amz_dungeon_png_options_init(&j.o);
    j.o.scale = scale;
    return tcli_write(cmd, to_stdout ? "-" : path, write_png, &j);
}

/* --room-size MIN-MAX, or N alone for N-N. Odd sides, as Nystrom's rooms and mazes lay
 * them out on odd coordinates, between the corridor maze's cells (docs/TILES.md,
 * section 5); 3..4095 as amz_dungeon_options_check has them. Usage error otherwise. */
static int parse_room_size(const char *cmd, const char *s, amz_dungeon_options *o)
{
    char *end;
    long a = strtol(s, &end, 10), b = a;
    if (end != s && *end == '-')
        b = strtol(end + 1, &end, 10);
    if (end == s || *end || a < 3 || b < a || b > 4095 || a % 2 == 0 || b % 2 == 0)
        return cli_usage(cmd, "--room-size", "'%s': expected MIN-MAX, odd sides with 3 <= MIN <= MAX <= 4095", s);
    o->room_min = (int32_t)a;
    o->room_max = (int32_t)b;
    return CLI_OK;
}

/* `amaze dungeon generate`: options, size and output name refused (usage, exit 2)
 * before any work, except --color, which write_as looks at only when text is written;
 * the memory guard, a generation failure and a failed write are CLI_FAIL (exit 1).
 * Without --seed the seed is random. */
static int generate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 's'},        {"seed", required_argument, NULL, SEED},
        {"rooms", required_argument, NULL, ROOMS},     {"room-size", required_argument, NULL, ROOM_SIZE},
        {"algorithm", required_argument, NULL, 'a'},   {"loops", required_argument, NULL, LOOPS},
        {"dead-ends", required_argument, NULL, DEAD_ENDS}, {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, FORMAT},   {"color", required_argument, NULL, COLOR},
        {"max-memory", required_argument, NULL, MAXMEM}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const cli_format fmts[] = {{"amd", ".amd", true}, {"txt", ".txt", false}, {"png", ".png", true}};
    const char *cmd = "dungeon generate", *out = NULL, *format = NULL, *color = NULL;
    int64_t w = 80, h = 40;
    uint64_t seed = 0, max_memory = 0;
    bool has_seed = false;
    amz_dungeon_options o;
    amz_dungeon_options_init(&o);
    int c, rc, v;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:a:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h))) return rc; break;
        case SEED: if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case ROOMS:
            if ((rc = cli_parse_int_range(cmd, "--rooms", optarg, 0, AMZ_DUNGEON_MAX_ROOMS, &v)))
                return rc;
            o.rooms = (uint32_t)v;
            break;
        case ROOM_SIZE: if ((rc = parse_room_size(cmd, optarg, &o))) return rc; break;
        case 'a': o.generator = optarg; break;
        case LOOPS: if ((rc = tcli_parse_double(cmd, "--loops", optarg, 0, 1, false, &o.loops))) return rc; break;
        case DEAD_ENDS:
            if ((rc = tcli_parse_double(cmd, "--dead-ends", optarg, 0, 1, false, &o.dead_ends)))
                return rc;
            break;
        case 'o': out = optarg; break;
        case FORMAT: format = optarg; break;
        case COLOR: color = optarg; break;
        case MAXMEM: if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_generate); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);
    amz_error err;
    amz_error_clear(&err);
    amz_status st;
    /* cli_parse_size allows maze sizes; dungeons have their own limits (amaze/dungeon.h).
     * Both sides are at most 2^31 - 1 here, so the product cannot overflow. */
    if (w < AMZ_DUNGEON_MIN_SIDE || h < AMZ_DUNGEON_MIN_SIDE || w > AMZ_DUNGEON_MAX_SIDE ||
        h > AMZ_DUNGEON_MAX_SIDE || (uint64_t)w * (uint64_t)h > AMZ_DUNGEON_MAX_TILES)
        return cli_usage(cmd, "--size", "%lldx%lld: sides must be %d to %d and the dungeon at most 2^32 tiles",
                         (long long)w, (long long)h, AMZ_DUNGEON_MIN_SIDE, AMZ_DUNGEON_MAX_SIDE);
    /* AMZ_ERANGE is a number out of range, named in the message; the other refusals
     * (unknown generator, one that cannot work around rooms) are --algorithm's. */
    if ((st = amz_dungeon_options_check(&o, &err)))
        return cli_usage(cmd, st == AMZ_ERANGE ? cmd : "--algorithm", "%s", err.msg);
    /* On a terminal with no name, the glyphs; elsewhere the .amd file. */
    int f;
    const int dflt = !out && !format && isatty(STDOUT_FILENO) ? 1 : 0;
    if ((rc = cli_output_format(cmd, out, format, fmts, 3, dflt, &f)))
        return rc;
    o.seed = has_seed ? seed : cli_random_seed();
    char what[64];
    snprintf(what, sizeof what, "a %lldx%lld dungeon", (long long)w, (long long)h);
    if ((rc = cli_memory_check(cmd, what, amz_dungeon_memory_estimate(w, h, &o), max_memory)))
        return rc;
    amz_dungeon d;
    if ((st = amz_dungeon_generate(&d, w, h, &o, &err)))
        return cli_lib_fail(cmd, &err, st);
    /* generate has no --scale: a PNG gets render's default, 8 px a tile. */
    rc = write_as(cmd, &d, f, out, color, 8);
    amz_dungeon_deinit(&d);
    return rc;
}

/* The input by cli_input's rule (at most one FILE; none is refused when standard input
 * is a terminal); optind is getopt's, left after the command's options. */
int dcli_load(const char *cmd, int argc, char **argv, uint64_t max_memory, amz_dungeon *d)
{
    const char *path;
    int rc = cli_input(cmd, argc, argv, optind, &path);
    return rc ? rc : dcli_load_path(path, max_memory, d);
}

int dcli_load_path(const char *path, uint64_t max_memory, amz_dungeon *d)
{
    amz_error err;
    amz_error_clear(&err);
    const uint64_t limit = cli_memory_limit(max_memory);
    /* The reader's limit is on the tiles, two bytes each; searches need 8 more a tile
     * (a Dijkstra and a flee map, 4 bytes each), so the tiles get a fifth of the limit.
     * An unknown amount of memory (UINT64_MAX) is the reader's 0, no limit. */
    amz_status st = amz_dungeon_load(path, d, limit == UINT64_MAX ? 0 : limit / 5, &err);
    return st ? cli_lib_fail(NULL, &err, st) : CLI_OK;
}

/* `amaze dungeon render [FILE]`: roguelike glyphs or a PNG (never .amd: render
 * writes pictures of a dungeon, generate the file). Usage errors before the read. */
static int render(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'}, {"format", required_argument, NULL, FORMAT},
        {"scale", required_argument, NULL, SCALE}, {"color", required_argument, NULL, COLOR},
        {"max-memory", required_argument, NULL, MAXMEM}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const cli_format fmts[] = {{"txt", ".txt", false}, {"png", ".png", true}};
    const char *cmd = "dungeon render", *out = NULL, *format = NULL, *color = NULL;
    int c, rc, scale = 8;
    uint64_t max_memory = 0;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case FORMAT: format = optarg; break;
        case SCALE: if ((rc = cli_parse_int_range(cmd, "--scale", optarg, 1, AMZ_DUNGEON_PNG_SCALE_MAX, &scale))) return rc; break;
        case COLOR: color = optarg; break;
        case MAXMEM: if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_render); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    int f;
    bool dummy;
    /* --color is checked here, before the read, even when the output turns out a PNG that
     * ignores it; write_as decides the colour itself. */
    if ((rc = cli_output_format(cmd, out, format, fmts, 2, 0, &f)) ||
        (rc = tcli_color_choice(cmd, color, true, &dummy)))
        return rc;
    amz_dungeon d;
    if ((rc = dcli_load(cmd, argc, argv, max_memory, &d)))
        return rc;
    rc = write_as(cmd, &d, f + 1, out, color, scale);
    amz_dungeon_deinit(&d);
    return rc;
}

/* `amaze dungeon stats [FILE]`: the figures of amz_dungeon_stats_compute as aligned
 * lines or one JSON object. CLI_FAIL if standard output cannot be written (checked at
 * the final flush). */
static int stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, JSON}, {"max-memory", required_argument, NULL, MAXMEM},
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    const char *cmd = "dungeon stats";
    bool json = false;
    uint64_t max_memory = 0;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case JSON: json = true; break;
        case MAXMEM: if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_stats); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    amz_dungeon d;
    if ((rc = dcli_load(cmd, argc, argv, max_memory, &d)))
        return rc;
    amz_dungeon_stats s;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_dungeon_stats_compute(&d, &s, &err);
    if (st) {
        amz_dungeon_deinit(&d);
        return cli_lib_fail(cmd, &err, st);
    }
    /* The generator's name needs no JSON escaping: the .amd reader accepts registered
     * names only and keeps the registry's own string. */
    if (json)
        printf("{\"width\":%d,\"height\":%d,\"seed\":%" PRIu64 ",\"generator\":\"%s\",\"rooms\":%u,"
               "\"doors\":%" PRIu64 ",\"tiles\":%" PRIu64 ",\"floor\":%" PRIu64 ",\"room_tiles\":%" PRIu64
               ",\"corridor\":%" PRIu64 ",\"corridor_share\":%.6f,\"dead_ends\":%" PRIu64
               ",\"stairs_path\":%" PRIu64 ",\"longest\":%" PRIu64 ",\"up\":[%d,%d],\"down\":[%d,%d]}\n",
               d.width, d.height, d.options.seed, d.options.generator ? d.options.generator : "", s.rooms, s.doors,
               s.tiles, s.floor, s.room_tiles, s.corridor, s.corridor_share, s.dead_ends, s.stairs_path, s.longest,
               d.up_x, d.up_y, d.down_x, d.down_y);
    else
        printf("size:           %dx%d (%" PRIu64 " tiles)\n"
               "rooms:          %u\n"
               "doors:          %" PRIu64 "\n"
               "floor:          %" PRIu64 " tiles (%" PRIu64 " in rooms, %" PRIu64 " corridor)\n"
               "corridor share: %.1f%% of the floor\n"
               "dead ends:      %" PRIu64 "\n"
               "stairs:         up %d,%d, down %d,%d, %" PRIu64 " steps apart\n"
               "farthest tile:  %" PRIu64 " steps from the up stairs\n",
               d.width, d.height, s.tiles, s.rooms, s.doors, s.floor, s.room_tiles, s.corridor,
               100.0 * s.corridor_share, s.dead_ends, d.up_x, d.up_y, d.down_x, d.down_y, s.stairs_path, s.longest);
    amz_dungeon_deinit(&d);
    return fflush(stdout) == 0 ? CLI_OK : cli_fail(cmd, "cannot write the statistics");
}

/* cli_map's wall test: true for every tile no one walks on (walls), so the map prints
 * '#' there rather than "not reached". i is a tile index, y * width + x. */
static bool dungeon_wall(const void *ctx, int64_t i)
{
    const amz_dungeon *d = ctx;
    return !amz_dtile_walkable(((const uint16_t *)d->tiles.data)[i]);
}

/* --goal up|down|X,Y as a tile index (y * width + x). amz_dungeon_tile is a wall
 * outside the map, so an X,Y off the map is refused with the walls and the index is
 * always in range. A malformed X,Y is a usage error (printed by cli_parse_xy); a wall is
 * CLI_FAIL, since only the loaded dungeon can tell. */
static int parse_goal(const char *cmd, const char *s, const amz_dungeon *d, int64_t *out)
{
    int64_t x, y;
    if (strcmp(s, "up") == 0)
        x = d->up_x, y = d->up_y;
    else if (strcmp(s, "down") == 0)
        x = d->down_x, y = d->down_y;
    else if (cli_parse_xy(cmd, "--goal", s, &x, &y))
        return CLI_USAGE;
    if (!amz_dtile_walkable(amz_dungeon_tile(d, x, y)))
        return cli_fail("--goal", "%s is not a walkable tile of the %dx%d dungeon", s, d->width, d->height);
    *out = y * d->width + x;
    return CLI_OK;
}

/* `amaze dungeon dijkstra [FILE]`: the Dijkstra map (steps to the nearest goal) or,
 * with --flee K, the flee map of roguelikes (docs/TILES.md, "Dijkstra maps"), as text,
 * JSON or a heat-map PNG. Goals are resolved on the loaded dungeon, so their errors come
 * after the read: a malformed X,Y (exit 2), a tile that is not walkable (exit 1). */
static int dijkstra(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"goal", required_argument, NULL, GOAL}, {"flee", required_argument, NULL, FLEE},
        {"output", required_argument, NULL, 'o'}, {"format", required_argument, NULL, FORMAT},
        {"scale", required_argument, NULL, SCALE}, {"max-memory", required_argument, NULL, MAXMEM},
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    static const cli_format fmts[] = {{"txt", ".txt", false}, {"json", ".json", false}, {"png", ".png", true}};
    /* A fixed cap keeps the goal list on the stack; more goals than that are refused. */
    enum { MAX_GOALS = 64 };
    const char *cmd = "dungeon dijkstra", *out = NULL, *format = NULL, *goals[MAX_GOALS];
    size_t ngoals = 0;
    double flee = 0;
    int c, rc, scale = 8;
    uint64_t max_memory = 0;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case GOAL:
            if (ngoals == MAX_GOALS)
                return cli_usage(cmd, "--goal", "at most %d goals", MAX_GOALS);
            goals[ngoals++] = optarg;
            break;
        case FLEE: if ((rc = tcli_parse_double(cmd, "--flee", optarg, 0.01, 100, false, &flee))) return rc; break;
        case 'o': out = optarg; break;
        case FORMAT: format = optarg; break;
        case SCALE: if ((rc = cli_parse_int_range(cmd, "--scale", optarg, 1, AMZ_DUNGEON_PNG_SCALE_MAX, &scale))) return rc; break;
        case MAXMEM: if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_dijkstra); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    int f;
    if ((rc = cli_output_format(cmd, out, format, fmts, 3, 0, &f)))
        return rc;
    amz_dungeon d;
    if ((rc = dcli_load(cmd, argc, argv, max_memory, &d)))
        return rc;
    int64_t tiles[MAX_GOALS];
    if (!ngoals)
        goals[ngoals++] = "up";
    for (size_t i = 0; i < ngoals && rc == CLI_OK; i++)
        rc = parse_goal(cmd, goals[i], &d, &tiles[i]);
    /* At most 2^32 tiles (AMZ_DUNGEON_MAX_TILES): n * 4 bytes fits a 64-bit size_t. The
     * maps are the CLI's own malloc, not counted by the reader's limit (dcli_load_path
     * leaves room for them). Each step below runs only while rc is still CLI_OK. */
    const size_t n = (size_t)d.width * (size_t)d.height;
    uint32_t *dist = rc ? NULL : malloc(n * sizeof *dist);
    int32_t *fl = rc || flee == 0 ? NULL : malloc(n * sizeof *fl);
    amz_error err;
    amz_error_clear(&err);
    amz_status st = AMZ_OK;
    if (rc == CLI_OK && (!dist || (flee > 0 && !fl)))
        rc = cli_fail(cmd, "no memory for the map of %zu tiles", n);
    if (rc == CLI_OK && ((st = amz_dijkstra_dungeon(&d, tiles, ngoals, dist, &err)) ||
                         (fl && (st = amz_dijkstra_flee_dungeon(&d, dist, flee, fl, &err)))))
        rc = cli_lib_fail(cmd, &err, st);
    const bool to_stdout = !out || strcmp(out, "-") == 0;
    if (rc == CLI_OK && f == 2) {
        png_job j = {&d, {0}};
        amz_dungeon_png_options_init(&j.o);
        j.o.scale = scale;
        /* The picture colours the flee map when there is one, else the distances. */
        j.o.heat = fl ? NULL : dist;
        j.o.flee = fl;
        rc = tcli_write(cmd, to_stdout ? "-" : out, write_png, &j);
    } else if (rc == CLI_OK) {
        /* row0 NULL: every row of a dungeon is `width` tiles long. */
        cli_map mp = {d.width, d.height, dist, fl, f == 1, dungeon_wall, &d, NULL};
        rc = cli_write_map(cmd, out, &mp);
    }
    free(dist);
    free(fl);
    amz_dungeon_deinit(&d);
    return rc;
}

int cmd_dungeon(int argc, char **argv)
{
    static const cli_sub subs[] = {{"generate", generate}, {"render", render}, {"stats", stats}, {"dijkstra", dijkstra}};
    return cli_subcommands("dungeon", help_main, subs, sizeof subs / sizeof subs[0], argc, argv);
}
