/* terrain_view.c — `amaze terrain view MAP`: a map in the terminal (ncurses) that
 * scrolls and zooms. One character shows z x z tiles (z = 1, 2, 4, ... 1024): the most
 * common biome (or type) among them, at their mean height, sampled on at most a 4x4
 * grid so that a frame costs the same at every zoom. Colours are the picture's,
 * mapped to the terminal's 256-colour cube (or its 8 colours). */
#include <curses.h>
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/play_term.h"
#include "cli/terrain_cli.h"

static const char help_view[] =
    "Usage: amaze terrain view FILE [options]\n"
    "Explore a .amt map in the terminal. Arrows (or h j k l) pan by one character,\n"
    "H J K L or PgUp/PgDn by a screen; + zooms in, - zooms out (one character then\n"
    "shows 2x2, 4x4, ... tiles, averaged); g goes back to the map's top-left corner;\n"
    "q quits.\n"
    "\n"
    "Options:\n"
    "      --max-memory SIZE    refuse maps that need more (like 2G)\n"
    "  -h, --help               show this help and exit\n";

/* Colour pairs of the map start at PAIR_BASE, clear of play_term.h's PT_* pairs (1..10;
 * the status line uses PT_STATUS). */
enum { PAIR_BASE = 32, ZOOM_MAX = 1024, SAMPLES = 4 };

typedef struct view {
    const amz_terrain *t;
    int64_t x, y; /* the tile at the screen's top-left corner */
    int zoom;
    short pair_of[256]; /* colour pair for each 256-colour index, 0 = not yet made */
    short next_pair;
} view;

/* The 256-colour cube index of a colour (or one of the 8 basic colours). The xterm cube
 * is indexes 16..231, 16 + 36 r + 6 g + b with each channel cut into 6 levels. */
static int colour_index(amz_rgb c)
{
    if (COLORS >= 256)
        return 16 + 36 * ((c.r * 6) / 256) + 6 * ((c.g * 6) / 256) + (c.b * 6) / 256;
    int r = c.r > 127, g = c.g > 127, b = c.b > 127;
    return r | g << 1 | b << 2; /* COLOR_RED = 1, GREEN = 2, BLUE = 4 */
}

/* The colour pair with background c, made on first use, one per colour index. 0 (drawn
 * plain) once the terminal's COLOR_PAIRS run out. */
static int pair_for(view *v, amz_rgb c)
{
    int idx = colour_index(c);
    if (!v->pair_of[idx] && v->next_pair < COLOR_PAIRS && v->next_pair < PAIR_BASE + 256) {
        /* Weights 3:6:1 approximate luma (Rec. 601: 0.299, 0.587, 0.114); 1280 is about
         * half of the 2550 maximum. Light backgrounds get black glyphs. */
        bool light = c.r * 3 + c.g * 6 + c.b > 1280;
        init_pair(v->next_pair, light ? COLOR_BLACK : COLOR_WHITE, (short)idx);
        v->pair_of[idx] = v->next_pair++;
    }
    return v->pair_of[idx];
}

/* The tile that stands for the block at (x, y) of zoom z: the most common class
 * (biome, else type) of up to SAMPLES x SAMPLES tiles, with their mean height. */
static bool block(const view *v, int64_t x, int64_t y, uint16_t *out)
{
    const amz_terrain *t = v->t;
    /* At most SAMPLES x SAMPLES (16) tiles whatever the zoom: the zoom is a power of two,
     * so zoom / SAMPLES steps land exactly SAMPLES times in each direction. */
    int step = v->zoom > SAMPLES ? v->zoom / SAMPLES : 1;
    unsigned count[64] = {0}, sum_h = 0, n = 0;
    uint16_t first[64] = {0};
    for (int j = 0; j < v->zoom; j += step)
        for (int i = 0; i < v->zoom; i += step) {
            int64_t tx = x + i, ty = y + j;
            if (tx < 0 || ty < 0 || tx >= t->width || ty >= t->height)
                continue;
            uint16_t tile = amz_terrain_tile(t, (int32_t)tx, (int32_t)ty);
            /* Class: types 0..3, biomes 1..13 as 5..17 (never mixed with a type), then
             * doubled with the river bit: at most 35, inside count[64]. */
            unsigned cls = amz_tile_biome_of(tile) ? amz_tile_biome_of(tile) + 4 : amz_tile_type_of(tile);
            cls = cls * 2 + amz_tile_river_of(tile);
            if (!count[cls]++)
                first[cls] = tile;
            sum_h += amz_tile_height_of(tile);
            n++;
        }
    if (!n)
        return false;
    /* Ties go to the lowest class; the block shows the first sampled tile of the winner,
     * its height replaced by the mean (the 8-bit height field, terrain.h). */
    unsigned best = 0;
    for (unsigned c = 1; c < 64; c++)
        best = count[c] > count[best] ? c : best;
    uint16_t tile = first[best];
    *out = (uint16_t)((tile & ~(0xffu << AMZ_TILE_HEIGHT_SHIFT)) | ((sum_h / n) << AMZ_TILE_HEIGHT_SHIFT));
    return true;
}

