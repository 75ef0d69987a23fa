/* book.c — amz_book_write: a PDF book of puzzles, several a page inside the print safe
 * area, numbered and captioned, with an answer key at the back (amaze/book.h). Trims
 * and bleeds are the common print-on-demand ones (KDP and Lulu list 6x9, 8x10 and
 * 8.5x11 in with a 0.125 in bleed; ISO 216 A4 with 3 mm). */
#include <cairo-pdf.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include "amaze/gen.h"
#include "amaze/shape.h"
#include "amaze/version.h"
#include "core/error.h"
#include "render/book_impl.h"

/* The trims of amaze/book.h, indexed by amz_book_trim, in points (72 to the inch). */
static const struct {
    const char *name;
    double w, h, bleed;
} trims[AMZ_BOOK_TRIMS] = {
    {"a4", 595.2756, 841.8898, 8.5039}, /* 210 x 297 mm, 3 mm */
    {"letter", 612, 792, 9},
    {"6x9in", 432, 648, 9},
    {"8.5x11in", 612, 792, 9},
    {"8x10in", 576, 720, 9},
};

/* The safe area's inset from the trim, and the bands for the running head and the
 * page number inside it. */
#define SAFE 36.0
#define HEAD 22.0
#define FOOT 20.0
#define GAP 18.0

const char *amz_book_trim_name(amz_book_trim t)
{
    return (unsigned)t < AMZ_BOOK_TRIMS ? trims[t].name : NULL;
}

amz_status amz_book_trim_parse(const char *name, amz_book_trim *out, amz_error *err)
{
    for (int t = 0; t < AMZ_BOOK_TRIMS; t++)
        if (name && strcmp(name, trims[t].name) == 0) {
            *out = (amz_book_trim)t;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown page '%s': expected a4, letter, 6x9in, 8.5x11in or 8x10in",
                      name ? name : "");
}

/* An unknown trim reads as letter, the default, rather than past the table. */
void amz_book_trim_size(amz_book_trim t, double *width, double *height, double *bleed)
{
    if ((unsigned)t >= AMZ_BOOK_TRIMS)
        t = AMZ_TRIM_LETTER;
    if (width)
        *width = trims[t].w;
    if (height)
        *height = trims[t].h;
    if (bleed)
        *bleed = trims[t].bleed;
}

void amz_book_options_init(amz_book_options *o)
{
    memset(o, 0, sizeof *o);
    o->trim = AMZ_TRIM_LETTER;
    o->per_page = 1;
    o->key = true;
    o->page_numbers = true;
    amz_palette_init(&o->palette);
    /* Printed pages: white floors, ink only for walls, markers and the key's path. */
    o->palette.floor = o->palette.background;
}

/* No control byte (below 0x20, or DEL) and at most `max` bytes; bytes from 0x80 pass. */
static bool printable(const char *s, size_t max)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (n >= max || (unsigned char)s[n] < 0x20 || s[n] == 0x7f)
            return false;
    return true;
}

amz_status amz_book_options_check(const amz_book_options *o, amz_error *err)
{
    if ((unsigned)o->trim >= AMZ_BOOK_TRIMS)
        return amz_errorf(err, AMZ_EINVAL, "book: unknown trim %d", (int)o->trim);
    if (o->per_page != 1 && o->per_page != 2 && o->per_page != 4 && o->per_page != 6)
        return amz_errorf(err, AMZ_ERANGE, "book: %d puzzles a page: give 1, 2, 4 or 6", o->per_page);
    /* UTF-8 is welcome (cairo shows it); control bytes are not. */
    if ((o->title && !printable(o->title, 200)) || (o->subtitle && !printable(o->subtitle, 200)))
        return amz_errorf(err, AMZ_EINVAL, "book: a title holds control characters or passes 200 bytes");
    return AMZ_OK;
}

/* Columns and rows of slots for n a page: 1 x 1, 1 x 2, 2 x 2, 2 x 3 (amaze/book.h). */
static void grid_of(int n, int *cols, int *rows)
{
    *cols = n >= 4 ? 2 : 1;
    *rows = n == 1 ? 1 : n == 2 ? 2 : n == 4 ? 2 : 3;
}

/* Answers a page: 4, or 6 when the puzzles are 6 a page. */
static int key_per_page(const amz_book_options *o)
{
    return o->per_page == 6 ? 6 : 4;
}

/* Slot `i` of a page of n slots: the content area below the head, above the foot, in
 * trim coordinates (begin_page moves the origin past the bleed). */
