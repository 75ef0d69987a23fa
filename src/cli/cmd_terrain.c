/* cmd_terrain.c — `amaze terrain generate|render|stats`: diamond-square worlds stored
 * as packed 16-bit tiles (.amt), drawn as PNG or on the terminal, and measured. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "amaze/terrain_image.h"
#include "cli/cli.h"

static const char help_main[] =
    "Usage: amaze terrain COMMAND [options]\n"
    "Diamond-square worlds of bit-packed tiles (type, height 0-99, vegetation in 16 bits).\n"
    "\n"
    "Commands:\n"
    "  generate   make a map and write it as .amt (or draw it on a terminal)\n"
    "  render     draw a map as PNG or on the terminal\n"
    "  stats      tile-type shares, height histogram, packed versus struct memory\n"
    "\n"
    "Run 'amaze terrain COMMAND --help' for a command's options.\n"
    "\n"
    "Example:\n"
    "  amaze terrain generate -s 513x513 --seed 3 -o world.amt\n"
    "  amaze terrain render world.amt -o world.png --hillshade\n";

static const char help_generate[] =
    "Usage: amaze terrain generate [options]\n"
    "Make a diamond-square height map, classify it into tiles and write it as .amt\n"
    "(on a terminal without -o, draw it instead).\n"
    "\n"
    "Options:\n"
    "  -s, --size WxH           width x height in tiles, any size up to 1048576 a side\n"
    "                           (default 129x129)\n"
    "      --seed N             random seed (default: random); the same seed and options\n"
    "                           always give the same map\n"
    "  -r, --roughness R        noise kept per level, 0 < R <= 1 (default 0.55);\n"
    "                           higher is rougher, 0.5 is the classic fractal\n"
    "      --wrap               make the map tile seamlessly left-right and top-bottom\n"
    "      --thresholds S,E,R   lowest height of sand, earth and rock (default 40,45,75):\n"
    "                           water < S <= sand < E <= earth < R <= rock\n"
    "      --vegetation P       chance of vegetation on the lowest earth, falling to 0\n"
    "                           at the rock line (0..1, default 0.6)\n"
    "  -o, --output FILE        write the .amt map to FILE ('-' = standard output),\n"
    "                           replaced atomically\n"
    "      --color WHEN         colours when drawing on a terminal: auto (default),\n"
    "                           always or never (NO_COLOR or TERM=dumb turn auto off)\n"
    "      --max-memory SIZE    refuse to start if the map would need more (like 2G);\n"
    "                           default: 90% of the available memory\n"
    "  -h, --help               show this help and exit\n";

static const char help_render[] =
    "Usage: amaze terrain render FILE [options]\n"
    "Draw a .amt map ('-' = standard input) as a PNG picture or on the terminal.\n"
    "Each tile's hue tells its type (water blue, sand yellow, earth green, rock grey-brown),\n"
    "its lightness the height; vegetation is darker green. On the terminal: one glyph per\n"
    "tile, '~' water, ':' sand, '.' earth, ',' vegetation, '^' rock, on 24-bit colour.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced atomically;\n"
    "                           without -o, draw on standard output as text\n"
    "      --format FMT         png or text (default: png for a .png file, else text)\n"
    "      --scale N            PNG pixels per tile, 1 to 64 (default 1)\n"
    "      --hillshade          PNG: light the relief from the north-west\n"
    "      --region X,Y,WxH     text: draw only W x H tiles from column X, row Y\n"
    "      --color WHEN         text colours: auto (default), always or never\n"
    "                           (NO_COLOR or TERM=dumb turn auto off)\n"
    "      --max-memory SIZE    refuse maps whose tiles need more (like 2G)\n"
    "  -h, --help               show this help and exit\n";

static const char help_stats[] =
    "Usage: amaze terrain stats FILE [options]\n"
    "Measure a .amt map ('-' = standard input): size and options, the share of each tile\n"
    "type, vegetation, a height histogram in steps of 10, and the memory of the packed\n"
    "map (2 bytes a tile) versus one struct {int type; int height; bool vegetation;} a tile.\n"
    "\n"
    "Options:\n"
    "      --json               one JSON object instead of text\n"
    "      --max-memory SIZE    refuse maps whose tiles need more (like 2G)\n"
    "  -h, --help               show this help and exit\n";

/* Strict decimal number (strtod, whole string, finite). */
static int parse_double(const char *cmd, const char *opt, const char *s, double lo, double hi, bool lo_open,
                        double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v))
        return cli_usage(cmd, opt, "'%s' is not a number", s);
    if (v > hi || v < lo || (lo_open && v == lo))
        return cli_usage(cmd, opt, "%s is outside %s%g, %g]", s, lo_open ? "(" : "[", lo, hi);
    *out = v;
    return CLI_OK;
}

