/* json_read.c — reads the maze JSON of amz_json_write: a small strict JSON parser
 * (RFC 8259 syntax, nesting depth limited) that keeps the keys it knows. */
#include <inttypes.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"
#include "io/io_impl.h"

#define MAX_DEPTH 64

typedef struct parser {
    const char *s, *end, *begin;
    amz_error *err;
} parser;

/* A growable array of integers for "cells" and "solution". */
typedef struct ints {
    int64_t *v;
    size_t n, cap;
} ints;

static amz_status fail(parser *p, const char *what)
{
    return amz_errorf(p->err, AMZ_EFORMAT, "JSON: %s at offset %zu", what, (size_t)(p->s - p->begin));
}

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

/* Parses a string into buf (truncated to cap-1 bytes; escapes other than \" \\ \/ and
 * \uXXXX below 0x80 are kept verbatim enough for keys and algorithm names). */
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
                c = v < 0x80 ? (char)v : '?';
                break;
            }
            default: return fail(p, "bad escape in a string");
            }
        }
        if (buf && n + 1 < cap)
            buf[n++] = c;
    }
    if (!eat(p, '"'))
        return fail(p, "unterminated string");
    if (buf)
        buf[n] = '\0';
    return AMZ_OK;
}

/* Parses an integer (JSON number without fraction or exponent). Values that do not fit
 * in 64 bits, or carry a fraction, are refused. *neg tells the sign. */
static amz_status parse_uint(parser *p, uint64_t *out, bool *neg)
{
    skip_ws(p);
    *neg = p->s < p->end && *p->s == '-';
    if (*neg)
        p->s++;
    if (p->s >= p->end || *p->s < '0' || *p->s > '9')
        return fail(p, "expected a number");
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
    if (v > (uint64_t)INT64_MAX || (neg ? -(int64_t)v : (int64_t)v) < lo || (neg ? -(int64_t)v : (int64_t)v) > hi)
        return amz_errorf(p->err, AMZ_EFORMAT, "JSON: %s out of range at offset %zu", what,
                          (size_t)(p->s - p->begin));
    *out = neg ? -(int64_t)v : (int64_t)v;
    return AMZ_OK;
}

static amz_status skip_value(parser *p, int depth);

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
    static const char *const words[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(p->end - p->s) >= n && memcmp(p->s, words[i], n) == 0) {
            p->s += n;
            return AMZ_OK;
        }
    }
    uint64_t v;
    bool neg;
    /* Skip any number, fraction and exponent included. */
    if (c == '-' || (c >= '0' && c <= '9')) {
        if (parse_uint(p, &v, &neg) == AMZ_OK)
            return AMZ_OK;
        while (p->s < p->end && strchr("0123456789+-.eE", *p->s))
            p->s++;
        amz_error_clear(p->err);
        return AMZ_OK;
    }
    return fail(p, "unexpected character");
}

static amz_status parse_ints(parser *p, ints *a, int64_t lo, int64_t hi, size_t max, const char *what)
{
    if (!eat(p, '['))
        return fail(p, "expected a list");
    if (eat(p, ']'))
        return AMZ_OK;
    for (;;) {
        if (a->n == a->cap) {
            size_t ncap = a->cap ? a->cap * 2 : 256;
            if (a->n >= max)
                return amz_errorf(p->err, AMZ_EFORMAT, "JSON: \"%s\" has more than %zu entries", what, max);
            int64_t *nv = amz_realloc(a->v, ncap * sizeof *nv);
            if (!nv)
                return amz_errorf(p->err, AMZ_ENOMEM, "JSON: cannot hold \"%s\"", what);
            a->v = nv;
            a->cap = ncap;
        }
        amz_status st = parse_int(p, lo, hi, &a->v[a->n], what);
        if (st)
            return st;
        a->n++;
        if (eat(p, ']'))
            return AMZ_OK;
        if (!eat(p, ','))
            return fail(p, "expected ',' or ']'");
    }
}

typedef struct fields {
    char topology[16];
    int64_t width, height, start, goal;
    uint64_t seed;
    char algorithm[256]; /* longer than allowed, so that a long name is seen and refused */
    ints cells, solution;
    bool has_topology, has_width, has_height, has_start, has_goal, has_cells, has_solution;
} fields;

