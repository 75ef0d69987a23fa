/* terrain_render.c — `amaze terrain render` (a map as PNG or text, refusing output
 * names it does not write and outputs onto the input) and `amaze terrain stats`
 * (type, biome and height shares as text or JSON). Both load the whole map within
 * --max-memory first (tcli_load); docs/TERRAIN.md describes the tiles. */
#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/terrain_cli.h"

static const char help_render[] =
    "Usage: amaze terrain render FILE [options]\n"
    "Draw a .amt map ('-' = standard input) as a PNG picture or as text.\n"
    "By type: water blue, sand yellow, earth green, rock grey-brown, lightness from\n"
    "height, vegetation darker green. By biome (maps made with --biomes): the biome\n"
    "palette, rivers blue. As text: one glyph a tile, '~' water, ':' sand, '.' earth,\n"
    "',' vegetation, '^' rock, '=' river, on 24-bit colour.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced\n"
    "                           atomically: FILE.png is a picture, FILE.txt text;\n"
    "                           without -o, text on standard output\n"
    "      --format FMT         png or text (default: from the name, else text)\n"
    "      --scale N            PNG pixels per tile, 1 to 64 (default 1)\n"
    "      --hillshade          PNG: light the relief from the north-west\n"
    "      --palette P          PNG: auto (default: biomes if the map has them),\n"
    "                           types or biomes\n"
    "      --legend             PNG: a band below the map naming each colour\n"
    "      --region X,Y,WxH     text: draw only W x H tiles from column X, row Y\n"
    "      --color WHEN         text colours: auto (default), always or never\n"
    "                           (NO_COLOR or TERM=dumb turn auto off)\n"
    "      --max-memory SIZE    refuse maps that need more (like 2G)\n"
    "  -h, --help               show this help and exit\n";

static const char help_stats[] =
    "Usage: amaze terrain stats FILE [options]\n"
    "Measure a .amt map ('-' = standard input): size and options, the share of each\n"
    "tile type and biome, rivers, vegetation, a height histogram in steps of 10, and\n"
    "the memory of the packed map (2 bytes a tile) versus one struct {int type; int\n"
    "height; bool vegetation;} a tile.\n"
    "\n"
    "Options:\n"
    "      --json               one JSON object instead of text (biome shares under\n"
    "                           \"biomes\")\n"
    "      --max-memory SIZE    refuse maps that need more (like 2G)\n"
    "  -h, --help               show this help and exit\n";

/* ctx of write_png, a tcli_writer. */
typedef struct png_job {
    const amz_terrain *t;
    const amz_terrain_png_options *po;
} png_job;

static amz_status write_png(const void *ctx, FILE *f, amz_error *err)
{
    const png_job *j = ctx;
    return amz_terrain_write_png(j->t, j->po, f, err);
}

/* The shared output rule: --format, else the name's extension (.png or .txt; any
 * other refused), else text; a PNG is never written to a terminal unasked. */
static int pick_format(const char *cmd, const char *format, const char *out, bool *png)
{
    /* Index 1, text, is the default for standard output. */
    static const cli_format fmts[] = {{"png", ".png", true}, {"text", ".txt", false}};
    int which = 1;
    int rc = cli_output_format(cmd, out && strcmp(out, "-") == 0 ? "-" : out, format, fmts, 2, 1, &which);
    *png = which == 0;
    return rc;
}

