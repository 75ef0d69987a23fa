/* maze.c — the maze model: grid geometry, owned-edge passage bits, masks and paths.
 * Layout and conventions are specified in include/amaze/maze.h. An amz_maze owns four
 * heap blocks (passages, mask, rings, recipe) plus its solution's moves; deinit frees all. */
#include <stdio.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/maze.h"
#include "core/alloc_big.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/grid.h"
#include "grid/recipe.h"

/* lazy: plain calloc (untouched pages cost nothing until written), for readers that
 * fill the passages as data arrives; else the pre-touched, huge-page big allocation
 * that random-access algorithms want. */
static amz_status maze_init(amz_maze *m, const amz_grid *grid, bool lazy, amz_error *err)
{
    /* m is zeroed before anything can fail, so a failed init leaves a maze that
     * amz_maze_deinit accepts; the grid is checked on a copy (defaults filled in). */
    memset(m, 0, sizeof *m);
    amz_grid g = *grid;
    amz_status st = amz_grid_check(&g, err);
    if (st)
        return st;
    int ndirs, bits;
    grid_shape_of(&g, &ndirs, &bits);
    const uint64_t n = (uint64_t)amz_grid_cells(&g);
    char size[64];
    amz_grid_format_size(&g, size, sizeof size);
    struct amz_rings *rings = NULL;
    if (g.topology == AMZ_TOPO_POLAR) {
        rings = amz_malloc(sizeof *rings);
        if (!rings)
            return amz_errorf(err, AMZ_ENOMEM, "size %s: cannot allocate the ring table", size);
        grid_rings_build(rings, (int32_t)g.height, (int32_t)g.width, AMZ_MAX_CELLS);
    }
    /* Whole 64-bit words, zeroed: every passage starts closed, including the unused
     * slots and the padding after the last cell, which the popcount and file writers
     * rely on staying zero. */
    size_t bytes;
    uint64_t *p = NULL;
    if (ck_bits_to_bytes(n, (unsigned)bits, &bytes))
        p = lazy ? amz_calloc(1, bytes) : core_calloc_big(1, bytes);
    if (!p) {
        amz_free(rings);
        return amz_errorf(err, AMZ_ENOMEM, "size %s: cannot allocate %llu bytes of passages", size,
                          ((unsigned long long)n * (unsigned long long)bits + 63) / 64 * 8);
    }
    m->topology = g.topology;
    m->width = (int32_t)g.width;
    m->height = (int32_t)g.height;
    m->levels = g.levels;
    m->wrap = g.wrap;
    m->weave = g.weave;
    m->ndirs = ndirs;
    m->bits = bits;
    m->ncells = (amz_cell)n;
    m->passages = p;
    m->rings = rings;
    /* No mask yet (every cell exists), so the default ends are simply the first and
     * last cells: for polar the centre and the last cell of the outer ring. */
    m->start = 0;
    m->goal = (amz_cell)n - 1;
    if (g.topology == AMZ_TOPO_OCTAGON) /* the last octagon, not a small square */
        m->goal = (amz_cell)g.width * g.height - 1;
    return AMZ_OK;
}

amz_status amz_maze_init_grid(amz_maze *m, const amz_grid *g, amz_error *err)
{
    return maze_init(m, g, false, err);
}

amz_status amz_maze_init(amz_maze *m, amz_topology t, int64_t width, int64_t height, amz_error *err)
{
    amz_grid g = {t, width, height, 1, 0, false};
    return maze_init(m, &g, false, err);
}

/* For the file readers: same maze, but pages are only touched as rows arrive. */
amz_status grid_maze_init_lazy(amz_maze *m, const amz_grid *g, amz_error *err)
{
    return maze_init(m, g, true, err);
}

amz_grid amz_maze_grid(const amz_maze *m)
{
    return (amz_grid){m->topology, m->width, m->height, m->levels, m->wrap, m->weave};
}

/* "Plain" grids are the ones grid.h's fixed-stride arithmetic covers (flat square and
 * hex, no wrap or weave); generators and solvers keep a faster loop for them. The two
 * tests below must stay the same rule. */