static book_rect slot_rect(const amz_book_options *o, int n, int i)
{
    double w, h;
    amz_book_trim_size(o->trim, &w, &h, NULL);
    int cols, rows;
    grid_of(n, &cols, &rows);
    const double aw = w - 2 * SAFE, ah = h - 2 * SAFE - HEAD - FOOT;
    const double sw = (aw - GAP * (cols - 1)) / cols, sh = (ah - GAP * (rows - 1)) / rows;
    const int col = i % cols, row = i / cols; /* slot i in reading order */
    book_rect r = {SAFE + (sw + GAP) * col, SAFE + HEAD + (sh + GAP) * row, sw, sh};
    return r;
}

/* A slot's parts: the heading line, then the picture, then the caption lines. */
#define HEADING 16.0
#define CAPTION_SIZE 6.0
#define CAPTION_MIN 4.5

/* The picture's room in a slot: the slot less its heading and about 2.5 lines of the
 * largest caption (1.25 leading), near what slot() leaves beside a two- or three-line one. */
double amz_book_slot_aspect(const amz_book_options *o, amz_topology t)
{
    book_rect r = slot_rect(o, o->per_page, 0);
    double a = r.w / (r.h - HEADING - 2.5 * CAPTION_SIZE * 1.25);
    /* Hex pictures are 1.5 s a column wide and sqrt(3) s a row high (amaze/image.h). */
    return t == AMZ_TOPO_HEX ? a * sqrt(3.0) / 1.5 : a;
}

/* Counts only: every puzzle takes one slot, so the items themselves do not matter. */
size_t amz_book_page_count(const amz_book_item *items, size_t n, const amz_book_options *o)
{
    (void)items;
    const size_t per = (size_t)o->per_page, key = (size_t)key_per_page(o);
    return (o->title ? 1 : 0) + (n + per - 1) / per + (o->key ? (n + key - 1) / key : 0);
}

uint64_t amz_book_memory_estimate(const amz_book_item *items, size_t n, const amz_book_options *o)
{
    uint64_t cells = 0, largest = 0;
    for (size_t i = 0; i < n; i++) {
        if (items[i].kind != AMZ_BOOK_MAZE || !items[i].maze)
            continue;
        uint64_t c = (uint64_t)items[i].maze->ncells;
        if (c > AMZ_IMAGE_VECTOR_MAX_CELLS)
            return UINT64_MAX;
        cells += c;
        largest = c > largest ? c : largest;
    }
    /* Measured: about 25 bytes of PDF a cell; the boxes pass copies the file once;
     * cairo holds a page's drawing (generously 256 bytes a cell) until it is shown. */
    const uint64_t pdf = cells * 40 * (o->key ? 2 : 1) + 65536 * (uint64_t)amz_book_page_count(items, n, o);
    return 2 * pdf + largest * 256 * (uint64_t)o->per_page + (1u << 20);
}

/* ---- pages ---- */

typedef struct book {
    cairo_t *cr;
    const amz_book_options *o;
    double w, h, bleed; /* trim and bleed in points */
    int page;           /* pages shown so far */
} book;

static void grey(cairo_t *cr, double v)
{
    cairo_set_source_rgb(cr, v, v, v);
}

/* Ends a page: its number at the foot (from the first puzzle page on), then shows it.
 * The title page is counted but not numbered. Pairs with begin_page's cairo_save. */
static void end_page(book *b, bool number)
{
    b->page++;
    if (number && b->o->page_numbers) {
        char num[32];
        snprintf(num, sizeof num, "%d", b->page);
        grey(b->cr, 0.35);
        book_text(b->cr, num, BOOK_SANS, 9, b->w / 2, b->h - SAFE - 4, b->w, BOOK_CENTER);
    }
    cairo_restore(b->cr);
    cairo_show_page(b->cr);
}

/* Starts a page: the origin moves to the trim's corner, and the head is set. */
static void begin_page(book *b, const char *head, book_face face)
{
    cairo_save(b->cr);
    cairo_translate(b->cr, b->bleed, b->bleed);
    if (head) {
        grey(b->cr, face == BOOK_BOLD ? 0.1 : 0.4);
        book_text(b->cr, head, face, face == BOOK_BOLD ? 13 : 9, b->w / 2, SAFE + 10, b->w - 2 * SAFE, BOOK_CENTER);
    }
}

/* No maze in the book: the title page goes without its ornament. */
#define AMZ_TOPO_COUNT_NONE ((amz_topology)-1)

/* The title page: title, subtitle, what the book holds, an ornament and a colophon. An
 * error from the ornament is returned after the page is ended, so the cairo_save/restore
 * pairs stay balanced. */