int tcli_render(int argc, char **argv)
{
    enum { FORMAT = 256, SCALE, HILL, REGION, COLOR, MAXMEM, PALETTE, LEGEND };
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},      {"format", required_argument, NULL, FORMAT},
        {"scale", required_argument, NULL, SCALE},     {"hillshade", no_argument, NULL, HILL},
        {"region", required_argument, NULL, REGION},   {"color", required_argument, NULL, COLOR},
        {"max-memory", required_argument, NULL, MAXMEM}, {"palette", required_argument, NULL, PALETTE},
        {"legend", no_argument, NULL, LEGEND},         {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "terrain render", *out = NULL, *format = NULL, *color = NULL;
    uint64_t max_memory = 0;
    bool has_region = false;
    amz_terrain_png_options po;
    amz_terrain_png_options_init(&po);
    amz_terrain_text_options to;
    amz_terrain_text_options_init(&to);
    int64_t rx = 0, ry = 0, rw = 0, rh = 0;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case FORMAT: format = optarg; break;
        case SCALE: if ((rc = cli_parse_int_range(cmd, "--scale", optarg, 1, AMZ_TERRAIN_PNG_SCALE_MAX, &po.scale))) return rc; break;
        case HILL: po.hillshade = true; break;
        case REGION: if ((rc = tcli_parse_region(cmd, optarg, false, &rx, &ry, &rw, &rh))) return rc; has_region = true; break;
        case COLOR: color = optarg; break;
        case MAXMEM: if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case PALETTE:
            if (strcmp(optarg, "auto") == 0)
                po.palette = AMZ_PALETTE_AUTO;
            else if (strcmp(optarg, "types") == 0)
                po.palette = AMZ_PALETTE_TYPES;
            else if (strcmp(optarg, "biomes") == 0)
                po.palette = AMZ_PALETTE_BIOMES;
            else
                return cli_usage(cmd, "--palette", "'%s': expected auto, types or biomes", optarg);
            break;
        case LEGEND: po.legend = true; break;
        case 'h': cli_print_help(stdout, help_render); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind >= argc)
        return cli_usage(cmd, cmd, "missing the map file to draw ('-' for standard input)");
    if (optind + 1 < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind + 1]);
    const char *in = argv[optind];
    bool png = false;
    /* render never writes .amt: any output onto the input map would destroy it. */
    if ((rc = tcli_input(cmd, in)) || (rc = pick_format(cmd, format, out, &png)) ||
        (rc = cli_output_not_input(cmd, in, out, false)))
        return rc;
    bool to_stdout = !out || strcmp(out, "-") == 0;
    if (png && has_region)
        return cli_usage(cmd, "--region", "regions are for text output; crop the picture instead");
    /* Without --region all four stay 0: the whole map (amz_terrain_text_options). */
    to.x = (int32_t)rx;
    to.y = (int32_t)ry;
    to.width = (int32_t)rw;
    to.height = (int32_t)rh;
    if ((rc = tcli_color_choice(cmd, color, to_stdout, &to.color)))
        return rc;
    amz_terrain t;
    if ((rc = tcli_load(in, max_memory, &t)))
        return rc;
    /* Loading stayed within the limit; the picture's rows and legend come on top. */
    if (png && (rc = tcli_memory_guard(cmd, AMZ_TERRAIN_JOB_PNG, t.width, t.height, &t.options, po.scale,
                                       max_memory)) == CLI_OK) {
        png_job j = {&t, &po};
        rc = tcli_write(cmd, to_stdout ? "-" : out, write_png, &j);
    } else if (!png) {
        rc = tcli_draw_text(&t, &to, out);
    }
    amz_terrain_deinit(&t);
    return rc;
}

/* part as a percentage of whole; 0 for an empty whole rather than a NaN. */
static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static const char *noise_name(const amz_terrain_options *o)
{
    return o->noise == AMZ_NOISE_FBM ? "fbm" : "ds";
}

static void stats_text(const amz_terrain *t, const amz_terrain_stats *s)
{
    const amz_terrain_options *o = &t->options;
    char a[32], b[32];
    printf("map         %dx%d, %llu tiles", t->width, t->height, (unsigned long long)s->tiles);
    if (o->noise == AMZ_NOISE_FBM)
        printf(", window at %lld,%lld of an endless fbm world", (long long)t->x, (long long)t->y);
    printf("\nmade with   seed %llu, %s noise, roughness %g, %s, thresholds %u,%u,%u, vegetation %g\n",
           (unsigned long long)o->seed, noise_name(o), o->roughness, o->wrap ? "wrapped" : "not wrapped",
           o->sand_from, o->earth_from, o->rock_from, o->vegetation);
    if (o->noise == AMZ_NOISE_FBM)
        printf("            %d octaves, period %d, pole %d\n", o->octaves, o->period, o->pole);
    printf("            erosion %g, rivers %s, biomes %s (temperature %g, moisture %g)\n", o->erosion,
           o->rivers ? "on" : "off", o->biomes ? "on" : "off", o->temperature, o->moisture);
    printf("types\n");
    for (unsigned k = 0; k < AMZ_TILE_TYPES; k++)
        printf("  %-6s %c  %6.2f%%  %llu\n", amz_tile_type_name(k), amz_tile_glyph(amz_tile_make(k, 0, false)),
               pct(s->types[k], s->tiles), (unsigned long long)s->types[k]);
    /* Biome 0 is "none" (terrain.h): left out of the text list. */
    if (o->biomes) {
        printf("biomes\n");
        for (unsigned k = 1; k < AMZ_BIOMES; k++)
            printf("  %-10s  %6.2f%%  %llu\n", amz_biome_name(k), pct(s->biomes[k], s->tiles),
                   (unsigned long long)s->biomes[k]);
    }
    printf("rivers      %.2f%% of all tiles (%llu)\n", pct(s->rivers, s->tiles), (unsigned long long)s->rivers);
    /* Vegetation grows on earth only (terrain.h), so its share of earth is the telling one. */
    printf("vegetation  %.2f%% of all tiles, %.2f%% of earth (%llu)\n", pct(s->vegetation, s->tiles),
           pct(s->vegetation, s->types[AMZ_TILE_EARTH]), (unsigned long long)s->vegetation);
    printf("heights\n");
    /* Heights 0..AMZ_TILE_HEIGHT_MAX (99) in ten buckets of 10; bars of up to 40 marks,
     * scaled to the fullest bucket and rounded. */
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
    /* The packed-versus-struct comparison of docs/TILES.md, from the measured sizes. */
    printf("memory      packed %s (%.0f bytes a tile); one struct a tile %s (%zu bytes a tile): %.1fx smaller\n",
           cli_human_bytes(s->packed_bytes, a, sizeof a), s->tiles ? (double)s->packed_bytes / (double)s->tiles : 0,
           cli_human_bytes(s->struct_bytes, b, sizeof b), sizeof(amz_tile_struct),
           s->packed_bytes ? (double)s->struct_bytes / (double)s->packed_bytes : 0);
}

