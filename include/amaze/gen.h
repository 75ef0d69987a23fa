/* amaze/gen.h — maze generators and their registry.
 *
 * Every generator has the same shape and one row in the registry, which the CLI, the
 * docs and the tests iterate. A generator fills an initialised maze (its topology,
 * size and mask chosen by the caller): it first closes every passage, then carves.
 * Same library version + same seed + same options = the same maze on every machine. */
#ifndef AMAZE_GEN_H
#define AMAZE_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "amaze/observer.h"
#include "amaze/rng.h"
#include "amaze/status.h"

/* Where start and goal go once the maze is made (after any braiding). */
typedef enum amz_gen_ends {
    AMZ_ENDS_KEEP = 0,     /* leave them where the caller put them (default) */
    AMZ_ENDS_FARTHEST = 1, /* goal = the cell farthest from the start (fewest moves, ties: lowest index) */
    AMZ_ENDS_LONGEST = 2   /* start and goal = the two ends of a longest shortest path (diameter) */
} amz_gen_ends;

/* The corner binary-tree passages lead towards: every cell opens to one of the two
 * directions named (NE: north or east). */
typedef enum amz_corner {
    AMZ_CORNER_NE = 0,
    AMZ_CORNER_NW = 1,
    AMZ_CORNER_SE = 2,
    AMZ_CORNER_SW = 3
} amz_corner;

/* Symmetry of a maze (amz_gen_options.symmetry): the maze equals its image under a
 * mirror or rotation of the grid and stays perfect. Where the grid has no such symmetry
 * (hex grids: mirrors that swap odd and even columns) or no symmetric spanning tree
 * exists (radial on an even x even grid: no cell or passage is its own image), the run
 * fails with AMZ_EUNSUPPORTED naming why. */
typedef enum amz_symmetry {
    AMZ_SYM_NONE = 0,  /* no symmetry (default) */
    AMZ_SYM_X = 1,     /* mirrored left to right: column x is column width-1-x */
    AMZ_SYM_Y = 2,     /* mirrored top to bottom: row y is row height-1-y */
    AMZ_SYM_XY = 3,    /* both mirrors (so also the half turn) */
    AMZ_SYM_RADIAL = 4 /* a half turn about the centre: (x, y) is (width-1-x, height-1-y) */
} amz_symmetry;

/* A named labyrinth (amz_gen_options.labyrinth): a fixed design drawn to the grid's
 * size instead of a generated maze. */
typedef enum amz_labyrinth {
    AMZ_LABYRINTH_NONE = 0,     /* a generated maze (default) */
    AMZ_LABYRINTH_CLASSICAL = 1 /* the classical 7-circuit (Cretan) labyrinth: seven rings walked in the order
                                   3-2-1-4-7-6-5, then the centre; square grids of at least 16x15 (with 15
                                   rows: 16 or 17 columns), start in the bottom row, goal in the centre */
} amz_labyrinth;

#define AMZ_GEN_MAX_THREADS 64 /* most worker threads amz_gen_options.threads asks for */

/* Options common to all generators, and the few that tune one algorithm. Initialise
 * with amz_gen_options_init, then set what you need: new fields keep their defaults in
 * old code. amz_gen_options_check says what is out of range. */
