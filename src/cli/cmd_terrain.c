/* cmd_terrain.c — `amaze terrain generate|render|stats|view`: diamond-square maps and
 * endless fbm worlds stored as packed 16-bit tiles (.amt). This file holds the
 * dispatcher and `generate`; render and stats are in terrain_render.c, the view in
 * terrain_view.c. Memory figures come from amz_terrain_memory_estimate only. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/terrain_cli.h"

static const char help_main[] =
    "Usage: amaze terrain COMMAND [options]\n"
    "Worlds of bit-packed tiles (type, biome, river, height 0-99, vegetation in 16\n"
    "bits): finite diamond-square maps, or windows of endless fractal-noise worlds.\n"
    "\n"
    "Commands:\n"
    "  generate   make a map and write it as .amt (or draw it on a terminal)\n"
    "  render     draw a map as PNG or as text\n"
    "  stats      type and biome shares, heights, packed versus struct memory\n"
    "  view       explore a map in the terminal (arrows pan, + and - zoom)\n"
    "\n"
    "Run 'amaze terrain COMMAND --help' for a command's options.\n"
    "\n"
    "Example:\n"
    "  amaze terrain generate -s 513x513 --seed 3 --erosion 1 --rivers --biomes \\\n"
    "      -o world.amt\n"
    "  amaze terrain render world.amt -o world.png --hillshade --legend\n";

static const char help_generate[] =
    "Usage: amaze terrain generate [options]\n"
    "Make a height map, erode it, trace rivers, classify tiles and biomes, and write\n"
    "it as .amt (on a terminal without -o, draw it instead, fitted to the terminal).\n"
    "\n"
    "Options:\n"
    "  -s, --size WxH           width x height in tiles: sides 1 to 1048576, at most\n"
    "                           2^36 tiles (default 129x129; the terminal's size when\n"
    "                           drawing)\n"
    "      --seed N             random seed (default: random); the same seed and\n"
    "                           options always give the same map\n"
    "      --noise KIND         ds (diamond-square, default: one finite map) or fbm\n"
    "                           (fractal noise: an endless world, any window of it)\n"
    "      --region X,Y,WxH     fbm: the window of W x H tiles from world tile X,Y\n"
    "                           (X, Y may be negative); windows join without seams\n"
    "  -r, --roughness R        ds: noise kept per level; fbm: amplitude kept per\n"
    "                           octave; 0 < R <= 1 (default 0.55)\n"
    "      --octaves N          fbm octaves, 1 to 16 (default 6)\n"
    "      --period P           fbm: wavelength of the largest features in tiles, a\n"
    "                           power of two from 4 to 65536 (default 256)\n"
    "      --wrap               ds: make the map tile seamlessly both ways\n"
    "      --erosion D          hydraulic erosion with D droplets a tile, 0 to 8\n"
    "                           (default 0: none; 1 is strong)\n"
    "      --rivers             trace rivers downhill to the sea or the map's edge\n"
    "      --biomes             classify biomes from temperature and moisture\n"
    "      --temperature T      biomes: warmer (T > 0) or colder, -1 to 1 (default 0)\n"
    "      --moisture M         biomes: wetter (M > 0) or drier, -1 to 1 (default 0)\n"
    "      --pole N             fbm biomes: rows from the equator to a pole (default\n"
    "                           2048); ds maps have poles on their top and bottom\n"
    "      --thresholds S,E,R   lowest height of sand, earth and rock (default\n"
    "                           40,45,75): water < S <= sand < E <= earth < R <=\n"
    "                           rock; heights run 0 to 99, so 100 leaves a type out\n"
    "      --vegetation P       chance of vegetation on the lowest earth, falling\n"
    "                           to 0 at the rock line (0..1, default 0.6)\n"
    "  -o, --output FILE        write the .amt map to FILE ('-' = standard output),\n"
    "                           replaced atomically\n"
    "      --threads N          worker threads, 1 to 64 (default: up to 4, one a\n"
    "                           core); the map is the same for any N\n"
    "      --color WHEN         colours when drawing on a terminal: auto (default),\n"
    "                           always or never (NO_COLOR or TERM=dumb turn auto off)\n"
    "      --max-memory SIZE    refuse to start if the map would need more (like 2G);\n"
    "                           default: 90% of the available memory\n"
    "  -q, --quiet              no progress bar on the terminal\n"
    "  -h, --help               show this help and exit\n";

/* The terminal's size in characters, or false when standard output is not one (or
 * reports a size of zero, as an unsized pseudo-terminal does). */
