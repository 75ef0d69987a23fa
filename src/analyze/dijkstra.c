/* dijkstra.c — Dijkstra maps (amaze/dijkstra.h): multi-source breadth-first search
 * (E. F. Moore, 1959; unit steps make Dijkstra's algorithm, 1959, a FIFO search) and
 * the flee rescan (B. Harvey, RogueBasin 2010) as one pass that merges the cells
 * sorted by their scaled value (a counting sort) with the FIFO of cells lowered by a
 * neighbour: both streams come out in non-decreasing order, so every cell is final
 * when it is taken (Dial's bucket form of Dijkstra, 1969). Written once over a graph of
 * two kinds, instantiated per kind: a maze (the model's neighbours, square grids from
 * their passage bits) and a dungeon's tiles. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/dijkstra.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"

typedef enum { G_SQUARE, G_MAZE, G_TILES } graph_kind;

/* kind picks the neighbour rule; m is the maze (G_SQUARE, G_MAZE), t the dungeon's
 * tiles (G_TILES), w the row length and n the cells or tiles. */
typedef struct graph {
    graph_kind kind;
    const amz_maze *m;
    const uint16_t *t;
    int32_t w;
    uint64_t n;
} graph;

/* Runs BODY with nb bound to each neighbour of c that one step reaches (a walkable
 * tile, or a cell through an open passage). No bounds checks: a tile c is walkable,
 * hence not on the map's border (amz_dungeon_validate and the generator keep it wall),
 * so its four neighbours are tiles of the map; and grid_square_open never opens a
 * passage off the grid (outer walls are implicit), so no index off it is used. */
/* BODY is a statement list, which parentheses cannot hold. */
/* NOLINTBEGIN(bugprone-macro-parentheses) */
#define FOR_NEIGHBOURS(G, KIND, c, nb, BODY)                                                                      \
    do {                                                                                                         \
        if ((KIND) == G_TILES) {                                                                                 \
            const int64_t nbs_[4] = {(c) - (G)->w, (c) + 1, (c) + (G)->w, (c)-1};                                \
            for (int k_ = 0; k_ < 4; k_++) {                                                                     \
                const int64_t nb = nbs_[k_];                                                                     \
                if (amz_dtile_walkable((G)->t[nb])) {                                                            \
                    BODY                                                                                         \
                }                                                                                                \
            }                                                                                                    \
        } else if ((KIND) == G_SQUARE) {                                                                         \
            const unsigned open_ = grid_square_open((G)->m->passages, (c), (G)->w);                              \
            const int64_t nbs_[4] = {(c) - (G)->w, (c) + 1, (c) + (G)->w, (c)-1};                                \
            for (int k_ = 0; k_ < 4; k_++) {                                                                     \
                const int64_t nb = nbs_[k_];                                                                     \
                if (open_ & (1u << k_)) {                                                                        \
                    BODY                                                                                         \
                }                                                                                                \
            }                                                                                                    \
        } else {                                                                                                 \
            for (int k_ = 0; k_ < (G)->m->ndirs; k_++) {                                                         \
                const int64_t nb = amz_maze_passage((G)->m, (c), k_) ? amz_maze_neighbor((G)->m, (c), k_) : -1; \
                if (nb >= 0) {                                                                                   \
                    BODY                                                                                         \
                }                                                                                                \
            }                                                                                                    \
        }                                                                                                        \
    } while (0)
/* NOLINTEND(bugprone-macro-parentheses) */

/* Level by level, so a cell's distance is known without reading it back, and with a
 * bit a cell for "seen": the loads of the loop stay in the passage bits and the bitmap
 * (3 bits a cell, cache-sized far longer than 32-bit distances), while the distances
 * are only stored. */
static ALWAYS_INLINE void bfs(const graph *g, graph_kind kind, uint32_t *dist, uint64_t *seen, uint32_t *queue,
                              uint64_t tail)
{
    /* A cell is marked seen when queued, so each is queued once and the queue's n
     * entries suffice; a distance is at most the cells less one, below the
     * AMZ_DIJKSTRA_FAR of cells never reached. */
    uint32_t next = 1;
    for (uint64_t head = 0, end = tail; head < tail; head++) {
        if (head == end) { /* the level is done: its successors are the next one */
            end = tail;
            next++;
        }
        const int64_t c = queue[head];
        FOR_NEIGHBOURS(g, kind, c, nb, {
            if (!bits_get(seen, (uint64_t)nb)) {
                bits_set(seen, (uint64_t)nb);
                dist[nb] = next;
                queue[tail++] = (uint32_t)nb;
            }
        });
    }
}