/* Reads a run of 1 to `max_digits` decimal digits at *p, advancing past them. */
static bool read_number(const char **p, int max_digits, long long *out)
{
    long long v = 0;
    int n = 0;
    while (**p >= '0' && **p <= '9' && n < max_digits) {
        v = v * 10 + (**p - '0');
        (*p)++;
        n++;
    }
    *out = v;
    return n > 0 && !(**p >= '0' && **p <= '9');
}

static int parse_thresholds(const char *cmd, const char *s, amz_terrain_options *o)
{
    long long a, b, c;
    const char *p = s;
    if (!read_number(&p, 3, &a) || *p++ != ',' || !read_number(&p, 3, &b) || *p++ != ',' ||
        !read_number(&p, 3, &c) || *p)
        return cli_usage(cmd, "--thresholds", "'%s' is not three heights S,E,R like 40,45,75", s);
    if (a > 100 || b > 100 || c > 100 || a > b || b > c)
        return cli_usage(cmd, "--thresholds", "'%s': heights must be 0 to 100 and must not decrease", s);
    o->sand_from = (uint8_t)a;
    o->earth_from = (uint8_t)b;
    o->rock_from = (uint8_t)c;
    return CLI_OK;
}

static int parse_region(const char *cmd, const char *s, amz_terrain_text_options *t)
{
    long long x, y, w, h;
    const char *p = s;
    if (!read_number(&p, 10, &x) || *p++ != ',' || !read_number(&p, 10, &y) || *p++ != ',' ||
        !read_number(&p, 10, &w) || *p++ != 'x' || !read_number(&p, 10, &h) || *p || x > INT32_MAX ||
        y > INT32_MAX || w < 1 || h < 1 || w > INT32_MAX || h > INT32_MAX)
        return cli_usage(cmd, "--region", "'%s' is not a region X,Y,WxH like 0,0,80x24", s);
    t->x = (int32_t)x;
    t->y = (int32_t)y;
    t->width = (int32_t)w;
    t->height = (int32_t)h;
    return CLI_OK;
}

/* auto: colour only on a terminal, and not with NO_COLOR or TERM=dumb. */
static int color_choice(const char *cmd, const char *when, bool to_stdout, bool *out)
{
    if (!when || strcmp(when, "auto") == 0) {
        const char *term = getenv("TERM");
        *out = to_stdout && isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && !(term && strcmp(term, "dumb") == 0);
    } else if (strcmp(when, "always") == 0) {
        *out = true;
    } else if (strcmp(when, "never") == 0) {
        *out = false;
    } else {
        return cli_usage(cmd, "--color", "'%s': expected auto, always or never", when);
    }
    return CLI_OK;
}

