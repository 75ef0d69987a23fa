/* testutil.c — independent reference checks for the tests (see testutil.h). */
#include "testutil.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

int64_t tu_distances(const amz_maze *m, amz_cell a, int64_t *dist)
{
    amz_cell *q = malloc(sizeof *q * (size_t)m->ncells);
    for (amz_cell c = 0; c < m->ncells; c++)
        dist[c] = -1;
    size_t head = 0, tail = 0;
    int64_t far = 0;
    dist[a] = 0;
    q[tail++] = a;
    while (head < tail) {
        amz_cell c = q[head++];
        far = dist[c];
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (dist[nb] < 0) {
                dist[nb] = dist[c] + 1;
                q[tail++] = nb;
            }
        }
    }
    free(q);
    return far;
}

int64_t tu_bfs_distance(const amz_maze *m, amz_cell a, amz_cell b)
{
    int64_t *dist = malloc(sizeof *dist * (size_t)m->ncells);
    tu_distances(m, a, dist);
    int64_t r = dist[b];
    free(dist);
    return r;
}

void tu_part(const amz_maze *m, amz_cell c, int64_t *cells, int64_t *passages)
{
    int64_t *dist = malloc(sizeof *dist * (size_t)m->ncells);
    tu_distances(m, c, dist);
    *cells = *passages = 0;
    for (amz_cell x = 0; x < m->ncells; x++)
        if (dist[x] >= 0) {
            ++*cells;
            *passages += amz_maze_degree(m, x);
        }
    *passages /= 2;
    free(dist);
}

int64_t tu_reachable(const amz_maze *m, amz_cell c)
{
    int64_t cells, passages;
    tu_part(m, c, &cells, &passages);
    return cells;
}

bool tu_is_perfect(const amz_maze *m)
{
    int64_t cells = 0, open = 0;
    amz_cell first = AMZ_NO_CELL;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        if (first == AMZ_NO_CELL)
            first = c;
        cells++;
        for (int d = 0; d < m->ndirs; d++)
            open += amz_maze_passage(m, c, d);
    }
    if (open % 2 || open / 2 != cells - 1)
        return false;
    /* Connected: a flood from the first cell reaches every cell. */
    char *seen = calloc((size_t)m->ncells, 1);
    amz_cell *stack = malloc(sizeof *stack * (size_t)m->ncells);
    size_t top = 0;
    int64_t reached = 1;
    seen[first] = 1;
    stack[top++] = first;
    while (top) {
        amz_cell c = stack[--top];
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (!seen[nb]) {
                seen[nb] = 1;
                reached++;
                stack[top++] = nb;
            }
        }
    }
    free(seen);
    free(stack);
    return reached == cells;
}

bool tu_edges_consistent(const amz_maze *m)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL || !amz_maze_passage(m, nb, amz_maze_back(m, c, d)))
                return false;
        }
    return true;
}

uint64_t tu_maze_hash(const amz_maze *m)
{
    uint64_t h = 1469598103934665603u;
    for (amz_cell c = 0; c < m->ncells; c++) {
        h ^= amz_maze_cell_mask(m, c);
        h *= 1099511628211u;
    }
    return h;
}

void tu_generate(amz_maze *m, amz_topology t, int w, int h, const char *algo, uint64_t seed)
{
    amz_error err;
    assert_int_equal(amz_maze_init(m, t, w, h, &err), AMZ_OK);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    amz_status st = amz_gen_run(m, algo, &o, NULL, &err);
    if (st)
        fail_msg("%s %dx%d seed %llu: %s", algo, w, h, (unsigned long long)seed, err.msg);
}

void tu_random_maze(amz_maze *m, amz_topology t, int w, int h, double p, uint64_t seed)
{
    amz_rng r;
    amz_rng_seed(&r, seed);
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 1; d <= m->bits; d++)
            if (amz_maze_neighbor(m, c, d) != AMZ_NO_CELL && amz_rng_unit(&r) < p)
                assert_int_equal(amz_maze_set_passage(m, c, d, true, NULL), AMZ_OK);
    m->start = (amz_cell)amz_rng_below64(&r, (uint64_t)m->ncells);
    m->goal = (amz_cell)amz_rng_below64(&r, (uint64_t)m->ncells);
}

