/* text_read.c — importing square mazes drawn as text: the line-art styles (ascii and
 * unicode, 3 columns x 2 lines per cell) and the block style of the JS1K picture (one
 * character per block, (2W+1) x (2H+1)). See amz_io_read_text in amaze/io.h. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

/* The text as a rectangle of code points, ANSI escapes and carriage returns removed.
 * Row 0 is the first non-blank line; ragged and first are 1-based source lines (blank
 * lines at the top counted). */
typedef struct art {
    uint32_t *cp;   /* rows * cols code points */
    size_t rows, cols;
    /* Lines shorter than the longest (their trailing blanks trimmed) are padded with
     * spaces; the first one that differs from the first line is kept for the message
     * of an art that needs every row whole (0: none). */
    size_t ragged, ragged_len, first, first_len;
} art;

/* Decodes one UTF-8 sequence; returns its length or 0 if invalid. Overlong forms,
 * surrogates and code points past U+10FFFF are invalid (RFC 3629), as are a stray
 * continuation byte and a sequence cut short by the end of the text. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *out)
{
    if (s[0] < 0x80) {
        *out = s[0];
        return 1;
    }
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 0;
    if (!len || len > n || s[0] > 0xf4)
        return 0;
    uint32_t v = s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < min[len] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *out = v;
    return len;
}

/* Splits the text into lines of code points, checks they form a rectangle. */
static amz_status load_art(const char *text, size_t len, art *a, amz_error *err)
{
    const unsigned char *s = (const unsigned char *)text;
    /* A code point takes at least one byte, so len + 1 entries always suffice for cp. */
    size_t cap = len + 1, n = 0, line_start = 0, lines = 0, cols = 0, first_len = 0;
    size_t line = 0; /* 1-based source line of the current line, for messages */
    uint32_t *cp = amz_malloc(cap * sizeof *cp);
    size_t *lens = NULL;
    if (!cp)
        return amz_errorf(err, AMZ_ENOMEM, "cannot hold the text");
    /* Lines are stored back to back; a second pass checks the lengths. */
    size_t lens_cap = 64;
    lens = amz_malloc(lens_cap * sizeof *lens);
    if (!lens) {
        amz_free(cp);
        return amz_errorf(err, AMZ_ENOMEM, "cannot hold the text");
    }
    size_t i = 0;
    if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
        i = 3;
    while (i <= len) {
        if (i == len || s[i] == '\n') {
            line++;
            if (lines == lens_cap) {
                size_t *nl = amz_realloc(lens, 2 * lens_cap * sizeof *lens);
                if (!nl) {
                    amz_free(cp);
                    amz_free(lens);
                    return amz_errorf(err, AMZ_ENOMEM, "cannot hold the text");
                }
                lens = nl;
                lens_cap *= 2;
            }
            /* Trailing blanks carry nothing (editors add and strip them): trimmed. */
            while (n > line_start && (cp[n - 1] == ' ' || cp[n - 1] == '\t'))
                n--;
            lens[lines++] = n - line_start;
            line_start = n;
            i++;
            continue;
        }
        /* CR is dropped wherever it is, so CRLF text reads like LF text. */
        if (s[i] == '\r') {
            i++;
            continue;
        }
        /* Only the CSI form colour codes use (ECMA-48: a final byte 0x40..0x7e ends
         * it) is skipped whole; any other ESC is dropped alone. */
        if (s[i] == 0x1b) { /* ANSI escape: ESC [ parameters final-byte */
            i++;
            if (i < len && s[i] == '[') {
                i++;
                while (i < len && !(s[i] >= 0x40 && s[i] <= 0x7e))
                    i++;
                if (i < len)
                    i++;
            }
            continue;
        }
        uint32_t v;
        size_t k = utf8_decode(s + i, len - i, &v);
        if (!k) {
            amz_free(cp);
            amz_free(lens);
            return amz_errorf(err, AMZ_EFORMAT, "line %zu: invalid UTF-8", line + 1);
        }
        cp[n++] = v;
        i += k;
    }
    /* Drop blank lines at the end (a final newline makes one) and at the start. Blank
     * lines were trimmed to length 0 and left nothing in cp, so dropping them moves no
     * code point. */
    size_t skip = 0, offset = 0;
    while (lines > 0 && lens[lines - 1] == 0)
        lines--;
    while (skip < lines && lens[skip] == 0)
        skip++;
    if (skip == lines) { /* nothing but blank lines (their spaces trimmed) */
        bool spaces = false;
        for (size_t j = 0; j < len && !spaces; j++)
            spaces = s[j] == ' ' || s[j] == '\t';
        amz_free(cp);
        amz_free(lens);
        return amz_errorf(err, AMZ_EFORMAT, "no maze in the text: it has no cells%s", spaces ? " (only spaces)" : "");
    }
    first_len = lens[skip];
    memset(a, 0, sizeof *a);
    for (size_t l = skip; l < lines; l++) {
        cols = lens[l] > cols ? lens[l] : cols;
        if (lens[l] != first_len && !a->ragged) {
            a->ragged = l + 1;
            a->ragged_len = lens[l];
            a->first = skip + 1;
            a->first_len = first_len;
        }
    }
    for (size_t l = 0; l < skip; l++)
        offset += lens[l];
    /* The rectangle, short lines padded with spaces (what the trimming took). */
    uint32_t *rect = amz_malloc((lines - skip) * cols * sizeof *rect + 1);
    if (!rect) {
        amz_free(cp);
        amz_free(lens);
        return amz_errorf(err, AMZ_ENOMEM, "cannot hold the text");
    }
    for (size_t l = skip, at_cp = offset; l < lines; at_cp += lens[l], l++) {
        uint32_t *row = rect + (l - skip) * cols;
        memcpy(row, cp + at_cp, lens[l] * sizeof *row);
        for (size_t c = lens[l]; c < cols; c++)
            row[c] = ' ';
    }
    amz_free(cp);
    amz_free(lens);
    a->cp = rect;
    a->rows = lines - skip;
    a->cols = cols;
    return AMZ_OK;
}