static int draw_text(const amz_terrain *t, const amz_terrain_text_options *to, const char *path)
{
    amz_error err;
    amz_error_clear(&err);
    amz_outfile of;
    amz_status st = amz_outfile_open(&of, path ? path : "-", &err);
    if (st)
        return cli_lib_fail(NULL, &err, st);
    if ((st = amz_terrain_render_text(t, to, of.fp, &err))) {
        amz_outfile_abort(&of);
        return cli_lib_fail("terrain render", &err, st);
    }
    if ((st = amz_outfile_commit(&of, &err)))
        return cli_lib_fail(NULL, &err, st);
    return CLI_OK;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int generate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 's'},       {"seed", required_argument, NULL, 'S'},
        {"roughness", required_argument, NULL, 'r'},  {"wrap", no_argument, NULL, 'w'},
        {"thresholds", required_argument, NULL, 'T'}, {"vegetation", required_argument, NULL, 'v'},
        {"output", required_argument, NULL, 'o'},     {"color", required_argument, NULL, 'c'},
        {"max-memory", required_argument, NULL, 'M'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "terrain generate", *out = NULL, *color = NULL;
    int64_t w = 129, h = 129;
    uint64_t seed = 0, max_memory = 0;
    bool has_seed = false;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:r:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h))) return rc; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case 'r': if ((rc = parse_double(cmd, "--roughness", optarg, 0, 1, true, &o.roughness))) return rc; break;
        case 'w': o.wrap = true; break;
        case 'T': if ((rc = parse_thresholds(cmd, optarg, &o))) return rc; break;
        case 'v': if ((rc = parse_double(cmd, "--vegetation", optarg, 0, 1, false, &o.vegetation))) return rc; break;
        case 'o': out = optarg; break;
        case 'c': color = optarg; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_generate); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);
    if (w > AMZ_TERRAIN_MAX_SIDE || h > AMZ_TERRAIN_MAX_SIDE)
        return cli_usage(cmd, "--size", "%lldx%lld: terrain sides must be at most %d", (long long)w, (long long)h,
                         AMZ_TERRAIN_MAX_SIDE);
    if (out && (has_suffix(out, ".png") || has_suffix(out, ".txt")))
        return cli_usage(cmd, out, "generate writes .amt maps; draw them with 'amaze terrain render MAP -o %s'", out);
    bool to_stdout = !out || strcmp(out, "-") == 0, draw = !out && isatty(STDOUT_FILENO);
    bool use_color = false;
    if ((rc = color_choice(cmd, color, to_stdout, &use_color)))
        return rc;
    uint64_t need = amz_terrain_memory_estimate(w, h), limit = cli_memory_limit(max_memory);
    if (need > limit) {
        char a[32], b[32];
        return cli_fail(cmd, "a %lldx%lld map needs about %s, more than the %s allowed (raise with --max-memory)",
                        (long long)w, (long long)h, cli_human_bytes(need, a, sizeof a),
                        cli_human_bytes(limit, b, sizeof b));
    }
    o.seed = has_seed ? seed : cli_random_seed();
    amz_error err;
    amz_error_clear(&err);
    amz_terrain t;
    amz_status st = amz_terrain_generate(&t, (int32_t)w, (int32_t)h, &o, &err);
    if (st)
        return cli_lib_fail("terrain generate", &err, st);
    if (draw) {
        amz_terrain_text_options to;
        amz_terrain_text_options_init(&to);
        to.color = use_color;
        rc = draw_text(&t, &to, NULL);
    } else if ((st = amz_terrain_save(&t, to_stdout ? "-" : out, &err))) {
        rc = cli_lib_fail(NULL, &err, st);
    } else {
        rc = CLI_OK;
    }
    amz_terrain_deinit(&t);
    return rc;
}

static int load(const char *path, uint64_t max_memory, amz_terrain *t)
{
    amz_error err;
    amz_error_clear(&err);
    uint64_t limit = cli_memory_limit(max_memory);
    amz_status st = amz_terrain_load(path, t, limit == UINT64_MAX ? 0 : limit, &err);
    return st ? cli_lib_fail(NULL, &err, st) : CLI_OK;
}