typedef struct amz_gen_options {
    /* Fields are ordered by size (8-byte, 4-byte, pointer, 1-byte) so the struct has no
       padding holes on 32- or 64-bit targets (the wasm build is 32-bit). */
    uint64_t seed;        /* the RNG seed (default 0) */
    double braid;         /* 0..1: fraction of dead ends removed afterwards by opening a wall,
                             which makes loops (default 0 = none, the RNG is then not touched) */
    amz_cell root;        /* the cell generators that grow from one cell grow from (backtracker,
                             prim-simple, growing-tree, hunt-and-kill --near-start); AMZ_NO_CELL
                             (the default) = the start. Set it to keep a maze when the start
                             moves. */
    /* binary-tree: probability 0..1 of the vertical direction (default 0.5; on polar
       rings, of the inward step) */
    double bias_weight;
    /* hunt-and-kill (docs/ALGORITHMS.md) */
    double branching;     /* 0..1: chance that a hunt restarts from a cell with 3+ passages
                             (else 2) when one is near: richer decision points */
    /* weave grids (amz_grid.weave): the share of chances to pass under a corridor that
       is taken, 0..1 (default 0.5; docs/ALGORITHMS.md). Other grids ignore it. */
    double weave;
    /* Sparse mazes, after any braid: `sparse` passes each turn every dead end but start
       and goal into rock (a removed cell); then, with sparse_share > 0, more passes remove
       their dead ends in a random order until that share (0..1) of the cells is rock
       or no dead end is left. What remains stays connected and gains no loop. */
    double sparse_share;
    uint32_t sparse;
    amz_gen_ends ends;    /* placement of start and goal after generation (default keep) */
    amz_corner bias;      /* binary-tree: corner the passages lead to (default NE) */
    /* prim and kruskal without a step observer: worker threads, 0 or 1 .. 64 (default 0 =
       one). The maze is the same for every count (docs/ALGORITHMS.md); other generators
       run on one thread. */
    unsigned threads;
    amz_symmetry symmetry; /* mirrored or turned, still perfect (default none) */
    /* A named labyrinth instead of the generator (which is then not run): one path
       through every cell; start and goal are placed by the design. Takes no other
       step (braid, unicursal, symmetry, sparse). AMZ_EUNSUPPORTED on a grid it does
       not fit. */
    amz_labyrinth labyrinth;
    /* growing-tree: which cell of the active list grows next. "newest" (default, like the
       backtracker), "oldest", "random", "middle", or a weighted mix such as
       "newest:75,random:25" (weights are relative integers). NULL = "newest". Not owned. */
    const char *choice;
    bool allow_islands;   /* a mask in several islands gets one maze per island (default:
                             refused with AMZ_EINVAL naming the count) */
    bool near_start;      /* hunt-and-kill: hunt outwards from the start, so branches sprout
                             near it (the plain hunt already scans from the top-left cell) */
    /* Steps any generator takes (docs/ALGORITHMS.md). A unicursal labyrinth: one path
       through every cell, no branch, from a perfect maze of 2x2-cell blocks whose every
       corridor is split in two; the path starts at the start and ends at the goal, a
       cell next to the start (the goal given is replaced). Needs an even width and
       height and blocks that are whole (a mask in 2x2 blocks); see also labyrinth. */
    bool unicursal;
} amz_gen_options;

/* The options of amz_gen_options that tune one algorithm, a bit each. A registry row
 * lists the ones its generator takes (amz_gen_info.options); the others it ignores. */
typedef enum amz_gen_option {
    AMZ_GEN_OPT_BIAS = 1u << 0,       /* bias and bias_weight (binary-tree) */
    AMZ_GEN_OPT_CHOICE = 1u << 1,     /* choice (growing-tree) */
    AMZ_GEN_OPT_BRANCHING = 1u << 2,  /* branching (hunt-and-kill) */
    AMZ_GEN_OPT_NEAR_START = 1u << 3, /* near_start (hunt-and-kill) */
    AMZ_GEN_OPT_THREADS = 1u << 4     /* threads: the same maze for every count (prim, kruskal) */
} amz_gen_option;
#define AMZ_GEN_OPTIONS 5 /* number of amz_gen_option bits */

/* A row generator's code (eller, sidewinder, binary-tree): opaque; non-NULL in a
 * registry row means the generator can stream (amaze/stream.h). */
struct amz_gen_rows;

typedef amz_status (*amz_gen_fn)(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err);

/* One registry row. */
typedef struct amz_gen_info {
    const char *name;     /* CLI name, e.g. "backtracker" */
    const char *summary;  /* one line for --list-algorithms */
    amz_gen_fn run;
    size_t work_fixed;    /* working memory independent of the size, in bytes */
    unsigned topologies;  /* bit (1u << topology) for each topology it supports */
    unsigned work_bits;   /* working memory per cell beyond the passages, in bits */
    unsigned row_bytes;   /* working memory per column (row buffers), in bytes */
    bool perfect;         /* always makes a perfect maze over connected cells (without --braid) */
    bool masks;           /* works with removed cells, so any shape; if false amz_gen_run refuses
                             masked mazes */
    unsigned options;     /* the amz_gen_option bits it takes */
    unsigned watch_bits;  /* working bits per cell when an observer watches step by step, where
                             that form needs more than work_bits (prim, kruskal); else 0 */
    const struct amz_gen_rows *rows; /* row generators: streams square grids row by row */
    unsigned grids;       /* AMZ_GEN_LEVELS | AMZ_GEN_WRAP | AMZ_GEN_WEAVE: the grid options
                             it works with (on its topologies that have them) */
    unsigned any_bits;    /* working bits per cell on grids other than plain square and hex */
    const char *limits;   /* why it refuses the grids it refuses (for messages), or NULL */
} amz_gen_info;

/* amz_gen_info.grids */
#define AMZ_GEN_LEVELS 1u
#define AMZ_GEN_WRAP 2u
#define AMZ_GEN_WEAVE 4u

/* Defaults: seed 0, no braid, ends kept, root at the start, bias NE 0.5, choice
 * "newest", no branching, not unicursal, no symmetry, not sparse. */
