/* maze.c — the maze model: grid geometry, owned-edge passage bits, masks and paths.
 * Layout and conventions are specified in include/amaze/maze.h. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/maze.h"
#include "core/alloc_big.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/grid.h"

static const char *const dir_names[2][6] = {
    {"N", "E", "S", "W", "?", "?"},
    {"N", "NE", "SE", "S", "SW", "NW"},
};

static bool topology_valid(amz_topology t)
{
    return t == AMZ_TOPO_SQUARE || t == AMZ_TOPO_HEX;
}

int amz_topology_ndirs(amz_topology t)
{
    return topology_valid(t) ? grid_ndirs(t) : 0;
}

const char *amz_topology_name(amz_topology t)
{
    switch (t) {
    case AMZ_TOPO_SQUARE: return "square";
    case AMZ_TOPO_HEX: return "hex";
    }
    return NULL;
}

amz_status amz_topology_parse(const char *name, amz_topology *out, amz_error *err)
{
    if (name && strcmp(name, "square") == 0)
        *out = AMZ_TOPO_SQUARE;
    else if (name && strcmp(name, "hex") == 0)
        *out = AMZ_TOPO_HEX;
    else
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown topology '%s' (expected square or hex)",
                          name ? name : "");
    return AMZ_OK;
}

int amz_dir_opposite(amz_topology t, int d)
{
    if (!topology_valid(t) || d < 0 || d >= grid_ndirs(t))
        return -1;
    return grid_opposite(t, d);
}

const char *amz_dir_name(amz_topology t, int d)
{
    if (!topology_valid(t) || d < 0 || d >= grid_ndirs(t))
        return "?";
    return dir_names[t][d];
}

amz_status amz_maze_init(amz_maze *m, amz_topology t, int64_t width, int64_t height, amz_error *err)
{
    memset(m, 0, sizeof *m);
    if (!topology_valid(t))
        return amz_errorf(err, AMZ_EINVAL, "unknown topology %d", (int)t);
    if (width < 1 || width > AMZ_MAX_SIDE || height < 1 || height > AMZ_MAX_SIDE)
        return amz_errorf(err, AMZ_ERANGE, "size %lldx%lld: width and height must be between 1 and %d",
                          (long long)width, (long long)height, AMZ_MAX_SIDE);
    uint64_t n;
    if (!ck_mul_u64((uint64_t)width, (uint64_t)height, &n) || n > (uint64_t)AMZ_MAX_CELLS)
        return amz_errorf(err, AMZ_ERANGE, "size %lldx%lld: more than the %lld cells a maze may have",
                          (long long)width, (long long)height, (long long)AMZ_MAX_CELLS);
    int bits = grid_ndirs(t) / 2;
    size_t bytes;
    if (!ck_bits_to_bytes(n, (unsigned)bits, &bytes))
        return amz_errorf(err, AMZ_ENOMEM, "size %lldx%lld does not fit in memory", (long long)width,
                          (long long)height);
    uint64_t *p = amz_calloc_big(1, bytes);
    if (!p)
        return amz_errorf(err, AMZ_ENOMEM, "size %lldx%lld: cannot allocate %zu bytes of passages",
                          (long long)width, (long long)height, bytes);
    m->topology = t;
    m->width = (int32_t)width;
    m->height = (int32_t)height;
    m->ndirs = grid_ndirs(t);
    m->bits = bits;
    m->ncells = (amz_cell)n;
    m->passages = p;
    m->start = 0;
    m->goal = (amz_cell)n - 1;
    return AMZ_OK;
}

void amz_maze_deinit(amz_maze *m)
{
    if (!m)
        return;
    amz_free(m->passages);
    amz_free(m->mask);
    amz_path_deinit(&m->solution);
    memset(m, 0, sizeof *m);
}

static size_t passage_bytes(const amz_maze *m)
{
    return (size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits) * 8;
}

static size_t mask_bytes(const amz_maze *m)
{
    return (size_t)bits_words((uint64_t)m->ncells) * 8;
}

amz_status amz_maze_copy(amz_maze *dst, const amz_maze *src, amz_error *err)
{
    *dst = *src;
    dst->passages = NULL;
    dst->mask = NULL;
    dst->solution.dirs = NULL;
    dst->passages = amz_malloc(passage_bytes(src));
    if (src->mask)
        dst->mask = amz_malloc(mask_bytes(src));
    if (!dst->passages || (src->mask && !dst->mask) || amz_path_copy(&dst->solution, &src->solution)) {
        amz_maze_deinit(dst);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a copy of a %dx%d maze", src->width, src->height);
    }
    memcpy(dst->passages, src->passages, passage_bytes(src));
    if (src->mask)
        memcpy(dst->mask, src->mask, mask_bytes(src));
    return AMZ_OK;
}

void amz_maze_clear(amz_maze *m)
{
    memset(m->passages, 0, passage_bytes(m));
    amz_maze_clear_solution(m);
}

amz_cell amz_maze_cell_at(const amz_maze *m, int64_t x, int64_t y)
{
    if (x < 0 || y < 0 || x >= m->width || y >= m->height)
        return AMZ_NO_CELL;
    return y * m->width + x;
}

void amz_maze_cell_xy(const amz_maze *m, amz_cell c, int32_t *x, int32_t *y)
{
    if (x)
        *x = (int32_t)(c % m->width);
    if (y)
        *y = (int32_t)(c / m->width);
}

bool amz_maze_exists(const amz_maze *m, amz_cell c)
{
    return c >= 0 && c < m->ncells && grid_exists(m, c);
}

amz_cell amz_maze_count_cells(const amz_maze *m)
{
    if (!m->mask)
        return m->ncells;
    amz_cell n = 0;
    uint64_t words = bits_words((uint64_t)m->ncells);
    for (uint64_t i = 0; i < words; i++)
        n += __builtin_popcountll(m->mask[i]);
    return n;
}

amz_status amz_maze_set_exists(amz_maze *m, amz_cell c, bool exists, amz_error *err)
{
    if (c < 0 || c >= m->ncells)
        return amz_errorf(err, AMZ_ERANGE, "cell %lld is outside the %dx%d grid", (long long)c, m->width,
                          m->height);
    if (!m->mask) {
        if (exists)
            return AMZ_OK;
        m->mask = amz_malloc(mask_bytes(m));
        if (!m->mask)
            return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a mask for %lld cells", (long long)m->ncells);
        memset(m->mask, 0xff, mask_bytes(m));
        /* Bits past the last cell stay clear: files store the mask with zero padding. */
        if (m->ncells % 64)
            m->mask[m->ncells / 64] &= ((uint64_t)1 << (m->ncells % 64)) - 1;
    }
    if (!exists) {
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = grid_neighbor(m, c, d);
            if (nb != AMZ_NO_CELL)
                bits_clear(m->passages, grid_edge_bit(m->bits, c, nb, d));
        }
        amz_maze_clear_solution(m);
    }
    bits_put(m->mask, (uint64_t)c, exists);
    if (!grid_exists(m, m->start) || !grid_exists(m, m->goal)) {
        /* Move only the end that was removed; with no cell left both stay put. */
        amz_maze probe = *m;
        if (amz_maze_default_ends(&probe, NULL) == AMZ_OK) {
            if (!grid_exists(m, m->start))
                m->start = probe.start;
            if (!grid_exists(m, m->goal))
                m->goal = probe.goal;
        }
    }
    return AMZ_OK;
}

