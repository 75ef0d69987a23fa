/* pdb_search.c — `pdb`: IDA* (Korf 1985) guided by additive disjoint pattern
 * databases with the mirror lookup (Korf & Felner 2002): h = max(sum of the groups'
 * values for the board, the same sum for the transposed board). A move changes one
 * tile, so one group's value and one mirrored group's value are looked up per node. */
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/pdb_impl.h"

typedef struct pdb_shared {
    const amz_slide_pdb *db;
    int8_t nb[PDB_MAX_CELLS][4]; /* the blank's next cell, -1 off the board */
} pdb_shared;

typedef struct frame {
    uint8_t next, prev; /* next move to try; the move that led here */
    uint8_t g, mg;      /* group and mirrored group that move changed */
    uint8_t old, mold;  /* their values before */
} frame;

typedef struct pdb_worker {
    const pdb_shared *sh;
    const amz_slide_board *root;
    uint8_t tiles[PDB_MAX_CELLS];
    int blank;
    uint8_t pos[PDB_MAX_GROUPS][PDB_MAX_GROUP];  /* cells of each group's tiles */
    uint8_t mpos[PDB_MAX_GROUPS][PDB_MAX_GROUP]; /* the same on the transposed board */
    int val[PDB_MAX_GROUPS], mval[PDB_MAX_GROUPS];
    int sum, msum;
    frame *fr;
    int cap;
} pdb_worker;

static void *worker_create(const void *shared, const amz_slide_board *root)
{
    pdb_worker *w = amz_calloc(1, sizeof *w);
    if (w) {
        w->sh = shared;
        w->root = root;
    }
    return w;
}

static void worker_destroy(void *wv)
{
    pdb_worker *w = wv;
    amz_free(w->fr);
    amz_free(w);
}

static int worker_reset(void *wv, const uint8_t *prefix, int len)
{
    pdb_worker *w = wv;
    const amz_slide_pdb *db = w->sh->db;
    for (int c = 0; c < db->n; c++)
        w->tiles[c] = (uint8_t)w->root->tiles[c];
    w->blank = w->root->blank;
    for (int i = 0; i < len; i++) {
        int to = w->sh->nb[w->blank][prefix[i]];
        w->tiles[w->blank] = w->tiles[to];
        w->tiles[to] = 0;
        w->blank = to;
    }
    for (int c = 0; c < db->n; c++) {
        int t = w->tiles[c];
        if (!t)
            continue;
        w->pos[db->group_of[t]][db->slot_of[t]] = (uint8_t)c;
        int mt = db->mirror_tile[t];
        w->mpos[db->group_of[mt]][db->slot_of[mt]] = db->mirror_cell[c];
    }
    w->sum = w->msum = 0;
    for (int g = 0; g < db->ngroups; g++) {
        const pdb_table *t = &db->g[g];
        w->sum += w->val[g] = t->values[pdb_rank(w->pos[g], t->k, t->mult)];
        w->mval[g] = db->mirror ? t->values[pdb_rank(w->mpos[g], t->k, t->mult)] : 0;
        w->msum += w->mval[g];
    }
    return w->sum > w->msum ? w->sum : w->msum;
}

