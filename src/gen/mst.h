/* mst.h — the random minimum spanning tree behind prim and kruskal. Both generators
 * give every edge a weight hashed from its index and a key drawn from the seed, with
 * ties broken by the edge index, so the maze each makes is the unique minimum spanning
 * tree (forest, over islands) of those weights: Prim grows it from the start, Kruskal
 * joins its edges lightest first, and a run without a step observer computes the same
 * tree faster by tiles (mst_tiles.c). */
#ifndef AMZ_GEN_MST_H
#define AMZ_GEN_MST_H

#include <stdint.h>

#include "amaze/status.h"
#include "amaze/maze.h"
#include "amaze/observer.h"

#define MST_WEIGHT_BITS 36

/* The weight of edge `edge` (its passage bit index): 36 bits of a splitmix64-style mix
 * of the index and the key. An edge is lighter than another if its weight is smaller,
 * or equal with a smaller index. */
static inline uint64_t mst_weight(uint64_t key, uint64_t edge)
{
    uint64_t z = edge * 0x9e3779b97f4a7c15u + key;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (z ^ (z >> 31)) >> (64 - MST_WEIGHT_BITS);
}

/* Opens the passages of the minimum spanning forest of m's grid (existing cells only)
 * under mst_weight(key, ·), m's passages being all closed on entry. Tiles of 128x128
 * cells are solved on `threads` workers (1 .. PAR_MAX; the result is the same for
 * any count); obs, if not NULL, gets only PROGRESS events, and a cancel from it closes
 * every passage again (AMZ_ECANCELED). AMZ_ENOMEM with a message naming `who`. */
amz_status gen_mst_tiled(amz_maze *m, uint64_t key, unsigned threads, const amz_observer *obs, const char *who,
                         amz_error *err);

#endif
