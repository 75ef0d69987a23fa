/* amaze/slide.h — sliding-tile puzzles (the 15-puzzle family) on M x N boards.
 *
 * A board has `rows` x `cols` cells (2..32 each) numbered row by row from 0 at the top
 * left (cell = row * cols + col). It holds the tiles 1 .. rows*cols-1 and one blank
 * (tile 0). A move slides a tile into the blank; moves are named by the direction the
 * BLANK moves:
 *
 *      U  blank goes up    (the tile above it slides down)
 *      D  blank goes down  (the tile below slides up)
 *      L  blank goes left  (the tile on its left slides right)
 *      R  blank goes right (the tile on its right slides left)
 *
 * Goal conventions (the goal is part of the board):
 *
 *      AMZ_SLIDE_BLANK_LAST      1  2  3      AMZ_SLIDE_BLANK_FIRST     _  1  2
 *      (default, Korf's file)    4  5  6                                3  4  5
 *                                7  8  _                                6  7  8
 *
 * Solvers work on both; a blank-first board is solved as its 180-degree rotation with
 * tiles v -> N-v (a bijection of blank-first and blank-last puzzles; U<->D, L<->R).
 *
 * Solvers (the registry below): `ida` (IDA* with Manhattan distance plus linear
 * conflict, optimal, any size but practical to 4x4 and easy 5x5), `pdb` (IDA* with
 * additive pattern databases that track the blank, optimal, boards of at most 16
 * cells; tables are built once and cached on disk), `wastar` (weighted A*, length at
 * most weight x optimal, boards of at most 25 cells) and `fast` (row-and-column
 * reduction, any size up to 32x32, never fails, not optimal).
 *
 * Cancelling: every solver takes an optional observer, which receives AMZ_EV_PROGRESS
 * events (index = nodes expanded so far, total = the node limit or 0) about every
 * 16384 nodes (fast: index = tiles placed, total = cells) and may return non-zero to
 * stop; options.node_limit (with a default budget for the exponential solvers) and
 * options.timeout bound the work. Each ends the search with AMZ_ECANCELED, so no
 * solve runs forever and an interactive hint never hangs. Opening pattern databases that are not cached
 * yet builds them (minutes for 4x4 "7-8"): open them once, or pass an observer.
 *
 * Thread safety: no global state. Boards are plain values. A pattern database
 * (amz_slide_pdb) is read-only once opened and may be shared by solves running in
 * several threads. Reproducibility: shuffles depend only on the seed; every solver
 * returns the same moves for the same board and options (also with threads > 1; only
 * the node count of a threaded search may vary from run to run). */
#ifndef AMAZE_SLIDE_H
#define AMAZE_SLIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/export.h"
#include "amaze/observer.h"
#include "amaze/rng.h"
#include "amaze/status.h"

#define AMZ_SLIDE_MIN_SIDE 2
#define AMZ_SLIDE_MAX_SIDE 32
#define AMZ_SLIDE_MAX_CELLS (AMZ_SLIDE_MAX_SIDE * AMZ_SLIDE_MAX_SIDE)

typedef enum amz_slide_goal {
    AMZ_SLIDE_BLANK_LAST = 0, /* tiles 1.. in row order, blank in the last cell */
    AMZ_SLIDE_BLANK_FIRST = 1 /* blank in cell 0, tiles 1.. after it */
} amz_slide_goal;

/* Direction the blank moves. The letters are "UDLR"[move]. */
typedef enum amz_slide_move {
    AMZ_SLIDE_UP = 0,
    AMZ_SLIDE_DOWN = 1,
    AMZ_SLIDE_LEFT = 2,
    AMZ_SLIDE_RIGHT = 3
} amz_slide_move;

/* A board: a plain value (copy it freely; nothing to free). tiles[cell] for cells
 * 0 .. rows*cols-1; entries past the last cell are 0. Functions that take a board
 * assume it came from amz_slide_board_init/_set/amz_slide_parse/amz_slide_shuffle (a
 * permutation with `blank` pointing at the 0). */
typedef struct amz_slide_board {
    int rows, cols;                      /* 2..AMZ_SLIDE_MAX_SIDE each */
    amz_slide_goal goal;                 /* which arrangement counts as solved */
    int blank;                           /* cell of the blank */
    uint16_t tiles[AMZ_SLIDE_MAX_CELLS]; /* tile at each cell, 0 = blank */
} amz_slide_board;

/* ---- boards and moves ---- */