/* The rows of art that needs every row whole differ in length. */
static amz_status ragged(const art *a, amz_error *err)
{
    return amz_errorf(err, AMZ_EFORMAT,
                      "line %zu has %zu character%s but line %zu has %zu: rows must all be the same length", a->ragged,
                      a->ragged_len, a->ragged_len == 1 ? "" : "s", a->first, a->first_len);
}

static uint32_t at(const art *a, size_t r, size_t c)
{
    return a->cp[r * a->cols + c];
}

/* + - | #, or any box-drawing character (U+2500 .. U+257F): what line art draws walls
 * and corners with. Anything else between two cells is an opening. */
static bool line_wall(uint32_t v)
{
    return v == '+' || v == '-' || v == '|' || v == '#' || (v >= 0x2500 && v <= 0x257f);
}

/* The floor characters of FORMAT.md, plus the dots U+00B7 and U+2022 (the unicode
 * style marks the solution with U+2022). */
static bool block_floor(uint32_t v)
{
    return v == ' ' || v == '.' || v == '*' || v == 'o' || v == 'S' || v == 'G' || v == 0xb7 || v == 0x2022;
}

/* Takes an S, G or @ in cell c as the start, the goal or both; any other character is
 * no marker. Each end may be marked once: two would leave the maze ambiguous. */
static amz_status mark(amz_maze *m, uint32_t v, amz_cell c, bool *seen_s, bool *seen_g, size_t line, amz_error *err)
{
    /* '@' is both ends in one cell, as block art draws it (line art writes "SG"). */
    if (v == 'S' || v == '@') {
        if (*seen_s)
            return amz_errorf(err, AMZ_EFORMAT, "line %zu: a second %s marker", line, v == '@' ? "start ('@')" : "'S'");
        *seen_s = true;
        m->start = c;
    }
    if (v == 'G' || v == '@') {
        if (*seen_g)
            return amz_errorf(err, AMZ_EFORMAT, "line %zu: a second %s marker", line, v == '@' ? "goal ('@')" : "'G'");
        *seen_g = true;
        m->goal = c;
    }
    return AMZ_OK;
}

/* A w x h square maze (a weave grid if `weave`) for the art being read, within the
 * reader's memory limit. */
static amz_status init_square(amz_maze *m, int64_t w, int64_t h, bool weave, const amz_read_options *o,
                              amz_error *err)
{
    const amz_grid g = {AMZ_TOPO_SQUARE, w, h, 1, 0, weave};
    amz_status st = io_check_size(&g, o, err);
    return st ? st : weave ? amz_maze_init_grid(m, &g, err) : amz_maze_init(m, AMZ_TOPO_SQUARE, w, h, err);
}

