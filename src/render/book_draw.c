/* book_draw.c — what goes in a rectangle of a book page: lines and wrapped paragraphs
 * of DejaVu text, a maze scaled to fit (drawn by img_draw_region, so every topology
 * and shape the pictures know), and a sliding board of numbered tiles. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "render/book_impl.h"
#include "render/img_internal.h"

void book_font(cairo_t *cr, book_face face, double size)
{
    /* fonts-dejavu-core: what a fresh Debian machine with cairo has (scripts/deps.sh). */
    cairo_select_font_face(cr, face == BOOK_MONO ? "DejaVu Sans Mono" : "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           face == BOOK_BOLD ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

/* Text advances scale with the font size, so one re-selection at size * max_w / width
 * makes a too-wide line fit. Leaves the (possibly shrunk) font selected. */
double book_text(cairo_t *cr, const char *s, book_face face, double size, double x, double y, double max_w,
                 book_align a)
{
    cairo_text_extents_t te;
    book_font(cr, face, size);
    cairo_text_extents(cr, s, &te);
    if (te.x_advance > max_w && te.x_advance > 0) {
        book_font(cr, face, size * max_w / te.x_advance);
        cairo_text_extents(cr, s, &te);
    }
    double w = te.x_advance;
    cairo_move_to(cr, a == BOOK_LEFT ? x : a == BOOK_CENTER ? x - w / 2 : x - w, y);
    cairo_show_text(cr, s);
    return w;
}

/* Greedy line breaking: each line takes words while its measured width fits r.w. Lines
 * are 1.25 * size apart, the first baseline one ascent below r.y; r.h is not used
 * (a caller that needs the height counts the lines first, draw false). A line is built in a
 * 1200-byte buffer, far past any caption's width. */
int book_wrap(cairo_t *cr, const char *s, book_face face, double size, book_rect r, bool draw)
{
    book_font(cr, face, size);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    const double lead = size * 1.25;
    char line[1200];
    int lines = 0;
    const char *p = s;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        /* Take words while the line fits; a word wider than the line stands alone. */
        size_t len = 0, fit = 0;
        const char *q = p;
        for (;;) {
            const char *w = q;
            while (*q && *q != ' ')
                q++;
            size_t cand = len + (len ? 1 : 0) + (size_t)(q - w);
            if (cand >= sizeof line)
                break;
            if (len)
                line[len] = ' ';
            memcpy(line + len + (len ? 1 : 0), w, (size_t)(q - w));
            line[cand] = '\0';
            cairo_text_extents_t te;
            cairo_text_extents(cr, line, &te);
            /* Too wide: back to the words that fitted; the word starts the next line. */
            if (te.x_advance > r.w && fit > 0) {
                line[fit] = '\0';
                q = w;
                break;
            }
            len = fit = cand;
            while (*q == ' ')
                q++;
            if (!*q)
                break;
        }
        if (draw) {
            cairo_move_to(cr, r.x, r.y + fe.ascent + lead * lines);
            cairo_show_text(cr, line);
        }
        lines++;
        p = q;
    }
    return lines;
}

/* The maze is laid out as a picture in pixels (48 px cells, no margin) and drawn through
 * a scale k of points a pixel, so the walls are chosen in points first and turned back
 * into pixels. cairo state is saved and restored around the drawing. */