/* Sets *b to the solved rows x cols board. AMZ_ERANGE (with a message) for a side
 * outside 2..32, AMZ_EINVAL for an unknown goal. */
AMZ_API amz_status amz_slide_board_init(amz_slide_board *b, int rows, int cols, amz_slide_goal goal, amz_error *err);
/* Sets *b from `count` tiles in cell order. Checks that they are a permutation of
 * 0 .. rows*cols-1: AMZ_EFORMAT naming the first problem (wrong count, a tile out of
 * range, a repeated tile, a missing tile). Does NOT check solvability (see
 * amz_slide_check). *b is unchanged on failure. O(cells). */
AMZ_API amz_status amz_slide_board_set(amz_slide_board *b, int rows, int cols, amz_slide_goal goal, const int *tiles,
                                       size_t count, amz_error *err);
/* The tile that belongs at `cell` in the goal (0 for the blank's goal cell). */
AMZ_API int amz_slide_goal_tile(const amz_slide_board *b, int cell);
/* The goal cell of `tile` (0 = the blank). */
AMZ_API int amz_slide_goal_cell(const amz_slide_board *b, int tile);
/* True when every tile is at its goal cell. O(cells). */
AMZ_API bool amz_slide_is_solved(const amz_slide_board *b);
/* True when the blank can move that way (it is not on that edge). */
AMZ_API bool amz_slide_can_move(const amz_slide_board *b, amz_slide_move m);
/* Moves the blank one step. AMZ_ERANGE if the blank is on that edge (board unchanged). */
AMZ_API amz_status amz_slide_move_blank(amz_slide_board *b, amz_slide_move m);
/* The move that slides the tile at `cell` into the blank, or -1 if that cell is not
 * next to the blank (for games: "click a tile"). */
AMZ_API int amz_slide_tile_move(const amz_slide_board *b, int cell);
/* Applies a string of move letters (U D L R, case-insensitive; spaces ignored).
 * All or nothing: on AMZ_EFORMAT (a letter that is not a move) or AMZ_ERANGE (a move
 * off the board) the message gives the position, and *b is unchanged. */
AMZ_API amz_status amz_slide_apply(amz_slide_board *b, const char *moves, amz_error *err);
/* 'U', 'D', 'L', 'R' for a move; '?' for anything else. */
AMZ_API char amz_slide_move_letter(amz_slide_move m);
/* The move named by letter c (either case), or -1. */
AMZ_API int amz_slide_move_parse(char c);
/* Sum over tiles of the Manhattan distance to the goal cell: a lower bound on the
 * number of moves. O(cells). */
AMZ_API uint32_t amz_slide_manhattan(const amz_slide_board *b);

/* ---- solvability ---- */

/* True when moves can reach the goal. The inversion-parity rule: count pairs of tiles
 * (blank excluded) in reading order that are out of goal order; with an odd number of
 * columns the board is solvable iff that count is even; with an even number it is
 * solvable iff count + (rows between the blank and its goal row) is even (Johnson &
 * Story 1879). O(cells log cells). */
AMZ_API bool amz_slide_is_solvable(const amz_slide_board *b);
/* AMZ_OK for a solvable board, else AMZ_EINVAL with a message naming the reason
 * ("unsolvable: ... inversions ..."). */
AMZ_API amz_status amz_slide_check(const amz_slide_board *b, amz_error *err);

/* ---- text ---- */

/* Parses a board: whitespace- or comma-separated numbers, 0 = blank. With rows = cols
 * = 0 the shape comes from the text: several lines holding the same count (> 1) of
 * numbers each are a grid of that many rows; otherwise the count must be a square
 * (one line of 16 numbers is 4x4). With rows, cols > 0 the count must be rows*cols.
 * '#' starts a comment to the end of the line. AMZ_EFORMAT with a message naming the
 * problem: not a number, wrong count, out of range, repeated or missing tile. Does not
 * check solvability. */
AMZ_API amz_status amz_slide_parse(const char *text, int rows, int cols, amz_slide_goal goal, amz_slide_board *b,
                                   amz_error *err);

typedef enum amz_slide_style {
    AMZ_SLIDE_LINE = 0, /* "1 2 3 4 5 6 7 8 0": one line, single spaces */
    AMZ_SLIDE_GRID = 1  /* one line per row, numbers right-aligned in equal columns */
} amz_slide_style;

