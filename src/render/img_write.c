/* img_write.c — amz_image_write: one cairo drawing for PNG (an in-memory canvas, or
 * the row-by-row block writer for pictures too large for one), SVG and PDF (with the
 * print-page layout and its caption). */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "render/img_internal.h"

/* The fill of a heat picture: a distance (BFS from the start) or a caller's map, scaled by
 * its largest finite value. Not owned. */
typedef struct heat {
    const uint32_t *dist;
    uint32_t maxd;
    amz_color floor;
} heat;

static amz_color heat_fill(void *ctx, amz_cell c)
{
    const heat *h = ctx;
    if (h->dist[c] == UINT32_MAX)
        return h->floor; /* not reachable from the start */
    return img_heat_color(h->maxd ? (double)h->dist[c] / h->maxd : 0);
}

/* cairo's status as ours: a failed write AMZ_EIO (errno as the write left it), memory
 * AMZ_ENOMEM, anything else AMZ_EIO with cairo's words. */
static amz_status cairo_fail(amz_error *err, cairo_status_t cs, const char *what)
{
    if (cs == CAIRO_STATUS_WRITE_ERROR)
        return amz_errorf(err, AMZ_EIO, "%s: write failed: %s", what, strerror(errno ? errno : EIO));
    if (cs == CAIRO_STATUS_NO_MEMORY)
        return amz_errorf(err, AMZ_ENOMEM, "%s: out of memory", what);
    return amz_errorf(err, AMZ_EIO, "%s: cairo: %s", what, cairo_status_to_string(cs));
}

/* Print pages in points, portrait; anything but letter is A4. */
static void page_size(amz_page p, double *w, double *h)
{
    if (p == AMZ_PAGE_LETTER) {
        *w = 612;
        *h = 792;
    } else {
        *w = 595.2756; /* 210 x 297 mm */
        *h = 841.8898;
    }
}

/* Stops after the size when the text does not fit (cap too small for even that). */
void img_caption(const amz_maze *m, char *text, size_t cap)
{
    char size[64];
    const amz_grid g = amz_maze_grid(m);
    amz_grid_format_size(&g, size, sizeof size); /* as -s takes it (polar: rings first) */
    int n = snprintf(text, cap, "%s %s maze", size, amz_topology_name(m->topology));
    if (n < 0 || (size_t)n >= cap)
        return;
    if (m->recipe)
        snprintf(text + n, cap - (size_t)n, " - amaze generate %s", m->recipe);
    else if (m->algorithm[0])
        snprintf(text + n, cap - (size_t)n, " - %s, seed %llu (the file does not record all the options that made "
                 "it, so no command is given)", m->algorithm, (unsigned long long)m->seed);
    else
        snprintf(text + n, cap - (size_t)n, " - read from text art or a picture: no command makes it again");
}

/* Draws the scene onto a PDF page of the chosen size: centred, scaled to fit inside
 * 36 pt margins above a one-line caption that says how to make the maze again. */