static bool terminal_size(int64_t *cols, int64_t *rows)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0 || ws.ws_row == 0)
        return false;
    *cols = ws.ws_col;
    *rows = ws.ws_row;
    return true;
}

/* What generate was told besides the library options: the window (x, y, w, h: world
 * tiles for fbm, x = y = 0 for ds) and how to write it. */
typedef struct gen_args {
    const char *out, *color;
    int64_t x, y, w, h;
    bool has_size, has_region, has_fbm_option, quiet;
    int threads;
    uint64_t max_memory;
} gen_args;

/* The shared output rule with one format, .amt; a picture or text name gets a hint
 * to the command that writes those. Without -o on a terminal the map is drawn instead,
 * so the rule applies only to files and pipes. */
static int check_output(const char *cmd, const char *out)
{
    static const cli_format amt[] = {{"amt", ".amt", true}};
    if (!out && isatty(STDOUT_FILENO))
        return CLI_OK;
    const char *dot = out ? strrchr(out, '.') : NULL;
    /* A '/' after the last dot makes it a folder's dot, not an extension. */
    if (dot && (strcmp(dot, ".png") == 0 || strcmp(dot, ".txt") == 0) && !strchr(dot, '/'))
        return cli_usage(cmd, out, "generate writes .amt maps; draw them with 'amaze terrain render MAP -o %s'", out);
    int which;
    return cli_output_format(cmd, out, NULL, amt, 1, 0, &which);
}

/* Draws the map on the terminal, cropped to it with a notice on stderr when it is
 * larger; one row is kept free for the prompt, as the default size keeps it. */
static int draw(const amz_terrain *t, bool color)
{
    amz_terrain_text_options to;
    amz_terrain_text_options_init(&to);
    to.color = color;
    int64_t cols, rows;
    if (terminal_size(&cols, &rows) && (t->width > cols || t->height > rows - 1)) {
        to.width = (int32_t)(t->width < cols ? t->width : cols);
        to.height = (int32_t)(t->height < rows - 1 ? t->height : rows - 1);
        fprintf(stderr, "amaze: terrain generate: showing %dx%d of the %dx%d map (the terminal's size); use -o FILE "
                "or 'amaze terrain view'\n", to.width, to.height, t->width, t->height);
    }
    return tcli_draw_text(t, &to, NULL);
}

static amz_status write_amt(const void *ctx, FILE *f, amz_error *err)
{
    return amz_terrain_write(ctx, f, err);
}

/* Generates the window and writes it as .amt, or draws it when standard output is a
 * terminal and no -o was given (without --size or --region the map is then the
 * terminal's size, less a row). Usage errors for --color and for sizes past the
 * terrain limits (amaze/terrain.h), all before the work; the memory guard, a generation
 * failure and a failed write are CLI_FAIL. */
