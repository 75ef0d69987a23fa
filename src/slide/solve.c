/* solve.c — the sliding-puzzle solver catalog and the common entry point: checks the
 * board and options once, maps blank-first boards to blank-last ones, runs the solver
 * and maps its moves back. */
#include <stdio.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/slide_impl.h"

typedef amz_status (*solve_fn)(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                               amz_slide_solution *out, amz_error *err);

/* The default budgets bound the exponential solvers so that no call runs forever
 * (a 32x32 board under ida would): about a minute of ida at 17 M nodes/s, about an
 * hour of pdb at 3-5 M nodes/s, wastar's 0.7 GB of nodes. fast is polynomial. */
static const amz_slide_solver_info registry[] = {
    {"ida", "IDA* with Manhattan distance plus linear conflict: shortest solutions, any size (practical to 4x4)", true,
     AMZ_SLIDE_MAX_CELLS, 1000000000u},
    {"pdb", "IDA* with additive pattern databases that track the blank: shortest solutions, up to 25 cells", true, 25,
     10000000000u},
    {"wastar", "weighted A* (f = g + weight x h): at most weight x the shortest, up to 25 cells (5x5)", false, 25,
     10000000u},
    {"fast", "row-and-column reduction: any size up to 32x32 in well under a second, not shortest", false,
     AMZ_SLIDE_MAX_CELLS, 0},
};

/* Index for index with registry[]: the catalog order is the API's order. The IDA*
 * solvers give their preparation to the shared driver, the others run themselves. */
static const struct {
    slide_prepare_fn prepare;
    solve_fn run;
} runs[] = {{slide_ida_prepare, NULL}, {slide_pdb_prepare, NULL}, {NULL, slide_solve_wastar}, {NULL, slide_solve_fast}};

size_t amz_slide_solver_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const amz_slide_solver_info *amz_slide_solver_at(size_t i)
{
    return i < amz_slide_solver_count() ? &registry[i] : NULL;
}

const amz_slide_solver_info *amz_slide_solver_find(const char *name)
{
    for (size_t i = 0; name && i < amz_slide_solver_count(); i++)
        if (strcmp(registry[i].name, name) == 0)
            return &registry[i];
    return NULL;
}

/* All zero: weight 0 means 1.5, node_limit 0 the solver's default budget, timeout 0 none
 * (resolved in slide_request, so zeroed options from any caller mean the same). */
void amz_slide_solve_options_init(amz_slide_solve_options *o)
{
    memset(o, 0, sizeof *o);
}

/* A board handed in by a caller is checked fully: solvers index tables by its tiles. */
static amz_status check_board(const amz_slide_board *b, amz_error *err)
{
    amz_status st = slide_check_shape(b->rows, b->cols, err);
    if (st)
        return st;
    if (b->goal != AMZ_SLIDE_BLANK_LAST && b->goal != AMZ_SLIDE_BLANK_FIRST)
        return amz_errorf(err, AMZ_EINVAL, "unknown goal convention %d", (int)b->goal);
    /* Re-validate through amz_slide_board_set (the one place that knows the rules and
     * their messages) rather than trust a struct the caller may have filled by hand;
     * then the blank field and solvability (amz_slide_check). */
    int n = b->rows * b->cols;
    int tiles[AMZ_SLIDE_MAX_CELLS];
    for (int c = 0; c < n; c++)
        tiles[c] = b->tiles[c];
    amz_slide_board copy;
    if ((st = amz_slide_board_set(&copy, b->rows, b->cols, b->goal, tiles, (size_t)n, err)))
        return st;
    if (copy.blank != b->blank)
        return amz_errorf(err, AMZ_EINVAL, "the board's blank field (%d) does not point at the 0 (cell %d)", b->blank,
                          copy.blank);
    return amz_slide_check(b, err);
}

amz_status slide_request(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                         slide_req *rq, amz_error *err)
{
    const amz_slide_solver_info *info = amz_slide_solver_find(algorithm);
    if (!info)
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown slide solver '%s' (ida, pdb, wastar or fast)",
                          algorithm ? algorithm : "");
    amz_status st = check_board(b, err);
    if (st)
        return st;
    if (b->rows * b->cols > info->max_cells)
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "solver '%s' handles boards of at most %d cells, not %dx%d; try 'fast' (any size)",
                          info->name, info->max_cells, b->rows, b->cols);
    amz_slide_solve_options opts;
    if (o)
        opts = *o;
    else
        amz_slide_solve_options_init(&opts);
    if (opts.weight == 0)
        opts.weight = 1.5;
    /* Written as !(in range) so that NaN is refused too. */
    if (!(opts.weight >= 1 && opts.weight <= 100))
        return amz_errorf(err, AMZ_ERANGE, "weight %g is outside 1 to 100", opts.weight);
    if (opts.threads < 0 || opts.threads > 64)
        return amz_errorf(err, AMZ_ERANGE, "%d threads: expected 1 to 64", opts.threads);
    if (!(opts.timeout >= 0 && opts.timeout <= 1e9))
        return amz_errorf(err, AMZ_ERANGE, "timeout %g s is outside 0 to 1e9", opts.timeout);
    /* The solvers see the budget resolved: 0 = none, from here on. */
    rq->by_default = opts.node_limit == 0 && info->default_node_limit;
    if (opts.node_limit == 0)
        opts.node_limit = info->default_node_limit;
    else if (opts.node_limit == AMZ_SLIDE_NO_LIMIT)
        opts.node_limit = 0;
    rq->o = opts;
    rq->info = info;
    return AMZ_OK;
}

/* The default budget is named only when it was the default that ran out: a limit the
 * caller chose is reported as given. */
void slide_default_budget_error(const amz_slide_solver_info *info, uint64_t limit, amz_error *err)
{
    /* Keep the solver's detail (its threshold: how far it got), say whose budget. */
    char why[AMZ_ERROR_MAX] = "";
    /* Copied out first: err->msg is about to be overwritten by the new message. */
    const char *detail = err ? strstr(err->msg, " (") : NULL;
    snprintf(why, sizeof why, "%s", detail ? detail : "");
    amz_errorf(err, AMZ_ECANCELED, "gave up after %s's default budget of %llu nodes%s; set a larger node limit, or none",
               info->name, (unsigned long long)limit, why);
}

amz_status amz_slide_solve(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                           const amz_observer *obs, amz_slide_solution *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
    slide_req rq = {0};
    amz_status st = slide_request(b, algorithm, o, &rq, err);
    if (st)
        return st;
    /* Every solver sees a blank-last board; the answer is mapped back below. */
    amz_slide_board canon;
    bool flipped = slide_canonical(b, &canon);
    size_t ix = (size_t)(rq.info - registry);
    st = runs[ix].prepare ? slide_solve_idastar(runs[ix].prepare, &canon, &rq.o, obs, out, err)
                          : runs[ix].run(&canon, &rq.o, obs, out, err);
    /* A cancel by the observer or the timeout keeps its own message; only running out
     * of the default node budget is re-worded, to say which knob to turn. */
    if (st == AMZ_ECANCELED && rq.by_default && out->nodes >= rq.o.node_limit)
        slide_default_budget_error(rq.info, rq.o.node_limit, err);
    if (st) {
        amz_slide_solution_deinit(out);
        return st;
    }
    if (flipped)
        slide_flip_moves(out->moves, out->length);
    return AMZ_OK;
}
