/* split.c — the optimal solvers' iterative deepening handed out in pieces: the same
 * subtree roots as the threaded driver (search.c, after Rao, Kumar & Ramesh's
 * root splitting for parallel IDA*, AAAI 1987), searched one at a time at the caller's
 * request, so that a front end can spread them over processes (amaze-mpi). The order
 * of the subtrees is the sequential search's order, which is what makes "the lowest
 * subtree that holds a solution" the sequential search's answer. */
#include <limits.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/slide_impl.h"

struct amz_slide_split {
    amz_slide_board root;         /* canonical (blank-last) start */
    bool flipped;                 /* the caller's board was blank-first */
    const amz_slide_solver_info *info;
    bool by_default;              /* the node limit is the solver's default budget */
    amz_slide_solve_options o;    /* resolved: node_limit 0 = none */
    slide_algo algo;
    void *worker;
    int h0;
    slide_progress prog;          /* nodes of this object, limit and deadline */
    double t0;
    int bound;                    /* threshold of the last split, 0 before any */
    slide_roots roots;            /* its subtrees */
    uint8_t *path;                /* room for bound moves */
};

void amz_slide_split_free(amz_slide_split *s)
{
    if (!s)
        return;
    /* The worker first: it points into the algorithm's shared tables and at s->root. */
    if (s->worker)
        s->algo.ops->destroy(s->worker);
    slide_algo_release(&s->algo);
    amz_free(s->roots.prefixes);
    amz_free(s->path);
    amz_free(s);
}

amz_status amz_slide_split_new(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                               amz_slide_split **out, amz_error *err)
{
    *out = NULL;
    slide_req rq = {0};
    amz_status st = slide_request(b, algorithm, o, &rq, err);
    if (st)
        return st;
    const amz_slide_solver_info *info = rq.info;
    if (strcmp(info->name, "ida") != 0 && strcmp(info->name, "pdb") != 0)
        return amz_errorf(err, AMZ_EINVAL, "solver '%s' is not iterative deepening: split searches take ida or pdb",
                          info->name);
    amz_slide_split *s = amz_calloc(1, sizeof *s);
    if (!s)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory");
    s->flipped = slide_canonical(b, &s->root);
    s->info = info;
    s->by_default = rq.by_default;
    s->o = rq.o;
    st = (info->name[0] == 'i' ? slide_ida_prepare : slide_pdb_prepare)(&s->root, &s->o, NULL, &s->algo, err);
    if (st) {
        amz_free(s);
        return st;
    }
    /* The worker keeps a pointer to the root: s->root lives as long as it does. */
    if (!(s->worker = s->algo.ops->create(s->algo.shared, &s->root))) {
        amz_slide_split_free(s);
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the search");
    }
    /* The detour automaton from the start, so that every process splits alike. */
    const slide_fsm *f = s->algo.ops->prune ? slide_fsm_get() : NULL;
    if (s->algo.ops->prune && !f) {
        amz_slide_split_free(s);
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for the search");
    }
    if (f)
        s->algo.ops->prune(s->worker, f);
    s->h0 = s->algo.ops->reset(s->worker, NULL, 0);
    s->t0 = slide_now();
    slide_progress_init(&s->prog, &s->o, NULL, s->t0);
    *out = s;
    return AMZ_OK;
}

int amz_slide_split_start(const amz_slide_split *s)
{
    return s->h0;
}

/* The error of a stopped piece: the limit's, naming the default budget if it was. */
static amz_status stopped(amz_slide_split *s, int bound, amz_error *err)
{
    amz_status st = slide_stop_error(&s->prog, &s->o, bound, err);
    if (s->prog.reason == 2 && s->by_default)
        slide_default_budget_error(s->info, s->o.node_limit, err);
    return st;
}

/* The split is the threaded driver's (slide_split_roots): deterministic for a given
 * board, solver and bound, which is what lets every process number subtrees alike. */