static int run_generate(const char *cmd, gen_args *a, amz_terrain_options *o)
{
    bool to_stdout = !a->out || strcmp(a->out, "-") == 0, drawing = !a->out && isatty(STDOUT_FILENO);
    bool use_color = false;
    int rc = tcli_color_choice(cmd, a->color, to_stdout, &use_color);
    if (rc)
        return rc;
    int64_t cols, rows;
    if (drawing && !a->has_size && !a->has_region && terminal_size(&cols, &rows)) {
        a->w = cols;
        a->h = rows > 2 ? rows - 1 : 1;
    }
    /* For --region's W x H: tcli_parse_size checked --size, tcli_parse_region only that
     * W and H are at least 1. */
    if (a->w > AMZ_TERRAIN_MAX_SIDE || a->h > AMZ_TERRAIN_MAX_SIDE ||
        (uint64_t)a->w * (uint64_t)a->h > AMZ_TERRAIN_MAX_TILES)
        return cli_usage(cmd, a->has_region ? "--region" : "--size",
                         "%lldx%lld: sides must be at most %d and the map at most 2^36 tiles", (long long)a->w,
                         (long long)a->h, AMZ_TERRAIN_MAX_SIDE);
    /* World tiles run -2^31 <= x, y < 2^31, so the window's end, x + w, may equal 2^31. */
    if (a->has_region && (a->x < -AMZ_TERRAIN_WORLD_LIMIT || a->y < -AMZ_TERRAIN_WORLD_LIMIT ||
                          a->x + a->w > AMZ_TERRAIN_WORLD_LIMIT || a->y + a->h > AMZ_TERRAIN_WORLD_LIMIT))
        return cli_usage(cmd, "--region", "the window must lie within world tiles -2^31 to 2^31");
    if ((rc = tcli_memory_guard(cmd, AMZ_TERRAIN_JOB_GENERATE, a->w, a->h, o, 1, a->max_memory)))
        return rc;
    cli_progress p;
    cli_progress_init(&p, "terrain", a->quiet);
    amz_observer obs = {cli_progress_event, &p, AMZ_EVENTS_PROGRESS};
    amz_error err;
    amz_error_clear(&err);
    amz_terrain t;
    amz_status st = amz_terrain_generate_window(&t, a->x, a->y, (int32_t)a->w, (int32_t)a->h, o,
                                                (unsigned)a->threads, p.enabled ? &obs : NULL, &err);
    cli_progress_done(&p);
    if (st)
        return cli_lib_fail(cmd, &err, st);
    rc = drawing ? draw(&t, use_color) : tcli_write(cmd, to_stdout ? "-" : a->out, write_amt, &t);
    amz_terrain_deinit(&t);
    return rc;
}

/* `amaze terrain generate`: every option and pair is refused (usage, exit 2) before
 * any work: fbm-only options without --noise fbm, --wrap with fbm, --size with
 * --region, and an output name that is not .amt (a .png or .txt name is pointed to
 * `terrain render`). The seed is random without --seed. */