static amz_status title_page(book *b, size_t mazes, size_t slides, amz_topology topo, amz_error *err)
{
    cairo_t *cr = b->cr;
    begin_page(b, NULL, BOOK_SANS);
    const double aw = b->w - 2 * SAFE;
    grey(cr, 0.08);
    book_text(cr, b->o->title, BOOK_BOLD, 30, b->w / 2, b->h * 0.3, aw, BOOK_CENTER);
    grey(cr, 0.3);
    if (b->o->subtitle)
        book_text(cr, b->o->subtitle, BOOK_SANS, 14, b->w / 2, b->h * 0.3 + 30, aw, BOOK_CENTER);
    char line[160];
    /* 160 bytes hold the longest line (two 20-digit counts): n stays inside it. */
    int n = snprintf(line, sizeof line, "%zu maze%s", mazes, mazes == 1 ? "" : "s");
    if (slides)
        snprintf(line + n, sizeof line - (size_t)n, " and %zu sliding puzzle%s", slides, slides == 1 ? "" : "s");
    if (b->o->key)
        snprintf(line + strlen(line), sizeof line - strlen(line), ", answers at the back");
    book_text(cr, line, BOOK_SANS, 11, b->w / 2, b->h * 0.3 + 56, aw, BOOK_CENTER);
    /* An ornament: a round maze of the book's first topology, the same in every book. */
    amz_status st = AMZ_OK;
    if (topo != AMZ_TOPO_COUNT_NONE) {
        amz_maze m;
        amz_gen_options go;
        amz_gen_options_init(&go);
        go.seed = 17;
        if (!(st = amz_maze_init(&m, topo, 21, 21, err)) && !(st = amz_shape_apply(&m, AMZ_SHAPE_CIRCLE, err)) &&
            !(st = amz_gen_run(&m, "wilson", &go, NULL, err))) {
            book_rect r = {b->w / 2 - 110, b->h * 0.3 + 80, 220, 220};
            st = book_draw_maze(cr, &m, &b->o->palette, BOOK_ORNAMENT, r, err);
        }
        amz_maze_deinit(&m);
    }
    grey(cr, 0.45);
    snprintf(line, sizeof line, "made with amaze %s: every caption is the command that makes its puzzle again",
             amz_version());
    book_text(cr, line, BOOK_SANS, 7, b->w / 2, b->h - SAFE - 4, aw, BOOK_CENTER);
    end_page(b, false);
    return st;
}

/* The heading of a slot: "Maze 12" (and its title) on the left, the label on the right;
 * each shrinks to its share of the width (60% left, 40% right). Returns its height. */
static double heading(cairo_t *cr, const amz_book_item *it, size_t number, book_rect r, const char *right)
{
    char left[256];
    snprintf(left, sizeof left, "%s %zu", it->kind == AMZ_BOOK_SLIDE ? "Puzzle" : "Maze", number);
    grey(cr, 0.08);
    double lw = book_text(cr, left, BOOK_BOLD, 11, r.x, r.y + 11, r.w * 0.6, BOOK_LEFT);
    if (it->title) {
        grey(cr, 0.25);
        book_text(cr, it->title, BOOK_SANS, 10, r.x + lw + 6, r.y + 11, r.w * 0.6 - lw - 6, BOOK_LEFT);
    }
    if (right) {
        grey(cr, 0.4);
        book_text(cr, right, BOOK_SANS, 9, r.x + r.w, r.y + 11, r.w * 0.4 - 6, BOOK_RIGHT);
    }
    return HEADING;
}

/* Size and line count of a caption in width w: 6 pt in up to 3 lines, else smaller
 * down to 4.5 pt, else as many 4.5 pt lines as it takes (a caption is never cut:
 * it must make its puzzle again). */
static double caption_fit(cairo_t *cr, const char *text, double w, int *lines)
{
    book_rect r = {0, 0, w, 0};
    for (int k = 0; CAPTION_SIZE - 0.5 * k >= CAPTION_MIN; k++) /* half-point steps down to the least size */
        if ((*lines = book_wrap(cr, text, BOOK_MONO, CAPTION_SIZE - 0.5 * k, r, false)) <= 3)
            return CAPTION_SIZE - 0.5 * k;
    *lines = book_wrap(cr, text, BOOK_MONO, CAPTION_MIN, r, false);
    return CAPTION_MIN;
}