void tu_random_mask(amz_maze *m, double fraction, uint64_t seed)
{
    amz_rng r;
    amz_rng_seed(&r, seed ^ 0x6d61736bu);
    amz_cell left = m->ncells;
    for (amz_cell c = 0; c < m->ncells && left > 1; c++)
        if (amz_rng_unit(&r) < fraction) {
            assert_int_equal(amz_maze_set_exists(m, c, false, NULL), AMZ_OK);
            left--;
        }
}

static void same_shape(const amz_maze *a, const amz_maze *b, const char *what)
{
    if (a->topology != b->topology || a->width != b->width || a->height != b->height || a->ncells != b->ncells ||
        a->levels != b->levels || a->wrap != b->wrap || a->weave != b->weave)
        fail_msg("%s: shape differs (%d %dx%d vs %d %dx%d)", what, a->topology, a->width, a->height, b->topology,
                 b->width, b->height);
    for (amz_cell c = 0; c < a->ncells; c++) {
        if (amz_maze_exists(a, c) != amz_maze_exists(b, c))
            fail_msg("%s: cell %lld exists in one maze only", what, (long long)c);
        if (amz_maze_cell_mask(a, c) != amz_maze_cell_mask(b, c))
            fail_msg("%s: cell %lld has mask %u vs %u", what, (long long)c, amz_maze_cell_mask(a, c),
                     amz_maze_cell_mask(b, c));
    }
    if (a->start != b->start || a->goal != b->goal)
        fail_msg("%s: start/goal %lld/%lld vs %lld/%lld", what, (long long)a->start, (long long)a->goal,
                 (long long)b->start, (long long)b->goal);
}

void tu_assert_same_maze(const amz_maze *a, const amz_maze *b, const char *what)
{
    same_shape(a, b, what);
}

void tu_assert_same_maze_full(const amz_maze *a, const amz_maze *b, const char *what)
{
    same_shape(a, b, what);
    if (a->seed != b->seed || strcmp(a->algorithm, b->algorithm) != 0)
        fail_msg("%s: origin %s/%llu vs %s/%llu", what, a->algorithm, (unsigned long long)a->seed, b->algorithm,
                 (unsigned long long)b->seed);
    if ((a->recipe == NULL) != (b->recipe == NULL) || (a->recipe && strcmp(a->recipe, b->recipe) != 0))
        fail_msg("%s: recipes '%s' vs '%s'", what, a->recipe ? a->recipe : "(none)", b->recipe ? b->recipe : "(none)");
    if (a->has_solution != b->has_solution)
        fail_msg("%s: solution present in one maze only", what);
    if (!a->has_solution)
        return;
    if (a->solution.start != b->solution.start || a->solution.len != b->solution.len)
        fail_msg("%s: solutions differ in start or length", what);
    for (uint64_t i = 0; i < a->solution.len; i++)
        if (a->solution.dirs[i] != b->solution.dirs[i])
            fail_msg("%s: solutions differ at move %llu", what, (unsigned long long)i);
}

char *tu_write_mem(const amz_maze *m, tu_writer fn, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    amz_error err;
    amz_error_clear(&err);
    amz_status st = fn(m, f, &err);
    assert_int_equal(fclose(f), 0);
    if (st)
        fail_msg("writer failed: %s", err.msg);
    if (len)
        *len = n;
    return buf;
}

char *tu_render_mem(const amz_maze *m, amz_text_style style, bool color, bool solution, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    amz_text_options o;
    amz_text_options_init(&o);
    o.style = style;
    o.color = color;
    o.solution = solution;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_render_text(m, &o, f, &err);
    assert_int_equal(fclose(f), 0);
    if (st)
        fail_msg("render failed: %s", err.msg);
    if (len)
        *len = n;
    return buf;
}