bool amz_grid_is_plain(const amz_grid *g)
{
    return (g->topology == AMZ_TOPO_SQUARE || g->topology == AMZ_TOPO_HEX) && g->levels <= 1 && !g->wrap && !g->weave;
}

bool amz_maze_is_plain(const amz_maze *m)
{
    return (m->topology == AMZ_TOPO_SQUARE || m->topology == AMZ_TOPO_HEX) && m->levels <= 1 && !m->wrap &&
           !m->weave;
}

void amz_maze_deinit(amz_maze *m)
{
    if (!m)
        return;
    amz_free(m->passages);
    amz_free(m->mask);
    amz_free(m->rings);
    amz_free(m->recipe);
    amz_path_deinit(&m->solution);
    /* Zeroed so a second deinit (or a deinit after a failed init) is harmless. */
    memset(m, 0, sizeof *m);
}

/* Both sizes are whole words, as maze_init and set_exists allocate them. */
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
    /* Shallow copy for the scalars, then every owned pointer cleared before anything
     * is allocated, so the error path's deinit never frees src's blocks. */
    *dst = *src;
    dst->passages = NULL;
    dst->mask = NULL;
    dst->solution.dirs = NULL;
    dst->recipe = NULL;
    dst->rings = NULL;
    dst->passages = amz_malloc(passage_bytes(src));
    if (src->rings && (dst->rings = amz_malloc(sizeof *dst->rings)))
        *dst->rings = *src->rings;
    if (src->mask)
        dst->mask = amz_malloc(mask_bytes(src));
    bool recipe_ok = !src->recipe || amz_maze_set_recipe(dst, src->recipe, NULL) == AMZ_OK;
    if (!dst->passages || (src->mask && !dst->mask) || (src->rings && !dst->rings) || !recipe_ok || amz_path_copy(&dst->solution, &src->solution)) {
        amz_maze_deinit(dst);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a copy of a %dx%d maze", src->width, src->height);
    }
    memcpy(dst->passages, src->passages, passage_bytes(src));
    if (src->mask)
        memcpy(dst->mask, src->mask, mask_bytes(src));
    return AMZ_OK;
}

uint64_t amz_maze_memory(const amz_maze *m)
{
    /* What the maze's own blocks take (a path stores one byte per move); the struct
     * itself and the short recipe string are not counted. */
    const uint64_t cells = (uint64_t)m->ncells;
    uint64_t bytes = bits_words(cells * (uint64_t)m->bits) * 8;
    if (m->mask)
        bytes += bits_words(cells) * 8;
    if (m->has_solution)
        bytes += m->solution.len;
    if (m->rings)
        bytes += sizeof *m->rings;
    return bytes;
}

/* Forgets the recipe: the maze was changed by hand and is no longer what it says.
 * Every setter that changes passages or cells calls this first; a recipe that is kept
 * must regenerate exactly this maze. */
static void drop_recipe(amz_maze *m)
{
    amz_free(m->recipe);
    m->recipe = NULL;
}

void amz_maze_clear(amz_maze *m)
{
    memset(m->passages, 0, passage_bytes(m));
    amz_maze_clear_solution(m);
    /* The cells stay: keep the part of the recipe that makes them, drop the generator's. */
    size_t cut = m->recipe ? grid_recipe_length(m->recipe) : 0;
    if (m->recipe && cut == 0)
        drop_recipe(m);
    else if (m->recipe)
        m->recipe[cut] = '\0';
}

amz_cell amz_maze_cell_at3(const amz_maze *m, int64_t x, int64_t y, int64_t z)
{
    if (m->topology == AMZ_TOPO_POLAR) {
        amz_cell first;
        int32_t n;
        if (z != 0 || y < 0 || y >= m->height || !amz_maze_ring(m, (int32_t)y, &first, &n) || x < 0 || x >= n)
            return AMZ_NO_CELL;
        return first + x;
    }
    /* z == 1 on an octagon grid names the small squares, which form their own
     * (width-1) x (height-1) plane after the octagons. */
    if (m->topology == AMZ_TOPO_OCTAGON && z == 1) {
        if (x < 0 || y < 0 || x >= m->width - 1 || y >= m->height - 1)
            return AMZ_NO_CELL;
        return (int64_t)m->width * m->height + y * (m->width - 1) + x;
    }
    if (x < 0 || y < 0 || z < 0 || x >= m->width || y >= m->height || z >= m->levels)
        return AMZ_NO_CELL;
    return (z * m->height + y) * m->width + x;
}