/* The unicode style's dashed walls: a tunnel runs under them (src/render/text_square.c),
 * each glyph naming the side of the crossed cell it is on. */
#define DASH_N 0x254cu /* ╌ above the crossed cell */
#define DASH_S 0x2504u /* ┄ below it */
#define DASH_W 0x254eu /* ╎ left of it */
#define DASH_E 0x2506u /* ┆ right of it */

static bool dashed(uint32_t v)
{
    return v == DASH_N || v == DASH_S || v == DASH_W || v == DASH_E;
}

/* The under-passages of weave line art. Each dashed glyph names its crossed cell (the
 * one below a ╌, above a ┄, right of a ╎, left of a ┆), which must be an inner cell
 * with the whole pair drawn: ╌╌ above and ┄┄ below it (an N-S under-passage), or ╎
 * and ┆ beside it (W-E). Anything else is refused by position. What is read must then
 * be a weave (io_validate: each crossed cell a straight corridor the other way). */
static amz_status read_tunnels(const art *a, amz_maze *m, amz_error *err)
{
    const int64_t w = m->width, h = m->height;
    for (size_t r = 0; r < a->rows; r++)
        for (size_t col = 0; col < a->cols; col++) {
            const uint32_t v = at(a, r, col);
            if (!dashed(v))
                continue;
            const bool ns = v == DASH_N || v == DASH_S;
            /* A horizontal wall is in an even row, off the corner columns; a vertical
             * one in an odd row, on them. */
            bool ok = ns ? r % 2 == 0 && col % 3 != 0 : r % 2 == 1 && col % 3 == 0;
            int64_t cx = ns ? (int64_t)(col / 3) : (int64_t)(col / 3) - (v == DASH_E),
                    cy = ns ? (int64_t)(r / 2) - (v == DASH_S) : (int64_t)(r / 2);
            ok = ok && cx >= 0 && cy >= 0 && cx < w && cy < h && (ns ? cy > 0 && cy + 1 < h : cx > 0 && cx + 1 < w);
            if (ok) {
                const size_t cr = (size_t)(2 * cy + 1), cc = (size_t)(3 * cx + 1);
                ok = ns ? at(a, cr - 1, cc) == DASH_N && at(a, cr - 1, cc + 1) == DASH_N &&
                              at(a, cr + 1, cc) == DASH_S && at(a, cr + 1, cc + 1) == DASH_S
                        : at(a, cr, cc - 1) == DASH_W && at(a, cr, cc + 2) == DASH_E;
            }
            if (!ok)
                return amz_errorf(err, AMZ_EFORMAT,
                                  "line %zu, column %zu: a dashed wall that is not half of a crossing (╌╌ above and ┄┄ "
                                  "below an inner cell, or ╎ left and ┆ right of it)",
                                  r + 1, col + 1);
            const amz_cell from = ns ? (cy - 1) * w + cx : cy * w + cx - 1;
            amz_maze_set_passage(m, from, ns ? AMZ_SQ_S2 : AMZ_SQ_E2, true, NULL);
        }
    return io_validate(m, err);
}

/* Line art: cell (x, y) is the two characters at row 2y+1, columns 3x+1 and 3x+2; the
 * wall east of it is the corner column 3x+3 and the wall south of it row 2y+2. The
 * outer border is not read: outer walls are implicit (FORMAT.md), so a gap drawn in it
 * (an entrance) changes nothing. */