/* What makes the maze again: its recipe as an amaze generate command, or why there is none. */
static void maze_caption(const amz_maze *m, char *text, size_t cap)
{
    char size[64];
    const amz_grid g = amz_maze_grid(m);
    amz_grid_format_size(&g, size, sizeof size); /* as -s takes it (polar: rings first) */
    if (m->recipe)
        snprintf(text, cap, "amaze generate %s", m->recipe);
    else
        snprintf(text, cap, "%s %s maze, %s (no recipe: read from a file that does not keep one)", size,
                 amz_topology_name(m->topology), m->algorithm[0] ? m->algorithm : "made by hand");
}

/* One puzzle slot (key: the answer): the heading, the caption at the foot, the picture in
 * the room between. The key's mazes have no caption (the puzzle page has it), its sliding
 * puzzles their moves. AMZ_ERANGE when a caption leaves the picture less than 10 pt. */
static amz_status slot(book *b, const amz_book_item *it, size_t number, book_rect r, bool key, amz_error *err)
{
    cairo_t *cr = b->cr;
    char right[96] = "", text[AMZ_RECIPE_MAX + 160];
    if (it->kind == AMZ_BOOK_SLIDE) {
        snprintf(right, sizeof right, "%dx%d, %zu moves", it->board.rows, it->board.cols, strlen(it->moves));
    } else if (key) {
        snprintf(right, sizeof right, "answer");
    } else if (it->label) {
        snprintf(right, sizeof right, "%s", it->label);
    }
    double top = heading(cr, it, number, r, right);
    if (it->kind == AMZ_BOOK_MAZE && it->caption)
        snprintf(text, sizeof text, "%s", it->caption);
    else if (it->kind == AMZ_BOOK_MAZE)
        maze_caption(it->maze, text, sizeof text);
    else if (key)
        snprintf(text, sizeof text, "%s", it->moves);
    else
        snprintf(text, sizeof text, "%s", it->caption ? it->caption : "");
    if (key && it->kind == AMZ_BOOK_SLIDE) {
        /* The answer of a sliding puzzle: its board small, and the moves in groups of
         * five to follow with a finger. */
        book_rect pic = {r.x, r.y + top + 2, fmin(r.w * 0.35, r.h - top - 2), fmin(r.w * 0.35, r.h - top - 2)};
        book_draw_board(cr, &it->board, pic);
        /* A solution of more than about 3400 moves is cut short here (an optimal one of
         * a 4x4 board has at most 80). */
        char grouped[4096];
        size_t n = 0;
        for (size_t i = 0; it->moves[i] && n + 3 < sizeof grouped; i++) {
            if (i && i % 5 == 0)
                grouped[n++] = ' ';
            grouped[n++] = it->moves[i];
        }
        grouped[n] = '\0';
        book_rect t = {pic.x + pic.w + 10, r.y + top + 2, r.w - pic.w - 10, r.h - top - 2};
        grey(cr, 0.1);
        int lines = book_wrap(cr, grouped, BOOK_MONO, 9, t, true);
        grey(cr, 0.4);
        book_rect help = {t.x, t.y + lines * 9 * 1.25 + 4, t.w, 20};
        book_wrap(cr, "Letters say where the gap moves: U up, D down, L left, R right.", BOOK_SANS, 6.5, help, true);
        return AMZ_OK;
    }
    int lines = 0;
    double size = key ? 0 : caption_fit(cr, text, r.w, &lines);
    double cap_h = key ? 0 : lines * size * 1.25 + 3;
    book_rect pic = {r.x, r.y + top + 2, r.w, r.h - top - 2 - cap_h};
    if (pic.h < 10)
        return amz_errorf(err, AMZ_ERANGE, "book: puzzle %zu's caption leaves no room for its picture", number);
    if (!key) {
        grey(cr, 0.35);
        book_rect c = {r.x, r.y + r.h - cap_h + 3, r.w, cap_h};
        book_wrap(cr, text, BOOK_MONO, size, c, true);
    }
    if (it->kind == AMZ_BOOK_SLIDE) {
        /* The rule under the board, in the room a maze would take to the edge. */
        const double rule = 14;
        book_rect board = {pic.x, pic.y, pic.w, pic.h - rule};
        book_draw_board(cr, &it->board, board);
        char goal[64];
        snprintf(goal, sizeof goal, "Slide the tiles into order, 1 to %d, the gap last.",
                 it->board.rows * it->board.cols - 1);
        grey(cr, 0.3);
        book_text(cr, goal, BOOK_SANS, 8, pic.x + pic.w / 2, pic.y + pic.h - 4, pic.w, BOOK_CENTER);
        return AMZ_OK;
    }
    return book_draw_maze(cr, it->maze, &b->o->palette, key ? BOOK_SOLUTION : 0, pic, err);
}