amz_status book_draw_maze(cairo_t *cr, const amz_maze *m, const amz_palette *pal, unsigned how, book_rect r,
                          amz_error *err)
{
    const bool solution = how & BOOK_SOLUTION;
    amz_image_options o;
    amz_image_options_init(&o);
    o.palette = *pal;
    o.cell = 48;
    o.wall = 6;
    o.margin = 0;
    o.solution = solution;
    o.markers = o.openings = !(how & BOOK_ORNAMENT);
    amz_image_layout l;
    amz_status st = amz_image_layout_get(m, &o, AMZ_IMAGE_PDF, &l, err);
    if (st)
        return st;
    /* Walls a printer and an eye both like: about a seventh of a cell, 0.35 to 1.8 pt,
     * then back in pixels at this scale, kept to 1..40 (the layout allows 1..47). */
    double k = fmin(r.w / (double)l.width, r.h / (double)l.height);
    double wall_pt = fmax(0.35, fmin(1.8, 48 * k / 7));
    int wall = (int)lround(wall_pt / k);
    o.wall = wall < 1 ? 1 : wall > 40 ? 40 : wall;
    /* The picture's size depends on the wall (square: 2 margin + W cell + wall): lay out
     * again and rescale. */
    if ((st = amz_image_layout_get(m, &o, AMZ_IMAGE_PDF, &l, err)))
        return st;
    k = fmin(r.w / (double)l.width, r.h / (double)l.height);
    img_scene s;
    img_scene_init(&s, m, &o, &l);
    uint64_t *cells = NULL, *edges = NULL;
    if (solution && m->has_solution) {
        if ((st = img_mark_path(m, &m->solution, &cells, &edges, err)))
            return st;
        s.path_cells = cells;
        s.path_edges = edges;
    }
    cairo_save(cr);
    cairo_translate(cr, r.x + (r.w - k * (double)l.width) / 2, r.y + (r.h - k * (double)l.height) / 2);
    cairo_scale(cr, k, k);
    img_draw_region(cr, &s, 0, 0, (double)l.width, (double)l.height);
    cairo_restore(cr);
    amz_free(cells);
    amz_free(edges);
    return AMZ_OK;
}

#define PI 3.14159265358979323846

/* A rectangle with corners rounded by radius q, as a new sub-path (clockwise on the page,
 * y down), for the caller to fill. */
static void rounded(cairo_t *cr, double x, double y, double w, double h, double q)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - q, y + q, q, -PI / 2, 0);
    cairo_arc(cr, x + w - q, y + h - q, q, 0, PI / 2);
    cairo_arc(cr, x + q, y + h - q, q, PI / 2, PI);
    cairo_arc(cr, x + q, y + q, q, PI, 3 * PI / 2);
    cairo_close_path(cr);
}

/* Tiles are square, the pitch the largest that fits r; tiles[] is row-major with 0 the
 * blank. Each number is centred by its ink extents (bearings), not by its advance. */
void book_draw_board(cairo_t *cr, const amz_slide_board *b, book_rect r)
{
    const int rows = b->rows, cols = b->cols;
    const double t = fmin(r.w / cols, r.h / rows); /* tile pitch */
    const double x0 = r.x + (r.w - t * cols) / 2, y0 = r.y + (r.h - t * rows) / 2;
    const double gap = t * 0.06;
    cairo_save(cr);
    /* The tray, then a tile per cell but the blank's. */
    rounded(cr, x0, y0, t * cols, t * rows, t * 0.12);
    cairo_set_source_rgb(cr, 0.16, 0.22, 0.24);
    cairo_fill(cr);
    for (int cell = 0; cell < rows * cols; cell++) {
        int v = b->tiles[cell];
        const int col = cell % cols, row = cell / cols;
        double x = x0 + t * col + gap, y = y0 + t * row + gap, side = t - 2 * gap;
        rounded(cr, x, y, side, side, t * 0.1);
        if (v == 0) {
            cairo_set_source_rgb(cr, 0.30, 0.37, 0.39);
            cairo_fill(cr);
            continue;
        }
        cairo_set_source_rgb(cr, 0.97, 0.95, 0.88);
        cairo_fill(cr);
        char num[16];
        snprintf(num, sizeof num, "%d", v);
        cairo_set_source_rgb(cr, 0.10, 0.12, 0.14);
        book_font(cr, BOOK_BOLD, side * 0.48);
        cairo_text_extents_t te;
        cairo_text_extents(cr, num, &te);
        cairo_move_to(cr, x + (side - te.width) / 2 - te.x_bearing, y + (side - te.height) / 2 - te.y_bearing);
        cairo_show_text(cr, num);
    }
    cairo_restore(cr);
}
