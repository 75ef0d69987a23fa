/* slide_impl.h — private pieces shared by the sliding-puzzle sources: the canonical
 * (blank-last) view, move geometry, the Manhattan/linear-conflict heuristic, the
 * progress/limit ticker and the IDA* driver interface used by `ida` and `pdb`. */
#ifndef AMZ_SLIDE_IMPL_H
#define AMZ_SLIDE_IMPL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/slide.h"

/* Result codes of the inner searches (not amz_status: they are hot-loop values). */
enum { SLIDE_FOUND = 1, SLIDE_NOTFOUND = 0, SLIDE_STOP = -1, SLIDE_NOMEM = -2 };

#define SLIDE_NO_MOVE 4

/* The opposite of move m (U<->D, L<->R): m ^ 1. */
static inline int slide_opposite(int m)
{
    return m ^ 1;
}

/* The cell the blank moves to from `cell` with move m, or -1 off the board. */
static inline int slide_step(int rows, int cols, int cell, int m)
{
    int r = cell / cols, c = cell % cols;
    switch (m) {
    case AMZ_SLIDE_UP: return r > 0 ? cell - cols : -1;
    case AMZ_SLIDE_DOWN: return r + 1 < rows ? cell + cols : -1;
    case AMZ_SLIDE_LEFT: return c > 0 ? cell - 1 : -1;
    default: return c + 1 < cols ? cell + 1 : -1;
    }
}

/* Monotonic wall-clock seconds (for reports only, never for decisions). */
double slide_now(void);

/* *out = the blank-last board equivalent to b; returns true if b was blank-first, in
 * which case solutions of *out map back to b by slide_flip_moves (U<->D, L<->R). */
bool slide_canonical(const amz_slide_board *b, amz_slide_board *out);
void slide_flip_moves(char *moves, size_t len);

/* Validates shape; AMZ_ERANGE with a message. */
amz_status slide_check_shape(int rows, int cols, amz_error *err);

/* ---- Manhattan distance and linear conflict on a canonical board ---- */

typedef struct slide_heur {
    int rows, cols, n;
    uint8_t *md;   /* md[tile * n + cell]: distance of tile at cell from its goal (tile 0 row unused) */
    uint8_t *grow; /* goal row of each tile */
    uint8_t *gcol; /* goal column of each tile */
} slide_heur;

amz_status slide_heur_init(slide_heur *h, int rows, int cols);
void slide_heur_deinit(slide_heur *h);
/* Linear conflict of row r (2 * tiles that must leave it) of tiles[] (cell order). */
int slide_lc_row(const slide_heur *h, const uint16_t *tiles, int r);
int slide_lc_col(const slide_heur *h, const uint16_t *tiles, int c);
/* Manhattan distance plus all row and column conflicts, from scratch. */
int slide_heur_full(const slide_heur *h, const uint16_t *tiles);

/* ---- progress, node limit and cancellation, shared by the searches ---- */

typedef struct slide_progress {
    uint64_t total;          /* nodes flushed by all workers (under `lock` when threaded) */
    uint64_t limit;          /* 0 = none */
    double deadline;         /* slide_now() past which to stop; 0 = none */
    const amz_observer *obs; /* called by the main worker only; NULL = none */
    atomic_int stop;         /* set when every worker must stop: limit reached or canceled */
    int reason;              /* why stop was set: 1 = observer, 2 = node limit, 3 = time */
    atomic_int best;         /* parallel search: lowest subtree that holds a solution */
    void *lock;              /* a mutex when threads > 1, else NULL */
} slide_progress;

/* Per-worker counter: the hot path is one increment and compare. */
typedef struct slide_ticker {
    uint64_t nodes;    /* counted by this worker and not yet flushed */
    uint64_t check_at; /* slow path when nodes reaches this */
    bool main;         /* this worker may call the observer */
    int subtree;       /* parallel search: the subtree being searched (abandoned once a
                          lower one holds a solution) */
    slide_progress *p;
} slide_ticker;

#define SLIDE_TICK_CHUNK 16384u

void slide_ticker_init(slide_ticker *t, slide_progress *p, bool main);
/* Flushes the count; true when the search must stop. */
bool slide_ticker_slow(slide_ticker *t);
/* Flushes what is left (at the end of a subtree). */
void slide_ticker_flush(slide_ticker *t);

static inline bool slide_tick(slide_ticker *t)
{
    return ++t->nodes >= t->check_at && slide_ticker_slow(t);
}