static void draw_page(cairo_t *cr, const img_scene *s, const amz_image_options *o)
{
    const amz_maze *m = s->m;
    double pw, ph;
    page_size(o->page, &pw, &ph);
    const double margin = 36, caption = 18;
    double aw = pw - 2 * margin, ah = ph - 2 * margin - caption;
    double sx = aw / (double)s->geo.width, sy = ah / (double)s->geo.height;
    /* k points a picture pixel, the same in both directions. */
    double k = sx < sy ? sx : sy;
    double dx = (pw - k * (double)s->geo.width) / 2, dy = margin + (ah - k * (double)s->geo.height) / 2;
    cairo_save(cr);
    cairo_translate(cr, dx, dy);
    cairo_scale(cr, k, k);
    img_draw_region(cr, s, 0, 0, (double)s->geo.width, (double)s->geo.height);
    cairo_restore(cr);

    char text[AMZ_RECIPE_MAX + 128];
    img_caption(m, text, sizeof text);
    /* One line at 8 pt when it fits, smaller down to 5 pt, else two lines at 5 pt broken
     * at the space nearest the middle. */
    cairo_select_font_face(cr, "@cairo:sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    cairo_set_font_size(cr, 8);
    cairo_text_extents_t te;
    cairo_text_extents(cr, text, &te);
    double size = te.x_advance > aw ? 8 * aw / te.x_advance : 8;
    if (size >= 5) {
        cairo_set_font_size(cr, size);
        cairo_text_extents(cr, text, &te);
        cairo_move_to(cr, (pw - te.x_advance) / 2, ph - margin - 2);
        cairo_show_text(cr, text);
        return;
    }
    /* The caption always holds spaces ("WxH topology maze - ..."): one is found. */
    size_t n = strlen(text), cut = n / 2;
    for (size_t d = 0; d < n / 2; d++)
        if (text[n / 2 + d] == ' ' || text[n / 2 - d] == ' ') {
            cut = text[n / 2 + d] == ' ' ? n / 2 + d : n / 2 - d;
            break;
        }
    text[cut] = '\0';
    cairo_set_font_size(cr, 5);
    const char *lines[2] = {text, text + cut + 1};
    for (int line = 0; line < 2; line++) {
        cairo_text_extents(cr, lines[line], &te);
        cairo_move_to(cr, (pw - te.x_advance) / 2, ph - margin - 8 + 6 * line);
        cairo_show_text(cr, lines[line]);
    }
}

/* One page or picture of the scene. */
static void draw_scene(cairo_t *cr, const img_scene *s, const amz_image_options *o, amz_image_format f)
{
    if (f == AMZ_IMAGE_PDF && o->page != AMZ_PAGE_NONE)
        draw_page(cr, s, o);
    else
        img_draw_region(cr, s, 0, 0, (double)s->geo.width, (double)s->geo.height);
}

/* The cairo surface of each format: SVG and PDF stream to `out` as they are drawn (a PDF
 * page or a picture-sized one, 1 px = 1 pt), a PNG is an ARGB canvas written afterwards by
 * img_png_write_surface (palette output and the grid note, which cairo's own PNG writer
 * cannot do). cairo's status is checked once, after the drawing: its errors are sticky. */
static amz_status write_cairo(const img_scene *s, const amz_image_options *o, amz_image_format f, FILE *out,
                              amz_error *err)
{
    const double w = (double)s->geo.width, h = (double)s->geo.height;
    cairo_surface_t *surface;
    switch (f) {
    case AMZ_IMAGE_SVG: surface = cairo_svg_surface_create_for_stream(img_cairo_write, out, w, h); break;
    case AMZ_IMAGE_PDF: {
        double pw = w, ph = h;
        if (o->page != AMZ_PAGE_NONE)
            page_size(o->page, &pw, &ph);
        surface = cairo_pdf_surface_create_for_stream(img_cairo_write, out, pw, ph);
        /* Reproducible files: no creation time. */
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "amaze");
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
        break;
    }
    /* The layout kept an in-memory PNG within AMZ_IMAGE_SIDE_MAX a side: the casts hold. */
    default: surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)s->geo.width, (int)s->geo.height); break;
    }
    cairo_status_t cs = cairo_surface_status(surface);
    if (cs != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return cairo_fail(err, cs, amz_image_format_name(f));
    }
    cairo_t *cr = cairo_create(surface);
    cairo_set_antialias(cr, o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
    if (f == AMZ_IMAGE_PDF && o->answer_key) {
        /* The puzzle first: the same scene with no path marked, then its answer. */
        img_scene puzzle = *s;
        puzzle.path_cells = puzzle.path_edges = NULL;
        draw_scene(cr, &puzzle, o, f);
        cairo_show_page(cr);
    }
    draw_scene(cr, s, o, f);
    cs = cairo_status(cr);
    cairo_destroy(cr);
    amz_status st = AMZ_OK;
    if (cs != CAIRO_STATUS_SUCCESS) {
        st = cairo_fail(err, cs, amz_image_format_name(f));
    } else if (f == AMZ_IMAGE_PNG) {
        char note[96];
        if (s->geo.any)
            img_any_note(s->m, note, sizeof note);
        st = img_png_write_surface(surface, s->geo.any ? note : NULL, out, err);
    } else {
        cairo_surface_finish(surface);
        cs = cairo_surface_status(surface);
        if (cs != CAIRO_STATUS_SUCCESS)
            st = cairo_fail(err, cs, amz_image_format_name(f));
    }
    cairo_surface_destroy(surface);
    /* Buffered bytes may fail only now: success is declared after the flush. */
    if (st == AMZ_OK && (fflush(out) != 0 || ferror(out)))
        st = amz_errorf(err, AMZ_EIO, "%s: write failed: %s", amz_image_format_name(f), strerror(errno ? errno : EIO));
    return st;
}

