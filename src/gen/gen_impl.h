/* gen_impl.h — private declarations shared by the generators and their registry. */
#ifndef AMZ_GEN_IMPL_H
#define AMZ_GEN_IMPL_H

#include "amaze/gen.h"

/* One per generator file; the registry (registry.c) lists them. Each receives a maze
 * with all passages closed, a seeded rng, checked options and a normalised observer
 * (NULL or usable). */
#define AMZ_GEN_DECL(fn)                                                                                          \
    amz_status fn(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs, amz_error *err)
AMZ_GEN_DECL(amz_gen_backtracker);
AMZ_GEN_DECL(amz_gen_hunt_and_kill);
AMZ_GEN_DECL(amz_gen_binary_tree);
AMZ_GEN_DECL(amz_gen_sidewinder);
AMZ_GEN_DECL(amz_gen_aldous_broder);
AMZ_GEN_DECL(amz_gen_wilson);
AMZ_GEN_DECL(amz_gen_houston);
AMZ_GEN_DECL(amz_gen_prim);
AMZ_GEN_DECL(amz_gen_prim_simple);
AMZ_GEN_DECL(amz_gen_kruskal);
AMZ_GEN_DECL(amz_gen_growing_tree);
AMZ_GEN_DECL(amz_gen_eller);
AMZ_GEN_DECL(amz_gen_recursive_division);

/* Post-processing shared by every generator (finish.c), run by amz_gen_run after the
 * generator: braiding (o->braid) then placing the ends (o->ends). The rng continues
 * the generator's stream, so the result is still determined by the seed. */
amz_status amz_gen_finish(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                          amz_error *err);

/* Sets in `part` (ncells bits, cleared by the caller) the existing cells connected to
 * `root` over the grid, passages ignored, and returns how many; 0 if out of memory. */
uint64_t amz_gen_part(const amz_maze *m, amz_cell root, uint64_t *part);

/* Parsed growing-tree cell choice: weights for newest, oldest, random, middle. */
enum { AMZ_PICK_NEWEST = 0, AMZ_PICK_OLDEST = 1, AMZ_PICK_RANDOM = 2, AMZ_PICK_MIDDLE = 3, AMZ_PICK_KINDS = 4 };
typedef struct amz_pick_mix {
    uint32_t weight[AMZ_PICK_KINDS];
    uint32_t total;
} amz_pick_mix;
/* Parses "newest", "random:25,newest:75", ... (NULL = newest). AMZ_EINVAL with a message. */
amz_status amz_gen_parse_choice(const char *spec, amz_pick_mix *out, amz_error *err);

/* Checks a masked maze's islands before a run: none -> AMZ_EINVAL; several without
 * o->allow_islands -> AMZ_EINVAL naming the count; several with it -> generates each
 * island and sets *handled. One island (or no mask): nothing done, *handled false. */
amz_status amz_gen_islands(amz_maze *m, const amz_gen_info *g, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err, bool *handled);

/* Row generators (square grids): the in-memory fast paths of eller, sidewinder and
 * binary-tree and the streaming driver (stream.c) run the same code, so a streamed maze
 * is the maze amz_gen_run makes with the same seed. A call makes row y (rows in order
 * 0, 1, ...): it ORs the row's owned bits into `cur` at bit `cur_base` and may set the
 * S bits of row y-1 in `up` at bit `up_base` (sidewinder, binary-tree towards N), so a
 * row is final once the next row is made. State that carries from row to row lives in
 * amz_rowgen; `cur`/`up` may be the maze's own passages. */
typedef struct amz_rowgen {
    int32_t w, h;
    amz_rng *rng;
    int32_t *L, *R;  /* eller: w + 1 entries each (the last is a spare) */
    uint64_t buf;    /* binary-tree: unused halves of the last draw */
    int left;        /* binary-tree: halves left in buf */
    uint64_t thr;    /* binary-tree: 32-bit threshold of the vertical choice */
    int vdir, hdir;  /* binary-tree: the two directions */
} amz_rowgen;

typedef void (*amz_row_gen_fn)(amz_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up,
                               uint64_t up_base);
void amz_eller_row(amz_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up, uint64_t up_base);
void amz_sidewinder_row(amz_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up, uint64_t up_base);
void amz_binary_tree_row(amz_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up,
                         uint64_t up_base);
/* Sets up g for binary-tree's options (directions, threshold, empty draw buffer). */
void amz_binary_tree_rowgen_init(amz_rowgen *g, const amz_gen_options *o);

/* ORs the 64 bits of v into bit array a at bit `pos` (no-op for v == 0). */
static inline void amz_or_bits(uint64_t *a, uint64_t pos, uint64_t v)
{
    if (!v)
        return;
    unsigned s = (unsigned)(pos & 63);
    a[pos >> 6] |= v << s;
    if (s && (v >> (64 - s)))
        a[(pos >> 6) + 1] |= v >> (64 - s);
}

/* Spreads the low 32 bits of x to the even bit positions of a 64-bit word. */
static inline uint64_t amz_spread32(uint64_t x)
{
    x &= 0xffffffffu;
    x = (x | x << 16) & 0x0000ffff0000ffffu;
    x = (x | x << 8) & 0x00ff00ff00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & 0x3333333333333333u;
    x = (x | x << 1) & 0x5555555555555555u;
    return x;
}

#endif
