/* pdb.c — the pattern sets (which tiles go in which table) for boards of at most 16
 * cells, opening a set (cache or build), and the heuristic: the sum of the groups'
 * table values, and on square boards the larger of that sum for the board and for its
 * transpose (the "mirror" lookup of Korf & Felner, "Disjoint pattern database
 * heuristics", Artificial Intelligence 134, 2002). */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/pdb_impl.h"

const uint8_t slide_pc8[256] = {
#define PC2(n) (n), (n) + 1, (n) + 1, (n) + 2
#define PC4(n) PC2(n), PC2((n) + 1), PC2((n) + 1), PC2((n) + 2)
#define PC6(n) PC4(n), PC4((n) + 1), PC4((n) + 1), PC4((n) + 2)
    PC6(0), PC6(1), PC6(1), PC6(2)};

/* A pattern set: group sizes and tiles (blank-last labels), 0-terminated lists. */
typedef struct pattern_set {
    const char *name;
    int ngroups;
    uint8_t groups[PDB_MAX_GROUPS][PDB_MAX_GROUP + 1];
} pattern_set;

/* Hand-made sets for 4x4. 6-6-3 is Korf & Felner's partition (two 2x3 blocks and the
 * bottom row) rotated to the blank-last goal. */
static const pattern_set sets_4x4[] = {
    {"7-8", 2, {{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15}}},
    {"6-6-3", 3, {{1, 2, 5, 6, 9, 10}, {3, 4, 7, 8, 11, 12}, {13, 14, 15}}},
};

/* Names of the generic sets by tile count t: one exact group (t <= 8), or two groups
 * of consecutive tiles, the first ceil(t/2) tiles and the rest. */
static const char *const exact_names[] = {NULL, "1", "2", "3", "4", "5", "6", "7", "8"};
static const char *const split_names[] = {NULL,  NULL,  "1-1", "1-2", "2-2", "2-3", "3-3", "3-4",
                                          "4-4", "4-5", "5-5", "5-6", "6-6", "6-7", "7-7", "7-8"};

static bool shape_ok(int rows, int cols)
{
    return rows >= AMZ_SLIDE_MIN_SIDE && cols >= AMZ_SLIDE_MIN_SIDE && rows * cols <= PDB_MAX_CELLS;
}

const char *amz_slide_pdb_set_name(int rows, int cols, size_t i)
{
    if (!shape_ok(rows, cols))
        return NULL;
    int t = rows * cols - 1;
    if (rows == 4 && cols == 4)
        return i < sizeof sets_4x4 / sizeof sets_4x4[0] ? sets_4x4[i].name : NULL;
    if (t <= PDB_MAX_GROUP) {
        if (i == 0)
            return exact_names[t];
        return i == 1 ? split_names[t] : NULL;
    }
    return i == 0 ? split_names[t] : NULL;
}

const char *amz_slide_pdb_default(int rows, int cols)
{
    return amz_slide_pdb_set_name(rows, cols, 0);
}

/* Fills *set with the named set for the shape; false if there is none. */
static bool find_set(int rows, int cols, const char *name, pattern_set *set)
{
    int t = rows * cols - 1;
    memset(set, 0, sizeof *set);
    if (rows == 4 && cols == 4) {
        for (size_t i = 0; i < sizeof sets_4x4 / sizeof sets_4x4[0]; i++)
            if (strcmp(sets_4x4[i].name, name) == 0) {
                *set = sets_4x4[i];
                return true;
            }
        return false;
    }
    set->name = name;
    if (t <= PDB_MAX_GROUP && strcmp(name, exact_names[t]) == 0) {
        set->ngroups = 1;
        for (int i = 0; i < t; i++)
            set->groups[0][i] = (uint8_t)(i + 1);
        return true;
    }
    if (strcmp(name, split_names[t]) == 0) {
        int first = (t + 1) / 2;
        set->ngroups = 2;
        for (int i = 0; i < t; i++)
            set->groups[i < first ? 0 : 1][i < first ? i : i - first] = (uint8_t)(i + 1);
        return true;
    }
    return false;
}

/* Tables of a few hundred megabytes are looked up at random: on Linux, 2 MB pages
 * (a hint; ignored where unsupported) cut the TLB misses and the page faults of
 * loading. The block comes from the library's allocator, over-allocated to align. */
#define HUGE_PAGE ((size_t)2 << 20)

