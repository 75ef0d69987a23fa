/* json_read.c — reads the maze JSON of amz_io_write_json: a small strict JSON parser
 * (RFC 8259 syntax, nesting depth limited) that keeps the keys it knows. */
#include <inttypes.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"
#include "io/io_impl.h"

/* Unknown keys may hold any JSON value; skipping one recurses per nesting level, so
 * the depth is bounded to keep a hostile "[[[[..." from exhausting the stack. */
#define MAX_DEPTH 64

/* s is the read position, end one past the last byte (the parser never reads at or past
 * it), begin the text's start, from which messages count their offsets. */
typedef struct parser {
    const char *s, *end, *begin;
    amz_error *err;
    size_t str_len;     /* characters of the last string parsed, also those past its buffer */
    uint64_t max_bytes; /* the reader's memory limit (0 = none) */
    uint64_t cells;     /* width * height once both are known, else 0 */
} parser;

/* A growable array of integers for "cells" (two bytes each: masks are -1 .. 32767) and
 * "solution" (cell numbers). */
typedef struct ints {
    int64_t *v;
    int16_t *b; /* cells */
    size_t n, cap;
} ints;

/* Every syntax error is AMZ_EFORMAT with the byte offset into the text (after a BOM,
 * which load.c strips before calling). */
static amz_status fail(parser *p, const char *what)
{
    return amz_errorf(p->err, AMZ_EFORMAT, "JSON: %s at offset %zu", what, (size_t)(p->s - p->begin));
}

/* The four white-space bytes of RFC 8259 section 2, nothing else (no comments, no
 * form feeds); white space may surround any token, so eat skips it first. */
static void skip_ws(parser *p)
{
    while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
        p->s++;
}

static bool eat(parser *p, char c)
{
    skip_ws(p);
    if (p->s < p->end && *p->s == c) {
        p->s++;
        return true;
    }
    return false;
}

/* Parses a string into buf (NULL: only skips it), keeping at most cap-1 bytes and a
 * NUL; p->str_len gets the whole decoded length. The escapes of RFC 8259 section 7 are
 * decoded, except that a \u escape at or above 0x80 (surrogate halves included)
 * becomes '?' (see below); other bytes, UTF-8 included, are copied as they are. Raw
 * control characters are refused, as the RFC requires. */
static amz_status parse_string(parser *p, char *buf, size_t cap)
{
    size_t n = 0;
    if (!eat(p, '"'))
        return fail(p, "expected a string");
    while (p->s < p->end && *p->s != '"') {
        char c = *p->s++;
        if ((unsigned char)c < 0x20)
            return fail(p, "control character in a string");
        if (c == '\\') {
            if (p->s >= p->end)
                break;
            char e = *p->s++;
            switch (e) {
            case '"': case '\\': case '/': c = e; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'u': {
                unsigned v = 0;
                for (int i = 0; i < 4; i++) {
                    if (p->s >= p->end)
                        return fail(p, "truncated \\u escape");
                    char h = *p->s++;
                    int dgt = h >= '0' && h <= '9'   ? h - '0'
                              : h >= 'a' && h <= 'f' ? h - 'a' + 10
                              : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                     : -1;
                    if (dgt < 0)
                        return fail(p, "bad \\u escape");
                    v = v * 16 + (unsigned)dgt;
                }
                /* Only ASCII survives: every string the maze keeps (topology, wrap, names,
                 * recipes) is ASCII, so non-ASCII becomes '?' and is then refused by
                 * the field's own check rather than mis-decoded. */
                c = v < 0x80 ? (char)v : '?';
                break;
            }
            default: return fail(p, "bad escape in a string");
            }
        }
        /* n keeps counting past the buffer, so callers learn the real length from
         * str_len and can refuse an over-long name instead of keeping it truncated. */
        if (buf && n + 1 < cap)
            buf[n] = c;
        n++;
    }
    if (!eat(p, '"'))
        return fail(p, "unterminated string");
    p->str_len = n;
    if (buf)
        buf[n < cap ? n : cap - 1] = '\0';
    return AMZ_OK;
}

/* Parses an integer (JSON number without fraction or exponent). Values that do not fit
 * in 64 bits, or carry a fraction, are refused. *neg tells the sign. Unlike skip_number
 * it lets leading zeros ("007") through: a leniency for the maze's own fields. */