/* amaze/image.h. Follows amz_image_write's choices: the layout says whether the picture
 * streams; the solution is marked only if it will be drawn. */
uint64_t amz_image_memory_estimate(const amz_maze *m, const amz_image_options *o, amz_image_format f)
{
    amz_image_options defaults;
    if (!o) {
        amz_image_options_init(&defaults);
        o = &defaults;
    }
    amz_image_layout l;
    if (amz_image_layout_get(m, o, f, &l, NULL))
        return UINT64_MAX;
    const uint64_t cells = (uint64_t)m->ncells;
    const bool path = m->has_solution && o->solution;
    uint64_t work;
    if (l.streamed) /* a byte a pixel and half a byte packed per row, the path's edge bits */
        work = (uint64_t)l.width * 2 + (path ? cells / 4 : 0) + IMG_PNG_ENCODER_BYTES;
    else if (f == AMZ_IMAGE_PNG) /* cairo's ARGB canvas, and the path's cells and edges */
        work = (uint64_t)l.width * (uint64_t)l.height * 4 + (path ? cells * 3 / 8 : 0);
    else
        work = cells * 256; /* cairo's recorded drawing, generously */
    if (o->distances)
        work += cells * 4;
    return work;
}

/* amaze/image.h. The scene borrows the maze and the options (palette, heat map); the
 * path bits and distances made here are freed before returning. A heat map wins over
 * --distances; the layout has refused both for a streamed picture already. */
amz_status amz_image_write(const amz_maze *m, const amz_image_options *o, amz_image_format f, FILE *out, amz_error *err)
{
    amz_image_options defaults;
    if (!o) {
        amz_image_options_init(&defaults);
        o = &defaults;
    }
    amz_image_layout l;
    amz_status st = amz_image_layout_get(m, o, f, &l, err);
    if (st)
        return st;
    img_scene s;
    img_scene_init(&s, m, o, &l);
    uint64_t *cells = NULL, *edges = NULL;
    uint32_t *dist = NULL;
    heat hm = {NULL, 0, o->palette.floor};
    if (o->solution && m->has_solution) {
        /* The streaming writer derives path cells from the edges: 2 bits a cell, not 3. */
        if ((st = img_mark_path(m, &m->solution, l.streamed ? NULL : &cells, &edges, err)))
            return st;
        s.path_cells = cells;
        s.path_edges = edges;
    }
    if (o->heat && !l.streamed) {
        hm.dist = o->heat;
        for (amz_cell c = 0; c < m->ncells; c++)
            if (o->heat[c] != UINT32_MAX && o->heat[c] > hm.maxd)
                hm.maxd = o->heat[c];
        s.fill = heat_fill;
        s.fill_ctx = &hm;
    } else if (o->distances && !l.streamed) {
        if ((st = img_distances(m, m->start, &dist, &hm.maxd, err)))
            goto done;
        hm.dist = dist;
        s.fill = heat_fill;
        s.fill_ctx = &hm;
    }
    if (l.streamed) {
        st = img_stream_png(&s, o, out, err);
    } else {
        st = write_cairo(&s, o, f, out, err);
    }
done:
    amz_free(cells);
    amz_free(edges);
    amz_free(dist);
    return st;
}