static amz_status parse_object(parser *p, fields *f)
{
    if (!eat(p, '{'))
        return fail(p, "expected '{'");
    if (eat(p, '}'))
        return AMZ_OK;
    for (;;) {
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
        } else if (strcmp(key, "start") == 0) {
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
        } else if (strcmp(key, "cells") == 0) {
            st = parse_ints(p, &f->cells, -1, 63, (size_t)AMZ_MAX_CELLS, "cells");
            f->has_cells = true;
        } else if (strcmp(key, "solution") == 0) {
            skip_ws(p);
            if ((size_t)(p->end - p->s) >= 4 && memcmp(p->s, "null", 4) == 0) {
                p->s += 4;
            } else {
                st = parse_ints(p, &f->solution, 0, AMZ_MAX_CELLS, (size_t)AMZ_MAX_CELLS, "solution");
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
 * neighbours' so that every passage is stated from both sides. */
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
    size_t alen = strlen(f->algorithm);
    if (alen >= AMZ_ALGO_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "JSON: algorithm name of %zu bytes (at most %d allowed)", alen,
                          AMZ_ALGO_MAX - 1);
    for (size_t i = 0; i < alen; i++)
        if ((unsigned char)f->algorithm[i] < 0x21 || (unsigned char)f->algorithm[i] > 0x7e)
            return amz_errorf(err, AMZ_EFORMAT,
                              "JSON: algorithm name has a byte 0x%02x (printable ASCII without spaces only)",
                              (unsigned)(unsigned char)f->algorithm[i]);
    if ((st = amz_io_check_size(t, f->width, f->height, o, err)))
        return st;
    /* Before the maze is allocated: a short list must not cost a huge maze's memory. */
    uint64_t want = (uint64_t)f->width * (uint64_t)f->height; /* <= AMZ_MAX_CELLS, checked above */
    if ((uint64_t)f->cells.n != want)
        return amz_errorf(err, AMZ_EFORMAT, "JSON: \"cells\" has %zu entries, a %lldx%lld maze has %" PRIu64,
                          f->cells.n, (long long)f->width, (long long)f->height, want);
    if ((st = amz_maze_init(m, t, f->width, f->height, err)))
        return st;
    const int64_t *mk = f->cells.v;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (mk[c] < 0 && (st = amz_maze_set_exists(m, c, false, err)))
            return st;
    for (amz_cell c = 0; c < m->ncells; c++) {
        int32_t x, y;
        amz_maze_cell_xy(m, c, &x, &y);
        if (mk[c] < 0)
            continue;
        if (mk[c] >> m->ndirs)
            return amz_errorf(err, AMZ_EFORMAT, "JSON: cell (%d,%d) has mask %lld, above the %d directions", x, y,
                              (long long)mk[c], m->ndirs);
        for (int d = 0; d < m->ndirs; d++) {
            if (!((mk[c] >> d) & 1))
                continue;
            amz_cell nb = grid_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL)
                return amz_errorf(err, AMZ_EFORMAT, "JSON: cell (%d,%d) has a passage %s leading out of the maze",
                                  x, y, amz_dir_name(t, d));
            if (!((mk[nb] >> grid_opposite(t, d)) & 1))
                return amz_errorf(err, AMZ_EFORMAT,
                                  "JSON: cell (%d,%d) opens %s but its neighbour does not open %s back", x, y,
                                  amz_dir_name(t, d), amz_dir_name(t, grid_opposite(t, d)));
            bits_set(m->passages, grid_edge_bit(m->bits, c, nb, d));
        }
    }
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
    if (f->has_solution) {
        const ints *s = &f->solution;
        if (s->n == 0)
            return amz_errorf(err, AMZ_EFORMAT, "JSON: empty \"solution\"");
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

amz_status amz_json_read(const char *text, size_t len, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    parser p = {text, text + len, text, err};
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
    amz_free(f.cells.v);
    amz_free(f.solution.v);
    if (st)
        amz_maze_deinit(m);
    return st;
}