amz_status amz_slide_split_iteration(amz_slide_split *s, int bound, int min_subtrees, int *count, int *next_bound,
                                     uint64_t *nodes, amz_error *err)
{
    *count = 0;
    *next_bound = INT_MAX;
    *nodes = 0;
    if (bound < s->h0 || bound < 1)
        return amz_errorf(err, AMZ_ERANGE, "threshold %d is below the start's %d (or below 1)", bound, s->h0);
    /* The previous split is dropped before anything can fail, and bound stays 0 until
     * this one succeeds, so a failed call leaves no subtrees to search by mistake. */
    amz_free(s->roots.prefixes);
    memset(&s->roots, 0, sizeof s->roots);
    s->bound = 0;
    uint8_t *grown = amz_realloc(s->path, (size_t)bound + 1);
    if (!grown)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for a path of %d moves", bound);
    s->path = grown;
    slide_ticker t;
    slide_ticker_init(&t, &s->prog, true);
    uint64_t before = s->prog.total;
    int next = INT_MAX;
    int r = slide_split_roots(s->algo.ops, s->worker, bound, min_subtrees < 1 ? 1 : min_subtrees, &s->root, &s->roots,
                              &next, &t);
    slide_ticker_flush(&t);
    *nodes = s->prog.total - before;
    if (r == SLIDE_NOMEM)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory splitting a search %d moves deep", bound);
    if (r == SLIDE_STOP)
        return stopped(s, bound, err);
    s->bound = bound;
    *count = s->roots.count;
    *next_bound = next;
    return AMZ_OK;
}

amz_status amz_slide_split_search(amz_slide_split *s, int i, const amz_observer *obs, amz_slide_piece *piece,
                                  amz_slide_solution *out, amz_error *err)
{
    memset(piece, 0, sizeof *piece);
    memset(out, 0, sizeof *out);
    piece->next_bound = INT_MAX;
    if (!s->bound || i < 0 || i >= s->roots.count)
        return amz_errorf(err, AMZ_ERANGE, "subtree %d does not exist (the last split has %d)", i, s->roots.count);
    double t0 = slide_now();
    /* Subtree i is the fixed move prefix i (all prefixes have the same depth); the
     * worker replays it from the root and searches below it to the split's bound. */
    const int depth = s->roots.depth;
    const uint8_t *prefix = s->roots.prefixes + (size_t)i * (size_t)depth;
    memcpy(s->path, prefix, (size_t)depth);
    s->algo.ops->reset(s->worker, prefix, depth);
    /* The observer is this piece's: it may stop it, and only it. */
    s->prog.obs = obs && obs->fn ? obs : NULL;
    slide_ticker t;
    slide_ticker_init(&t, &s->prog, true);
    uint64_t before = s->prog.total;
    int next = INT_MAX;
    int r = s->algo.ops->dfs(s->worker, depth, s->bound, s->path, &next, &t);
    slide_ticker_flush(&t);
    s->prog.obs = NULL;
    piece->nodes = s->prog.total - before;
    if (r == SLIDE_NOMEM)
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for a search %d moves deep", s->bound);
    if (r == SLIDE_STOP) {
        amz_status st = stopped(s, s->bound, err);
        if (s->prog.reason == 1) /* the observer's stop ends this piece, not the object */
            atomic_store(&s->prog.stop, 0);
        return st;
    }
    if (r == SLIDE_FOUND) {
        piece->found = true;
        if (!(out->moves = slide_letters(s->path, (size_t)next)))
            return amz_errorf(err, AMZ_ENOMEM, "out of memory");
        if (s->flipped)
            slide_flip_moves(out->moves, (size_t)next);
        out->length = (size_t)next;
        out->optimal = true;
        out->lower_bound = s->h0;
        out->nodes = piece->nodes;
        out->seconds = slide_now() - t0;
        return AMZ_OK;
    }
    piece->next_bound = next;
    return AMZ_OK;
}
