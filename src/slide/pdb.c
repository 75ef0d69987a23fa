/* pdb.c — the pattern sets (which tiles go in which table) for boards of at most 25
 * cells, opening a set (cache or build), and the heuristic: the sum of the groups'
 * table values, and on square boards the larger of that sum for the board and for its
 * transpose (the "mirror" lookup of Korf & Felner, "Disjoint pattern database
 * heuristics", Artificial Intelligence 134, 2002). */
#include <stdio.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/pdb_impl.h"

/* A pattern set: group sizes and tiles (blank-last labels), 0-terminated lists. */
typedef struct pattern_set {
    const char *name;
    int ngroups;
    uint8_t groups[PDB_MAX_GROUPS][PDB_MAX_GROUP + 1];
} pattern_set;

/* Hand-made sets. 4x4: 7-8 is the top two rows and the rest; 6-6-3 is Korf & Felner's
 * partition (two 2x3 blocks and the bottom row) rotated to the blank-last goal.
 *
 * 5x5 6-6-6-6 (blank-last goal; a, b, s, t mark the groups):
 *
 *      a a a b b        a = 1 2 3 6 7 11      (symmetric about the diagonal)
 *      a a b b b        b = 4 5 8 9 10 15     (its transpose is c)
 *      a c t t b        c = 12 16 17 21 22 23
 *      c c t t t        t = 13 14 18 19 20 24 (symmetric about the diagonal)
 *      c c c t _
 *
 * Compact blocks, as in Korf & Felner (2002), laid out so that the transpose maps the
 * partition onto itself: the mirror lookup then sees the same kind of groups, and the
 * two diagonal groups are built in half the time (see pdb_build.c). 4-4-4-4-4-4
 * (2x2 blocks and two edge strips) builds in a moment: for tests and small budgets. */
typedef struct shape_sets {
    int rows, cols;
    const pattern_set *sets;
    size_t count;
} shape_sets;

static const pattern_set sets_4x4[] = {
    {"7-8", 2, {{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15}}},
    {"6-6-3", 3, {{1, 2, 5, 6, 9, 10}, {3, 4, 7, 8, 11, 12}, {13, 14, 15}}},
};

static const pattern_set sets_5x5[] = {
    {"6-6-6-6", 4, {{1, 2, 3, 6, 7, 11}, {4, 5, 8, 9, 10, 15}, {12, 16, 17, 21, 22, 23}, {13, 14, 18, 19, 20, 24}}},
    {"4-4-4-4-4-4",
     6,
     {{1, 2, 6, 7}, {3, 4, 8, 9}, {11, 12, 16, 17}, {5, 10, 15, 20}, {21, 22, 23, 24}, {13, 14, 18, 19}}},
};

static const shape_sets hand_made[] = {
    {4, 4, sets_4x4, sizeof sets_4x4 / sizeof sets_4x4[0]},
    {5, 5, sets_5x5, sizeof sets_5x5 / sizeof sets_5x5[0]},
};

/* Names of the generic sets by tile count t: one exact group (t <= 8), two groups of
 * consecutive tiles (the first ceil(t/2) and the rest; t <= 15), or, for 16 to 24
 * tiles, ceil(t/6) groups of consecutive tiles with sizes as even as they go, the
 * larger first (tables of at most 6 tiles: at most 25!/19! = 127.5 M entries). */
static const char *const exact_names[] = {NULL, "1", "2", "3", "4", "5", "6", "7", "8"};
static const char *const split_names[] = {NULL,      NULL,      "1-1",     "1-2",     "2-2",     "2-3",     "3-3",
                                          "3-4",     "4-4",     "4-5",     "5-5",     "5-6",     "6-6",     "6-7",
                                          "7-7",     "7-8",     "6-5-5",   "6-6-5",   "6-6-6",   "5-5-5-4", "5-5-5-5",
                                          "6-5-5-5", "6-6-5-5", "6-6-6-5", "6-6-6-6"};

