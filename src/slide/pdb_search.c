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
    amz_slide_pdb *own; /* the tables when opened for this solve, else NULL */
    int16_t *nb;        /* nb[cell * 4 + move]: the blank's next cell, -1 off the board */
} pdb_shared;

/* One level of the explicit depth-first stack. Each move changes one tile, so one
 * group's value and one mirrored group's value: the frame keeps the old ones, and
 * undoing the move restores them without a lookup. */
typedef struct frame {
    uint8_t next, prev; /* next move to try; the move that led here */
    uint8_t g, mg;      /* group and mirrored group that move changed */
    uint8_t old, mold;  /* their values before */
    uint16_t fsm;       /* the detour automaton's state here */
} frame;

typedef struct pdb_worker {
    slide_worker base;                           /* tiles, blank, stack: set up by worker.c */
    uint8_t pos[PDB_MAX_GROUPS][PDB_MAX_GROUP];  /* cells of each group's tiles */
    uint8_t mpos[PDB_MAX_GROUPS][PDB_MAX_GROUP]; /* the same on the transposed board */
    int val[PDB_MAX_GROUPS], mval[PDB_MAX_GROUPS];
    int sum, msum; /* invariants: sum = the val[] total, msum = the mval[] total */
} pdb_worker;

static void *worker_create(const void *shared, const amz_slide_board *root)
{
    const pdb_shared *sh = shared;
    return slide_worker_new(sizeof(pdb_worker), shared, sh->nb, root);
}

/* Puts the worker at root + prefix and computes every group's value from scratch
 * (once per subtree; inside a subtree values are updated one group per move). */
static int worker_reset(void *wv, const uint8_t *prefix, int len)
{
    pdb_worker *w = wv;
    const amz_slide_pdb *db = ((const pdb_shared *)w->base.sh)->db;
    if (!slide_worker_replay(&w->base, prefix, len))
        return -1;
    for (int c = 0; c < db->n; c++) {
        int t = w->base.tiles[c];
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

/* The depth-first search of one IDA* iteration below the node set by reset.
 * Invariants at depth d: the worker's board is the node reached by path[0..g0+d),
 * pos/mpos, val/mval and sum/msum describe it, and fr[d] says which move to try
 * next. A move whose f exceeds the bound is undone at once (only pos and mpos were
 * touched); *next keeps the least such f, the next iteration's threshold. */
static AMZ_CLONED int worker_dfs(void *wv, int g0, int bound, uint8_t *path, int *next, slide_ticker *t)
{
    pdb_worker *w = wv;
    const amz_slide_pdb *db = ((const pdb_shared *)w->base.sh)->db;
    const int16_t *nb = w->base.nb;
    uint16_t *tiles = w->base.tiles;
    const bool mirror = db->mirror;
    const uint16_t *fsm = w->base.fsm->next;
    frame *fr = slide_worker_frames(&w->base, bound - g0 + 2, sizeof *fr);
    if (!fr)
        return SLIDE_NOMEM;
    if (slide_tick(t))
        return SLIDE_STOP;
    int depth = 0;
    fr[0] = (frame){0, g0 ? path[g0 - 1] : SLIDE_NO_MOVE, 0, 0, 0, 0, (uint16_t)w->base.fsm_at};
    for (;;) {
        frame *f = &fr[depth];
        if (f->next >= 4) {
            if (depth == 0)
                return SLIDE_NOTFOUND;
            /* Undo the move into this node. */
            int back = nb[w->base.blank * 4 + (f->prev ^ 1)];
            int tile = tiles[back];
            tiles[w->base.blank] = (uint16_t)tile;
            tiles[back] = 0;
            w->pos[f->g][db->slot_of[tile]] = (uint8_t)w->base.blank;
            w->sum += f->old - w->val[f->g];
            w->val[f->g] = f->old;
            if (mirror) {
                w->mpos[f->mg][db->slot_of[db->mirror_tile[tile]]] = db->mirror_cell[w->base.blank];
                w->msum += f->mold - w->mval[f->mg];
                w->mval[f->mg] = f->mold;
            }
            w->base.blank = back;
            depth--;
            continue;
        }
        /* prev ^ 1, the move that undoes prev, is never tried: it only returns to the
         * parent (slide_try). */
        int m, blank = w->base.blank, to = slide_try(nb, blank, &f->next, f->prev, &m);
        if (to < 0)
            continue;
        int state = fsm[f->fsm * 4 + m];
        if (state == SLIDE_FSM_DEAD)
            continue; /* a detour: the node is searched by a shorter or earlier path */
        int tile = tiles[to];
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
        /* Every tile belongs to a group and a group's value is 0 only with all its tiles
         * home, so h == 0 is the goal; checked on generation, one level early. */
        if (slide_found(path, g0, depth, m, h, next))
            return SLIDE_FOUND;
        tiles[blank] = (uint16_t)tile;
        tiles[to] = 0;
        w->base.blank = to;
        depth++;
        fr[depth] = (frame){0,        (uint8_t)m, (uint8_t)g, (uint8_t)mg, (uint8_t)w->val[g], (uint8_t)w->mval[mg],
                            (uint16_t)state};
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

static const slide_search_ops pdb_ops = {worker_create, slide_worker_free, worker_reset, worker_dfs,
                                         slide_worker_prune};

static void release(void *shared)
{
    pdb_shared *sh = shared;
    if (!sh)
        return;
    amz_free(sh->nb);
    amz_slide_pdb_free(sh->own);
    amz_free(sh);
}

amz_status slide_pdb_prepare(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                             slide_algo *a, amz_error *err)
{
    memset(a, 0, sizeof *a);
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
        po.max_memory = o->max_memory;
        amz_status st = amz_slide_pdb_open(b->rows, b->cols, &po, obs, &own, NULL, err);
        if (st)
            return st;
        db = own;
    }
    pdb_shared *sh = amz_calloc(1, sizeof *sh);
    if (!sh || !(sh->nb = slide_neighbours(b->rows, b->cols))) {
        amz_free(sh);
        amz_slide_pdb_free(own);
        return amz_errorf(err, AMZ_ENOMEM, "out of memory");
    }
    sh->db = db;
    sh->own = own;
    *a = (slide_algo){&pdb_ops, sh, release};
    return AMZ_OK;
}
