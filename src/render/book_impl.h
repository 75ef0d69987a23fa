/* book_impl.h — private pieces of the book writer (book.c): the PDF held in memory and
 * its print boxes (book_pdf.c), and the drawing of text, mazes and sliding boards in a
 * rectangle of a page (book_draw.c). Units are PDF points. */
#ifndef AMZ_RENDER_BOOK_IMPL_H
#define AMZ_RENDER_BOOK_IMPL_H

#include <cairo.h>
#include <stdbool.h>
#include <stddef.h>

#include "amaze/book.h"

/* ---- the PDF in memory (book_pdf.c) ---- */

typedef struct book_buf {
    unsigned char *data;
    size_t len, cap;
    bool failed; /* an allocation failed: cairo was told of a write error */
} book_buf;

/* cairo write callback appending to a book_buf (closure). */
cairo_status_t book_buf_write(void *closure, const unsigned char *data, unsigned int length);
void book_buf_free(book_buf *b);
/* Gives every page object of the PDF in b a TrimBox (the trim, `bleed` inside the
 * MediaBox on each side) and a BleedBox (the MediaBox), rewriting the cross-reference
 * table cairo wrote. AMZ_EFORMAT if the PDF is not laid out as cairo lays it out
 * (a classic xref table, page objects with a MediaBox), AMZ_ENOMEM. */
amz_status book_pdf_boxes(book_buf *b, double trim_w, double trim_h, double bleed, amz_error *err);

/* ---- drawing (book_draw.c) ---- */

typedef struct book_rect {
    double x, y, w, h;
} book_rect;

typedef enum book_align { BOOK_LEFT = 0, BOOK_CENTER = 1, BOOK_RIGHT = 2 } book_align;
typedef enum book_face { BOOK_SANS = 0, BOOK_BOLD = 1, BOOK_MONO = 2 } book_face;

/* Selects a face (DejaVu Sans, its bold, DejaVu Sans Mono) at `size` points. */
void book_font(cairo_t *cr, book_face face, double size);
/* Draws one line with its baseline at y, aligned at x (left edge, centre or right
 * edge), shrunk to fit max_w when it is wider. Returns the width drawn. */
double book_text(cairo_t *cr, const char *s, book_face face, double size, double x, double y, double max_w,
                 book_align a);
/* Lines that s takes wrapped at spaces in width w at `size` (words wider than w stand
 * alone). Draws them from the top of r when draw is set; returns the line count. */
int book_wrap(cairo_t *cr, const char *s, book_face face, double size, book_rect r, bool draw);

/* How a maze is drawn: with its solution (the key), or as an ornament (no markers,
 * no openings). */
enum { BOOK_SOLUTION = 1, BOOK_ORNAMENT = 2 };
/* Draws maze m centred in r, scaled to fit, walls 0.35 to 1.8 pt. Errors of
 * amz_image_layout_get and img_mark_path. */
amz_status book_draw_maze(cairo_t *cr, const amz_maze *m, const amz_palette *pal, unsigned how, book_rect r,
                          amz_error *err);
/* Draws a sliding board centred in r: numbered tiles, the blank empty. */
void book_draw_board(cairo_t *cr, const amz_slide_board *b, book_rect r);

#endif