static bool shape_ok(int rows, int cols)
{
    return rows >= AMZ_SLIDE_MIN_SIDE && cols >= AMZ_SLIDE_MIN_SIDE && rows * cols <= PDB_MAX_CELLS;
}

static const shape_sets *hand_made_for(int rows, int cols)
{
    for (size_t i = 0; i < sizeof hand_made / sizeof hand_made[0]; i++)
        if (hand_made[i].rows == rows && hand_made[i].cols == cols)
            return &hand_made[i];
    return NULL;
}

const char *amz_slide_pdb_set_name(int rows, int cols, size_t i)
{
    if (!shape_ok(rows, cols))
        return NULL;
    int t = rows * cols - 1;
    const shape_sets *hm = hand_made_for(rows, cols);
    if (hm)
        return i < hm->count ? hm->sets[i].name : NULL;
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
    const shape_sets *hm = hand_made_for(rows, cols);
    if (hm) {
        for (size_t i = 0; i < hm->count; i++)
            if (strcmp(hm->sets[i].name, name) == 0) {
                *set = hm->sets[i];
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
    if (strcmp(name, split_names[t]) != 0)
        return false;
    /* Group sizes: two halves up to 15 tiles, else ceil(t/6) near-equal groups. */
    int ngroups = t <= 15 ? 2 : (t + 5) / 6, tile = 1;
    set->ngroups = ngroups;
    for (int g = 0; g < ngroups; g++) {
        int size = t / ngroups + (g < t % ngroups);
        for (int i = 0; i < size; i++)
            set->groups[g][i] = (uint8_t)tile++;
    }
    return true;
}

/* The builds of several tables as one PROGRESS stream: each table's events are
 * shifted by the entries of the tables built before it (offset) and counted against
 * the entries of all the tables being built (total). */
typedef struct combined_progress {
    const amz_observer *obs;
    uint64_t offset, total;
} combined_progress;

static int combined_event(void *ctx, const amz_event *ev)
{
    const combined_progress *cp = ctx;
    amz_event e = *ev;
    if (e.type == AMZ_EV_PROGRESS) {
        e.index += cp->offset;
        e.total = cp->total;
    }
    return cp->obs->fn(cp->obs->ctx, &e);
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
                          "pattern databases cover boards of at most %d cells (5x5, 4x6, 3x8, ...), not %dx%d; "
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
    /* Load what the cache holds first, so that the tables left to build are known and
     * their progress can be reported as one stream (one bar, one ETA). */
    combined_progress cp = {obs && obs->fn ? obs : NULL, 0, 0};
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
        cp.total += t->entries;
    }
    /* Memory: the tables held, plus the largest build's working set (its values in
     * the search's numbering, the state array and the set tables; tables are built
     * one after another). */
    uint64_t hold = 0, work = 0;
    for (int g = 0; g < p->ngroups; g++) {
        const pdb_table *t = &p->g[g];
        hold += t->entries;
        uint64_t extra = t->values ? 0 : slide_pdb_build_bytes(t, rows, cols) - t->entries;
        work = extra > work ? extra : work;
    }
    if (o->max_memory && hold + work > o->max_memory) {
        amz_slide_pdb_free(p);
        return amz_errorf(err, AMZ_ENOMEM,
                          "pattern set %s for %dx%d boards needs about %.2f GB (%.2f GB of tables%s), more than the "
                          "%.2f GB allowed",
                          name, rows, cols, (double)(hold + work) / 1e9, (double)hold / 1e9,
                          work ? " and the work of building them" : "", (double)o->max_memory / 1e9);
    }
    amz_observer wrapped = {combined_event, &cp, 0};
    for (int g = 0; g < p->ngroups; g++) {
        pdb_table *t = &p->g[g];
        if (t->values)
            continue; /* loaded */
        st = slide_pdb_build(rows, cols, t, threads, cp.obs ? &wrapped : NULL, err);
        cp.offset += t->entries;
        if (st) {
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

/* The same sums as the search's, from scratch: positions of each group's tiles on the
 * board and on its transpose (mirror_tile renames tiles so the transposed board keeps
 * the blank-last goal), each group's table looked up once per board. */
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
