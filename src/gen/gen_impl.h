/* gen_impl.h — private declarations shared by the generators and their registry. */
#ifndef AMZ_GEN_IMPL_H
#define AMZ_GEN_IMPL_H

#include "amaze/gen.h"

/* One per generator file; the registry (registry.c) lists them. Each receives a maze
 * with all passages closed, a seeded rng, checked options and a normalised observer
 * (NULL or usable). */
#define GEN_DECL(fn)                                                                                          \
    amz_status fn(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs, amz_error *err)
GEN_DECL(gen_backtracker);
GEN_DECL(gen_hunt_and_kill);
GEN_DECL(gen_binary_tree);
GEN_DECL(gen_sidewinder);
GEN_DECL(gen_aldous_broder);
GEN_DECL(gen_wilson);
GEN_DECL(gen_houston);
GEN_DECL(gen_prim);
GEN_DECL(gen_prim_simple);
GEN_DECL(gen_kruskal);
GEN_DECL(gen_growing_tree);
GEN_DECL(gen_eller);
GEN_DECL(gen_recursive_division);
/* rows_any.c: binary-tree on polar rings, sidewinder and eller on polar rings and triangle rows. */
GEN_DECL(gen_binary_tree_rings);
amz_status gen_sidewinder_rows_any(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err);
amz_status gen_eller_rows_any(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err);
/* classical.c: the named labyrinth of o->labyrinth (square grids, no mask), and its
 * start and goal at the entrance and the centre. */
GEN_DECL(gen_classical);
void gen_classical_ends(amz_maze *m);

/* Steps that run a generator on a helper grid of their own (unicursal.c: blocks of
 * 2x2 cells; symmetry.c: one half), called by amz_gen_run in place of g->run, and that
 * tell the observer afterwards (replay.c). */
amz_status gen_unicursal(amz_maze *m, const amz_gen_info *g, amz_rng *rng, const amz_gen_options *o,
                         const amz_observer *obs, amz_error *err);
/* Opens the unicursal loop beside m->start (a WALL event): the goal becomes the
 * start's neighbour. */
amz_status gen_unicursal_cut(amz_maze *m, const amz_observer *obs, amz_error *err);
amz_status gen_symmetry(amz_maze *m, const amz_gen_info *g, amz_rng *rng, const amz_gen_options *o,
                        const amz_observer *obs, amz_error *err);
/* sparse.c, from gen_finish: turns dead ends into rock as o->sparse and o->sparse_share
 * say; *removed (may be NULL) = cells removed. */
amz_status gen_sparse(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                      uint64_t *removed, amz_error *err);
/* Tells an observer that wants steps the passages of m as if carved breadth first from
 * the start (`what` names the step in messages); a cancel leaves what was told. */
amz_status gen_replay(amz_maze *m, const amz_observer *obs, const char *what, amz_error *err);
/* The direction from a to its neighbour b, or -1 if b is not one. */
int gen_dir_to(const amz_maze *m, amz_cell a, amz_cell b);

/* Post-processing shared by every generator (finish.c), run by amz_gen_run after the
 * generator: braiding (o->braid) then placing the ends (o->ends). The rng continues
 * the generator's stream, so the result is still determined by the seed. */
amz_status gen_finish(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                          amz_error *err);

/* Sets in `part` (ncells bits, cleared by the caller) the existing cells connected to
 * `root` over the grid, passages ignored, and returns how many; 0 if out of memory. */
uint64_t gen_part(const amz_maze *m, amz_cell root, uint64_t *part);

/* Parsed growing-tree cell choice: weights for newest, oldest, random, middle. */
enum { GEN_PICK_NEWEST = 0, GEN_PICK_OLDEST = 1, GEN_PICK_RANDOM = 2, GEN_PICK_MIDDLE = 3, GEN_PICK_KINDS = 4 };
typedef struct gen_pick_mix {
    uint32_t weight[GEN_PICK_KINDS];
    uint32_t total;
} gen_pick_mix;
/* Parses "newest", "random:25,newest:75", ... (NULL = newest). AMZ_EINVAL with a message. */
amz_status gen_parse_choice(const char *spec, gen_pick_mix *out, amz_error *err);