/* The map fills every line but the last, which is the status line. */
static void draw(view *v)
{
    int rows = LINES - 1, cols = COLS;
    for (int r = 0; r < rows; r++) {
        move(r, 0);
        for (int c = 0; c < cols; c++) {
            uint16_t tile;
            if (!block(v, v->x + (int64_t)c * v->zoom, v->y + (int64_t)r * v->zoom, &tile)) {
                addch(' ');
                continue;
            }
            int pair = pt_color() ? pair_for(v, amz_tile_biome_color(tile, 1.0)) : 0;
            if (pair)
                attron(COLOR_PAIR(pair));
            addch((chtype)(unsigned char)amz_tile_glyph(tile));
            if (pair)
                attroff(COLOR_PAIR(pair));
        }
    }
    /* The status line: where the view is, what is under its centre, the keys. */
    int64_t cx = v->x + (int64_t)(cols / 2) * v->zoom, cy = v->y + (int64_t)(rows / 2) * v->zoom;
    /* amz_terrain_tile gives 0 outside the map; `inside` keeps that from being shown as
     * water. Positions are shown in world tiles (t->x, t->y: an fbm window's corner). */
    uint16_t tile = amz_terrain_tile(v->t, (int32_t)cx, (int32_t)cy);
    bool inside = cx >= 0 && cy >= 0 && cx < v->t->width && cy < v->t->height;
    char status[256];
    snprintf(status, sizeof status, " %lld,%lld 1:%d | %s%s%s h%u | arrows pan, +/- zoom, q quits",
             (long long)cx + (long long)v->t->x, (long long)cy + (long long)v->t->y, v->zoom,
             inside ? amz_tile_type_name(amz_tile_type_of(tile)) : "outside",
             inside && amz_tile_biome_of(tile) ? " " : "",
             inside && amz_tile_biome_of(tile) ? amz_biome_name(amz_tile_biome_of(tile)) : "",
             inside ? amz_tile_height_of(tile) : 0);
    move(LINES - 1, 0);
    pt_attr(PT_STATUS, false, true);
    addnstr(status, cols);
    for (int c = (int)strlen(status); c < cols; c++)
        addch(' ');
    pt_attr(PT_STATUS, false, false);
    refresh();
}

/* Changes the zoom keeping the tile under the screen's centre where it is. */
static void set_zoom(view *v, int z)
{
    if (z < 1 || z > ZOOM_MAX)
        return;
    int64_t cx = v->x + (int64_t)(COLS / 2) * v->zoom, cy = v->y + (int64_t)((LINES - 1) / 2) * v->zoom;
    v->zoom = z;
    v->x = cx - (int64_t)(COLS / 2) * z;
    v->y = cy - (int64_t)((LINES - 1) / 2) * z;
}

/* Keeps some of the map on screen whatever the panning: the screen's columns always
 * overlap the map's by at least one tile, and so do its rows. */
static void clamp(view *v)
{
    int64_t w = v->t->width, h = v->t->height, sw = (int64_t)COLS * v->zoom, sh = (int64_t)(LINES - 1) * v->zoom;
    v->x = v->x > w - 1 ? w - 1 : v->x < 1 - sw ? 1 - sw : v->x;
    v->y = v->y > h - 1 ? h - 1 : v->y < 1 - sh ? 1 - sh : v->y;
}

static void run(view *v)
{
    for (;;) {
        clamp(v);
        draw(v);
        int ch = pt_next_key(1000);
        int64_t px = (int64_t)COLS * v->zoom / 2, py = (int64_t)(LINES - 1) * v->zoom / 2;
        switch (ch) {
        case PT_STOP:
        case 'q':
        case 27: return;
        case KEY_LEFT: case 'h': v->x -= v->zoom; break;
        case KEY_RIGHT: case 'l': v->x += v->zoom; break;
        case KEY_UP: case 'k': v->y -= v->zoom; break;
        case KEY_DOWN: case 'j': v->y += v->zoom; break;
        case 'H': v->x -= px; break;
        case 'L': v->x += px; break;
        case 'K': case KEY_PPAGE: v->y -= py; break;
        case 'J': case KEY_NPAGE: v->y += py; break;
        /* '=' and '_' share the + and - keys (US layout): shift does not matter. Zoom
         * 1 / 2 = 0 is refused by set_zoom. */
        case '+': case '=': set_zoom(v, v->zoom / 2); break;
        case '-': case '_': set_zoom(v, v->zoom * 2); break;
        case 'g': v->x = v->y = 0; break;
        default: break;
        }
    }
}

int tcli_view(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"max-memory", required_argument, NULL, 'M'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "terrain view";
    uint64_t max_memory = 0;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'h': cli_print_help(stdout, help_view); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind >= argc)
        return cli_usage(cmd, cmd, "missing the map file to view");
    if (optind + 1 < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind + 1]);
    if (strcmp(argv[optind], "-") == 0)
        return cli_usage(cmd, "-", "the view reads keys from the terminal: give a map file, not standard input");
    /* Loaded before the screen is taken, so load errors print on the normal screen. */
    amz_terrain t;
    if ((rc = tcli_load(argv[optind], max_memory, &t)))
        return rc;
    if ((rc = pt_start(cmd, false))) {
        amz_terrain_deinit(&t);
        return rc;
    }
    view v;
    memset(&v, 0, sizeof v);
    v.t = &t;
    v.zoom = 1;
    v.next_pair = PAIR_BASE;
    /* Start zoomed out enough that the whole map fits, as far as 1:1024 allows. */
    while (v.zoom < ZOOM_MAX && ((int64_t)COLS * v.zoom < t.width || (int64_t)(LINES - 1) * v.zoom < t.height))
        v.zoom *= 2;
    /* ... with the map's centre at the screen's. */
    v.x = t.width / 2 - (int64_t)(COLS / 2) * v.zoom;
    v.y = t.height / 2 - (int64_t)((LINES - 1) / 2) * v.zoom;
    run(&v);
    pt_stop();
    amz_terrain_deinit(&t);
    /* With a message: 128 + the signal's number if a signal ended the view, CLI_FAIL if
     * the terminal was lost. */
    return pt_signal_exit(cmd);
}
