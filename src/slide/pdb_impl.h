/* pdb_impl.h — pattern databases for boards of at most 25 cells: table layout, the
 * ranking of tile placements, and the builder, cache and search entry points.
 *
 * Layers (no file calls a file above it): pdb_table.c (popcounts, allocation,
 * layout) <- pdb_build.c, pdb_cache.c <- pdb.c (sets, open, heuristic) <-
 * pdb_search.c (the solver).
 *
 * A group of k tiles is placed on k of the n cells. Its placement (positions p[0..k)
 * of the group's tiles, in group order) is ranked in the mixed radix n, n-1, .., n-k+1:
 *
 *     digit[i] = p[i] - #{ j < i : p[j] < p[i] }      (0 <= digit[i] < n - i)
 *     rank     = sum over i of digit[i] * mult[i],    mult[i] = (n-i-1)!/(n-k)!
 *
 * so ranks are exactly 0 .. n!/(n-k)! - 1 and a table holds one byte per placement:
 * the fewest moves of the group's tiles that bring them home, the blank tracked. */
#ifndef AMZ_SLIDE_PDB_IMPL_H
#define AMZ_SLIDE_PDB_IMPL_H

#include <stdint.h>

#include "core/inline.h"
#include "slide/slide_impl.h"

/* Cell masks are 32-bit words and ranks of every supported group fit 32 bits: a
 * group of 6 tiles on 25 cells has 25!/19! = 127.5 M placements, of 8 on 16 cells
 * 519 M. */
#define PDB_MAX_CELLS 25
#define PDB_MAX_GROUP 8
#define PDB_MAX_GROUPS 8
#define PDB_UNSET 0xff

typedef struct pdb_table {
    int k;                        /* tiles in the group */
    uint8_t tiles[PDB_MAX_GROUP]; /* the group's tiles (blank-last labels) */
    uint32_t mult[PDB_MAX_GROUP]; /* rank multipliers, see above */
    uint64_t entries;             /* n!/(n-k)! */
    uint8_t *values;              /* entries bytes, inside `block` */
    void *block;                  /* the allocation (values aligned inside it); owned */
} pdb_table;

struct amz_slide_pdb {
    int rows, cols, n;
    char name[32];
    int ngroups;
    pdb_table g[PDB_MAX_GROUPS];
    uint8_t group_of[PDB_MAX_CELLS]; /* tile -> its group (0xff for the blank) */
    uint8_t slot_of[PDB_MAX_CELLS];  /* tile -> its index in the group */
    bool mirror;                     /* square board: also look up the transposed board */
    uint8_t mirror_tile[PDB_MAX_CELLS];
    uint8_t mirror_cell[PDB_MAX_CELLS];
};

/* Inlined everywhere: in the search and the builder, whose hot loops are cloned for
 * x86-64-v3 (core/inline.h), the popcount is one instruction. */
static ALWAYS_INLINE uint32_t pdb_rank(const uint8_t *pos, int k, const uint32_t *mult)
{
    uint32_t used = 0, r = 0;
    for (int i = 0; i < k; i++) {
        uint32_t p = pos[i];
        r += (p - (uint32_t)__builtin_popcount(used & ((1u << p) - 1))) * mult[i];
        used |= 1u << p;
    }
    return r;
}

/* ---- pdb_table.c ---- */

/* Allocates t->values (t->entries bytes) aligned for huge pages when large, so the
 * random lookups of a search miss the TLB less; false on out of memory. */
bool slide_pdb_alloc(pdb_table *t);
void slide_pdb_release(pdb_table *t);
/* Fills t->mult and t->entries for a group of t->k tiles on n cells. */
void slide_pdb_layout(pdb_table *t, int n);

/* ---- pdb_build.c ---- */
/* Computes t->values (allocated here) by breadth-first search from the goal. */
amz_status slide_pdb_build(int rows, int cols, pdb_table *t, int threads, const amz_observer *obs, amz_error *err);
/* Peak bytes that building table t (k and tiles set) on a rows x cols board takes:
 * the table, the values in the search's numbering, the two-bit state array and the
 * set tables (UINT64_MAX when even the set tables do not fit). */
uint64_t slide_pdb_build_bytes(const pdb_table *t, int rows, int cols);

/* ---- pdb_cache.c ---- */

/* Cache files: load into t->values (allocated) or report why not. */
typedef enum { PDB_LOADED = 0, PDB_ABSENT = 1, PDB_REJECTED = 2 } pdb_load_result;
pdb_load_result slide_pdb_load(const char *dir, int rows, int cols, pdb_table *t, char *why, size_t why_cap);
amz_status slide_pdb_save(const char *dir, int rows, int cols, const pdb_table *t, amz_error *err);
/* The cache folder from the options and environment into buf; false when caching is
 * off (empty folder name, or no $XDG_CACHE_HOME and no $HOME). */
bool slide_pdb_cache_dir(const char *option, char *buf, size_t cap);

#endif