/* Writes the board as text into buf (always NUL-terminated when cap > 0) and returns
 * the length the full text needs (excluding the NUL), like snprintf: call with
 * cap = 0 to size a buffer. No trailing newline for LINE; GRID ends each row with one. */
AMZ_API size_t amz_slide_format(const amz_slide_board *b, amz_slide_style style, char *buf, size_t cap);

/* ---- shuffling (seeded, reproducible) ---- */

/* A uniformly random solvable rows x cols board: Fisher-Yates over all cells (for i
 * from rows*cols-1 down to 1, swap cell i with cell amz_rng_below(i+1)), then, if the
 * result is unsolvable, the first two non-blank tiles in reading order are swapped
 * (one swap flips the parity; it pairs unsolvable with solvable boards one to one, so
 * the result stays uniform). Errors as amz_slide_board_init. O(cells). */
AMZ_API amz_status amz_slide_shuffle(amz_slide_board *b, int rows, int cols, amz_slide_goal goal, amz_rng *rng,
                                     amz_error *err);
/* A random walk of `steps` moves from *b: each a uniform choice, by one call of
 * amz_rng_below(count), among the legal moves in U D L R order that do not undo the
 * previous one (the first step may go any legal way). O(steps). */
AMZ_API void amz_slide_walk(amz_slide_board *b, amz_rng *rng, uint64_t steps);

/* ---- pattern databases (for the `pdb` solver) ---- */

/* Additive disjoint pattern databases for one board shape: the tiles are split into
 * groups; for each group a table gives, for every placement of its tiles, the fewest
 * moves OF THOSE TILES that bring them home, found by a breadth-first search in which
 * the blank is tracked (moves of other tiles are free, so the blank's position is kept
 * as the region of free cells it can reach). Values of different groups add up to an
 * admissible heuristic; on square boards the transposed board is looked up too and the
 * larger sum is used (Korf & Felner 2002; Felner, Korf & Hanan 2004).
 *
 * Tables are cached in files named slide-pdb-v1-<rows>x<cols>-<tiles>.bin in the cache
 * folder, each with a checksum (format in docs/SLIDE.md), written to a temporary
 * file and renamed into place. A file that is short, of another version or fails its
 * checksum is rebuilt, never trusted. */
typedef struct amz_slide_pdb amz_slide_pdb;

typedef struct amz_slide_pdb_options {
    const char *name;      /* pattern set ("7-8", "6-6-3", ...); NULL = the default for the shape */
    const char *cache_dir; /* folder of the table files; NULL = $XDG_CACHE_HOME/amaze, else
                              $HOME/.cache/amaze (created if missing); "" = no disk cache */
    int threads;           /* threads used to build a missing table (1..64; 0 = 1) */
    uint64_t max_memory;   /* refuse (AMZ_ENOMEM, before any work) a set whose tables, or
                              whose building, would take more bytes; 0 = no limit */
} amz_slide_pdb_options;

/* What amz_slide_pdb_open did, for reports and tests. */
typedef struct amz_slide_pdb_report {
    int groups;                  /* tile groups (tables) */
    int loaded;                  /* tables read from the cache */
    int built;                   /* tables computed (missing or rejected) */
    int rejected;                /* cache files found corrupt, of another version, or unreadable, and rebuilt */
    int saved;                   /* tables written to the cache */
    uint64_t bytes;              /* memory held by the tables */
    double seconds;              /* wall time of the whole open */
    char warning[AMZ_ERROR_MAX]; /* why a table could not be saved (the solve still works), or "" */
} amz_slide_pdb_report;

/* Defaults for every field of amz_slide_pdb_options. */
AMZ_API void amz_slide_pdb_options_init(amz_slide_pdb_options *o);
/* The default pattern set for a rows x cols board ("7-8" on 4x4; a single exact table
 * when the board has at most 9 cells), or NULL if `pdb` does not support the shape
 * (more than 16 cells). */
AMZ_API const char *amz_slide_pdb_default(int rows, int cols);
/* The i-th pattern set name available for the shape (i from 0), NULL past the last. */
AMZ_API const char *amz_slide_pdb_set_name(int rows, int cols, size_t i);
/* Opens the tables for a rows x cols board (blank-last; blank-first boards are mapped):
 * loads them from the cache or builds (and caches) them. Building the 4x4 "7-8" set
 * takes a couple of minutes and about 1.6 GB of memory, once; "6-6-3" takes seconds
 * and 11 MB. Solving with "7-8" holds 577 MB. The observer gets PROGRESS events while building
 * and may cancel (AMZ_ECANCELED). Errors: AMZ_EUNSUPPORTED (shape), AMZ_ENOTFOUND
 * (unknown set name), AMZ_ENOMEM, AMZ_ECANCELED. A cache that cannot be written is
 * not an error (report->warning says why). report may be NULL. Free with
 * amz_slide_pdb_free. */