static amz_status read_line_art(const art *a, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    /* Blank corners (a shaped maze, see below) explain short rows better than their
     * length does, so they are looked for first. */
    for (size_t r = 0; a->ragged && r < a->rows; r += 2)
        for (size_t col = 0; col + 1 < a->cols; col += 3)
            if (at(a, r, col) == ' ')
                return amz_errorf(err, AMZ_EFORMAT,
                                  "line %zu, column %zu: blank corner; text art of shaped mazes cannot be read back "
                                  "(use .amz or JSON)",
                                  r + 1, col + 1);
    if (a->ragged)
        return ragged(a, err);
    if (a->cols < 4 || (a->cols - 1) % 3 || a->rows < 3 || a->rows % 2 == 0)
        return amz_errorf(err, AMZ_EFORMAT,
                          "line art is %zu character%s by %zu line%s; a maze of WxH cells is 3W+1 by 2H+1", a->cols,
                          a->cols == 1 ? "" : "s", a->rows, a->rows == 1 ? "" : "s");
    /* Every corner of a rectangular maze is drawn; a blank one means cells are missing
     * (a shaped maze), which text cannot express unambiguously. */
    for (size_t r = 0; r < a->rows; r += 2)
        for (size_t col = 0; col < a->cols; col += 3)
            if (at(a, r, col) == ' ')
                return amz_errorf(err, AMZ_EFORMAT,
                                  "line %zu, column %zu: blank corner; text art of shaped mazes cannot be read back "
                                  "(use .amz or JSON)",
                                  r + 1, col + 1);
    int64_t w = (int64_t)(a->cols - 1) / 3, h = (int64_t)(a->rows - 1) / 2;
    bool weave = false;
    for (size_t i = 0; i < a->rows * a->cols && !weave; i++)
        weave = dashed(a->cp[i]);
    amz_status st = init_square(m, w, h, weave, o, err);
    if (st)
        return st;
    /* Without markers the ends stay amz_maze_init's: top left and bottom right. The
     * passages set below cannot fail: both cells exist, as x + 1 < w and y + 1 < h. */
    bool seen_s = false, seen_g = false;
    for (int64_t y = 0; y < h; y++)
        for (int64_t x = 0; x < w; x++) {
            amz_cell c = y * w + x;
            size_t r = (size_t)(2 * y + 1), col = (size_t)(3 * x + 1);
            if (x + 1 < w && !line_wall(at(a, r, col + 2)))
                amz_maze_set_passage(m, c, AMZ_SQ_E, true, NULL);
            if (y + 1 < h && !line_wall(at(a, r + 1, col)))
                amz_maze_set_passage(m, c, AMZ_SQ_S, true, NULL);
            for (size_t k = 0; k < 2; k++)
                if ((st = mark(m, at(a, r, col + k), c, &seen_s, &seen_g, r + 1, err)))
                    return st;
        }
    return weave ? read_tunnels(a, m, err) : AMZ_OK;
}

/* Blocks: cell (x, y) is the block at row 2y+1, column 2x+1, the blocks between two
 * cells are their wall or passage, and the corner blocks (even row and column) and the
 * outer border are not read. '@' is a cell (both ends) but, between cells, a wall. */
static amz_status read_blocks(const art *a, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    if (a->ragged)
        return ragged(a, err);
    if (a->cols < 3 || a->cols % 2 == 0 || a->rows < 3 || a->rows % 2 == 0)
        return amz_errorf(err, AMZ_EFORMAT,
                          "block art is %zu by %zu block%s; a maze of WxH cells is 2W+1 by 2H+1 (odd numbers)",
                          a->cols, a->rows, a->rows == 1 && a->cols == 1 ? "" : "s");
    int64_t w = (int64_t)(a->cols - 1) / 2, h = (int64_t)(a->rows - 1) / 2;
    amz_status st = init_square(m, w, h, false, o, err);
    if (st)
        return st;
    bool seen_s = false, seen_g = false;
    for (int64_t y = 0; y < h; y++)
        for (int64_t x = 0; x < w; x++) {
            amz_cell c = y * w + x;
            size_t r = (size_t)(2 * y + 1), col = (size_t)(2 * x + 1);
            if (!block_floor(at(a, r, col)) && at(a, r, col) != '@')
                return amz_errorf(err, AMZ_EFORMAT,
                                  "line %zu, column %zu: a wall where cell (%lld,%lld) should be (blocks must "
                                  "alternate cells and walls; shaped mazes cannot be read back from text)",
                                  r + 1, col + 1, (long long)x, (long long)y);
            if (x + 1 < w && block_floor(at(a, r, col + 1)))
                amz_maze_set_passage(m, c, AMZ_SQ_E, true, NULL);
            if (y + 1 < h && block_floor(at(a, r + 1, col)))
                amz_maze_set_passage(m, c, AMZ_SQ_S, true, NULL);
            if ((st = mark(m, at(a, r, col), c, &seen_s, &seen_g, r + 1, err)))
                return st;
        }
    return AMZ_OK;
}