amz_status tu_amz_read_mem(const void *data, size_t len, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    /* fmemopen of zero bytes is not portable: use a temporary file for an empty image. */
    FILE *f = len ? fmemopen((void *)data, len, "rb") : tmpfile();
    assert_non_null(f);
    amz_status st = amz_io_read_amz(f, m, o, err);
    fclose(f);
    return st;
}

char *tu_mkdtemp(void)
{
    const char *base = getenv("TMPDIR");
    char tmpl[4096];
    snprintf(tmpl, sizeof tmpl, "%s/amaze-test-XXXXXX", base && *base ? base : "/tmp");
    char *d = mkdtemp(tmpl);
    assert_non_null(d);
    return strdup(d);
}

void tu_rmdir_all(char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[8192];
        while ((e = readdir(d)))
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                if (remove(path) != 0)
                    fail_msg("cannot remove %s", path);
            }
        closedir(d);
    }
    rmdir(dir);
    free(dir);
}

int tu_copy_tables(const char *to)
{
    char from[4096];
    snprintf(from, sizeof from, "%s/amaze", AMZ_TEST_TABLES);
    DIR *d = opendir(from);
    if (!d)
        fail_msg("no shared pattern tables in %s (the ctest fixture pdb_tables makes them)", from);
    int n = 0;
    struct dirent *e;
    char src[8192], dst[8192], buf[65536];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(src, sizeof src, "%s/%s", from, e->d_name);
        snprintf(dst, sizeof dst, "%s/%s", to, e->d_name);
        FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
        if (!in || !out)
            fail_msg("cannot copy %s to %s", src, dst);
        size_t k;
        while ((k = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, k, out) != k)
                fail_msg("cannot write %s", dst);
        assert_int_equal(ferror(in), 0);
        fclose(in);
        assert_int_equal(fclose(out), 0);
        n++;
    }
    closedir(d);
    return n;
}

int tu_dir_count(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

/* ---- the metering allocator: each block carries its size in a 16-byte header ---- */

static void *m_malloc(void *ctx, size_t n)
{
    tu_meter *mt = ctx;
    size_t *p = malloc(n + 16);
    if (!p)
        return NULL;
    p[0] = n;
    mt->live += n;
    mt->peak = mt->live > mt->peak ? mt->live : mt->peak;
    return (char *)p + 16;
}

static void m_free(void *ctx, void *q)
{
    tu_meter *mt = ctx;
    if (!q)
        return;
    size_t *p = (size_t *)((char *)q - 16);
    mt->live -= p[0];
    free(p);
}

static void *m_realloc(void *ctx, void *q, size_t n)
{
    void *r = m_malloc(ctx, n);
    if (r && q) {
        size_t old = ((size_t *)((char *)q - 16))[0];
        memcpy(r, q, old < n ? old : n);
        m_free(ctx, q);
    }
    return r;
}

amz_allocator tu_meter_allocator(tu_meter *mt)
{
    amz_allocator a = {m_malloc, NULL, m_realloc, m_free, mt};
    return a;
}

int tu_record_event(void *ctx, const amz_event *e)
{
    tu_events *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->ev = realloc(l->ev, l->cap * sizeof *l->ev);
        assert_non_null(l->ev);
    }
    l->ev[l->n++] = *e;
    return l->stop_at && l->n == l->stop_at;
}

void tu_assert_same_events(const tu_events *a, const tu_events *b, const char *what)
{
    if (a->n != b->n)
        fail_msg("%s: %zu events against %zu", what, a->n, b->n);
    for (size_t i = 0; i < a->n; i++) { /* field by field: the struct has padding */
        const amz_event *x = &a->ev[i], *y = &b->ev[i];
        if (x->type != y->type || x->cell != y->cell || x->other != y->other || x->dir != y->dir ||
            x->index != y->index || x->total != y->total)
            fail_msg("%s: event %zu differs", what, i);
    }
}
