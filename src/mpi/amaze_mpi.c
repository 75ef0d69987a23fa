/* amaze_mpi.c — `amaze-mpi slide solve ...`: the optimal sliding-puzzle solvers (ida,
 * pdb) with each IDA* iteration spread over MPI ranks (Open MPI): the split search of
 * amaze/slide.h numbers the iteration's subtrees in depth-first order, rank 0 hands
 * their numbers out on demand and searches too, and a solution found in subtree i
 * stops every rank's work above i, while the subtrees below i are finished: the
 * answer is the lowest subtree's solution, the moves `amaze slide solve` prints
 * (root-splitting parallel IDA*, in the manner of Rao, Kumar & Ramesh, AAAI 1987).
 * Arguments, output and errors are those of `amaze slide solve`. */
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/slide_cli.h"

/* Messages. Worker -> rank 0: REQ (the last subtree's result, asking for the next)
 * and, after a REQ that says so, TEXT (the moves found, or an error). Rank 0 ->
 * worker: WORK (a subtree number, or -1: nothing left this iteration) and BEST (a
 * subtree holds a solution: abandon any above it). */
enum { TAG_REQ = 1, TAG_WORK = 2, TAG_BEST = 3, TAG_TEXT = 4 };

/* REQ fields (int64 each). */
enum { R_INDEX, R_FOUND, R_NEXT, R_NODES, R_STATUS, R_TEXTLEN, R_FIELDS };

/* Decision broadcast at the end of an iteration (int64 each). */
enum { D_KIND, D_BOUND, D_NODES, D_TEXTLEN, D_FIELDS };
enum { GO_ON = 0, SOLVED = 1, FAILED = 2 };

/* Subtrees per rank in an iteration: enough that a hard subtree does not leave the
 * other ranks idle for long, few enough that handing them out costs nothing. */
#define SUBTREES_PER_RANK 64

typedef struct mpi_run {
    int rank, size;
    amz_slide_split *split;
    int current;   /* the subtree this rank is searching */
    int64_t best;  /* lowest subtree known to hold a solution (INT64_MAX: none) */
    /* Rank 0's bookkeeping for the iteration. */
    int count, next_index, active;
    int64_t next_bound, nodes;
    char *moves;            /* the best subtree's solution */
    amz_status failure;     /* first error of any rank */
    char failure_text[AMZ_ERROR_MAX];
} mpi_run;

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- rank 0: handing out subtrees ---- */

/* The next subtree to hand out, in increasing order, or -1: after a failure, at the end
 * of the list, and past the best subtree (nothing above it can change the answer).
 * Handing out in order is what makes the lowest solution arrive no later than others. */
static int take(mpi_run *r)
{
    if (r->failure || r->next_index >= r->count || r->next_index > r->best)
        return -1;
    return r->next_index++;
}

/* Subtree i holds a solution: keep it if it is the lowest so far, and tell the
 * workers, whose searches of higher subtrees are then wasted. */
static void found(mpi_run *r, int64_t i, char *moves)
{
    /* Ownership: `moves` is ours (heap, from the solver or a TEXT message); kept as
     * r->moves or freed here. */
    if (i >= r->best) {
        free(moves);
        return;
    }
    r->best = i;
    free(r->moves);
    r->moves = moves;
    for (int w = 1; w < r->size; w++)
        MPI_Send(&r->best, 1, MPI_INT64_T, w, TAG_BEST, MPI_COMM_WORLD);
}

static void fail(mpi_run *r, amz_status st, const char *text)
{
    if (r->failure)
        return;
    r->failure = st;
    snprintf(r->failure_text, sizeof r->failure_text, "%s", text);
}

/* A text (moves or an error) follows its REQ in chunks of TEXT_CHUNK bytes, so the
 * receiver can always take it into a fixed buffer: a receiver that cannot allocate
 * the whole still drains every chunk and the ranks stay in step. */
#define TEXT_CHUNK 16 /* small: a solution of 40+ moves takes several, so the tests run every path */

static void send_text(const char *text, int64_t len, int to)
{
    for (int64_t at = 0; at < len; at += TEXT_CHUNK) {
        int n = (int)(len - at < TEXT_CHUNK ? len - at : TEXT_CHUNK);
        MPI_Send(text + at, n, MPI_CHAR, to, TAG_TEXT, MPI_COMM_WORLD);
    }
}

/* Receives a text of len bytes sent by send_text; NULL if it could not be held (its
 * chunks are received all the same). */