/* Text that is not a picture of a maze at all (a word, a line of prose) is named as
 * such, with the formats a maze can come in, rather than judged as odd art: a run of
 * letters with three different ones in it is a word (walls drawn with letters repeat
 * one letter, markers S, G and o stand alone). Before the rows are measured, so that
 * ragged prose is not reported as ragged art. */
static amz_status plausible(const char *text, size_t len, amz_error *err)
{
    size_t run = 0;
    char seen[3] = {0};
    int distinct = 0;
    for (size_t i = 0; i < len && distinct < 3; i++) {
        char c = text[i];
        if (c == 0x1b && i + 1 < len && text[i + 1] == '[') { /* a colour code: ESC [ params final */
            for (i += 2; i < len && !(text[i] >= 0x40 && text[i] <= 0x7e); i++)
                ;
            run = 0;
            distinct = 0;
            continue;
        }
        bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter) {
            run = 0;
            distinct = 0;
            continue;
        }
        /* distinct counts the different letters of the current run (seen holds the
         * first two); the scan stops at the third. */
        if (run++ == 0 || (c != seen[0] && (distinct < 2 || c != seen[1])))
            seen[distinct < 3 ? distinct : 2] = c, distinct++;
    }
    if (distinct < 3)
        return AMZ_OK;
    char start[40];
    size_t n = 0;
    for (size_t i = 0; i < len && text[i] != '\n' && n + 1 < sizeof start; i++)
        start[n++] = text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?';
    start[n] = '\0';
    return amz_errorf(err, AMZ_EFORMAT,
                      "not a maze: it starts '%s'; a maze is .amz, JSON ({...}), or text art (line art of + - | or "
                      "box drawing, or blocks: # walls, spaces floor)",
                      start);
}

amz_status amz_io_read_text(const char *text, size_t len, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    art a;
    memset(&a, 0, sizeof a);
    memset(m, 0, sizeof *m);
    /* Art of a maze of levels starts "level 1 of L" (after any blank lines or BOM): it
     * is drawn level by level and does not read back. */
    size_t lead = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    while (lead < len && (text[lead] == '\n' || text[lead] == '\r' || text[lead] == ' ' || text[lead] == '\t'))
        lead++;
    if (len - lead > 8 && memcmp(text + lead, "level ", 6) == 0 && text[lead + 6] >= '0' && text[lead + 6] <= '9')
        return amz_errorf(err, AMZ_EFORMAT,
                          "this is text art of a maze of levels (drawn level by level), which cannot be read back "
                          "(use .amz or JSON)");
    /* Hex art (slashes, or the box-drawing diagonals U+2571/2 in UTF-8) cannot say which
     * cells a shape removed; refuse it before anything else complains about its shape.
     * Square art never draws a slash, so one anywhere in the text is taken for hex. */
    for (size_t i = 0; i < len; i++)
        if (text[i] == '/' || text[i] == '\\' ||
            (i + 2 < len && (unsigned char)text[i] == 0xe2 && (unsigned char)text[i + 1] == 0x95 &&
             ((unsigned char)text[i + 2] == 0xb1 || (unsigned char)text[i + 2] == 0xb2)))
            return amz_errorf(err, AMZ_EFORMAT,
                              "this looks like a hex maze drawn as text, which cannot be read back (use .amz or JSON)");
    amz_status st = plausible(text, len, err);
    if (st || (st = load_art(text, len, &a, err)))
        return st;
    /* Line art starts (after any blank margin of a shape) with a corner: + or a
     * box-drawing character; anything else is read as blocks. */
    uint32_t first = ' ';
    size_t at_col = 0;
    for (size_t i = 0; i < a.cols && first == ' '; i++)
        first = at(&a, 0, at_col = i);
    /* Ascii line art has a '+' at every third column; "+-+-+" art, one character a cell,
     * is the block picture drawn with + - | for walls, and reads as blocks. */
    bool line_art = (first >= 0x2500 && first <= 0x257f) ||
                    (first == '+' && (a.cols - 1) % 3 == 0 && a.cols >= at_col + 4 && at(&a, 0, at_col + 3) == '+' &&
                     at(&a, 0, at_col + 1) != '+');
    st = line_art ? read_line_art(&a, m, o, err) : read_blocks(&a, m, o, err);
    amz_free(a.cp);
    if (st)
        amz_maze_deinit(m);
    return st;
}