amz_cell amz_maze_cell_at(const amz_maze *m, int64_t x, int64_t y)
{
    return amz_maze_cell_at3(m, x, y, 0);
}

void amz_maze_cell_xyz(const amz_maze *m, amz_cell c, int32_t *x, int32_t *y, int32_t *z)
{
    grid_at a;
    grid_locate(m, c, &a);
    if (m->topology == AMZ_TOPO_POLAR) {
        a.x = (int32_t)a.i;
        a.y = a.ring;
        a.z = 0;
    }
    if (x)
        *x = a.x;
    if (y)
        *y = a.y;
    if (z)
        *z = a.z;
}

void amz_maze_cell_xy(const amz_maze *m, amz_cell c, int32_t *x, int32_t *y)
{
    amz_maze_cell_xyz(m, c, x, y, NULL);
}

int grid_cell_coords(const amz_maze *m, amz_cell c, char *out, size_t cap)
{
    int32_t x, y, z;
    amz_maze_cell_xyz(m, c, &x, &y, &z);
    /* The form --start/--goal/--root parse back: a z only where it is needed. */
    if (m->levels > 1 || z)
        return snprintf(out, cap, "%d,%d,%d", x, y, z);
    return snprintf(out, cap, "%d,%d", x, y);
}

bool amz_maze_exists(const amz_maze *m, amz_cell c)
{
    return c >= 0 && c < m->ncells && grid_exists(m, c);
}

amz_cell amz_maze_count_cells(const amz_maze *m)
{
    if (!m->mask)
        return m->ncells;
    /* A plain popcount is right because the mask's bits past the last cell are kept
     * clear (see amz_maze_set_exists). */
    amz_cell n = 0;
    uint64_t words = bits_words((uint64_t)m->ncells);
    for (uint64_t i = 0; i < words; i++)
        n += __builtin_popcountll(m->mask[i]);
    return n;
}