/* What amz_book_write refuses before drawing (AMZ_EINVAL, numbered from 1 as printed). */
static amz_status check_items(const amz_book_item *items, size_t n, const amz_book_options *o, amz_error *err)
{
    if (n < 1 || n > 100000)
        return amz_errorf(err, AMZ_EINVAL, "book: %zu puzzles: give 1 to 100000", n);
    for (size_t i = 0; i < n; i++) {
        const amz_book_item *it = &items[i];
        if (it->kind == AMZ_BOOK_MAZE && !it->maze)
            return amz_errorf(err, AMZ_EINVAL, "book: puzzle %zu has no maze", i + 1);
        if (it->kind == AMZ_BOOK_MAZE && o->key && !it->maze->has_solution)
            return amz_errorf(err, AMZ_EINVAL, "book: maze %zu has no solution for the key", i + 1);
        if (it->kind == AMZ_BOOK_SLIDE && !it->moves)
            return amz_errorf(err, AMZ_EINVAL, "book: puzzle %zu has no moves for the key", i + 1);
        if (it->kind != AMZ_BOOK_MAZE && it->kind != AMZ_BOOK_SLIDE)
            return amz_errorf(err, AMZ_EINVAL, "book: puzzle %zu is of no known kind", i + 1);
    }
    return AMZ_OK;
}

/* Every page, in order: title, puzzles, answers. The first error stops it; the page being
 * drawn is still ended, and amz_book_write then drops the whole PDF. */
static amz_status draw_book(book *b, const amz_book_item *items, size_t n, amz_error *err)
{
    const amz_book_options *o = b->o;
    size_t mazes = 0;
    amz_topology topo = AMZ_TOPO_COUNT_NONE;
    for (size_t i = 0; i < n; i++)
        if (items[i].kind == AMZ_BOOK_MAZE && mazes++ == 0)
            topo = items[i].maze->topology;
    amz_status st = o->title ? title_page(b, mazes, n - mazes, topo, err) : AMZ_OK;
    for (int pass = 0; pass < 1 + o->key && !st; pass++) {
        const bool key = pass == 1;
        const int per = key ? key_per_page(o) : o->per_page;
        for (size_t first = 0; first < n && !st; first += (size_t)per) {
            begin_page(b, key ? "Answers" : o->title, key ? BOOK_BOLD : BOOK_SANS);
            for (int k = 0; k < per && first + (size_t)k < n && !st; k++)
                st = slot(b, &items[first + (size_t)k], first + (size_t)k + 1, slot_rect(o, per, k), key, err);
            end_page(b, true);
        }
    }
    return st;
}

amz_status amz_book_write(const amz_book_item *items, size_t n, const amz_book_options *o, FILE *out,
                          amz_error *err)
{
    amz_status st = amz_book_options_check(o, err);
    if (st || (st = check_items(items, n, o, err)))
        return st;
    book b = {NULL, o, 0, 0, 0, 0};
    amz_book_trim_size(o->trim, &b.w, &b.h, &b.bleed);
    if (!o->bleed)
        b.bleed = 0;
    /* The PDF is built in memory: book_pdf_boxes rewrites it whole, and nothing reaches
     * `out` unless the book is complete. */
    book_buf buf = {0};
    /* The MediaBox is the trim plus the bleed on each side; the TrimBox and BleedBox
     * come afterwards (book_pdf_boxes). */
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(book_buf_write, &buf, b.w + 2 * b.bleed, b.h + 2 * b.bleed);
    /* Reproducible files: no creation date (cairo would write the clock's). */
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "amaze");
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
    if (o->title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, o->title);
    b.cr = cairo_create(surface);
    st = draw_book(&b, items, n, err);
    /* cairo's errors are sticky: the context's first, then the surface's after finish,
     * which flushes the last of the PDF into buf. */
    cairo_status_t cs = cairo_status(b.cr);
    cairo_destroy(b.cr);
    cairo_surface_finish(surface);
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (!st && (buf.failed || cs == CAIRO_STATUS_NO_MEMORY))
        st = amz_errorf(err, AMZ_ENOMEM, "book: out of memory for the PDF");
    else if (!st && cs != CAIRO_STATUS_SUCCESS)
        st = amz_errorf(err, AMZ_EIO, "book: cairo: %s", cairo_status_to_string(cs));
    if (!st)
        st = book_pdf_boxes(&buf, b.w, b.h, b.bleed, err);
    if (!st && (fwrite(buf.data, 1, buf.len, out) != buf.len || fflush(out) != 0 || ferror(out)))
        st = amz_errorf(err, AMZ_EIO, "book: write failed: %s", strerror(errno ? errno : EIO));
    book_buf_free(&buf);
    return st;
}