static int worker_dfs(void *wv, int g0, int bound, uint8_t *path, int *next, slide_ticker *t)
{
    pdb_worker *w = wv;
    const amz_slide_pdb *db = w->sh->db;
    const bool mirror = db->mirror;
    int need = bound - g0 + 2;
    if (need > w->cap) {
        frame *f = amz_realloc(w->fr, (size_t)need * sizeof *f);
        if (!f)
            return SLIDE_NOMEM;
        w->fr = f;
        w->cap = need;
    }
    frame *fr = w->fr;
    if (slide_tick(t))
        return SLIDE_STOP;
    int depth = 0;
    fr[0] = (frame){0, g0 ? path[g0 - 1] : SLIDE_NO_MOVE, 0, 0, 0, 0};
    for (;;) {
        frame *f = &fr[depth];
        if (f->next >= 4) {
            if (depth == 0)
                return SLIDE_NOTFOUND;
            /* Undo the move into this node. */
            int back = w->sh->nb[w->blank][f->prev ^ 1];
            int tile = w->tiles[back];
            w->tiles[w->blank] = (uint8_t)tile;
            w->tiles[back] = 0;
            w->pos[f->g][db->slot_of[tile]] = (uint8_t)w->blank;
            w->sum += f->old - w->val[f->g];
            w->val[f->g] = f->old;
            if (mirror) {
                w->mpos[f->mg][db->slot_of[db->mirror_tile[tile]]] = db->mirror_cell[w->blank];
                w->msum += f->mold - w->mval[f->mg];
                w->mval[f->mg] = f->mold;
            }
            w->blank = back;
            depth--;
            continue;
        }
        int m = f->next++;
        if (m == (f->prev ^ 1))
            continue;
        int blank = w->blank, to = w->sh->nb[blank][m];
        if (to < 0)
            continue;
        int tile = w->tiles[to];
        int g = db->group_of[tile], slot = db->slot_of[tile];
        const pdb_table *tb = &db->g[g];
        w->pos[g][slot] = (uint8_t)blank;
        int v = tb->values[pdb_rank(w->pos[g], tb->k, tb->mult)];
        int sum = w->sum - w->val[g] + v;
        int h = sum, mg = 0, mv = 0, mslot = 0;
        bool looked = false;
        /* The mirror is only looked up when the direct sum does not already prune. */
        if (mirror && g0 + depth + 1 + sum <= bound) {
            int mt = db->mirror_tile[tile];
            mg = db->group_of[mt];
            mslot = db->slot_of[mt];
            const pdb_table *mtb = &db->g[mg];
            w->mpos[mg][mslot] = db->mirror_cell[blank];
            looked = true;
            mv = mtb->values[pdb_rank(w->mpos[mg], mtb->k, mtb->mult)];
            int msum = w->msum - w->mval[mg] + mv;
            if (msum > h)
                h = msum;
        }
        int fval = g0 + depth + 1 + h;
        if (fval > bound) {
            if (fval < *next)
                *next = fval;
            w->pos[g][slot] = (uint8_t)to;
            if (looked)
                w->mpos[mg][mslot] = db->mirror_cell[to];
            continue;
        }
        path[g0 + depth] = (uint8_t)m;
        if (h == 0) {
            *next = g0 + depth + 1;
            return SLIDE_FOUND;
        }
        w->tiles[blank] = (uint8_t)tile;
        w->tiles[to] = 0;
        w->blank = to;
        depth++;
        fr[depth] = (frame){0, (uint8_t)m, (uint8_t)g, (uint8_t)mg, (uint8_t)w->val[g], (uint8_t)w->mval[mg]};
        w->val[g] = v;
        w->sum = sum;
        if (mirror) {
            w->msum += mv - w->mval[mg];
            w->mval[mg] = mv;
        }
        if (slide_tick(t))
            return SLIDE_STOP;
    }
}

static const slide_search_ops pdb_ops = {worker_create, worker_destroy, worker_reset, worker_dfs};

amz_status slide_solve_pdb(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                           amz_slide_solution *out, amz_error *err)
{
    amz_slide_pdb *own = NULL;
    const amz_slide_pdb *db = o->pdb;
    if (db && (db->rows != b->rows || db->cols != b->cols))
        return amz_errorf(err, AMZ_EINVAL, "the pattern database is for %dx%d boards, not %dx%d", db->rows, db->cols,
                          b->rows, b->cols);
    if (!db) {
        amz_slide_pdb_options po;
        amz_slide_pdb_options_init(&po);
        po.name = o->pdb_name;
        po.cache_dir = o->cache_dir;
        po.threads = o->threads;
        amz_status st = amz_slide_pdb_open(b->rows, b->cols, &po, obs, &own, NULL, err);
        if (st)
            return st;
        db = own;
    }
    pdb_shared sh;
    sh.db = db;
    for (int c = 0; c < db->n; c++)
        for (int m = 0; m < 4; m++)
            sh.nb[c][m] = (int8_t)slide_step(b->rows, b->cols, c, m);
    amz_status st = slide_ida_run(&pdb_ops, &sh, b, o, obs, out, err);
    out->optimal = true;
    amz_slide_pdb_free(own);
    return st;
}
