/* parse.c — boards as text: one line of numbers or a grid of rows (whitespace or
 * commas between numbers, '#' comments), optionally after a shape word "MxN:", and
 * the writer for both forms (one line says "MxN:" first unless the board is square,
 * so a line from `slide shuffle 7x5` reads back as 7x5 with no --size). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "slide/slide_impl.h"

/* Largest accepted number: anything above is out of range for every board, and
 * capping keeps the conversion from overflowing. */
#define BIG_NUMBER 1000000000

/* "MxN:" (len bytes at s): the shape word, with M and N of 1 to 3 digits. */
static bool shape_word(const char *s, int len, int *rows, int *cols)
{
    int i = 0, v[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        int digits = 0;
        for (; i < len && isdigit((unsigned char)s[i]) && digits < 3; i++, digits++)
            v[k] = v[k] * 10 + (s[i] - '0');
        if (!digits || i >= len || s[i] != (k ? ':' : 'x'))
            return false;
        i++;
    }
    *rows = v[0];
    *cols = v[1];
    return i == len;
}

/* One pass over the text: numbers are collected with where they were written, and
 * the shape evidence (lines holding numbers, numbers per line) is kept on the way,
 * so the shape is decided after the whole text is read. */
amz_status amz_slide_parse(const char *text, int rows, int cols, amz_slide_goal goal, amz_slide_board *b,
                           amz_error *err)
{
    if ((rows == 0) != (cols == 0))
        return amz_errorf(err, AMZ_EINVAL, "give both rows and columns, or neither");
    if (rows) {
        amz_status st = slide_check_shape(rows, cols, err);
        if (st)
            return st;
    }
    int tiles[AMZ_SLIDE_MAX_CELLS];
    /* Where each number was written: an out-of-range tile is reported as the user
     * wrote it, since its value is capped at BIG_NUMBER to avoid overflow. */
    const char *where[AMZ_SLIDE_MAX_CELLS];
    int width[AMZ_SLIDE_MAX_CELLS];
    size_t count = 0;
    /* Shape evidence: lines holding numbers, and whether they all hold the same count. */
    int lines = 0, per_line = -1, line_no = 1, here = 0;
    bool uniform = true;
    const char *p = text;
    for (;;) {
        char ch = *p;
        if (ch == '\n' || ch == '\0') {
            if (here) {
                if (per_line < 0)
                    per_line = here;
                else if (here != per_line)
                    uniform = false;
                lines++;
            }
            here = 0;
            if (ch == '\0')
                break;
            line_no++;
            p++;
            continue;
        }
        if (ch == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (isspace((unsigned char)ch) || ch == ',') {
            p++;
            continue;
        }
        const char *start = p;
        while (*p && !isspace((unsigned char)*p) && *p != ',' && *p != '#')
            p++;
        int len = (int)(p - start);
        int sr = 0, sc = 0;
        if (count == 0 && start[len - 1] == ':' && shape_word(start, len, &sr, &sc)) {
            /* The shape word: it must agree with a shape given by the caller. */
            amz_status st = slide_check_shape(sr, sc, err);
            if (st)
                return st;
            if (rows && (rows != sr || cols != sc))
                return amz_errorf(err, AMZ_EFORMAT, "the board says %dx%d, the size given is %dx%d", sr, sc, rows, cols);
            rows = sr;
            cols = sc;
            continue;
        }
        long v = 0;
        for (int i = 0; i < len; i++) {
            if (!isdigit((unsigned char)start[i]))
                return amz_errorf(err, AMZ_EFORMAT, "line %d: '%.*s' is not a tile number", line_no,
                                  len > 20 ? 20 : len, start);
            if (v < BIG_NUMBER)
                v = v * 10 + (start[i] - '0');
        }
        if (count == AMZ_SLIDE_MAX_CELLS)
            return amz_errorf(err, AMZ_EFORMAT, "too many numbers: a board has at most %d cells", AMZ_SLIDE_MAX_CELLS);
        where[count] = start;
        width[count] = len;
        tiles[count++] = v > BIG_NUMBER ? BIG_NUMBER : (int)v;
        here++;
    }
    if (count == 0)
        return amz_errorf(err, AMZ_EFORMAT, "no numbers: expected a board such as \"1 2 3 4 5 6 7 8 0\"");
    /* No size given: a grid of equal lines gives its own shape (so 3x4 boards need no
     * size); otherwise, one line or ragged lines, the count must be a square number. */
    if (!rows) {
        if (lines > 1 && uniform && per_line > 1) {
            rows = lines;
            cols = per_line;
        } else {
            int k = 1;
            while ((size_t)(k + 1) * (size_t)(k + 1) <= count)
                k++;
            if ((size_t)k * (size_t)k != count)
                return amz_errorf(err, AMZ_EFORMAT,
                                  "wrong tile count: %zu numbers do not make a square board (%dx%d needs %d); "
                                  "give the size as MxN for other shapes",
                                  count, k + 1, k + 1, (k + 1) * (k + 1));
            rows = cols = k;
        }
        amz_status st = slide_check_shape(rows, cols, err);
        if (st)
            return st;
    }
    /* Range errors are reported here, with the number as written, only when the count
     * is right; a wrong count is amz_slide_board_set's message, which names it first. */
    size_t n = (size_t)rows * (size_t)cols;
    for (size_t i = 0; i < count && count == n; i++)
        if ((size_t)tiles[i] >= n) {
            /* Leading zeros and up to 40 digits as written; longer ones cut with "...". */
            int shown = width[i] > 40 ? 40 : width[i];
            return amz_errorf(err, AMZ_EFORMAT, "tile %.*s%s (number %zu) is out of range: a %dx%d board holds 0 to %zu",
                              shown, where[i], shown < width[i] ? "..." : "", i + 1, rows, cols, n - 1);
        }
    return amz_slide_board_set(b, rows, cols, goal, tiles, count, err);
}

/* Appends with snprintf semantics: *len counts what the full text needs. */
static void put(char *buf, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len < cap) {
        size_t room = cap - 1 - *len;
        memcpy(buf + *len, s, n < room ? n : room);
    }
    *len += n;
}

/* snprintf's contract: the return value is the full length whatever cap is, so a
 * caller can size the buffer with cap = 0 and never gets a cut number silently. */
size_t amz_slide_format(const amz_slide_board *b, amz_slide_style style, char *buf, size_t cap)
{
    int n = b->rows * b->cols;
    int width = snprintf(NULL, 0, "%d", n - 1);
    size_t len = 0;
    char num[16];
    if (style != AMZ_SLIDE_GRID && b->rows != b->cols) {
        int k = snprintf(num, sizeof num, "%dx%d: ", b->rows, b->cols);
        put(buf, cap, &len, num, (size_t)k);
    }
    for (int c = 0; c < n; c++) {
        int k;
        if (style == AMZ_SLIDE_GRID)
            k = snprintf(num, sizeof num, "%*d%s", width, b->tiles[c], (c + 1) % b->cols ? " " : "\n");
        else
            k = snprintf(num, sizeof num, "%s%d", c ? " " : "", b->tiles[c]);
        put(buf, cap, &len, num, (size_t)k);
    }
    if (cap)
        buf[len < cap ? len : cap - 1] = '\0';
    return len;
}