/* ---- duplicate-path pruning (fsm.c) ---- */

#define SLIDE_FSM_DEAD 0xffff

/* An automaton over the moves of a path from the search's root: next[state * 4 + move]
 * is the state after the move, or SLIDE_FSM_DEAD when the path then holds a detour (a
 * move string that a shorter or earlier string does the same as) and is skipped. */
typedef struct slide_fsm {
    int states, detours;
    const uint16_t *next;
} slide_fsm;

/* The automaton of the detours up to 12 moves, built on first use (once per process,
 * about 0.4 s); NULL on out of memory. */
const slide_fsm *slide_fsm_get(void);
/* One state that rejects nothing. */
extern const slide_fsm slide_fsm_none;

/* ---- worker set-up shared by `ida` and `pdb` (worker.c) ---- */

/* The part of a worker every IDA* solver has: its first member. */
typedef struct slide_worker {
    const void *sh;                      /* the solver's shared, read-only data */
    const int16_t *nb;                   /* nb[cell * 4 + move]: the blank's next cell, -1 off */
    const amz_slide_board *root;         /* canonical start board */
    uint16_t tiles[AMZ_SLIDE_MAX_CELLS]; /* the current node */
    int blank;
    const slide_fsm *fsm; /* the detour automaton in use (slide_fsm_none at first) */
    int fsm_at;           /* its state after the prefix of the last replay */
    void *fr; /* explicit depth-first stack, frames of the solver's own type */
    int cap;  /* frames allocated */
} slide_worker;

/* nb[cell * 4 + move] for a rows x cols board (amz_free it); NULL on out of memory. */
int16_t *slide_neighbours(int rows, int cols);
/* A zeroed worker of `size` bytes (a struct that starts with slide_worker); NULL on
 * out of memory. Free with slide_worker_free. */
void *slide_worker_new(size_t size, const void *shared, const int16_t *nb, const amz_slide_board *root);
void slide_worker_free(void *w);
/* Sets tiles and blank to root + prefix[0..len) (legal moves) and fsm_at to the
 * automaton's state after them; false when the prefix holds a detour (the search
 * never goes there). */
bool slide_worker_replay(slide_worker *w, const uint8_t *prefix, int len);
/* ops->prune of every solver built on slide_worker. */
void slide_worker_prune(void *w, const slide_fsm *f);
/* The stack with room for `need` frames of frame_size bytes; NULL on out of memory. */
void *slide_worker_frames(slide_worker *w, int need, size_t frame_size);

/* The two steps every IDA* worker's depth-first loop takes around its own heuristic:
 * slide_try advances a frame's move counter (*next) to move *m and returns the cell the
 * blank moves to, or -1 when the move only undoes the move into the node (moves are
 * U D L R = 0 1 2 3, so prev ^ 1) or leaves the board; slide_found records move m at
 * g0 + depth in path and says whether the node it reaches is the goal (h == 0), with
 * the solution's length in *next. */
static inline int slide_try(const int16_t *nb, int blank, uint8_t *next, uint8_t prev, int *m)
{
    *m = (*next)++;
    return *m == (prev ^ 1) ? -1 : nb[blank * 4 + *m];
}

static inline bool slide_found(uint8_t *path, int g0, int depth, int m, int h, int *next)
{
    path[g0 + depth] = (uint8_t)m;
    if (h)
        return false;
    *next = g0 + depth + 1;
    return true;
}

/* ---- the IDA* driver shared by `ida` and `pdb` ---- */

/* What an algorithm gives the driver: workers that evaluate and search subtrees. */
typedef struct slide_search_ops {
    /* A new worker searching from `root` (canonical). NULL on out of memory. */
    void *(*create)(const void *shared, const amz_slide_board *root);
    void (*destroy)(void *worker);
    /* Puts the worker at root + prefix[0..len) (legal moves) and returns its h. */
    int (*reset)(void *worker, const uint8_t *prefix, int len);
    /* Depth-first search below the node set by reset, at depth g, with threshold
     * `bound`: SLIDE_FOUND (*next = the solution's length L <= bound, path[g..L)
     * filled), SLIDE_NOTFOUND (*next lowered to the least f above bound seen),
     * SLIDE_STOP, SLIDE_NOMEM. path[0..g) holds the prefix; path has room for bound
     * entries. The node set by reset counts as expanded. */
    int (*dfs)(void *worker, int g, int bound, uint8_t *path, int *next, slide_ticker *t);
    /* Optional (NULL: none): makes the worker skip paths that hold a detour of f from
     * its next reset on; reset then returns -1 for a prefix that holds one. */
    void (*prune)(void *worker, const slide_fsm *f);
} slide_search_ops;