static int generate(int argc, char **argv)
{
    enum { SEED = 256, WRAP, THRESH, VEG, COLOR, MAXMEM, NOISE, REGION, OCT, PERIOD, EROSION, RIVERS, BIOMES, TEMP,
           MOIST, POLE, THREADS };
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 's'},       {"seed", required_argument, NULL, SEED},
        {"roughness", required_argument, NULL, 'r'},  {"wrap", no_argument, NULL, WRAP},
        {"thresholds", required_argument, NULL, THRESH}, {"vegetation", required_argument, NULL, VEG},
        {"output", required_argument, NULL, 'o'},     {"color", required_argument, NULL, COLOR},
        {"max-memory", required_argument, NULL, MAXMEM}, {"noise", required_argument, NULL, NOISE},
        {"region", required_argument, NULL, REGION},  {"octaves", required_argument, NULL, OCT},
        {"period", required_argument, NULL, PERIOD},  {"erosion", required_argument, NULL, EROSION},
        {"rivers", no_argument, NULL, RIVERS},        {"biomes", no_argument, NULL, BIOMES},
        {"temperature", required_argument, NULL, TEMP}, {"moisture", required_argument, NULL, MOIST},
        {"pole", required_argument, NULL, POLE},      {"threads", required_argument, NULL, THREADS},
        {"quiet", no_argument, NULL, 'q'},            {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "terrain generate";
    /* Threads by default: one a core, at most 4 (more helps little on memory-bound work). */
    gen_args a = {NULL, NULL, 0, 0, 129, 129, false, false, false, false, cli_cores(4), 0};
    uint64_t seed = 0;
    bool has_seed = false;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    int c, rc, v;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:r:o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 's': if ((rc = tcli_parse_size(cmd, optarg, &a.w, &a.h))) return rc; a.has_size = true; break;
        case SEED: if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case 'r': if ((rc = tcli_parse_double(cmd, "--roughness", optarg, 0, 1, true, &o.roughness))) return rc; break;
        case WRAP: o.wrap = true; break;
        case THRESH: if ((rc = tcli_parse_thresholds(cmd, optarg, &o))) return rc; break;
        case VEG: if ((rc = tcli_parse_double(cmd, "--vegetation", optarg, 0, 1, false, &o.vegetation))) return rc; break;
        case 'o': a.out = optarg; break;
        case COLOR: a.color = optarg; break;
        case MAXMEM: if ((rc = cli_parse_max_memory(cmd, optarg, &a.max_memory))) return rc; break;
        case NOISE:
            if (strcmp(optarg, "ds") == 0 || strcmp(optarg, "diamond-square") == 0)
                o.noise = AMZ_NOISE_DIAMOND_SQUARE;
            else if (strcmp(optarg, "fbm") == 0)
                o.noise = AMZ_NOISE_FBM;
            else
                return cli_usage(cmd, "--noise", "'%s': expected ds or fbm", optarg);
            break;
        case REGION:
            if ((rc = tcli_parse_region(cmd, optarg, true, &a.x, &a.y, &a.w, &a.h)))
                return rc;
            a.has_region = true;
            break;
        case OCT: if ((rc = cli_parse_int_range(cmd, "--octaves", optarg, 1, 16, &o.octaves))) return rc; a.has_fbm_option = true; break;
        /* A power of two, as the library requires: octave k has wavelength period >> k
         * (amaze/terrain.h, docs/TERRAIN.md). */
        case PERIOD:
            if ((rc = cli_parse_int_range(cmd, "--period", optarg, 4, 65536, &o.period)))
                return rc;
            if (o.period & (o.period - 1))
                return cli_usage(cmd, "--period", "%s is not a power of two (4, 8, ..., 65536)", optarg);
            a.has_fbm_option = true;
            break;
        case EROSION: if ((rc = tcli_parse_double(cmd, "--erosion", optarg, 0, 8, false, &o.erosion))) return rc; break;
        case RIVERS: o.rivers = true; break;
        case BIOMES: o.biomes = true; break;
        case TEMP: if ((rc = tcli_parse_double(cmd, "--temperature", optarg, -1, 1, false, &o.temperature))) return rc; break;
        case MOIST: if ((rc = tcli_parse_double(cmd, "--moisture", optarg, -1, 1, false, &o.moisture))) return rc; break;
        case POLE: if ((rc = cli_parse_int_range(cmd, "--pole", optarg, 16, 1 << 30, &v))) return rc; o.pole = v; a.has_fbm_option = true; break;
        case THREADS: if ((rc = cli_parse_int_range(cmd, "--threads", optarg, 1, 64, &a.threads))) return rc; break;
        case 'q': a.quiet = true; break;
        case 'h': cli_print_help(stdout, help_generate); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);
    if (a.has_size && a.has_region)
        return cli_usage(cmd, "--region", "gives the size too: use --size or --region, not both");
    if (o.noise != AMZ_NOISE_FBM && (a.has_region || a.has_fbm_option))
        return cli_usage(cmd, a.has_region ? "--region" : "--octaves/--period/--pole",
                         "only for endless worlds: add --noise fbm");
    if (o.noise == AMZ_NOISE_FBM && o.wrap)
        return cli_usage(cmd, "--wrap", "an fbm world is endless: --wrap is for ds maps");
    if ((rc = check_output(cmd, a.out)))
        return rc;
    o.seed = has_seed ? seed : cli_random_seed();
    return run_generate(cmd, &a, &o);
}

int cmd_terrain(int argc, char **argv)
{
    static const cli_sub subs[] = {
        {"generate", generate}, {"render", tcli_render}, {"stats", tcli_stats}, {"view", tcli_view}};
    return cli_subcommands("terrain", help_main, subs, sizeof subs / sizeof subs[0], argc, argv);
}