AMZ_API void amz_gen_options_init(amz_gen_options *o);
/* AMZ_OK if every field is in range; AMZ_ERANGE (braid, bias_weight, branching outside
 * 0..1), AMZ_EINVAL (unknown ends or corner, a malformed choice) with a message naming
 * the field. amz_gen_run checks too; call this to tell usage errors from failures. */
AMZ_API amz_status amz_gen_options_check(const amz_gen_options *o, amz_error *err);
/* Number of registered generators, and the i-th (NULL past the end), in catalog order.
 * The first, amz_gen_at(0), is the catalog's default generator (backtracker), the one
 * programs should pick when the user names none. */
AMZ_API size_t amz_gen_count(void);
AMZ_API const amz_gen_info *amz_gen_at(size_t i);
/* The generator called `name`, or NULL. */
AMZ_API const amz_gen_info *amz_gen_find(const char *name);
/* True if generator g works on topology t (on some grid of it). */
AMZ_API bool amz_gen_supports(const amz_gen_info *g, amz_topology t);
/* AMZ_OK if generator g works on grid `grid` (topology, levels, wrap, weave), else
 * AMZ_EUNSUPPORTED with one line naming what it does not take. */
AMZ_API amz_status amz_gen_check_grid(const amz_gen_info *g, const amz_grid *grid, amz_error *err);
/* The name of option bit `opt` as the amaze program spells it ("bias", "choice",
 * "branching", "near-start", "threads"); NULL for anything but one known bit. */
AMZ_API const char *amz_gen_option_name(unsigned opt);

/* Runs generator `name` on m (o NULL = defaults, obs may be NULL), then braids and
 * places the ends as the options say, and records the algorithm and seed in the maze.
 * An observer that wants only PROGRESS events (a progress bar) keeps every
 * generator's fastest form; the maze is the same with or without an observer.
 * Start and goal are kept unless o->ends moves them. AMZ_ERANGE for a root that is not
 * a cell. Generators carve the part of the
 * grid connected to the start; on a mask with several islands the walkers (and every
 * generator but kruskal) leave the other islands closed. Errors: AMZ_ENOTFOUND (no
 * such generator), AMZ_EUNSUPPORTED (topology, or a mask the generator cannot handle),
 * AMZ_ERANGE/AMZ_EINVAL (options, see amz_gen_options_check), AMZ_ENOMEM (working
 * memory), AMZ_ECANCELED (observer). Time O(cells) for most generators; see
 * docs/ALGORITHMS.md. */
AMZ_API amz_status amz_gen_run(amz_maze *m, const char *name, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err);

/* "none", "classical"; NULL for an unknown value. */
AMZ_API const char *amz_labyrinth_name(amz_labyrinth l);
/* Parses a labyrinth name; AMZ_ENOTFOUND with the list of names otherwise. */
AMZ_API amz_status amz_labyrinth_parse(const char *name, amz_labyrinth *out, amz_error *err);
/* "none", "x", "y", "xy", "radial"; NULL for an unknown value. */
AMZ_API const char *amz_symmetry_name(amz_symmetry s);
/* Parses a symmetry name; AMZ_ENOTFOUND with the list of names otherwise. */
AMZ_API amz_status amz_symmetry_parse(const char *name, amz_symmetry *out, amz_error *err);

/* The recipe (amz_maze.recipe: the `amaze generate` options that make the maze again)
 * of a maze generator `name` makes with o on a full width x height grid of topology
 * t from ends start and goal, as amz_gen_run would record it; for streams, whose mazes
 * are never in memory. AMZ_ENOTFOUND, AMZ_ERANGE if it does not fit cap bytes. */
AMZ_API amz_status amz_gen_recipe(const char *name, const amz_gen_options *o, amz_topology t, int64_t width,
                                  int64_t height, amz_cell start, amz_cell goal, char *out, size_t cap,
                                  amz_error *err);

/* Peak bytes a run of generator g on grid `grid` needs, the maze included; UINT64_MAX
 * if that overflows or the grid is impossible. `watched`: an observer wants every step
 * (not only PROGRESS), which makes prim and kruskal run their step-by-step form (see
 * watch_bits). For memory guards before allocating. */
AMZ_API uint64_t amz_gen_memory_estimate_grid(const amz_gen_info *g, const amz_grid *grid, bool watched);
/* amz_gen_memory_estimate_grid on the plain width x height grid of topology t. */
AMZ_API uint64_t amz_gen_memory_estimate(const amz_gen_info *g, amz_topology t, int64_t width, int64_t height,
                                         bool watched);

#endif