static amz_status parse_uint(parser *p, uint64_t *out, bool *neg)
{
    skip_ws(p);
    *neg = p->s < p->end && *p->s == '-';
    if (*neg)
        p->s++;
    if (p->s >= p->end || *p->s < '0' || *p->s > '9')
        return fail(p, "expected a number");
    /* Overflow is checked before each step, so a 30-digit number fails cleanly. */
    uint64_t v = 0;
    while (p->s < p->end && *p->s >= '0' && *p->s <= '9') {
        unsigned dgt = (unsigned)(*p->s++ - '0');
        if (v > (UINT64_MAX - dgt) / 10)
            return fail(p, "number too large");
        v = v * 10 + dgt;
    }
    if (p->s < p->end && (*p->s == '.' || *p->s == 'e' || *p->s == 'E'))
        return fail(p, "expected a whole number");
    *out = v;
    return AMZ_OK;
}

static amz_status parse_int(parser *p, int64_t lo, int64_t hi, int64_t *out, const char *what)
{
    uint64_t v = 0;
    bool neg = false;
    amz_status st = parse_uint(p, &v, &neg);
    if (st)
        return st;
    /* v <= INT64_MAX first, so that the negation below cannot overflow; -2^63 is
     * refused with it, which no field's range includes anyway. */
    if (v > (uint64_t)INT64_MAX || (neg ? -(int64_t)v : (int64_t)v) < lo || (neg ? -(int64_t)v : (int64_t)v) > hi)
        return amz_errorf(p->err, AMZ_EFORMAT, "JSON: %s out of range at offset %zu", what,
                          (size_t)(p->s - p->begin));
    *out = neg ? -(int64_t)v : (int64_t)v;
    return AMZ_OK;
}

static amz_status skip_value(parser *p, int depth);

/* Skips an object or array whose opening bracket was consumed; depth counts the
 * containers around it (parse_object's own is 0). The check on entry makes the
 * recursion through skip_value fail cleanly at MAX_DEPTH, before the stack would. */
static amz_status skip_container(parser *p, char close, int depth)
{
    if (depth > MAX_DEPTH)
        return fail(p, "nesting too deep");
    if (eat(p, close))
        return AMZ_OK;
    for (;;) {
        amz_status st;
        if (close == '}') {
            if ((st = parse_string(p, NULL, 0)))
                return st;
            if (!eat(p, ':'))
                return fail(p, "expected ':'");
        }
        if ((st = skip_value(p, depth + 1)))
            return st;
        if (eat(p, close))
            return AMZ_OK;
        if (!eat(p, ','))
            return fail(p, "expected ',' or the end of a list");
    }
}

static bool digit_at(const parser *p)
{
    return p->s < p->end && *p->s >= '0' && *p->s <= '9';
}

/* An ignored number, as RFC 8259 spells one: -? (0 | [1-9][0-9]*) (. [0-9]+)?
 * ([eE] [+-]? [0-9]+)?. Fractions and exponents are fine here (only a maze's own
 * fields must be integers); "01", "1.", ".5", "1e" and "-" are not numbers. */
static amz_status skip_number(parser *p)
{
    if (p->s < p->end && *p->s == '-')
        p->s++;
    if (!digit_at(p))
        return fail(p, "malformed number");
    if (*p->s++ != '0')
        while (digit_at(p))
            p->s++;
    if (p->s < p->end && *p->s == '.') {
        p->s++;
        if (!digit_at(p))
            return fail(p, "malformed number");
        while (digit_at(p))
            p->s++;
    }
    if (p->s < p->end && (*p->s == 'e' || *p->s == 'E')) {
        p->s++;
        if (p->s < p->end && (*p->s == '+' || *p->s == '-'))
            p->s++;
        if (!digit_at(p))
            return fail(p, "malformed number");
        while (digit_at(p))
            p->s++;
    }
    if (digit_at(p))
        return fail(p, "malformed number: a leading zero");
    return AMZ_OK;
}