AMZ_API amz_status amz_slide_pdb_open(int rows, int cols, const amz_slide_pdb_options *o, const amz_observer *obs,
                                      amz_slide_pdb **out, amz_slide_pdb_report *report, amz_error *err);
/* Releases the tables; NULL is a no-op. */
AMZ_API void amz_slide_pdb_free(amz_slide_pdb *p);
/* The pattern set's name ("7-8"). */
AMZ_API const char *amz_slide_pdb_name(const amz_slide_pdb *p);
/* The heuristic value of board b (an admissible lower bound on its solution length;
 * exact when the set is a single group holding every tile), or -1 if b's shape is not
 * the tables' shape. */
AMZ_API int amz_slide_pdb_heuristic(const amz_slide_pdb *p, const amz_slide_board *b);

/* ---- solvers ---- */

typedef struct amz_slide_solver_info {
    const char *name;            /* "ida", "pdb", "wastar", "fast" */
    const char *summary;         /* one line */
    bool optimal;                /* always returns a shortest solution */
    int max_cells;               /* largest board (rows*cols) it accepts */
    uint64_t default_node_limit; /* the budget used when options.node_limit is 0 (0 = none) */
} amz_slide_solver_info;

/* options.node_limit value that lifts every budget, the default one included. */
#define AMZ_SLIDE_NO_LIMIT UINT64_MAX

/* Number of registered solvers, and the i-th (NULL past the end), in catalog order. */
AMZ_API size_t amz_slide_solver_count(void);
AMZ_API const amz_slide_solver_info *amz_slide_solver_at(size_t i);
/* The solver called `name`, or NULL. */
AMZ_API const amz_slide_solver_info *amz_slide_solver_find(const char *name);

typedef struct amz_slide_solve_options {
    uint64_t node_limit;      /* stop with AMZ_ECANCELED after this many expanded nodes; 0 =
                                 the solver's default budget (info.default_node_limit: ida
                                 1e9, about a minute; pdb 1e10, about an hour; wastar 1e7,
                                 about 0.7 GB; fast none, it counts the cells its router
                                 visits); AMZ_SLIDE_NO_LIMIT = none */
    double weight;            /* wastar: f = g + weight * h, 1 <= weight <= 100; 0 = 1.5 */
    int threads;              /* ida, pdb: search threads 1..64 (0 = 1); pdb also builds with them.
                                 Without thread support in the build, 1 is used. */
    const amz_slide_pdb *pdb; /* pdb: open tables to use; NULL = open (and free) per call */
    const char *pdb_name;     /* pdb with pdb == NULL: pattern set; NULL = default */
    const char *cache_dir;    /* pdb with pdb == NULL: as amz_slide_pdb_options.cache_dir */
    uint64_t max_memory;      /* pdb with pdb == NULL: as amz_slide_pdb_options.max_memory */
    double timeout;           /* ida, pdb, wastar: stop with AMZ_ECANCELED after this many
                                 seconds of search (checked every 16384 nodes; table loading
                                 not counted); 0 = none. Makes the outcome depend on speed. */
} amz_slide_solve_options;

typedef struct amz_slide_solution {
    char *moves;     /* NUL-terminated U/D/L/R letters (blank directions); owned */
    size_t length;   /* number of moves */
    uint64_t nodes;  /* nodes expanded (ida, pdb, wastar: search states whose children
                        were generated; fast: cells the blank router visited) */
    double seconds;  /* wall time of the search, table loading excluded */
    int lower_bound; /* the solver's heuristic for the start board (fast: Manhattan) */
    bool optimal;    /* the solver guarantees that `length` is the shortest */
} amz_slide_solution;

/* Defaults: each solver's default budget, no timeout, weight 1.5, one thread, tables
 * opened per call. */