/* Checks a masked maze's islands before a run: none -> AMZ_EINVAL; several without
 * o->allow_islands -> AMZ_EINVAL naming the count; several with it -> generates each
 * island and sets *handled. One island (or no mask): nothing done, *handled false. */
amz_status gen_islands(amz_maze *m, const amz_gen_info *g, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err, bool *handled);

/* Row generators (square grids): the in-memory fast paths of eller, sidewinder and
 * binary-tree and the streaming driver (stream.c) run the same code, so a streamed maze
 * is the maze amz_gen_run makes with the same seed. A call makes row y (rows in order
 * 0, 1, ...): it ORs the row's owned bits into `cur` at bit `cur_base` and may set the
 * S bits of row y-1 in `up` at bit `up_base` (sidewinder, binary-tree towards N), so a
 * row is final once the next row is made. State that carries from row to row lives in
 * gen_rowgen; `cur`/`up` may be the maze's own passages. */
typedef struct gen_rowgen {
    int32_t w, h;
    amz_rng *rng;
    int32_t *L, *R;  /* eller: w + 1 entries each (the last is a spare) */
    uint64_t buf;    /* binary-tree: unused halves of the last draw */
    int left;        /* binary-tree: halves left in buf */
    uint64_t thr;    /* binary-tree: 32-bit threshold of the vertical choice */
    int vdir, hdir;  /* binary-tree: the two directions */
} gen_rowgen;

typedef void (*gen_row_fn)(gen_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up,
                           uint64_t up_base);

/* A row generator, named by its registry row (amz_gen_info.rows): the row function,
 * whether it keeps eller's per-column set lists, and the set-up its options need. */
struct amz_gen_rows {
    gen_row_fn row;
    bool sets;
    void (*init)(gen_rowgen *g, const amz_gen_options *o); /* NULL: nothing to set up */
};
extern const struct amz_gen_rows gen_eller_rows, gen_sidewinder_rows, gen_binary_tree_rows;

/* rows.c: sets g up for a w x h maze (L and R allocated and each column its own set
 * when r->sets, the options applied). AMZ_ENOMEM naming `name`. */
amz_status gen_rowgen_init(gen_rowgen *g, const struct amz_gen_rows *r, int64_t w, int64_t h, amz_rng *rng,
                           const amz_gen_options *o, const char *name, amz_error *err);
void gen_rowgen_deinit(gen_rowgen *g);
/* Makes the whole square maze m in memory with row generator r, rows written straight
 * into its passages (the fast path of eller, sidewinder and binary-tree, also under an
 * observer that wants only PROGRESS, sent at row ends). A cancel leaves every passage
 * closed. */
amz_status gen_rows_run(amz_maze *m, const struct amz_gen_rows *r, amz_rng *rng, const amz_gen_options *o,
                        const amz_observer *obs, const char *name, amz_error *err);
/* gen_recipe.c: the grid part of m's recipe before a run into out (AMZ_RECIPE_MAX
 * bytes): its own recipe's, or gen_recipe_full_grid's for a full grid; false when
 * cells were removed and nothing says how. */
bool gen_recipe_grid(const amz_maze *m, double weave, char *out);
/* The generator part of a recipe after `grid`, into r (AMZ_RECIPE_MAX bytes); false
 * if it does not fit. first and last are the grid's default ends, start and goal the
 * caller's ends before the run. */
bool gen_recipe_build(char *r, const char *grid, const amz_gen_info *g, const amz_gen_options *o, bool masked,
                      const amz_maze *m, int64_t width, amz_cell first, amz_cell last, amz_cell start, amz_cell goal);
/* The grid part of a full grid: "-s SIZE [-t T] [--wrap W] [--weave P]" (weave: the
 * share of chances, amz_gen_options.weave). */
bool gen_recipe_full_grid(const amz_grid *g, double weave, char *out);
/* Sets m->recipe after a run of g with options o from ends start and goal (the
 * caller's, before the run placed any). */
amz_status gen_recipe_set(amz_maze *m, const char *grid, const amz_gen_info *g, const amz_gen_options *o,
                          amz_cell start, amz_cell goal, amz_error *err);

#endif