static amz_status skip_value(parser *p, int depth)
{
    skip_ws(p);
    if (p->s >= p->end)
        return fail(p, "unexpected end of input");
    char c = *p->s;
    if (c == '{' || c == '[') {
        p->s++;
        return skip_container(p, c == '{' ? '}' : ']', depth);
    }
    if (c == '"')
        return parse_string(p, NULL, 0);
    /* Matched as prefixes: in "nullx" the "x" is left for the caller's ',' or '}'
     * test, which refuses it. */
    static const char *const words[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(p->end - p->s) >= n && memcmp(p->s, words[i], n) == 0) {
            p->s += n;
            return AMZ_OK;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return skip_number(p);
    return fail(p, "unexpected character");
}

/* A list of integers in lo .. hi, into 16-bit values (a->b, when `small`) or 64-bit ones. It
 * may hold at most `max` entries (the maze's cells, once the size is known), and its
 * memory stays within the reader's limit: the list grows with what is read, and a
 * list longer than the maze it describes is refused as soon as it passes it. */
static amz_status parse_ints(parser *p, ints *a, int64_t lo, int64_t hi, uint64_t max, bool small, const char *what)
{
    if (!eat(p, '['))
        return fail(p, "expected a list");
    if (eat(p, ']'))
        return AMZ_OK;
    const size_t size = small ? sizeof(int16_t) : sizeof(int64_t);
    for (;;) {
        /* max is 64-bit: AMZ_MAX_CELLS (2^36) is 0 as a size_t of the 32-bit wasm build. */
        if ((uint64_t)a->n >= max)
            return amz_errorf(p->err, AMZ_EFORMAT, "JSON: \"%s\" has more than %llu entries%s", what,
                              (unsigned long long)max,
                              p->cells ? " (the maze's cells)" : "");
        /* Grows by doubling, so the memory held is at most twice what was read; the
         * limit is checked against the new capacity before realloc. On an error the
         * caller frees a->b / a->v, which stay valid (realloc failure keeps the old block). */
        if (a->n == a->cap) {
            if (a->cap > SIZE_MAX / 2 / size)
                return amz_errorf(p->err, AMZ_ENOMEM, "JSON: cannot hold \"%s\"", what);
            size_t ncap = a->cap ? a->cap * 2 : 256;
            if (p->max_bytes && (uint64_t)ncap * size > p->max_bytes)
                return amz_errorf(p->err, AMZ_ENOMEM, "JSON: \"%s\" needs more than the %llu bytes allowed", what,
                                  (unsigned long long)p->max_bytes);
            void *nv = amz_realloc(small ? (void *)a->b : (void *)a->v, ncap * size);
            if (!nv)
                return amz_errorf(p->err, AMZ_ENOMEM, "JSON: cannot hold \"%s\"", what);
            if (small)
                a->b = nv;
            else
                a->v = nv;
            a->cap = ncap;
        }
        int64_t v = 0;
        amz_status st = parse_int(p, lo, hi, &v, what);
        if (st)
            return st;
        if (small)
            a->b[a->n] = (int16_t)v;
        else
            a->v[a->n] = v;
        a->n++;
        if (eat(p, ']'))
            return AMZ_OK;
        if (!eat(p, ','))
            return fail(p, "expected ',' or ']'");
    }
}

/* Every known key's value as read, has_* saying which keys appeared (0 is a valid
 * value of most). The short topology and wrap buffers are safe: a value longer than
 * they hold is longer than any valid one, so its truncation matches none in build(). */
typedef struct fields {
    char topology[16];
    char wrap[8];
    int64_t width, height, start, goal, levels;
    bool weave;
    uint64_t seed;
    char algorithm[AMZ_ALGO_MAX];
    size_t algorithm_len; /* as written, however long: refused past AMZ_ALGO_MAX - 1 */
    size_t recipe_len;
    char recipe[AMZ_RECIPE_MAX + 1];
    ints cells, solution;
    bool has_topology, has_width, has_height, has_start, has_goal, has_cells, has_solution, has_recipe;
    bool has_levels, has_wrap;
} fields;

/* The cells the maze has, once every key that sets the count has been read (width,
 * height, topology and levels; wrap and weave do not change it), else 0. Keys may
 * come in any order, and a file without "levels" (one level, as the writer leaves it
 * out) shows that only at its end: a bound taken earlier would refuse the list of an
 * octagon or multi-level maze whose "topology" or "levels" comes after it. Until then
 * the list is bounded by AMZ_MAX_CELLS and the memory limit (an entry takes at least
 * two bytes of input), and build() checks its length against the grid afterwards. */
static uint64_t known_cells(const fields *f)
{
    amz_grid g = {AMZ_TOPO_SQUARE, f->width, f->height, (int32_t)f->levels, 0, false};
    if (!f->has_width || !f->has_height || !f->has_topology || !f->has_levels ||
        amz_topology_parse(f->topology, &g.topology, NULL))
        return 0;
    return (uint64_t)amz_grid_cells(&g);
}

static amz_status parse_object(parser *p, fields *f)
{
    if (!eat(p, '{'))
        return fail(p, "expected '{'");
    if (eat(p, '}'))
        return AMZ_OK;
    for (;;) {
        /* Keys longer than the buffer are truncated and so match no known key: their
         * values are skipped like any unknown key's. A repeated key overwrites, except
         * "cells" and "solution", whose second list is appended to the first. */
        char key[32];
        amz_status st = parse_string(p, key, sizeof key);
        if (st)
            return st;
        if (!eat(p, ':'))
            return fail(p, "expected ':'");
        bool neg;
        if (strcmp(key, "topology") == 0) {
            st = parse_string(p, f->topology, sizeof f->topology);
            f->has_topology = true;
        } else if (strcmp(key, "width") == 0) {
            st = parse_int(p, 1, AMZ_MAX_SIDE, &f->width, "width");
            f->has_width = true;
        } else if (strcmp(key, "height") == 0) {
            st = parse_int(p, 1, AMZ_MAX_SIDE, &f->height, "height");
            f->has_height = true;
        } else if (strcmp(key, "levels") == 0) {
            st = parse_int(p, 1, AMZ_MAX_LEVELS, &f->levels, "levels");
            f->has_levels = true;
        } else if (strcmp(key, "wrap") == 0) {
            st = parse_string(p, f->wrap, sizeof f->wrap);
            f->has_wrap = true;
        } else if (strcmp(key, "weave") == 0) {
            skip_ws(p);
            if ((size_t)(p->end - p->s) >= 4 && memcmp(p->s, "true", 4) == 0) {
                p->s += 4;
                f->weave = true;
            } else if ((size_t)(p->end - p->s) >= 5 && memcmp(p->s, "false", 5) == 0) {
                p->s += 5;
            } else {
                st = fail(p, "\"weave\" is true or false");
            }
        } else if (strcmp(key, "start") == 0) {
            /* start and goal are only bounded here; build() checks they are cells. */
            st = parse_int(p, 0, AMZ_MAX_CELLS, &f->start, "start");
            f->has_start = true;
        } else if (strcmp(key, "goal") == 0) {
            st = parse_int(p, 0, AMZ_MAX_CELLS, &f->goal, "goal");
            f->has_goal = true;
        } else if (strcmp(key, "seed") == 0) {
            st = parse_uint(p, &f->seed, &neg);
            if (!st && neg)
                st = fail(p, "negative seed");
        } else if (strcmp(key, "algorithm") == 0) {
            st = parse_string(p, f->algorithm, sizeof f->algorithm);
            f->algorithm_len = p->str_len;
        } else if (strcmp(key, "recipe") == 0) {
            st = parse_string(p, f->recipe, sizeof f->recipe);
            f->recipe_len = p->str_len;
            f->has_recipe = true;
        } else if (strcmp(key, "cells") == 0) {
            /* A mask has at most 15 direction bits in use (polar's 3 + 12), so int16 holds
             * it and -1 (removed cell); four times less memory than int64 for big mazes. */
            p->cells = known_cells(f);
            st = parse_ints(p, &f->cells, -1, (1 << 15) - 1, p->cells ? p->cells : (uint64_t)AMZ_MAX_CELLS, true,
                            "cells");
            f->has_cells = true;
        } else if (strcmp(key, "solution") == 0) {
            /* null: no solution, as if the key were absent. */
            skip_ws(p);
            if ((size_t)(p->end - p->s) >= 4 && memcmp(p->s, "null", 4) == 0) {
                p->s += 4;
            } else {
                p->cells = known_cells(f);
                st = parse_ints(p, &f->solution, 0, AMZ_MAX_CELLS, p->cells ? p->cells : (uint64_t)AMZ_MAX_CELLS,
                                false, "solution");
                f->has_solution = true;
            }
        } else {
            st = skip_value(p, 1);
        }
        if (st)
            return st;
        if (eat(p, '}'))
            return AMZ_OK;
        if (!eat(p, ','))
            return fail(p, "expected ',' or '}'");
    }
}

/* Builds the maze from the parsed fields, checking each cell's mask against its
 * neighbours' so that every passage is stated from both sides. The checks that bound
 * the work (keys, size, memory, the list's length) run before the maze is allocated.
 * On error m may hold part of a maze; amz_io_read_json deinitialises it. */
static amz_status build(const fields *f, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    amz_topology t;
    amz_status st;
    if (!f->has_topology || !f->has_width || !f->has_height || !f->has_cells)
        return amz_errorf(err, AMZ_EFORMAT, "JSON: missing \"%s\"",
                          !f->has_topology ? "topology" : !f->has_width ? "width" : !f->has_height ? "height" : "cells");
    if (amz_topology_parse(f->topology, &t, NULL))
        return amz_errorf(err, AMZ_EFORMAT, "JSON: unknown topology \"%s\"", f->topology);
    /* The algorithm name follows the .amz rule (printable ASCII, no space, at most 63
     * bytes), so that every maze read here can be saved as .amz and read back. */
    size_t alen = f->algorithm_len;
    if (alen >= AMZ_ALGO_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "JSON: algorithm name of %zu bytes (at most %d allowed)", alen,
                          AMZ_ALGO_MAX - 1);
    for (size_t i = 0; i < alen; i++)
        if ((unsigned char)f->algorithm[i] < 0x21 || (unsigned char)f->algorithm[i] > 0x7e)
            return amz_errorf(err, AMZ_EFORMAT,
                              "JSON: algorithm name has a byte 0x%02x (printable ASCII without spaces only)",
                              (unsigned)(unsigned char)f->algorithm[i]);
    /* The writer emits "wrap" only when set; "" is accepted as no wrap. */
    amz_grid g = {t, f->width, f->height, f->has_levels ? (int32_t)f->levels : 1, 0, f->weave};
    if (f->has_wrap) {
        if (strcmp(f->wrap, "x") == 0)
            g.wrap = AMZ_WRAP_X;
        else if (strcmp(f->wrap, "y") == 0)
            g.wrap = AMZ_WRAP_Y;
        else if (strcmp(f->wrap, "xy") == 0)
            g.wrap = AMZ_WRAP_X | AMZ_WRAP_Y;
        else if (f->wrap[0])
            return amz_errorf(err, AMZ_EFORMAT, "JSON: \"wrap\" is \"x\", \"y\" or \"xy\", not \"%s\"", f->wrap);
    }
    if ((st = io_check_size(&g, o, err)))
        return amz_error_prefix(err, st, "JSON");
    /* Before the maze is allocated: a short list must not cost a huge maze's memory. */
    uint64_t want = (uint64_t)amz_grid_cells(&g); /* <= AMZ_MAX_CELLS, checked above */
    char size[64];
    amz_grid_format_size(&g, size, sizeof size);
    if ((uint64_t)f->cells.n != want)
        return amz_errorf(err, AMZ_EFORMAT, "JSON: \"cells\" has %zu entries, a %s %s maze has %" PRIu64, f->cells.n,
                          size, amz_topology_name(t), want);
    if ((st = amz_maze_init_grid(m, &g, err)))
        return st;
    /* All removals first, so that grid_nbrs below already sees the final mask and a
     * passage into a removed cell reads as "leading out of the maze". */
    const int16_t *mk = f->cells.b;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (mk[c] < 0 && (st = amz_maze_set_exists(m, c, false, err)))
            return st;
    /* -1 is the only negative mask parse_ints lets through; a removed or closed cell
     * has nothing to check. */
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (mk[c] < 0 || mk[c] == 0)
            continue;
        char xy[48];
        grid_cell_coords(m, c, xy, sizeof xy);
        if (mk[c] >> m->ndirs)
            return amz_errorf(err, AMZ_EFORMAT, "JSON: cell (%s) has mask %d, above the %d directions", xy, mk[c],
                              m->ndirs);
        amz_cell nb[AMZ_MAX_DIRS];
        grid_nbrs(m, c, nb);
        for (int d = 0; d < m->ndirs; d++) {
            if (!((mk[c] >> d) & 1))
                continue;
            if (nb[d] == AMZ_NO_CELL)
                return amz_errorf(err, AMZ_EFORMAT, "JSON: cell (%s) has a passage %s leading out of the maze", xy,
                                  amz_dir_name(t, d));
            /* Both sides must agree, because the JSON states each passage twice but the
             * model stores it once: a one-sided passage would be silently kept or lost
             * depending on which cell owns the edge. */
            int back = grid_back(m, c, d);
            if (!((mk[nb[d]] >> back) & 1))
                return amz_errorf(err, AMZ_EFORMAT,
                                  "JSON: cell (%s) opens %s but its neighbour does not open %s back", xy,
                                  amz_dir_name(t, d), amz_dir_name(t, back));
            /* Met again from the neighbour's side; both set the same owned bit. */
            bits_set(m->passages, grid_edge(m, c, d, nb[d]));
        }
    }
    /* The mask checks above cover every grid's edge rules except a weave's: an
     * under-passage also needs a straight corridor above it, which io_validate checks. */
    if (m->weave && (st = io_validate(m, err)))
        return amz_error_prefix(err, st, "JSON");
    /* Ends the file leaves out take the defaults of the mask just read (set_exists has
     * moved them already when the default cells were removed). */
    if ((f->has_start || f->has_goal) && (st = amz_maze_default_ends(m, err)))
        return st;
    if (f->has_start)
        m->start = f->start;
    if (f->has_goal)
        m->goal = f->goal;
    if (!amz_maze_exists(m, m->start) || !amz_maze_exists(m, m->goal))
        return amz_errorf(err, AMZ_EFORMAT, "JSON: the %s is not a cell of the maze",
                          amz_maze_exists(m, m->start) ? "goal" : "start");
    amz_maze_set_origin(m, f->algorithm, f->seed);
    if (f->has_recipe && f->recipe_len >= AMZ_RECIPE_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "JSON: a recipe of %zu bytes (at most %d allowed)", f->recipe_len,
                          AMZ_RECIPE_MAX - 1);
    amz_error rerr;
    amz_error_clear(&rerr);
    if (f->has_recipe && (st = amz_maze_set_recipe(m, f->recipe, &rerr)))
        return amz_errorf(err, st == AMZ_EINVAL ? AMZ_EFORMAT : st, "JSON: recipe: %s", rerr.msg);
    if (f->has_solution) {
        const ints *s = &f->solution;
        if (s->n == 0)
            return amz_errorf(err, AMZ_EFORMAT, "JSON: empty \"solution\"");
        /* The file lists cells; the model stores moves. Each step's direction is found
         * by trying all directions (the list's cells need not exist: amz_maze_neighbor
         * refuses them), and amz_maze_set_solution then checks the walls and the ends. */
        /* The first listed cell is the path's start; set_solution insists it is m->start. */
        amz_path p = {s->v[0], s->n - 1, NULL};
        if (p.len && !(p.dirs = amz_malloc(p.len)))
            return amz_errorf(err, AMZ_ENOMEM, "JSON: cannot hold the solution");
        for (size_t i = 0; i + 1 < s->n; i++) {
            int d = -1;
            for (int k = 0; k < m->ndirs && d < 0; k++)
                if (amz_maze_neighbor(m, s->v[i], k) == s->v[i + 1])
                    d = k;
            if (d < 0) {
                amz_path_deinit(&p);
                return amz_errorf(err, AMZ_EFORMAT, "JSON: solution cells %lld and %lld are not neighbours",
                                  (long long)s->v[i], (long long)s->v[i + 1]);
            }
            p.dirs[i] = (uint8_t)d;
        }
        st = amz_maze_set_solution(m, &p, err);
        amz_path_deinit(&p);
        if (st)
            return amz_error_prefix(err, st, "JSON: solution");
    }
    return AMZ_OK;
}

amz_status amz_io_read_json(const char *text, size_t len, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    /* The text need not be NUL-terminated: the parser never reads at or past end. All
     * scratch lists are freed here and m is deinitialised on any error. */
    parser p = {text, text + len, text, err, 0, o ? o->max_bytes : 0, 0};
    fields f;
    memset(&f, 0, sizeof f);
    memset(m, 0, sizeof *m);
    amz_status st = parse_object(&p, &f);
    if (!st) {
        skip_ws(&p);
        if (p.s != p.end)
            st = fail(&p, "unexpected data after the object");
    }
    if (!st)
        st = build(&f, m, o, err);
    amz_free(f.cells.b);
    amz_free(f.solution.v);
    if (st)
        amz_maze_deinit(m);
    return st;
}