static amz_status run_map(const graph *g, const int64_t *goals, size_t n, uint32_t *dist, amz_error *err)
{
    if (n == 0)
        return amz_errorf(err, AMZ_EINVAL, "a Dijkstra map needs at least one goal");
    /* All bytes 0xff: every entry AMZ_DIJKSTRA_FAR (UINT32_MAX) until reached. */
    memset(dist, 0xff, (size_t)g->n * sizeof *dist);
    uint32_t *queue = amz_malloc((size_t)g->n * sizeof *queue);
    uint64_t *seen = amz_calloc((size_t)bits_words(g->n), sizeof *seen);
    if (!queue || !seen) {
        amz_free(queue);
        amz_free(seen);
        return amz_errorf(err, AMZ_ENOMEM, "Dijkstra map: no memory for the queue of %llu cells",
                          (unsigned long long)g->n);
    }
    uint64_t tail = 0;
    for (size_t i = 0; i < n; i++)
        if (!bits_get(seen, (uint64_t)goals[i])) { /* a goal given twice is one goal */
            bits_set(seen, (uint64_t)goals[i]);
            dist[goals[i]] = 0;
            queue[tail++] = (uint32_t)goals[i];
        }
    /* One instance per kind, so each loop has its neighbour rule inlined. */
    if (g->kind == G_TILES)
        bfs(g, G_TILES, dist, seen, queue, tail);
    else if (g->kind == G_SQUARE)
        bfs(g, G_SQUARE, dist, seen, queue, tail);
    else
        bfs(g, G_MAZE, dist, seen, queue, tail);
    amz_free(queue);
    amz_free(seen);
    return AMZ_OK;
}

static graph maze_graph(const amz_maze *m)
{
    /* Plain square grids (one level, no wrap, weave or mask) read their passage bits
     * directly; any other grid goes through the model's neighbours. */
    const bool plain = m->topology == AMZ_TOPO_SQUARE && !m->mask && m->levels <= 1 && !m->wrap && !m->weave;
    graph g = {plain ? G_SQUARE : G_MAZE, m, NULL, m->width, (uint64_t)m->ncells};
    return g;
}

static graph tile_graph(const amz_dungeon *d)
{
    graph g = {G_TILES, NULL, d->tiles.data, d->width, (uint64_t)d->width * (uint64_t)d->height};
    return g;
}

/* Fewer than 2^32 - 1 cells: indices must fit the 32-bit queue, and distances stay
 * below AMZ_DIJKSTRA_FAR. */
amz_status amz_dijkstra_maze(const amz_maze *m, const amz_cell *goals, size_t n, uint32_t *dist, amz_error *err)
{
    if ((uint64_t)m->ncells >= UINT32_MAX)
        return amz_errorf(err, AMZ_ERANGE, "Dijkstra maps take mazes of fewer than 2^32 cells");
    for (size_t i = 0; i < n; i++)
        if (!amz_maze_exists(m, goals[i]))
            return amz_errorf(err, AMZ_ERANGE, "goal %lld is not a cell of the maze", (long long)goals[i]);
    graph g = maze_graph(m);
    return run_map(&g, goals, n, dist, err);
}

/* No size check: a dungeon has at most 2^32 tiles (AMZ_DUNGEON_MAX_TILES), whose
 * indices fit 32 bits. Goals must be walkable, which FOR_NEIGHBOURS relies on. */
amz_status amz_dijkstra_dungeon(const amz_dungeon *d, const int64_t *goals, size_t n, uint32_t *dist, amz_error *err)
{
    graph g = tile_graph(d);
    for (size_t i = 0; i < n; i++)
        if (goals[i] < 0 || (uint64_t)goals[i] >= g.n || !amz_dtile_walkable(g.t[goals[i]]))
            return amz_errorf(err, AMZ_ERANGE, "goal tile %lld is not a walkable tile of the dungeon",
                              (long long)goals[i]);
    return run_map(&g, goals, n, dist, err);
}

/* The scaled start value of a cell: -round(k * dist), halves rounded away from zero
 * (llround). */
static inline int64_t scaled(uint32_t d, double k)
{
    return -(int64_t)llround(k * (double)d);
}

/* Dial's invariant: cells are taken in non-decreasing value, and a lowering sets a
 * neighbour to the taken value + 1, so the FIFO's values never decrease either and a
 * cell is lowered at most once. Hence each cell is final when taken and the queue
 * needs at most norder entries. out[c] <= 0 for every reached c, so out[c] + 1 cannot
 * overflow; neighbours of reached cells are reached when dist is this graph's map. */