amz_status amz_maze_set_exists(amz_maze *m, amz_cell c, bool exists, amz_error *err)
{
    if (c < 0 || c >= m->ncells)
        return amz_errorf(err, AMZ_ERANGE, "cell %lld is outside the grid (%lld cells)", (long long)c,
                          (long long)m->ncells);
    if (m->recipe)
        drop_recipe(m);
    /* The mask is allocated lazily: most mazes never remove a cell, and NULL means
     * "all exist" to every reader (grid_exists). */
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
    /* Keeps the invariant that no open edge touches a removed cell: the edges are
     * closed while the cell still exists (grid_neighbor would skip it afterwards), and a
     * solution through it can no longer be valid. */
    if (!exists) {
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = grid_neighbor(m, c, d);
            if (nb != AMZ_NO_CELL)
                bits_clear(m->passages, grid_edge(m, c, d, nb));
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
    /* Octagon grids end on their last octagon, not on a small square. */
    amz_cell top = m->topology == AMZ_TOPO_OCTAGON ? (amz_cell)m->width * m->height : m->ncells;
    for (amz_cell c = top - 1; c >= 0 && last == AMZ_NO_CELL; c--)
        if (grid_exists(m, c))
            last = c;
    /* Only when every octagon is removed does the goal fall back to a small square. */
    for (amz_cell c = m->ncells - 1; c >= top && last == AMZ_NO_CELL; c--)
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

/* The public accessors check their arguments (cell exists, direction in range) and go
 * through the mask; the inline grid_* versions in topo.h are for loops that already know. */
int amz_maze_back(const amz_maze *m, amz_cell c, int d)
{
    if (amz_maze_neighbor(m, c, d) == AMZ_NO_CELL)
        return -1;
    return grid_back(m, c, d);
}

bool amz_maze_passage(const amz_maze *m, amz_cell c, int d)
{
    amz_cell nb = amz_maze_neighbor(m, c, d);
    if (nb == AMZ_NO_CELL)
        return false;
    return bits_get(m->passages, grid_edge(m, c, d, nb));
}

amz_status amz_maze_set_passage(amz_maze *m, amz_cell c, int d, bool open, amz_error *err)
{
    if (m->recipe)
        drop_recipe(m);
    amz_cell nb = amz_maze_neighbor(m, c, d);
    /* Two different errors: a cell outside the grid, or a real cell whose side d is
     * the border or a removed cell (its edge must stay closed). */
    if (nb == AMZ_NO_CELL) {
        if (c < 0 || c >= m->ncells)
            return amz_errorf(err, AMZ_ERANGE, "cell %lld is outside the grid (%lld cells)", (long long)c,
                              (long long)m->ncells);
        char xy[48];
        grid_cell_coords(m, c, xy, sizeof xy);
        return amz_errorf(err, AMZ_ERANGE, "cell (%s) has no neighbour to the %s", xy,
                          amz_dir_name(m->topology, d));
    }
    bits_put(m->passages, grid_edge(m, c, d, nb), open);
    return AMZ_OK;
}

unsigned amz_maze_cell_mask(const amz_maze *m, amz_cell c)
{
    return amz_maze_exists(m, c) ? grid_open_mask(m, c) : 0;
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
    /* Same grid, same ends, same passages and same existing cells; seed, algorithm,
     * recipe and solution describe how the maze was made, not what it is. */
    if (a->topology != b->topology || a->width != b->width || a->height != b->height || a->levels != b->levels ||
        a->wrap != b->wrap || a->weave != b->weave || a->start != b->start || a->goal != b->goal)
        return false;
    if (memcmp(a->passages, b->passages, passage_bytes(a)) != 0)
        return false;
    if (!a->mask && !b->mask)
        return true;
    /* No mask means every cell exists: a mask with nothing removed is the same maze. */
    uint64_t words = bits_words((uint64_t)a->ncells);
    for (uint64_t i = 0; i < words; i++) {
        /* Only bits of real cells count: a mask's padding is zero, a NULL mask's
         * stand-in here is all ones. */
        uint64_t valid = i + 1 < words || a->ncells % 64 == 0 ? UINT64_MAX : ((uint64_t)1 << (a->ncells % 64)) - 1;
        uint64_t ma = a->mask ? a->mask[i] : UINT64_MAX, mb = b->mask ? b->mask[i] : UINT64_MAX;
        if ((ma ^ mb) & valid)
            return false;
    }
    return true;
}

void amz_maze_set_origin(amz_maze *m, const char *algorithm, uint64_t seed)
{
    /* Truncated silently: the name is informative (file headers, stats), and registry
     * names are far shorter than AMZ_ALGO_MAX. */
    size_t n = algorithm ? strlen(algorithm) : 0;
    if (n >= AMZ_ALGO_MAX)
        n = AMZ_ALGO_MAX - 1;
    if (n)
        memcpy(m->algorithm, algorithm, n);
    m->algorithm[n] = '\0';
    m->seed = seed;
}

amz_status amz_maze_set_ends(amz_maze *m, amz_cell start, amz_cell goal, amz_error *err)
{
    if (!amz_maze_exists(m, start) || !amz_maze_exists(m, goal))
        return amz_errorf(err, AMZ_ERANGE, "the %s cell %lld is not a cell of the maze",
                          amz_maze_exists(m, start) ? "goal" : "start", (long long)(amz_maze_exists(m, start) ? goal : start));
    if (start != m->start || goal != m->goal)
        amz_maze_clear_solution(m);
    if (!m->recipe || grid_recipe_length(m->recipe) == strlen(m->recipe)) {
        m->start = start; /* no generator run named: one will place the ends itself */
        m->goal = goal;
        return AMZ_OK;
    }
    /* The recipe names a generator run: rewrite its end options so that replaying it
     * places the ends here. An end on the grid's default cell needs no option. probe is
     * a shallow copy used only to ask for the default ends (it owns nothing). */
    amz_maze probe = *m;
    amz_cell first = 0, last = m->ncells - 1;
    if (amz_maze_default_ends(&probe, NULL) == AMZ_OK) {
        first = probe.start;
        last = probe.goal;
    }
    char r[AMZ_RECIPE_MAX], xy[48];
    const amz_cell old_start = m->start;
    recipe_drop_ends(m->recipe, r, sizeof r);
    bool ok = true;
    /* Generators grow from the start: a moved start needs the old one as --root. */
    if (start != old_start && !recipe_has_word(r, "--root")) {
        grid_cell_coords(m, old_start, xy, sizeof xy);
        ok = recipe_append(r, sizeof r, "--root") && recipe_append(r, sizeof r, xy);
    }
    if (start != first) {
        grid_cell_coords(m, start, xy, sizeof xy);
        ok = recipe_append(r, sizeof r, "--start") && recipe_append(r, sizeof r, xy);
    }
    if (ok && goal != last) {
        grid_cell_coords(m, goal, xy, sizeof xy);
        ok = recipe_append(r, sizeof r, "--goal") && recipe_append(r, sizeof r, xy);
    }
    /* When the rewritten recipe does not fit, it is dropped rather than kept wrong. */
    m->start = start;
    m->goal = goal;
    return amz_maze_set_recipe(m, ok ? r : NULL, err);
}

amz_status amz_maze_set_recipe(amz_maze *m, const char *recipe, amz_error *err)
{
    if (!recipe) {
        amz_free(m->recipe);
        m->recipe = NULL;
        return AMZ_OK;
    }
    size_t n = strnlen(recipe, AMZ_RECIPE_MAX);
    if (n >= AMZ_RECIPE_MAX)
        return amz_errorf(err, AMZ_EINVAL, "a recipe of %d bytes or more", AMZ_RECIPE_MAX);
    /* Printable ASCII only: a recipe is written into file headers and printed for the
     * user to paste into a shell, where control bytes would do harm. */
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)recipe[i] < 0x20 || (unsigned char)recipe[i] > 0x7e)
            return amz_errorf(err, AMZ_EINVAL, "recipe byte %zu is 0x%02x (printable ASCII only)", i,
                              (unsigned)(unsigned char)recipe[i]);
    char *copy = amz_malloc(n + 1);
    if (!copy)
        return amz_errorf(err, AMZ_ENOMEM, "cannot store a recipe of %zu bytes", n);
    memcpy(copy, recipe, n + 1);
    amz_free(m->recipe);
    m->recipe = copy;
    return AMZ_OK;
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
    /* dst never shares src's moves; on AMZ_ENOMEM dst->dirs is NULL and needs no free.
     * No message here: callers add one with the size they know. */
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
    /* Walks the path through the public amz_maze_passage, which refuses an unknown
     * direction, a removed cell and a closed edge alike, so a path read from a file
     * cannot step outside the maze. */
    amz_cell c = p->start;
    if (!amz_maze_exists(m, c))
        return amz_errorf(err, AMZ_EFORMAT, "path starts outside the maze");
    for (uint64_t i = 0; i < p->len; i++) {
        int d = p->dirs[i];
        if (!amz_maze_passage(m, c, d)) {
            char xy[48];
            grid_cell_coords(m, c, xy, sizeof xy);
            return amz_errorf(err, AMZ_EFORMAT, "move %llu of the path goes %s from (%s) through a wall",
                              (unsigned long long)i + 1, amz_dir_name(m->topology, d), xy);
        }
        c = grid_neighbor(m, c, d);
    }
    if (c != to)
        return amz_errorf(err, AMZ_EFORMAT, "path ends at cell %lld, not at %lld", (long long)c, (long long)to);
    return AMZ_OK;
}

amz_status amz_path_cells(const amz_maze *m, const amz_path *p, amz_cell *out)
{
    /* out holds len + 1 cells. Only neighbours are checked here, not walls: callers
     * pass paths already checked by amz_path_check. */
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
    /* Copy before freeing the old solution, so a failure leaves it in place. */
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