static char *recv_text(int64_t len, int from)
{
    char *text = len >= 0 && (uint64_t)len < SIZE_MAX ? calloc((size_t)len + 1, 1) : NULL;
    char chunk[TEXT_CHUNK];
    for (int64_t at = 0; at < len; at += TEXT_CHUNK) {
        int n = (int)(len - at < TEXT_CHUNK ? len - at : TEXT_CHUNK);
        MPI_Recv(chunk, n, MPI_CHAR, from, TAG_TEXT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (text)
            memcpy(text + at, chunk, (size_t)n);
    }
    return text;
}

/* Rank 0's text of len bytes (text, on rank 0) to every rank, in chunks as
 * send_text; returns a copy on every rank, or NULL if it could not be held. */
static char *bcast_text(const char *text, int64_t len, int rank)
{
    char *got = len >= 0 && (uint64_t)len < SIZE_MAX ? calloc((size_t)len + 1, 1) : NULL;
    char chunk[TEXT_CHUNK];
    for (int64_t at = 0; at < len; at += TEXT_CHUNK) {
        int n = (int)(len - at < TEXT_CHUNK ? len - at : TEXT_CHUNK);
        if (rank == 0 && text)
            memcpy(chunk, text + at, (size_t)n);
        MPI_Bcast(chunk, n, MPI_CHAR, 0, MPI_COMM_WORLD);
        if (got)
            memcpy(got + at, chunk, (size_t)n);
    }
    return got;
}

/* Receives one REQ from `source` (already probed or matched), records its result and
 * answers with the next subtree. */
static void serve(mpi_run *r, int source)
{
    int64_t req[R_FIELDS];
    MPI_Recv(req, R_FIELDS, MPI_INT64_T, source, TAG_REQ, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    char *text = req[R_TEXTLEN] > 0 ? recv_text(req[R_TEXTLEN], source) : NULL;
    /* A worker's first REQ has R_INDEX -1 (no result yet); only real results count
     * towards the next iteration's bound. A worker told -1 is no longer active. */
    r->nodes += req[R_NODES];
    if (req[R_TEXTLEN] > 0 && !text)
        fail(r, AMZ_ENOMEM, "rank 0 is out of memory for a worker's result");
    else if (req[R_STATUS])
        fail(r, (amz_status)req[R_STATUS], text ? text : "a rank failed");
    else if (req[R_FOUND])
        found(r, req[R_INDEX], text), text = NULL;
    else if (req[R_INDEX] >= 0 && req[R_NEXT] < r->next_bound)
        r->next_bound = req[R_NEXT];
    free(text);
    int64_t work[2] = {take(r), r->best};
    if (work[0] < 0)
        r->active--;
    MPI_Send(work, 2, MPI_INT64_T, source, TAG_WORK, MPI_COMM_WORLD);
}

/* Rank 0's observer while it searches: serve the workers (about every 16384 of its
 * own nodes), and stop when a lower subtree has a solution or a rank failed. */
static int root_poll(void *ctx, const amz_event *ev)
{
    mpi_run *r = ctx;
    (void)ev;
    for (;;) {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQ, MPI_COMM_WORLD, &flag, &status);
        if (!flag)
            break;
        serve(r, status.MPI_SOURCE);
    }
    return r->failure || r->current > r->best;
}

/* A worker's observer: take in BEST messages, stop above the best subtree. */
static int worker_poll(void *ctx, const amz_event *ev)
{
    mpi_run *r = ctx;
    (void)ev;
    for (;;) {
        int flag = 0;
        MPI_Iprobe(0, TAG_BEST, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (!flag)
            break;
        int64_t best;
        MPI_Recv(&best, 1, MPI_INT64_T, 0, TAG_BEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (best < r->best)
            r->best = best;
    }
    return r->current > r->best;
}

/* Searches subtree i on this rank. Returns 0, or the error status (text in err). A
 * search stopped because a lower subtree has the answer counts as done, not found. */
static amz_status search(mpi_run *r, int i, amz_observer_fn poll, amz_slide_piece *piece, amz_slide_solution *sol,
                         amz_error *err)
{
    r->current = i;
    amz_observer obs = {poll, r, 0};
    /* Only a cancel by our own poll (its message names the observer) while above the best
     * subtree is this benign stop; a node budget or timeout cancel is a real failure. */
    amz_status st = amz_slide_split_search(r->split, i, &obs, piece, sol, err);
    if (st == AMZ_ECANCELED && r->current > r->best && strstr(err->msg, "observer")) {
        piece->found = false;
        piece->next_bound = INT_MAX;
        return AMZ_OK;
    }
    return st;
}

/* ---- the iteration, on every rank ---- */


static void run_worker(mpi_run *r)
{
    /* The loop's first REQ carries no result (index -1); each later one reports the
     * subtree just searched, with its text (moves or error) right after it. text points
     * into sol or err, both alive until the next iteration's send. */
    int64_t req[R_FIELDS] = {-1, 0, INT_MAX, 0, 0, 0};
    const char *text = NULL;
    amz_slide_solution sol = {0};
    amz_error err;
    for (;;) {
        MPI_Send(req, R_FIELDS, MPI_INT64_T, 0, TAG_REQ, MPI_COMM_WORLD);
        send_text(text, req[R_TEXTLEN], 0);
        amz_slide_solution_deinit(&sol);
        int64_t work[2];
        MPI_Recv(work, 2, MPI_INT64_T, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (work[1] < r->best)
            r->best = work[1];
        if (work[0] < 0)
            break;
        amz_slide_piece piece;
        amz_error_clear(&err);
        amz_status st = search(r, (int)work[0], worker_poll, &piece, &sol, &err);
        req[R_INDEX] = work[0];
        req[R_FOUND] = !st && piece.found;
        req[R_NEXT] = piece.next_bound;
        req[R_NODES] = (int64_t)piece.nodes;
        req[R_STATUS] = st;
        text = st ? err.msg : piece.found ? sol.moves : NULL;
        req[R_TEXTLEN] = text ? (int64_t)strlen(text) : 0;
    }
    /* BEST messages sent before the last WORK are all here now: drop them. */
    worker_poll(r, NULL);
}

static void run_root(mpi_run *r)
{
    amz_error err;
    /* Rank 0 searches subtrees too, serving workers from its observer between nodes,
     * so no rank sits idle as a pure dispatcher. */
    for (int i; (i = take(r)) >= 0;) {
        amz_slide_piece piece;
        amz_slide_solution sol;
        amz_error_clear(&err);
        amz_status st = search(r, i, root_poll, &piece, &sol, &err);
        r->nodes += (int64_t)piece.nodes;
        if (st) {
            fail(r, st, err.msg);
        } else if (piece.found) {
            found(r, i, sol.moves);
            sol.moves = NULL;
        } else if (piece.next_bound < r->next_bound) {
            r->next_bound = piece.next_bound;
        }
        amz_slide_solution_deinit(&sol);
        root_poll(r, NULL);
    }
    /* Answer the workers until each has been told that nothing is left. */
    while (r->active > 0) {
        MPI_Status status;
        MPI_Probe(MPI_ANY_SOURCE, TAG_REQ, MPI_COMM_WORLD, &status);
        serve(r, status.MPI_SOURCE);
    }
}

/* Solvers that do not split (wastar, fast) run on rank 0 alone; the others learn only
 * whether it worked (their output goes nowhere). */
static amz_status solve_on_root(mpi_run *r, const amz_slide_board *b, const char *algorithm,
                                const amz_slide_solve_options *so, amz_slide_solution *out, amz_error *err)
{
    int st = AMZ_OK;
    if (r->rank == 0)
        st = amz_slide_solve(b, algorithm, so, NULL, out, err);
    MPI_Bcast(&st, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (r->rank == 0)
        return (amz_status)st; /* with amz_slide_solve's message */
    if (st)
        return amz_errorf(err, (amz_status)st, "rank 0 failed");
    out->moves = calloc(1, 1);
    return out->moves ? AMZ_OK : amz_errorf(err, AMZ_ENOMEM, "out of memory");
}

/* The runner's solve: the whole iterative deepening, every rank taking part. Rank 0's
 * result is broadcast, so every rank returns the same. */
static amz_status mpi_solve(void *ctx, const amz_slide_board *b, const char *algorithm,
                            const amz_slide_solve_options *so, amz_slide_solution *out, amz_error *err)
{
    mpi_run *r = ctx;
    memset(out, 0, sizeof *out);
    if (strcmp(algorithm, "ida") != 0 && strcmp(algorithm, "pdb") != 0)
        return solve_on_root(r, b, algorithm, so, out, err);
    double t0 = wall_now();
    amz_status st = amz_slide_split_new(b, algorithm, so, &r->split, err);
    if (st)
        return st; /* the same on every rank: board and options are */
    /* One IDA* iteration per loop: split at the bound, search all subtrees across the
     * ranks, then rank 0 broadcasts the decision (go on with the next bound, solved,
     * failed) so that every rank leaves the loop together. bound 0: already solved. */
    int bound = amz_slide_split_start(r->split);
    int64_t total_nodes = 0;
    while (bound > 0) {
        int count = 0, next = INT_MAX;
        uint64_t split_nodes = 0;
        /* Deterministic: every rank computes the same subtrees. */
        st = amz_slide_split_iteration(r->split, bound, SUBTREES_PER_RANK * r->size, &count, &next, &split_nodes,
                                       err);
        if (st)
            break;
        total_nodes += (int64_t)split_nodes;
        r->count = count;
        r->next_index = 0;
        r->active = r->size - 1;
        r->best = INT64_MAX;
        r->next_bound = next;
        r->nodes = 0;
        r->failure = AMZ_OK;
        if (r->rank == 0)
            run_root(r);
        else
            run_worker(r);
        int64_t dec[D_FIELDS] = {GO_ON, r->next_bound, r->nodes, 0};
        const char *text = NULL;
        if (r->rank == 0) {
            if (r->failure)
                dec[D_KIND] = FAILED, text = r->failure_text;
            else if (r->best != INT64_MAX)
                dec[D_KIND] = SOLVED, text = r->moves;
            dec[D_TEXTLEN] = text ? (int64_t)strlen(text) : 0;
        }
        MPI_Bcast(dec, D_FIELDS, MPI_INT64_T, 0, MPI_COMM_WORLD);
        char *got = bcast_text(text, dec[D_TEXTLEN], r->rank);
        /* Every rank leaves together if any could not hold the text: one rank leaving
         * alone would wait forever in the next collective call. */
        int held = got != NULL;
        MPI_Allreduce(MPI_IN_PLACE, &held, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
        if (!held || !got) {
            free(got);
            st = amz_errorf(err, AMZ_ENOMEM, "out of memory for the iteration's result");
            break;
        }
        free(r->moves);
        r->moves = NULL;
        total_nodes += dec[D_NODES];
        if (dec[D_KIND] == FAILED) {
            st = (amz_status)(r->failure ? r->failure : AMZ_ECANCELED);
            amz_errorf(err, st, "%s", got);
            free(got);
            break;
        }
        if (dec[D_KIND] == SOLVED) {
            out->moves = got;
            out->length = strlen(got);
            break;
        }
        free(got);
        /* No subtree reported a larger f: the search space is exhausted. */
        if (dec[D_BOUND] == INT_MAX) {
            st = amz_errorf(err, AMZ_EINVAL, "no solution exists");
            break;
        }
        bound = (int)dec[D_BOUND];
    }
    if (!st && bound == 0 && !(out->moves = calloc(1, 1)))
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
    out->lower_bound = amz_slide_split_start(r->split);
    amz_slide_split_free(r->split);
    r->split = NULL;
    if (st) {
        amz_slide_solution_deinit(out);
        return st;
    }
    out->nodes = (uint64_t)total_nodes;
    out->optimal = true;
    out->seconds = wall_now() - t0;
    return AMZ_OK;
}

/* ---- the other hooks: one board, one table build ---- */

/* Only rank 0 has the user's standard input: its board (or its failure) is used on
 * every rank. */
static int sync_board(void *ctx, amz_slide_board *b, int rc)
{
    (void)ctx;
    int root_rc = rc;
    MPI_Bcast(&root_rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (root_rc)
        return root_rc;
    MPI_Bcast(b, (int)sizeof *b, MPI_BYTE, 0, MPI_COMM_WORLD);
    return CLI_OK;
}

/* Rank 0 opens (builds, caches) the tables first; the others then load them from the
 * cache, which on a cluster must be a folder they all see (or a copy of it). */
static int before_tables(void *ctx)
{
    mpi_run *r = ctx;
    if (r->rank == 0)
        return CLI_OK;
    int root_rc;
    MPI_Bcast(&root_rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return root_rc;
}

static int after_tables(void *ctx, int rc)
{
    mpi_run *r = ctx;
    if (r->rank == 0) {
        MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rc)
            return rc; /* the others returned it from before_tables */
    }
    /* A rank that cannot open what rank 0 could stops the run: all must agree. */
    int worst = rc, all;
    MPI_Allreduce(&worst, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return all;
}

static const char usage[] =
    "Usage: mpirun -np N amaze-mpi slide solve [options] [BOARD]\n"
    "The optimal solvers of 'amaze slide solve' (ida, pdb) with each iteration of\n"
    "the search spread over the MPI ranks. Options, output and exit status are those\n"
    "of 'amaze slide solve' (see 'amaze slide solve --help'); the moves are the same.\n"
    "Rank 0 reads the board and builds missing pattern databases; the other ranks\n"
    "load them from the cache folder, which must hold them on every machine\n"
    "(--cache-dir on a shared folder, or copies). Each rank searches on one thread.\n";

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    mpi_run r;
    memset(&r, 0, sizeof r);
    MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r.size);
    /* One voice: the other ranks' output and messages would repeat rank 0's. */
    if (r.rank != 0 && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)))
        MPI_Abort(MPI_COMM_WORLD, 1);
    int rc;
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        rc = CLI_OK;
    } else if (argc < 3 || strcmp(argv[1], "slide") != 0 || strcmp(argv[2], "solve") != 0) {
        fputs(usage, stderr);
        rc = CLI_USAGE;
    } else {
        const slide_runner run = {mpi_solve, sync_board, before_tables, after_tables, &r};
        rc = slide_solve_with(argc - 2, argv + 2, &run);
    }
    MPI_Finalize();
    return rc;
}