bool slide_pdb_alloc(pdb_table *t)
{
    size_t size = (size_t)t->entries;
    bool big = size >= 4 * HUGE_PAGE;
    t->block = amz_malloc(big ? size + HUGE_PAGE : size);
    if (!t->block)
        return false;
    /* Round up to the next huge-page boundary by offsetting the pointer (no integer to
     * pointer cast). */
    size_t off = big ? (HUGE_PAGE - ((uintptr_t)t->block & (HUGE_PAGE - 1))) & (HUGE_PAGE - 1) : 0;
    t->values = (uint8_t *)t->block + off;
#ifdef MADV_HUGEPAGE
    if (big)
        madvise(t->values, size & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
    return true;
}

void slide_pdb_release(pdb_table *t)
{
    amz_free(t->block);
    t->block = NULL;
    t->values = NULL;
}

void amz_slide_pdb_options_init(amz_slide_pdb_options *o)
{
    memset(o, 0, sizeof *o);
}

void amz_slide_pdb_free(amz_slide_pdb *p)
{
    if (!p)
        return;
    for (int g = 0; g < p->ngroups; g++)
        slide_pdb_release(&p->g[g]);
    amz_free(p);
}

const char *amz_slide_pdb_name(const amz_slide_pdb *p)
{
    return p->name;
}

amz_status amz_slide_pdb_open(int rows, int cols, const amz_slide_pdb_options *o, const amz_observer *obs,
                              amz_slide_pdb **out, amz_slide_pdb_report *report, amz_error *err)
{
    double t0 = slide_now();
    amz_slide_pdb_report rep;
    memset(&rep, 0, sizeof rep);
    *out = NULL;
    amz_slide_pdb_options defaults;
    if (!o) {
        amz_slide_pdb_options_init(&defaults);
        o = &defaults;
    }
    amz_status st = slide_check_shape(rows, cols, err);
    if (st)
        return st;
    if (!shape_ok(rows, cols))
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "pattern databases cover boards of at most %d cells (4x4, 3x5, 2x8, ...), not %dx%d; "
                          "use ida, wastar or fast",
                          PDB_MAX_CELLS, rows, cols);
    const char *name = o->name ? o->name : amz_slide_pdb_default(rows, cols);
    pattern_set set;
    if (!find_set(rows, cols, name, &set)) {
        char names[128] = "";
        for (size_t i = 0; amz_slide_pdb_set_name(rows, cols, i); i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                     amz_slide_pdb_set_name(rows, cols, i));
        return amz_errorf(err, AMZ_ENOTFOUND, "no pattern set '%s' for %dx%d boards (available: %s)", name, rows, cols,
                          names);
    }
    amz_slide_pdb *p = amz_calloc(1, sizeof *p);
    if (!p)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory");
    p->rows = rows;
    p->cols = cols;
    p->n = rows * cols;
    snprintf(p->name, sizeof p->name, "%s", set.name);
    p->ngroups = set.ngroups;
    memset(p->group_of, 0xff, sizeof p->group_of);
    for (int g = 0; g < set.ngroups; g++) {
        pdb_table *t = &p->g[g];
        for (int i = 0; set.groups[g][i]; i++) {
            t->tiles[t->k++] = set.groups[g][i];
            p->group_of[set.groups[g][i]] = (uint8_t)g;
            p->slot_of[set.groups[g][i]] = (uint8_t)i;
        }
        slide_pdb_layout(t, p->n);
    }
    /* Transposing a square board keeps the blank-last goal: tile at goal (r, c) maps
     * to the tile whose goal is (c, r). A single group is exact already. */
    p->mirror = rows == cols && set.ngroups > 1;
    for (int c = 0; c < p->n; c++) {
        p->mirror_cell[c] = (uint8_t)(rows == cols ? (c % cols) * cols + c / cols : c);
        int tile = c == p->n - 1 ? 0 : c + 1;
        int mc = p->mirror_cell[c];
        p->mirror_tile[tile] = (uint8_t)(mc == p->n - 1 ? 0 : mc + 1);
    }

    char dir[1024];
    bool cache = slide_pdb_cache_dir(o->cache_dir, dir, sizeof dir);
    int threads = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads;
    rep.groups = p->ngroups;
    for (int g = 0; g < p->ngroups; g++) {
        pdb_table *t = &p->g[g];
        if (cache) {
            char why[AMZ_ERROR_MAX];
            pdb_load_result r = slide_pdb_load(dir, rows, cols, t, why, sizeof why);
            if (r == PDB_LOADED) {
                rep.loaded++;
                rep.bytes += t->entries;
                continue;
            }
            if (r == PDB_REJECTED)
                rep.rejected++;
        }
        if ((st = slide_pdb_build(rows, cols, t, threads, obs, err))) {
            amz_slide_pdb_free(p);
            return st;
        }
        rep.built++;
        rep.bytes += t->entries;
        if (cache) {
            amz_error werr;
            amz_error_clear(&werr);
            if (slide_pdb_save(dir, rows, cols, t, &werr) == AMZ_OK)
                rep.saved++;
            else if (!rep.warning[0])
                snprintf(rep.warning, sizeof rep.warning, "%s", werr.msg);
        }
    }
    rep.seconds = slide_now() - t0;
    if (report)
        *report = rep;
    *out = p;
    return AMZ_OK;
}

int amz_slide_pdb_heuristic(const amz_slide_pdb *p, const amz_slide_board *b)
{
    if (!p || b->rows != p->rows || b->cols != p->cols)
        return -1;
    amz_slide_board c;
    slide_canonical(b, &c);
    uint8_t pos[PDB_MAX_GROUPS][PDB_MAX_GROUP] = {{0}}, mpos[PDB_MAX_GROUPS][PDB_MAX_GROUP] = {{0}};
    for (int cell = 0; cell < p->n; cell++) {
        int t = c.tiles[cell];
        if (!t)
            continue;
        pos[p->group_of[t]][p->slot_of[t]] = (uint8_t)cell;
        int mt = p->mirror_tile[t];
        mpos[p->group_of[mt]][p->slot_of[mt]] = p->mirror_cell[cell];
    }
    int sum = 0, msum = 0;
    for (int g = 0; g < p->ngroups; g++) {
        const pdb_table *t = &p->g[g];
        sum += t->values[pdb_rank(pos[g], t->k, t->mult)];
        if (p->mirror)
            msum += t->values[pdb_rank(mpos[g], t->k, t->mult)];
    }
    return sum > msum ? sum : msum;
}