amz_status amz_maze_default_ends(amz_maze *m, amz_error *err)
{
    amz_cell first = AMZ_NO_CELL, last = AMZ_NO_CELL;
    for (amz_cell c = 0; c < m->ncells && first == AMZ_NO_CELL; c++)
        if (grid_exists(m, c))
            first = c;
    for (amz_cell c = m->ncells - 1; c >= 0 && last == AMZ_NO_CELL; c--)
        if (grid_exists(m, c))
            last = c;
    if (first == AMZ_NO_CELL)
        return amz_errorf(err, AMZ_EINVAL, "the maze has no cells");
    m->start = first;
    m->goal = last;
    return AMZ_OK;
}

amz_cell amz_maze_neighbor(const amz_maze *m, amz_cell c, int d)
{
    if (!amz_maze_exists(m, c) || d < 0 || d >= m->ndirs)
        return AMZ_NO_CELL;
    return grid_neighbor(m, c, d);
}

bool amz_maze_passage(const amz_maze *m, amz_cell c, int d)
{
    amz_cell nb = amz_maze_neighbor(m, c, d);
    if (nb == AMZ_NO_CELL)
        return false;
    return bits_get(m->passages, grid_edge_bit(m->bits, c, nb, d));
}

amz_status amz_maze_set_passage(amz_maze *m, amz_cell c, int d, bool open, amz_error *err)
{
    amz_cell nb = amz_maze_neighbor(m, c, d);
    if (nb == AMZ_NO_CELL) {
        int32_t x, y;
        if (c < 0 || c >= m->ncells)
            return amz_errorf(err, AMZ_ERANGE, "cell %lld is outside the %dx%d grid", (long long)c, m->width,
                              m->height);
        amz_maze_cell_xy(m, c, &x, &y);
        return amz_errorf(err, AMZ_ERANGE, "cell (%d,%d) has no neighbour to the %s", x, y,
                          amz_dir_name(m->topology, d));
    }
    bits_put(m->passages, grid_edge_bit(m->bits, c, nb, d), open);
    return AMZ_OK;
}