/* An IDA* solver made ready for one board: its workers' ops and the data they share
 * (owned; slide_algo_release frees it). */
typedef struct slide_algo {
    const slide_search_ops *ops;
    void *shared;
    void (*release)(void *shared);
} slide_algo;

static inline void slide_algo_release(slide_algo *a)
{
    if (a->release)
        a->release(a->shared);
    a->release = NULL;
    a->shared = NULL;
}

/* Makes an IDA* solver ready for board b (canonical) with options o; obs sees any
 * table building. On failure *a is zeroed and nothing is held. */
typedef amz_status (*slide_prepare_fn)(const amz_slide_board *b, const amz_slide_solve_options *o,
                                       const amz_observer *obs, slide_algo *a, amz_error *err);
/* ida.c: Manhattan + linear conflict for b's shape (o and obs unused). */
amz_status slide_ida_prepare(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                             slide_algo *a, amz_error *err);
/* pdb_search.c: o->pdb, or the tables opened (built) here with o's pdb options. */
amz_status slide_pdb_prepare(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                             slide_algo *a, amz_error *err);

/* The roots of an iteration's subtrees: `count` prefixes of `depth` moves each. */
typedef struct slide_roots {
    uint8_t *prefixes; /* count x depth moves (amz_free it) */
    int count, depth;
} slide_roots;

#define SLIDE_MAX_SPLIT_DEPTH 14

/* The nodes at the shallowest depth (at most SLIDE_MAX_SPLIT_DEPTH, below bound) that
 * number at least `target`, pruned by threshold `bound` exactly as the sequential
 * search prunes (so node counts and next thresholds agree), in depth-first order; the
 * nodes above them are counted on t and their f values above bound lower *next. w0
 * is a worker of ops at root. SLIDE_NOTFOUND (done), SLIDE_STOP or SLIDE_NOMEM. */
int slide_split_roots(const slide_search_ops *ops, void *w0, int bound, int target, const amz_slide_board *root,
                      slide_roots *out, int *next, slide_ticker *t);
/* Progress state for a search with o's node limit and timeout, started at t0. */
void slide_progress_init(slide_progress *p, const amz_slide_solve_options *o, const amz_observer *obs, double t0);
/* The AMZ_ECANCELED message for a search stopped at threshold `bound` (why: p->reason). */
amz_status slide_stop_error(const slide_progress *p, const amz_slide_solve_options *o, int bound, amz_error *err);

/* Iterative deepening from root with the algorithm's workers, single- or
 * multi-threaded (o->threads). Fills out (moves in canonical letters). */
amz_status slide_ida_run(const slide_search_ops *ops, const void *shared, const amz_slide_board *root,
                         const amz_slide_solve_options *o, const amz_observer *obs, amz_slide_solution *out,
                         amz_error *err);

/* ---- the solvers, on canonical solvable boards; o is never NULL ---- */

/* `ida` and `pdb`: prepare (slide_ida_prepare or slide_pdb_prepare), then
 * slide_ida_run; the solution is marked optimal (search.c). */
amz_status slide_solve_idastar(slide_prepare_fn prepare, const amz_slide_board *b, const amz_slide_solve_options *o,
                               const amz_observer *obs, amz_slide_solution *out, amz_error *err);
amz_status slide_solve_wastar(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                              amz_slide_solution *out, amz_error *err);
amz_status slide_solve_fast(const amz_slide_board *b, const amz_slide_solve_options *o, const amz_observer *obs,
                            amz_slide_solution *out, amz_error *err);

/* A checked request: its solver, its options resolved (weight; node limit 0 = none
 * from here on) and whether the node limit is the solver's default budget. */
typedef struct slide_req {
    const amz_slide_solver_info *info;
    amz_slide_solve_options o;
    bool by_default;
} slide_req;

/* solve.c: checks a request as amz_slide_solve does (solver name, the board in full,
 * size, options) and fills *rq. */
amz_status slide_request(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                         slide_req *rq, amz_error *err);
/* Rewrites err's node-limit message to name the solver's default budget. */
void slide_default_budget_error(const amz_slide_solver_info *info, uint64_t limit, amz_error *err);

/* Moves as letters from move codes; NULL on out of memory. */
char *slide_letters(const uint8_t *moves, size_t len);

#endif
