/* solve.c — the sliding-puzzle solver catalog and the common entry point: checks the
 * board and options once, maps blank-first boards to blank-last ones, runs the solver
 * and maps its moves back. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/slide_impl.h"

typedef amz_status (*solve_fn)(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                               amz_slide_solution *out, amz_error *err);

static const amz_slide_solver_info registry[] = {
    {"ida", "IDA* with Manhattan distance plus linear conflict: shortest solutions, any size (practical to 4x4)", true,
     AMZ_SLIDE_MAX_CELLS},
    {"pdb", "IDA* with additive pattern databases that track the blank: shortest solutions, up to 16 cells", true, 16},
    {"wastar", "weighted A* (f = g + weight x h): at most weight x the shortest, up to 25 cells (5x5)", false, 25},
    {"fast", "row-and-column reduction: any size up to 32x32 in well under a second, not shortest", false,
     AMZ_SLIDE_MAX_CELLS},
};

static const solve_fn runs[] = {slide_solve_ida, slide_solve_pdb, slide_solve_wastar, slide_solve_fast};

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

void amz_slide_solve_options_init(amz_slide_solve_options *o)
{
    memset(o, 0, sizeof *o);
}

void amz_slide_solution_deinit(amz_slide_solution *s)
{
    if (!s)
        return;
    amz_free(s->moves);
    memset(s, 0, sizeof *s);
}

/* A board handed in by a caller is checked fully: solvers index tables by its tiles. */
static amz_status check_board(const amz_slide_board *b, amz_error *err)
{
    amz_status st = slide_check_shape(b->rows, b->cols, err);
    if (st)
        return st;
    if (b->goal != AMZ_SLIDE_BLANK_LAST && b->goal != AMZ_SLIDE_BLANK_FIRST)
        return amz_errorf(err, AMZ_EINVAL, "unknown goal convention %d", (int)b->goal);
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

amz_status amz_slide_solve(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                           const amz_observer *obs, amz_slide_solution *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
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
    if (!(opts.weight >= 1 && opts.weight <= 100))
        return amz_errorf(err, AMZ_ERANGE, "weight %g is outside 1 to 100", opts.weight);
    if (opts.threads < 0 || opts.threads > 64)
        return amz_errorf(err, AMZ_ERANGE, "%d threads: expected 1 to 64", opts.threads);
    amz_slide_board canon;
    bool flipped = slide_canonical(b, &canon);
    size_t ix = (size_t)(info - registry);
    st = runs[ix](&canon, &opts, obs, out, err);
    if (st) {
        amz_slide_solution_deinit(out);
        return st;
    }
    if (flipped)
        slide_flip_moves(out->moves, out->length);
    return AMZ_OK;
}