static ALWAYS_INLINE void rescan(const graph *g, graph_kind kind, const uint32_t *dist, double k, int32_t *out,
                                 const uint32_t *order, uint64_t norder, uint32_t *queue)
{
    uint64_t head = 0, tail = 0, next = 0;
    while (head < tail || next < norder) {
        int64_t c;
        /* Take the lower of the two streams' fronts (the FIFO first on a tie). */
        if (head < tail && (next == norder || out[queue[head]] <= scaled(dist[order[next]], k)))
            c = queue[head++];
        else {
            c = order[next++];
            if (out[c] != scaled(dist[c], k))
                continue; /* lowered by a neighbour, and taken from the FIFO already */
        }
        const int32_t v = out[c] + 1;
        FOR_NEIGHBOURS(g, kind, c, nb, {
            if (out[nb] > v) {
                out[nb] = v;
                queue[tail++] = (uint32_t)nb;
            }
        });
    }
}

static amz_status run_flee(const graph *g, const uint32_t *dist, double k, int32_t *out, amz_error *err)
{
    if (!(k >= 0.01 && k <= 100))
        return amz_errorf(err, AMZ_ERANGE, "flee factor %g is outside 0.01..100", k);
    uint32_t maxd = 0;
    uint64_t reached = 0;
    for (uint64_t i = 0; i < g->n; i++)
        if (dist[i] != AMZ_DIJKSTRA_FAR) {
            maxd = dist[i] > maxd ? dist[i] : maxd;
            reached++;
        }
    const int64_t low = scaled(maxd, k);
    if (low < INT32_MIN + 1)
        return amz_errorf(err, AMZ_ERANGE, "a flee map of distances up to %u scaled by %g exceeds 32 bits", maxd, k);
    /* Counting sort of the reached cells by their scaled value, lowest first (stable:
     * ties in index order). count has -low + 2 entries, about 4k bytes per step of the
     * largest distance, beside order and queue (4 bytes a reached cell each; at least
     * one entry, so that an empty map is not taken for a failed malloc(0)). */
    const uint64_t range = (uint64_t)(-low) + 1;
    uint32_t *count = amz_calloc((size_t)range + 1, sizeof *count);
    uint32_t *order = amz_malloc((size_t)(reached ? reached : 1) * sizeof *order);
    uint32_t *queue = amz_malloc((size_t)(reached ? reached : 1) * sizeof *queue);
    if (!count || !order || !queue) {
        amz_free(count);
        amz_free(order);
        amz_free(queue);
        return amz_errorf(err, AMZ_ENOMEM, "flee map: no memory for %llu cells", (unsigned long long)g->n);
    }
    for (uint64_t i = 0; i < g->n; i++) {
        if (dist[i] == AMZ_DIJKSTRA_FAR) {
            out[i] = AMZ_FLEE_FAR;
            continue;
        }
        const int64_t v = scaled(dist[i], k);
        out[i] = (int32_t)v;
        count[v - low + 1]++;
    }
    for (uint64_t r = 1; r <= range; r++)
        count[r] += count[r - 1];
    for (uint64_t i = 0; i < g->n; i++)
        if (dist[i] != AMZ_DIJKSTRA_FAR)
            order[count[out[i] - low]++] = (uint32_t)i;
    amz_free(count);
    if (g->kind == G_TILES)
        rescan(g, G_TILES, dist, k, out, order, reached, queue);
    else if (g->kind == G_SQUARE)
        rescan(g, G_SQUARE, dist, k, out, order, reached, queue);
    else
        rescan(g, G_MAZE, dist, k, out, order, reached, queue);
    amz_free(order);
    amz_free(queue);
    return AMZ_OK;
}

amz_status amz_dijkstra_flee_maze(const amz_maze *m, const uint32_t *dist, double k, int32_t *out, amz_error *err)
{
    if ((uint64_t)m->ncells >= UINT32_MAX)
        return amz_errorf(err, AMZ_ERANGE, "Dijkstra maps take mazes of fewer than 2^32 cells");
    graph g = maze_graph(m);
    return run_flee(&g, dist, k, out, err);
}

amz_status amz_dijkstra_flee_dungeon(const amz_dungeon *d, const uint32_t *dist, double k, int32_t *out,
                                     amz_error *err)
{
    graph g = tile_graph(d);
    return run_flee(&g, dist, k, out, err);
}
