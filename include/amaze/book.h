/* amaze/book.h — printable puzzle books: one PDF of many mazes (libamaze-render).
 * Mazes (and sliding-tile puzzles), several to a page, numbered, each with a caption
 * that makes it again, and an answer key at the back.
 *
 * Pages are portrait print trims (sizes in points, 72 to the inch):
 *
 *   a4        595.28 x 841.89   bleed 3 mm (8.50 pt)
 *   letter    612 x 792         bleed 0.125 in (9 pt)
 *   6x9in     432 x 648         bleed 0.125 in
 *   8.5x11in  612 x 792         bleed 0.125 in (the print-on-demand name of letter)
 *   8x10in    576 x 720         bleed 0.125 in
 *
 * With bleed every page is the trim plus the bleed on each side (MediaBox and
 * BleedBox), and its TrimBox says where it is cut; without, all three are the trim.
 * Nothing but the page's white runs into the bleed: content stays inside the safe
 * area, 0.5 in (36 pt) inside the trim on every side, and that includes the running
 * head and the page number.
 *
 *   +--------------------------- trim ----------------------------+
 *   |   36 pt            running head (the title)                 |
 *   |   +-------------------- safe area ----------------------+   |
 *   |   | Maze 1           easy | Maze 2                hard  |   |
 *   |   | +-----------------+   | +-----------------+         |   |
 *   |   | |  the maze,      |   | |                 |         |   |
 *   |   | |  scaled to fit  |   | |                 |         |   |
 *   |   | +-----------------+   | +-----------------+         |   |
 *   |   | amaze generate ...    | amaze generate ...          |   |
 *   |   +-----------------------------------------------------+   |
 *   |                          page 3                             |
 *   +-------------------------------------------------------------+
 *
 * Slots: 1 a page (1 x 1), 2 (1 column x 2 rows), 4 (2 x 2) or 6 (2 x 3). The answer
 * key takes 4 a page (6 when the puzzles do) and shows every maze with its solution and
 * every sliding puzzle's moves. Text is set in DejaVu Sans (fonts-dejavu-core),
 * embedded as a subset. Reproducible: the same items and options give the same bytes
 * (no creation date, fonts subset in a fixed order). */
#ifndef AMAZE_BOOK_H
#define AMAZE_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/image.h"
#include "amaze/maze.h"
#include "amaze/slide.h"
#include "amaze/status.h"

typedef enum amz_book_trim {
    AMZ_TRIM_A4 = 0,
    AMZ_TRIM_LETTER = 1,
    AMZ_TRIM_6X9 = 2,
    AMZ_TRIM_85X11 = 3,
    AMZ_TRIM_8X10 = 4
} amz_book_trim;
#define AMZ_BOOK_TRIMS 5

/* "a4", "letter", "6x9in", "8.5x11in", "8x10in"; NULL for an unknown value. */
AMZ_API const char *amz_book_trim_name(amz_book_trim t);
/* Parses a trim name (as above). AMZ_ENOTFOUND with a message listing them otherwise. */
AMZ_API amz_status amz_book_trim_parse(const char *name, amz_book_trim *out, amz_error *err);
/* The trim's width, height and bleed in points (table above); pointers may be NULL. */
AMZ_API void amz_book_trim_size(amz_book_trim t, double *width, double *height, double *bleed);

/* What a book item is. */
typedef enum amz_book_kind { AMZ_BOOK_MAZE = 0, AMZ_BOOK_SLIDE = 1 } amz_book_kind;

/* One puzzle of the book, numbered by its place (from 1). Nothing is owned. */
typedef struct amz_book_item {
    amz_book_kind kind;
    const amz_maze *maze;         /* MAZE: the puzzle; its solution (has_solution) goes in the key */
    amz_slide_board board;        /* SLIDE: the shuffled board */
    const char *moves;            /* SLIDE: an optimal solution, U/D/L/R blank moves, for the key */
    const char *title;            /* a name after the number ("The Cave"); NULL = none */
    const char *label;            /* a word or two at the right ("hard"); NULL = none */
    const char *caption;          /* what makes it again (maze: NULL = its recipe, or why there is none) */
} amz_book_item;

typedef struct amz_book_options {
    amz_book_trim trim; /* default letter */
    bool bleed;         /* pages carry the trim's bleed (default false) */
    int per_page;       /* puzzles a page: 1, 2, 4 or 6 (default 1) */
    const char *title;  /* the book's title: a title page and the running head; NULL = neither */
    const char *subtitle; /* a line under the title on the title page; NULL = none */
    bool key;           /* an answer key at the back (default true) */
    bool page_numbers;  /* numbers at the foot of each page (default true) */
    amz_palette palette; /* the mazes' colours (default: amz_palette_init with white floors) */
} amz_book_options;

/* Defaults as documented per field. */
AMZ_API void amz_book_options_init(amz_book_options *o);
/* AMZ_ERANGE (per_page not 1, 2, 4 or 6), AMZ_EINVAL (unknown trim, a title that is
 * not printable ASCII or longer than 200 bytes) with a message naming the field. */
AMZ_API amz_status amz_book_options_check(const amz_book_options *o, amz_error *err);

/* The width / height of a maze of topology t, in cells, that fills one puzzle slot:
 * for sizing mazes made for the book. */
AMZ_API double amz_book_slot_aspect(const amz_book_options *o, amz_topology t);

/* Pages a book of these items has: the title page, the puzzle pages, the key's. */
AMZ_API size_t amz_book_page_count(const amz_book_item *items, size_t n, const amz_book_options *o);

/* Peak bytes amz_book_write needs beyond the items: the PDF being built (about 40
 * bytes a maze cell, twice with the key) and the largest page's drawing. UINT64_MAX
 * when a maze is too large to draw (amz_image_layout_get says why). */
AMZ_API uint64_t amz_book_memory_estimate(const amz_book_item *items, size_t n, const amz_book_options *o);

/* Writes the book of n (1 .. 100000) items as one PDF to `out`. Mazes are drawn as
 * amz_image_write draws them (every grid, any shape), scaled to their slot with walls
 * of 0.35 to 1.8 pt; their solutions only in the key. Errors: AMZ_EINVAL (no items,
 * a maze item without a maze, a maze without a solution when o->key is set, a slide
 * item without moves), those of amz_book_options_check and amz_image_layout_get,
 * AMZ_ENOMEM, AMZ_EIO (write failed). Nothing is written to `out` before the whole
 * book is made, so a failure leaves it as it was. */
AMZ_API amz_status amz_book_write(const amz_book_item *items, size_t n, const amz_book_options *o, FILE *out,
                                  amz_error *err);

#endif