static int render(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},     {"format", required_argument, NULL, 'F'},
        {"scale", required_argument, NULL, 'z'},      {"hillshade", no_argument, NULL, 'H'},
        {"region", required_argument, NULL, 'R'},     {"color", required_argument, NULL, 'c'},
        {"max-memory", required_argument, NULL, 'M'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "terrain render", *out = NULL, *format = NULL, *color = NULL;
    uint64_t max_memory = 0, scale = 1;
    bool has_region = false;
    amz_terrain_png_options po;
    amz_terrain_png_options_init(&po);
    amz_terrain_text_options to;
    amz_terrain_text_options_init(&to);
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'F': format = optarg; break;
        case 'z':
            if ((rc = cli_parse_u64(cmd, "--scale", optarg, &scale)))
                return rc;
            if (scale < 1 || scale > AMZ_TERRAIN_PNG_SCALE_MAX)
                return cli_usage(cmd, "--scale", "%s is outside 1..%d", optarg, AMZ_TERRAIN_PNG_SCALE_MAX);
            po.scale = (int)scale;
            break;
        case 'H': po.hillshade = true; break;
        case 'R': if ((rc = parse_region(cmd, optarg, &to))) return rc; has_region = true; break;
        case 'c': color = optarg; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_render); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind >= argc)
        return cli_usage(cmd, cmd, "missing the map file to draw ('-' for standard input)");
    if (optind + 1 < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind + 1]);
    const char *in = argv[optind];
    bool png;
    if (format) {
        if (strcmp(format, "png") != 0 && strcmp(format, "text") != 0)
            return cli_usage(cmd, "--format", "'%s': expected png or text", format);
        png = strcmp(format, "png") == 0;
    } else {
        png = out && has_suffix(out, ".png");
    }
    bool to_stdout = !out || strcmp(out, "-") == 0;
    if (png && to_stdout && isatty(STDOUT_FILENO))
        return cli_usage(cmd, "--format", "will not write a PNG to a terminal; use -o FILE.png or a pipe");
    if (png && has_region)
        return cli_usage(cmd, "--region", "regions are for text output; crop the picture instead");
    if ((rc = color_choice(cmd, color, to_stdout, &to.color)))
        return rc;

    amz_terrain t;
    if ((rc = load(in, max_memory, &t)))
        return rc;
    if (png) {
        amz_error err;
        amz_error_clear(&err);
        amz_status st = amz_terrain_save_png(&t, &po, to_stdout ? "-" : out, &err);
        rc = st ? cli_lib_fail(NULL, &err, st) : CLI_OK;
    } else {
        rc = draw_text(&t, &to, out);
    }
    amz_terrain_deinit(&t);
    return rc;
}

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void stats_text(const amz_terrain *t, const amz_terrain_stats *s)
{
    const amz_terrain_options *o = &t->options;
    char a[32], b[32];
    printf("map         %dx%d, %llu tiles\n", t->width, t->height, (unsigned long long)s->tiles);
    printf("made with   seed %llu, roughness %g, %s, thresholds %u,%u,%u, vegetation %g\n",
           (unsigned long long)o->seed, o->roughness, o->wrap ? "wrapped" : "not wrapped", o->sand_from,
           o->earth_from, o->rock_from, o->vegetation);
    printf("types\n");
    for (unsigned k = 0; k < AMZ_TILE_TYPES; k++)
        printf("  %-6s %c  %6.2f%%  %llu\n", amz_tile_type_name(k), amz_tile_glyph(amz_tile_make(k, 0, false)),
               pct(s->types[k], s->tiles), (unsigned long long)s->types[k]);
    printf("vegetation  %.2f%% of all tiles, %.2f%% of earth (%llu)\n", pct(s->vegetation, s->tiles),
           pct(s->vegetation, s->types[AMZ_TILE_EARTH]), (unsigned long long)s->vegetation);
    printf("heights\n");
    uint64_t bucket[10] = {0}, most = 0;
    for (unsigned hgt = 0; hgt <= AMZ_TILE_HEIGHT_MAX; hgt++)
        bucket[hgt / 10] += s->heights[hgt];
    for (int k = 0; k < 10; k++)
        most = bucket[k] > most ? bucket[k] : most;
    for (int k = 0; k < 10; k++) {
        int bar = most ? (int)((bucket[k] * 40 + most / 2) / most) : 0;
        printf("  %2d-%2d  %6.2f%%  %.*s\n", k * 10, k * 10 + 9, pct(bucket[k], s->tiles), bar,
               "########################################");
    }
    printf("memory      packed %s (%.0f bytes a tile); one struct a tile %s (%zu bytes a tile): %.1fx smaller\n",
           cli_human_bytes(s->packed_bytes, a, sizeof a), s->tiles ? (double)s->packed_bytes / (double)s->tiles : 0,
           cli_human_bytes(s->struct_bytes, b, sizeof b), sizeof(amz_tile_struct),
           s->packed_bytes ? (double)s->struct_bytes / (double)s->packed_bytes : 0);
}

