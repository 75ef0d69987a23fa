/* text_read.c — importing square mazes drawn as text: the line-art styles (ascii and
 * unicode, 3 columns x 2 lines per cell) and the block style of the JS1K picture (one
 * character per block, (2W+1) x (2H+1)). See amz_text_read in amaze/io.h. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

/* The text as a rectangle of code points, ANSI escapes and carriage returns removed. */
typedef struct art {
    uint32_t *cp;   /* rows * cols code points */
    size_t rows, cols;
} art;

/* Decodes one UTF-8 sequence; returns its length or 0 if invalid. */
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
            lens[lines++] = n - line_start;
            line_start = n;
            i++;
            continue;
        }
        if (s[i] == '\r') {
            i++;
            continue;
        }
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
    /* Drop blank lines at the end (a final newline makes one) and at the start. */
    size_t skip = 0, offset = 0;
    while (lines > 0 && lens[lines - 1] == 0)
        lines--;
    while (skip < lines && lens[skip] == 0)
        skip++;
    bool blank = true; /* spaces only: say so, rather than judge it as block art */
    for (size_t j = 0; j < n && blank; j++)
        blank = cp[j] == ' ' || cp[j] == '\t';
    if (skip == lines || blank) {
        amz_free(cp);
        amz_free(lens);
        return amz_errorf(err, AMZ_EFORMAT, "no maze in the text: it has no cells%s",
                          skip == lines ? "" : " (only spaces)");
    }
    first_len = lens[skip];
    for (size_t l = skip; l < lines; l++)
        if (lens[l] != first_len) {
            size_t got = lens[l];
            amz_free(cp);
            amz_free(lens);
            return amz_errorf(err, AMZ_EFORMAT,
                              "line %zu has %zu characters but line %zu has %zu: rows must all be the same length",
                              l + 1, got, skip + 1, first_len);
        }
    cols = first_len;
    for (size_t l = 0; l < skip; l++)
        offset += lens[l];
    memmove(cp, cp + offset, (lines - skip) * cols * sizeof *cp);
    amz_free(lens);
    a->cp = cp;
    a->rows = lines - skip;
    a->cols = cols;
    return AMZ_OK;
}

static uint32_t at(const art *a, size_t r, size_t c)
{
    return a->cp[r * a->cols + c];
}

static bool line_wall(uint32_t v)
{
    return v == '+' || v == '-' || v == '|' || v == '#' || (v >= 0x2500 && v <= 0x257f);
}

static bool block_floor(uint32_t v)
{
    return v == ' ' || v == '.' || v == '*' || v == 'o' || v == 'S' || v == 'G' || v == 0xb7 || v == 0x2022;
}

static amz_status mark(amz_maze *m, uint32_t v, amz_cell c, bool *seen_s, bool *seen_g, size_t line, amz_error *err)
{
    if (v == 'S' || v == 'G') {
        bool *seen = v == 'S' ? seen_s : seen_g;
        if (*seen)
            return amz_errorf(err, AMZ_EFORMAT, "line %zu: a second '%c' marker", line, (char)v);
        *seen = true;
        if (v == 'S')
            m->start = c;
        else
            m->goal = c;
    }
    return AMZ_OK;
}

static amz_status read_line_art(const art *a, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    if (a->cols < 4 || (a->cols - 1) % 3 || a->rows < 3 || a->rows % 2 == 0)
        return amz_errorf(err, AMZ_EFORMAT,
                          "line art is %zu characters by %zu lines; a maze of WxH cells is 3W+1 by 2H+1", a->cols,
                          a->rows);
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
    amz_status st = amz_io_check_size(AMZ_TOPO_SQUARE, w, h, o, err);
    if (st || (st = amz_maze_init(m, AMZ_TOPO_SQUARE, w, h, err)))
        return st;
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
    return AMZ_OK;
}

static amz_status read_blocks(const art *a, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    if (a->cols < 3 || a->cols % 2 == 0 || a->rows < 3 || a->rows % 2 == 0)
        return amz_errorf(err, AMZ_EFORMAT,
                          "block art is %zu by %zu blocks; a maze of WxH cells is 2W+1 by 2H+1 (odd numbers)",
                          a->cols, a->rows);
    int64_t w = (int64_t)(a->cols - 1) / 2, h = (int64_t)(a->rows - 1) / 2;
    amz_status st = amz_io_check_size(AMZ_TOPO_SQUARE, w, h, o, err);
    if (st || (st = amz_maze_init(m, AMZ_TOPO_SQUARE, w, h, err)))
        return st;
    bool seen_s = false, seen_g = false;
    for (int64_t y = 0; y < h; y++)
        for (int64_t x = 0; x < w; x++) {
            amz_cell c = y * w + x;
            size_t r = (size_t)(2 * y + 1), col = (size_t)(2 * x + 1);
            if (!block_floor(at(a, r, col)))
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

amz_status amz_text_read(const char *text, size_t len, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    art a = {NULL, 0, 0};
    memset(m, 0, sizeof *m);
    /* Hex art (slashes, or the box-drawing diagonals U+2571/2 in UTF-8) cannot say which
     * cells a shape removed; refuse it before anything else complains about its shape. */
    for (size_t i = 0; i < len; i++)
        if (text[i] == '/' || text[i] == '\\' ||
            (i + 2 < len && (unsigned char)text[i] == 0xe2 && (unsigned char)text[i + 1] == 0x95 &&
             ((unsigned char)text[i + 2] == 0xb1 || (unsigned char)text[i + 2] == 0xb2)))
            return amz_errorf(err, AMZ_EFORMAT,
                              "this looks like a hex maze drawn as text, which cannot be read back (use .amz or JSON)");
    amz_status st = load_art(text, len, &a, err);
    if (st)
        return st;
    /* Line art starts (after any blank margin of a shape) with a corner: + or a
     * box-drawing character; anything else is read as blocks. */
    uint32_t first = ' ';
    for (size_t i = 0; i < a.cols && first == ' '; i++)
        first = at(&a, 0, i);
    bool line_art = first == '+' || (first >= 0x2500 && first <= 0x257f);
    st = line_art ? read_line_art(&a, m, o, err) : read_blocks(&a, m, o, err);
    amz_free(a.cp);
    if (st)
        amz_maze_deinit(m);
    return st;
}