static void stats_json(const amz_terrain *t, const amz_terrain_stats *s)
{
    const amz_terrain_options *o = &t->options;
    /* %.17g: enough digits for every double to read back exactly. */
    printf("{\"width\":%d,\"height\":%d,\"x\":%lld,\"y\":%lld,\"tiles\":%llu,\"seed\":%llu,\"noise\":\"%s\","
           "\"roughness\":%.17g,\"wrap\":%s,\"octaves\":%d,\"period\":%d,\"pole\":%d,\"erosion\":%.17g,"
           "\"rivers_traced\":%s,\"biomes_on\":%s,\"temperature\":%.17g,\"moisture\":%.17g,"
           "\"thresholds\":[%u,%u,%u],\"vegetation_chance\":%.17g,\"types\":{",
           t->width, t->height, (long long)t->x, (long long)t->y, (unsigned long long)s->tiles,
           (unsigned long long)o->seed, noise_name(o), o->roughness, o->wrap ? "true" : "false", o->octaves,
           o->period, o->pole, o->erosion, o->rivers ? "true" : "false", o->biomes ? "true" : "false",
           o->temperature, o->moisture, o->sand_from, o->earth_from, o->rock_from, o->vegetation);
    for (unsigned k = 0; k < AMZ_TILE_TYPES; k++)
        printf("%s\"%s\":%llu", k ? "," : "", amz_tile_type_name(k), (unsigned long long)s->types[k]);
    /* Shares are fractions of all tiles; counts follow under biome_tiles. */
    printf("},\"biomes\":{");
    for (unsigned k = 1; k < AMZ_BIOMES; k++)
        printf("%s\"%s\":%.6f", k > 1 ? "," : "", amz_biome_name(k),
               s->tiles ? (double)s->biomes[k] / (double)s->tiles : 0.0);
    printf("},\"biome_tiles\":{");
    for (unsigned k = 0; k < AMZ_BIOMES; k++)
        printf("%s\"%s\":%llu", k ? "," : "", amz_biome_name(k), (unsigned long long)s->biomes[k]);
    printf("},\"rivers\":%llu,\"vegetation\":%llu,\"heights\":[", (unsigned long long)s->rivers,
           (unsigned long long)s->vegetation);
    for (unsigned hgt = 0; hgt <= AMZ_TILE_HEIGHT_MAX; hgt++)
        printf("%s%llu", hgt ? "," : "", (unsigned long long)s->heights[hgt]);
    printf("],\"packed_bytes\":%llu,\"struct_bytes\":%llu,\"struct_bytes_per_tile\":%zu}\n",
           (unsigned long long)s->packed_bytes, (unsigned long long)s->struct_bytes, sizeof(amz_tile_struct));
}

int tcli_stats(int argc, char **argv)
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
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_stats); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind >= argc)
        return cli_usage(cmd, cmd, "missing the map file to measure ('-' for standard input)");
    if (optind + 1 < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind + 1]);
    if ((rc = tcli_input(cmd, argv[optind])))
        return rc;
    amz_terrain t;
    if ((rc = tcli_load(argv[optind], max_memory, &t)))
        return rc;
    amz_terrain_stats s;
    amz_terrain_measure(&t, &s);
    if (json)
        stats_json(&t, &s);
    else
        stats_text(&t, &s);
    amz_terrain_deinit(&t);
    /* Stats go straight to standard output (no outfile), so a write failure (a full disk
     * behind a redirect) is caught here, once, at the end. */
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("standard output", "write failed: %s", strerror(errno ? errno : EIO));
    return CLI_OK;
}