static void stats_json(const amz_terrain *t, const amz_terrain_stats *s)
{
    const amz_terrain_options *o = &t->options;
    printf("{\"width\":%d,\"height\":%d,\"tiles\":%llu,\"seed\":%llu,\"roughness\":%.17g,\"wrap\":%s,"
           "\"thresholds\":[%u,%u,%u],\"vegetation_chance\":%.17g,\"types\":{",
           t->width, t->height, (unsigned long long)s->tiles, (unsigned long long)o->seed, o->roughness,
           o->wrap ? "true" : "false", o->sand_from, o->earth_from, o->rock_from, o->vegetation);
    for (unsigned k = 0; k < AMZ_TILE_TYPES; k++)
        printf("%s\"%s\":%llu", k ? "," : "", amz_tile_type_name(k), (unsigned long long)s->types[k]);
    printf("},\"vegetation\":%llu,\"heights\":[", (unsigned long long)s->vegetation);
    for (unsigned hgt = 0; hgt <= AMZ_TILE_HEIGHT_MAX; hgt++)
        printf("%s%llu", hgt ? "," : "", (unsigned long long)s->heights[hgt]);
    printf("],\"packed_bytes\":%llu,\"struct_bytes\":%llu,\"struct_bytes_per_tile\":%zu}\n",
           (unsigned long long)s->packed_bytes, (unsigned long long)s->struct_bytes, sizeof(amz_tile_struct));
}

static int stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},
        {"max-memory", required_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "terrain stats";
    uint64_t max_memory = 0;
    bool json = false;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'j': json = true; break;
        case 'M': if ((rc = cli_parse_bytes(cmd, "--max-memory", optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_stats); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind >= argc)
        return cli_usage(cmd, cmd, "missing the map file to measure ('-' for standard input)");
    if (optind + 1 < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind + 1]);
    amz_terrain t;
    if ((rc = load(argv[optind], max_memory, &t)))
        return rc;
    amz_terrain_stats s;
    amz_terrain_measure(&t, &s);
    if (json)
        stats_json(&t, &s);
    else
        stats_text(&t, &s);
    amz_terrain_deinit(&t);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("standard output", "write failed: %s", strerror(errno ? errno : EIO));
    return CLI_OK;
}

int cmd_terrain(int argc, char **argv)
{
    if (argc < 2) {
        fputs(help_main, stderr);
        return CLI_USAGE;
    }
    const char *sub = argv[1];
    if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0) {
        fputs(help_main, stdout);
        return CLI_OK;
    }
    if (strcmp(sub, "generate") == 0)
        return generate(argc - 1, argv + 1);
    if (strcmp(sub, "render") == 0)
        return render(argc - 1, argv + 1);
    if (strcmp(sub, "stats") == 0)
        return stats(argc - 1, argv + 1);
    return cli_usage("terrain", "terrain", "unknown command '%s' (expected generate, render or stats)", sub);
}
