/* img_options.c — the picture options: colours and palettes, formats and pages, and
 * the layout rules (auto sizes, limits, the in-memory/streaming switch, openings) that
 * turn options into pixel geometry. Geometry as documented in amaze/image.h. No cairo
 * here: the web page builds this file for WebAssembly. */
#include <ctype.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"
#include "render/img_geo.h"

/* In amz_palette's field order: index i names palette_entry(p, i). */
static const char *const entry_names[AMZ_PALETTE_ENTRIES] = {
    "background", "wall", "floor", "path",     "start",       "goal",
    "unvisited",  "head", "trail", "frontier", "backtracked", "explored",
};

/* 0xRRGGBB as an opaque colour. */
static amz_color rgb(uint32_t v)
{
    amz_color c = {(uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v, 255};
    return c;
}

void amz_palette_init(amz_palette *p)
{
    /* The JS1K maze's look: near-black teal walls on a pale floor; a yellow head
     * dragging a green trail while carving. The start and goal markers are light
     * (luma above 50%), so a picture of a maze reads back with amaze solve even at
     * 2 px cells, where a marker fills its whole cell. */
    p->background = rgb(0xffffff);
    p->wall = rgb(0x112222);
    p->floor = rgb(0xeeffff);
    p->path = rgb(0xdd2211);
    p->start = rgb(0x44cc66);
    p->goal = rgb(0x55aaff);
    p->unvisited = rgb(0x2c4a4a);
    p->head = rgb(0xffdd22);
    p->trail = rgb(0x33cc44);
    p->frontier = rgb(0x88bbff);
    p->backtracked = rgb(0xc8a0a0);
    p->explored = rgb(0xcce4ee);
}

const char *amz_palette_entry_name(int i)
{
    return i >= 0 && i < AMZ_PALETTE_ENTRIES ? entry_names[i] : NULL;
}

/* The field of entry i (0 .. AMZ_PALETTE_ENTRIES-1; callers check the range). */
static amz_color *palette_entry(amz_palette *p, int i)
{
    amz_color *all[AMZ_PALETTE_ENTRIES] = {
        &p->background, &p->wall, &p->floor, &p->path,     &p->start,       &p->goal,
        &p->unvisited,  &p->head, &p->trail, &p->frontier, &p->backtracked, &p->explored,
    };
    return all[i];
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* Names are matched in any case, hex digits too; "none" and "transparent" only in lower
 * case. On error *out is unchanged. */
amz_status amz_color_parse(const char *s, amz_color *out, amz_error *err)
{
    static const struct {
        const char *name;
        uint32_t v;
    } named[] = {
        {"black", 0x000000}, {"white", 0xffffff},   {"red", 0xff0000},    {"green", 0x00a000},
        {"blue", 0x0000ff},  {"yellow", 0xffff00},  {"orange", 0xff8800}, {"purple", 0x800080},
        {"cyan", 0x00ffff},  {"magenta", 0xff00ff}, {"gray", 0x808080},   {"grey", 0x808080},
    };
    if (!s)
        s = "";
    if (strcmp(s, "none") == 0 || strcmp(s, "transparent") == 0) {
        amz_color c = {0, 0, 0, 0};
        *out = c;
        return AMZ_OK;
    }
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcasecmp(s, named[i].name) == 0) {
            *out = rgb(named[i].v);
            return AMZ_OK;
        }
    size_t n = strlen(s);
    if (s[0] == '#' && (n == 4 || n == 7 || n == 9)) {
        int v[8] = {0};
        for (size_t i = 1; i < n; i++)
            if ((v[i - 1] = hexval((unsigned char)s[i])) < 0)
                goto bad;
        amz_color c;
        if (n == 4) { /* #rgb: each digit doubled, as in CSS */
            c.r = (uint8_t)(v[0] * 17);
            c.g = (uint8_t)(v[1] * 17);
            c.b = (uint8_t)(v[2] * 17);
            c.a = 255;
        } else {
            c.r = (uint8_t)(v[0] * 16 + v[1]);
            c.g = (uint8_t)(v[2] * 16 + v[3]);
            c.b = (uint8_t)(v[4] * 16 + v[5]);
            c.a = n == 9 ? (uint8_t)(v[6] * 16 + v[7]) : 255;
        }
        *out = c;
        return AMZ_OK;
    }
bad:
    return amz_errorf(err, AMZ_EFORMAT, "'%s' is not a colour (use #rgb, #rrggbb, #rrggbbaa or a name like red)", s);
}

/* Items are at most 63 bytes; a later item for the same entry wins. Works on a copy, so
 * p changes only when every item parses. */
amz_status amz_palette_parse(const char *spec, amz_palette *p, amz_error *err)
{
    amz_palette work = *p;
    const char *item = spec ? spec : "";
    while (*item) {
        const char *end = strchr(item, ',');
        size_t len = end ? (size_t)(end - item) : strlen(item);
        char buf[64];
        if (len == 0 || len >= sizeof buf)
            return amz_errorf(err, AMZ_EFORMAT, "'%.*s': expected NAME=COLOUR", (int)(len < 40 ? len : 40), item);
        memcpy(buf, item, len);
        buf[len] = 0;
        char *eq = strchr(buf, '=');
        if (!eq)
            return amz_errorf(err, AMZ_EFORMAT, "'%s': expected NAME=COLOUR, like wall=#122", buf);
        *eq = 0;
        int k = -1;
        for (int i = 0; i < AMZ_PALETTE_ENTRIES; i++)
            if (strcmp(buf, entry_names[i]) == 0)
                k = i;
        if (strcmp(buf, "bg") == 0)
            k = 0;
        if (k < 0)
            return amz_errorf(err, AMZ_EFORMAT,
                              "unknown colour name '%s' (background, wall, floor, path, start, goal, unvisited, "
                              "head, trail, frontier, backtracked, explored)",
                              buf);
        amz_status st = amz_color_parse(eq + 1, palette_entry(&work, k), err);
        if (st)
            return amz_error_prefix(err, st, "%s", buf);
        item = end ? end + 1 : item + len;
    }
    *p = work;
    return AMZ_OK;
}

const char *amz_image_format_name(amz_image_format f)
{
    switch (f) {
    case AMZ_IMAGE_PNG: return "png";
    case AMZ_IMAGE_SVG: return "svg";
    case AMZ_IMAGE_PDF: return "pdf";
    }
    return NULL;
}

amz_status amz_image_format_parse(const char *name, amz_image_format *out, amz_error *err)
{
    for (int f = AMZ_IMAGE_PNG; f <= AMZ_IMAGE_PDF; f++)
        if (name && strcmp(name, amz_image_format_name((amz_image_format)f)) == 0) {
            *out = (amz_image_format)f;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown picture format '%s' (expected png, svg or pdf)", name ? name : "");
}

/* The extension is the text after the last '.', if no '/' follows it: "dir.png/maze"
 * has none. */
bool amz_image_format_from_path(const char *path, amz_image_format *out)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (!dot || (slash && slash > dot))
        return false;
    for (int f = AMZ_IMAGE_PNG; f <= AMZ_IMAGE_PDF; f++)
        if (strcasecmp(dot + 1, amz_image_format_name((amz_image_format)f)) == 0) {
            *out = (amz_image_format)f;
            return true;
        }
    return false;
}

const char *amz_page_name(amz_page p)
{
    switch (p) {
    case AMZ_PAGE_NONE: return "none";
    case AMZ_PAGE_A4: return "a4";
    case AMZ_PAGE_LETTER: return "letter";
    }
    return NULL;
}

/* In any case, "none" included. */
amz_status amz_page_parse(const char *name, amz_page *out, amz_error *err)
{
    for (int p = AMZ_PAGE_NONE; p <= AMZ_PAGE_LETTER; p++)
        if (name && strcasecmp(name, amz_page_name((amz_page)p)) == 0) {
            *out = (amz_page)p;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown page '%s' (expected a4 or letter)", name ? name : "");
}

void amz_image_options_init(amz_image_options *o)
{
    memset(o, 0, sizeof *o);
    o->margin = -1;
    amz_palette_init(&o->palette);
    o->solution = true;
    o->openings = true;
    o->markers = true;
    o->antialias = true;
}

/* The cell, wall and margin of a picture whose grid is `units` cells on its longer
 * side: the cell that draws it 2048 px long, clamped to min_cell..max_cell, unless the
 * options give one; walls and margin from the cell unless given. AMZ_ERANGE naming the
 * value out of range. */
static amz_status resolve_sizes(const amz_image_options *o, double units, int min_cell, int max_cell,
                                amz_image_layout *out, amz_error *err)
{
    int cell = o->cell;
    /* Auto: the longest side 2048 px, clamped (amaze/image.h); max_cell binds only here. */
    if (cell == 0) {
        double c = floor(2048 / units);
        cell = c > max_cell ? max_cell : c < min_cell ? min_cell : (int)c;
    }
    if (cell < min_cell || cell > 1024)
        return amz_errorf(err, AMZ_ERANGE, "cell size %d px is outside %d..1024", cell, min_cell);
    /* The cell's bounds apply to a given --cell as to the automatic one; wall and margin
     * are checked after their own defaults. */
    int wall = o->wall ? o->wall : (cell / 8 > 1 ? cell / 8 : 1);
    if (wall < 1 || wall >= cell)
        return amz_errorf(err, AMZ_ERANGE, "wall thickness %d px must be 1..%d (less than the %d px cell)", wall,
                          cell - 1, cell);
    int margin = o->margin >= 0 ? o->margin : cell / 2;
    if (margin > 4096)
        return amz_errorf(err, AMZ_ERANGE, "margin %d px is more than 4096", margin);
    out->cell = cell;
    out->wall = wall;
    out->margin = margin;
    return AMZ_OK;
}

/* Stores the picture size (wd x hd px, computed in doubles so that nothing overflows)
 * and checks what every layout checks: a size a PNG may have, and the cell count of
 * SVG and PDF pictures. *big: the picture is over the in-memory canvas. */
static amz_status resolve_picture(const amz_maze *m, amz_image_format f, double wd, double hd,
                                  amz_image_layout *out, bool *big, amz_error *err)
{
    /* PNG's limit, 2^31 - 1 a side: past it the size is refused for every format. */
    if (wd > 2147483647.0 || hd > 2147483647.0)
        return amz_errorf(err, AMZ_ERANGE, "a %.0fx%.0f px picture is larger than any PNG may be", wd, hd);
    out->width = (int64_t)wd;
    out->height = (int64_t)hd;
    out->streamed = false;
    *big = out->width > AMZ_IMAGE_SIDE_MAX || out->height > AMZ_IMAGE_SIDE_MAX ||
           (double)out->width * (double)out->height > (double)AMZ_IMAGE_CANVAS_MAX;
    if (f != AMZ_IMAGE_PNG && amz_maze_count_cells(m) > AMZ_IMAGE_VECTOR_MAX_CELLS)
        return amz_errorf(err, AMZ_ERANGE, "%s pictures are limited to %lld cells (this maze has %lld); use png",
                          amz_image_format_name(f), (long long)AMZ_IMAGE_VECTOR_MAX_CELLS,
                          (long long)amz_maze_count_cells(m));
    return AMZ_OK;
}

/* Model units a cell's --cell measures: a hexagon's width is two (circumradius 1). */
static double units_per_cell(const amz_maze *m)
{
    return m->topology == AMZ_TOPO_HEX ? 2.0 : 1.0;
}

/* amz_image_layout_get for the grids drawn from the model's geometry (img_any.c). */
static amz_status any_layout(const amz_maze *m, const amz_image_options *o, amz_image_format f,
                             amz_image_layout *out, amz_error *err)
{
    amz_point lo, hi;
    amz_maze_extent(m, &lo, &hi);
    const double per = units_per_cell(m), wu = hi.x - lo.x, hu = hi.y - lo.y;
    const bool hex = m->topology == AMZ_TOPO_HEX, tri = m->topology == AMZ_TOPO_TRIANGLE;
    /* The flat pictures' rule: the longer side 2048 px, cells at most the size of a
     * 16 px square (a unit triangle has 0.43 of its area: 24 px sides). */
    amz_status st = resolve_sizes(o, fmax(wu, hu) / per, hex ? 4 : 2, hex ? 20 : tri ? 24 : 16, out, err);
    if (st)
        return st;
    const int cell = out->cell, wall = out->wall, margin = out->margin;
    /* Sizes as in amaze/image.h: ceil(2 margin + wall + extent * unit). */
    const double unit = cell / per;
    bool big = false;
    if ((st = resolve_picture(m, f, ceil(2.0 * margin + wall + wu * unit), ceil(2.0 * margin + wall + hu * unit), out,
                              &big, err)) ||
        f != AMZ_IMAGE_PNG)
        return st;
    /* These grids have no row writer: too big, or asked to stream, is an error. */
    if (big || o->stream == AMZ_STREAM_ALWAYS)
        return amz_errorf(err, AMZ_ERANGE,
                          "a %lldx%lld px picture of a %s maze is drawn in memory (%d Mpx at most; only flat square "
                          "mazes stream)%s",
                          (long long)out->width, (long long)out->height, amz_topology_name(m->topology),
                          (int)(AMZ_IMAGE_CANVAS_MAX >> 20), big ? "; use a smaller --cell" : "");
    return AMZ_OK;
}

/* amaze/image.h. Plain (flat square and hex) mazes here; every other grid in any_layout.
 * SVG and PDF never stream and have no canvas limit (resolve_picture's cell count
 * instead); a PNG streams when asked, or when it is too big and the mode is auto. */
amz_status amz_image_layout_get(const amz_maze *m, const amz_image_options *o, amz_image_format f,
                                amz_image_layout *out, amz_error *err)
{
    amz_image_options defaults;
    if (!o) {
        amz_image_options_init(&defaults);
        o = &defaults;
    }
    if (!amz_image_format_name(f))
        return amz_errorf(err, AMZ_EINVAL, "unknown picture format %d", (int)f);
    if (!amz_maze_is_plain(m))
        return any_layout(m, o, f, out, err);
    const bool hex = m->topology == AMZ_TOPO_HEX;
    /* One rule on the picture for both grids: the cell that makes the grid's longer
     * side 2048 px, at most as big as a 16 px square (a hexagon of that area is 20 px
     * corner to corner: 3 sqrt(3) / 8 * 20^2 ~ 16^2), so that pictures of square and
     * hex mazes of a size look alike. */
    double units = hex ? fmax(0.75 * (m->width - 1) + 1, sqrt(3.0) / 4 * (2.0 * m->height + (m->width > 1)))
                       : (double)(m->width > m->height ? m->width : m->height);
    amz_status st = resolve_sizes(o, units, hex ? 4 : 2, hex ? 20 : 16, out, err);
    if (st)
        return st;
    const int cell = out->cell, wall = out->wall, margin = out->margin;

    /* Picture size in doubles first: a 2^31-cell side times 1024 px overflows int64. */
    double wd, hd;
    if (hex) {
        double s = cell / 2.0, hh = s * sqrt(3.0) / 2.0;
        wd = ceil(2.0 * margin + wall + s * (1.5 * (m->width - 1) + 2.0));
        hd = ceil(2.0 * margin + wall + hh * (2.0 * m->height + (m->width > 1)));
    } else {
        wd = 2.0 * margin + (double)m->width * cell + wall;
        hd = 2.0 * margin + (double)m->height * cell + wall;
    }
    bool big = false;
    if ((st = resolve_picture(m, f, wd, hd, out, &big, err)) || f != AMZ_IMAGE_PNG)
        return st;
    if (o->stream == AMZ_STREAM_ALWAYS || (big && o->stream == AMZ_STREAM_AUTO)) {
        if (hex)
            return amz_errorf(err, AMZ_ERANGE,
                              "a %lldx%lld px hex picture does not fit in memory (%d Mpx at most) and only square "
                              "mazes stream; use a smaller --cell",
                              (long long)out->width, (long long)out->height, (int)(AMZ_IMAGE_CANVAS_MAX >> 20));
        if (o->distances || o->heat)
            return amz_errorf(err, AMZ_EUNSUPPORTED,
                              "%s needs the picture in memory, and a %lldx%lld px picture is written row by "
                              "row; use a smaller --cell",
                              o->heat ? "a heat map" : "--distances", (long long)out->width, (long long)out->height);
        out->streamed = true;
    } else if (big) {
        return amz_errorf(err, AMZ_ERANGE, "a %lldx%lld px picture is larger than the %d Mpx in-memory canvas",
                          (long long)out->width, (long long)out->height, (int)(AMZ_IMAGE_CANVAS_MAX >> 20));
    }
    return AMZ_OK;
}

/* Fills both the square and the hex fields whatever the topology (the painters read only
 * theirs), and for the other grids the extent's origin and the unit. */
void img_geo_init(img_geo *g, const amz_maze *m, const amz_image_layout *l)
{
    memset(g, 0, sizeof *g);
    g->topo = m->topology;
    g->w = m->width;
    g->h = m->height;
    g->cell = l->cell;
    g->wall = l->wall;
    g->margin = l->margin;
    g->interior = l->cell - l->wall;
    /* Offsets keep the band and marker centred with the interior's parity, so their
     * edges fall on whole pixels. */
    g->band_off = g->interior * 3 / 10;
    g->band = g->interior - 2 * g->band_off;
    g->mark_off = g->interior / 5;
    g->mark = g->interior - 2 * g->mark_off;
    g->s = l->cell / 2.0;
    g->hh = g->s * sqrt(3.0) / 2.0;
    g->o = l->margin + l->wall / 2.0;
    g->width = l->width;
    g->height = l->height;
    if (!amz_maze_is_plain(m)) {
        amz_point lo, hi;
        amz_maze_extent(m, &lo, &hi);
        g->any = true;
        g->unit = l->cell / units_per_cell(m);
        g->lox = lo.x;
        g->loy = lo.y;
    }
}

/* Is the side of c in direction d open to the outside: the grid's border or a removed
 * cell? */
static bool faces_outside(const amz_maze *m, amz_cell c, int d)
{
    amz_cell nb = grid_neighbor(m, c, d);
    return nb == AMZ_NO_CELL || !amz_maze_exists(m, nb);
}

/* The opening of a cell drawn from the model's geometry: of its sides that face the
 * outside, the highest (start) or lowest (goal) on the picture, first in outline order
 * on a tie. */
static int any_opening_dir(const amz_maze *m, amz_cell c, bool is_goal)
{
    amz_side sides[AMZ_MAX_SIDES];
    int n = amz_maze_cell_sides(m, c, sides), best = -1;
    double best_y = 0;
    for (int k = 0; k < n; k++) {
        if (!faces_outside(m, c, sides[k].dir))
            continue;
        double y = (sides[k].a.y + sides[k].b.y) / 2;
        /* y grows down the picture; the tolerance keeps the first side on a tie. */
        if (best < 0 || (is_goal ? y > best_y + 1e-9 : y < best_y - 1e-9)) {
            best = sides[k].dir;
            best_y = y;
        }
    }
    return best;
}

/* The side of c opened in the picture, -1 if c is not beside the outside (or is not an
 * existing cell: no start, no goal). */
static int opening_dir(const amz_maze *m, amz_cell c, bool is_goal)
{
    if (!amz_maze_exists(m, c))
        return -1;
    if (!amz_maze_is_plain(m))
        return any_opening_dir(m, c, is_goal);
    /* Start: the side nearest the top first; goal: nearest the bottom first. */
    static const int sq_start[4] = {AMZ_SQ_N, AMZ_SQ_W, AMZ_SQ_E, AMZ_SQ_S};
    static const int sq_goal[4] = {AMZ_SQ_S, AMZ_SQ_E, AMZ_SQ_W, AMZ_SQ_N};
    static const int hex_start[6] = {AMZ_HEX_N, AMZ_HEX_NW, AMZ_HEX_NE, AMZ_HEX_SW, AMZ_HEX_SE, AMZ_HEX_S};
    static const int hex_goal[6] = {AMZ_HEX_S, AMZ_HEX_SE, AMZ_HEX_SW, AMZ_HEX_NE, AMZ_HEX_NW, AMZ_HEX_N};
    const bool hex = m->topology == AMZ_TOPO_HEX;
    const int *order = hex ? (is_goal ? hex_goal : hex_start) : (is_goal ? sq_goal : sq_start);
    for (int k = 0; k < (hex ? 6 : 4); k++)
        if (faces_outside(m, c, order[k]))
            return order[k];
    return -1;
}

/* Markers need both ends to exist; otherwise neither is drawn. Openings are computed
 * apart (amz_image_openings), so one end may still have its gap. s->pal points into o:
 * o must outlive the scene. No path and no fill: the caller adds them. */
void img_scene_init(img_scene *s, const amz_maze *m, const amz_image_options *o, const amz_image_layout *l)
{
    memset(s, 0, sizeof *s);
    s->m = m;
    s->pal = &o->palette;
    img_geo_init(&s->geo, m, l);
    bool markers = o->markers && amz_maze_exists(m, m->start) && amz_maze_exists(m, m->goal);
    s->start = markers ? m->start : AMZ_NO_CELL;
    s->goal = markers ? m->goal : AMZ_NO_CELL;
    int open[2];
    amz_image_openings(m, o, open);
    s->start_open = open[0];
    s->goal_open = open[1];
}

void amz_image_openings(const amz_maze *m, const amz_image_options *o, int dirs[2])
{
    const bool on = o ? o->openings : true;
    dirs[0] = on ? opening_dir(m, m->start, false) : -1;
    /* One cell, one opening. */
    dirs[1] = on && m->start != m->goal ? opening_dir(m, m->goal, true) : -1;
}

/* An opening replaces the outer wall of start or goal on that side. Flat square grids
 * only: (x, y) is cell y * width + x. */
static bool is_opening(const img_scene *s, int64_t x, int64_t y, int d)
{
    amz_cell c = y * (int64_t)s->m->width + x;
    return (c == s->m->start && d == s->start_open) || (c == s->m->goal && d == s->goal_open);
}

/* Between two cells the passage bit decides (bit 2c is c's E edge, 2c + 1 its S edge);
 * with one cell the line is wall unless it is that cell's opening; with none, empty. */
bool img_vwall(const img_scene *s, int64_t i, int64_t r)
{
    const amz_maze *m = s->m;
    bool a = img_exists_xy(m, i - 1, r), b = img_exists_xy(m, i, r);
    if (a && b)
        return !bits_get(m->passages, (uint64_t)(r * m->width + i - 1) * 2 + 0);
    if (a && is_opening(s, i - 1, r, AMZ_SQ_E))
        return false;
    if (b && is_opening(s, i, r, AMZ_SQ_W))
        return false;
    return a != b;
}

bool img_hwall(const img_scene *s, int64_t i, int64_t r)
{
    const amz_maze *m = s->m;
    bool a = img_exists_xy(m, i, r - 1), b = img_exists_xy(m, i, r);
    if (a && b)
        return !bits_get(m->passages, (uint64_t)((r - 1) * m->width + i) * 2 + 1);
    if (a && is_opening(s, i, r - 1, AMZ_SQ_S))
        return false;
    if (b && is_opening(s, i, r, AMZ_SQ_N))
        return false;
    return a != b;
}