unsigned amz_maze_cell_mask(const amz_maze *m, amz_cell c)
{
    unsigned mask = 0;
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_passage(m, c, d))
            mask |= 1u << d;
    return mask;
}

int amz_maze_degree(const amz_maze *m, amz_cell c)
{
    return __builtin_popcount(amz_maze_cell_mask(m, c));
}

uint64_t amz_maze_count_passages(const amz_maze *m)
{
    /* Closed-edge invariants (no bit leads outside) make this a plain popcount. */
    uint64_t words = bits_words((uint64_t)m->ncells * (uint64_t)m->bits), n = 0;
    for (uint64_t i = 0; i < words; i++)
        n += (uint64_t)__builtin_popcountll(m->passages[i]);
    return n;
}

bool amz_maze_equal(const amz_maze *a, const amz_maze *b)
{
    if (a->topology != b->topology || a->width != b->width || a->height != b->height || a->start != b->start ||
        a->goal != b->goal)
        return false;
    if (memcmp(a->passages, b->passages, passage_bytes(a)) != 0)
        return false;
    if (!a->mask && !b->mask)
        return true;
    /* No mask means every cell exists: a mask with nothing removed is the same maze. */
    uint64_t words = bits_words((uint64_t)a->ncells);
    for (uint64_t i = 0; i < words; i++) {
        uint64_t valid = i + 1 < words || a->ncells % 64 == 0 ? UINT64_MAX : ((uint64_t)1 << (a->ncells % 64)) - 1;
        uint64_t ma = a->mask ? a->mask[i] : UINT64_MAX, mb = b->mask ? b->mask[i] : UINT64_MAX;
        if ((ma ^ mb) & valid)
            return false;
    }
    return true;
}

void amz_maze_set_origin(amz_maze *m, const char *algorithm, uint64_t seed)
{
    size_t n = algorithm ? strlen(algorithm) : 0;
    if (n >= AMZ_ALGO_MAX)
        n = AMZ_ALGO_MAX - 1;
    if (n)
        memcpy(m->algorithm, algorithm, n);
    m->algorithm[n] = '\0';
    m->seed = seed;
}

void amz_path_deinit(amz_path *p)
{
    if (!p)
        return;
    amz_free(p->dirs);
    memset(p, 0, sizeof *p);
}

amz_status amz_path_copy(amz_path *dst, const amz_path *src)
{
    *dst = *src;
    dst->dirs = NULL;
    if (src->len == 0)
        return AMZ_OK;
    if (src->len > SIZE_MAX || !(dst->dirs = amz_malloc((size_t)src->len)))
        return AMZ_ENOMEM;
    memcpy(dst->dirs, src->dirs, (size_t)src->len);
    return AMZ_OK;
}

amz_status amz_path_check(const amz_maze *m, const amz_path *p, amz_cell from, amz_cell to, amz_error *err)
{
    if (p->start != from)
        return amz_errorf(err, AMZ_EFORMAT, "path starts at cell %lld, not at %lld", (long long)p->start,
                          (long long)from);
    amz_cell c = p->start;
    if (!amz_maze_exists(m, c))
        return amz_errorf(err, AMZ_EFORMAT, "path starts outside the maze");
    for (uint64_t i = 0; i < p->len; i++) {
        int d = p->dirs[i];
        if (!amz_maze_passage(m, c, d)) {
            int32_t x, y;
            amz_maze_cell_xy(m, c, &x, &y);
            return amz_errorf(err, AMZ_EFORMAT, "move %llu of the path goes %s from (%d,%d) through a wall",
                              (unsigned long long)i + 1, amz_dir_name(m->topology, d), x, y);
        }
        c = grid_neighbor(m, c, d);
    }
    if (c != to)
        return amz_errorf(err, AMZ_EFORMAT, "path ends at cell %lld, not at %lld", (long long)c, (long long)to);
    return AMZ_OK;
}

amz_status amz_path_cells(const amz_maze *m, const amz_path *p, amz_cell *out)
{
    amz_cell c = p->start;
    out[0] = c;
    for (uint64_t i = 0; i < p->len; i++) {
        c = amz_maze_neighbor(m, c, p->dirs[i]);
        if (c == AMZ_NO_CELL)
            return AMZ_EFORMAT;
        out[i + 1] = c;
    }
    return AMZ_OK;
}

amz_status amz_maze_set_solution(amz_maze *m, const amz_path *p, amz_error *err)
{
    amz_status st = amz_path_check(m, p, m->start, m->goal, err);
    if (st)
        return st;
    amz_path copy;
    if (amz_path_copy(&copy, p))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a path of %llu moves", (unsigned long long)p->len);
    amz_path_deinit(&m->solution);
    m->solution = copy;
    m->has_solution = true;
    return AMZ_OK;
}

void amz_maze_clear_solution(amz_maze *m)
{
    amz_path_deinit(&m->solution);
    m->has_solution = false;
}