AMZ_API void amz_slide_solve_options_init(amz_slide_solve_options *o);
/* Solves b with solver `algorithm` (o NULL = defaults). On success *out holds the
 * moves (free with amz_slide_solution_deinit); replaying them on b reaches the goal.
 * On failure *out is zeroed. Errors: AMZ_ENOTFOUND (unknown solver), AMZ_EINVAL
 * (unsolvable board, with the reason), AMZ_EFORMAT (a board struct that is not a
 * permutation: it is checked, never trusted), AMZ_EUNSUPPORTED (board too big for the
 * solver), AMZ_ERANGE (bad option), AMZ_ENOMEM, AMZ_ECANCELED (observer, node
 * limit or timeout; the message says which, and names the default budget when that
 * was the one that ran out), and the errors of amz_slide_pdb_open. Complexity: ida,
 * pdb and wastar are exponential in the solution length, so each has a default node
 * budget and always ends; fast is O(cells^2.5) time and O(cells) memory. */
AMZ_API amz_status amz_slide_solve(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                                   const amz_observer *obs, amz_slide_solution *out, amz_error *err);
/* Frees the moves and zeroes *s; NULL or a zeroed solution is a no-op. */
AMZ_API void amz_slide_solution_deinit(amz_slide_solution *s);

/* ---- a search in pieces (for solvers spread over processes or machines) ----
 *
 * The optimal solvers (ida, pdb) are iterative deepening: iteration after iteration,
 * a depth-first search below a threshold that grows. A split search hands the pieces
 * to its caller, who may run them anywhere (amaze-mpi runs them on MPI ranks):
 *
 *     bound = amz_slide_split_start(s);            (0: the board is solved)
 *     loop:
 *         amz_slide_split_iteration(s, bound, K, &count, &next, ...)
 *         search subtrees 0 .. count-1 (amz_slide_split_search), anywhere, in any order
 *         if some subtree holds a solution: the answer is the one of the LOWEST such
 *             subtree (subtrees are numbered in depth-first order), stop
 *         else bound = the least next_bound of the iteration and of every subtree
 *
 * Taking the lowest subtree's solution gives exactly the moves amz_slide_solve returns
 * (with any thread count): the first solution in depth-first order. Every process that
 * builds the same split (same board, solver, options) numbers the subtrees the same
 * way, so only subtree numbers, thresholds and moves need to travel. Node limit and
 * timeout (options) apply to each split object's own work. */
typedef struct amz_slide_split amz_slide_split;

/* What one subtree search found. */
typedef struct amz_slide_piece {
    bool found;       /* a solution of exactly `bound` moves lies in the subtree */
    int next_bound;   /* the least f value above the bound seen (INT_MAX: none) */
    uint64_t nodes;   /* nodes expanded in this call */
} amz_slide_piece;

/* A split search of b by an optimal solver ("ida" or "pdb"; others AMZ_EINVAL). Checks
 * board and options as amz_slide_solve does (same errors); pdb with o->pdb NULL opens
 * (maybe builds) the tables here, held until amz_slide_split_free. */
AMZ_API amz_status amz_slide_split_new(const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *o,
                                       amz_slide_split **out, amz_error *err);
/* Releases the search; NULL is a no-op. */
AMZ_API void amz_slide_split_free(amz_slide_split *s);
/* The first threshold: the solver's heuristic for the start board (0 = solved). */
AMZ_API int amz_slide_split_start(const amz_slide_split *s);
/* Splits the iteration with threshold `bound` (>= the start) into *count subtrees, at
 * the shallowest depth that gives at least min_subtrees of them (at most 14 moves
 * deep; fewer when the tree is small, 0 when the threshold prunes everything).
 * *next_bound and *nodes as in amz_slide_piece, for the nodes above the subtrees.
 * Deterministic. Errors: AMZ_ERANGE (bound below the start), AMZ_ENOMEM,
 * AMZ_ECANCELED (node limit, timeout). */
AMZ_API amz_status amz_slide_split_iteration(amz_slide_split *s, int bound, int min_subtrees, int *count,
                                             int *next_bound, uint64_t *nodes, amz_error *err);
/* Searches subtree i (0 .. count-1) of the last split. With piece->found, *out holds
 * the whole solution (moves from the start board, length = bound, optimal once no
 * lower subtree holds one); else *out is zeroed. obs gets PROGRESS events (index =
 * nodes of this split object so far) about every 16384 nodes and may return non-zero
 * to stop: AMZ_ECANCELED, as for the node limit and timeout. AMZ_ERANGE for a
 * subtree that does not exist. */
AMZ_API amz_status amz_slide_split_search(amz_slide_split *s, int i, const amz_observer *obs, amz_slide_piece *piece,
                                          amz_slide_solution *out, amz_error *err);

#endif
