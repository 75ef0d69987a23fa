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

static amz_status cairo_fail(amz_error *err, cairo_status_t cs, const char *what)
{
    if (cs == CAIRO_STATUS_WRITE_ERROR)
        return amz_errorf(err, AMZ_EIO, "%s: write failed: %s", what, strerror(errno ? errno : EIO));
    if (cs == CAIRO_STATUS_NO_MEMORY)
        return amz_errorf(err, AMZ_ENOMEM, "%s: out of memory", what);
    return amz_errorf(err, AMZ_EIO, "%s: cairo: %s", what, cairo_status_to_string(cs));
}

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
    double k = sx < sy ? sx : sy;
    double dx = (pw - k * (double)s->geo.width) / 2, dy = margin + (ah - k * (double)s->geo.height) / 2;
    cairo_save(cr);
    cairo_translate(cr, dx, dy);
    cairo_scale(cr, k, k);
    img_draw_region(cr, s, 0, 0, (double)s->geo.width, (double)s->geo.height);
    cairo_restore(cr);

    char text[256];
    int n = snprintf(text, sizeof text, "%dx%d %s maze", m->width, m->height, amz_topology_name(m->topology));
    if (m->algorithm[0] && n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n,
                      " - %s, seed %llu - amaze generate -s %dx%d%s -a %s --seed %llu", m->algorithm,
                      (unsigned long long)m->seed, m->width, m->height, m->topology == AMZ_TOPO_HEX ? " -t hex" : "",
                      m->algorithm, (unsigned long long)m->seed);
    cairo_select_font_face(cr, "@cairo:sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 8);
    cairo_text_extents_t te;
    cairo_text_extents(cr, text, &te);
    cairo_move_to(cr, (pw - te.x_advance) / 2, ph - margin - 2);
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    cairo_show_text(cr, text);
}

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
    default: surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)s->geo.width, (int)s->geo.height); break;
    }
    cairo_status_t cs = cairo_surface_status(surface);
    if (cs != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return cairo_fail(err, cs, amz_image_format_name(f));
    }
    cairo_t *cr = cairo_create(surface);
    cairo_set_antialias(cr, o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
    if (f == AMZ_IMAGE_PDF && o->page != AMZ_PAGE_NONE)
        draw_page(cr, s, o);
    else
        img_draw_region(cr, s, 0, 0, w, h);
    cs = cairo_status(cr);
    cairo_destroy(cr);
    amz_status st = AMZ_OK;
    if (cs != CAIRO_STATUS_SUCCESS) {
        st = cairo_fail(err, cs, amz_image_format_name(f));
    } else if (f == AMZ_IMAGE_PNG) {
        st = img_png_write_surface(surface, out, err);
    } else {
        cairo_surface_finish(surface);
        cs = cairo_surface_status(surface);
        if (cs != CAIRO_STATUS_SUCCESS)
            st = cairo_fail(err, cs, amz_image_format_name(f));
    }
    cairo_surface_destroy(surface);
    if (st == AMZ_OK && (fflush(out) != 0 || ferror(out)))
        st = amz_errorf(err, AMZ_EIO, "%s: write failed: %s", amz_image_format_name(f), strerror(errno ? errno : EIO));
    return st;
}

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
    if (o->distances && !l.streamed) {
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
