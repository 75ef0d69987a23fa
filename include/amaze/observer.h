/* amaze/observer.h — watching an algorithm work, one event at a time.
 *
 * Generators and solvers take an optional observer. With none (NULL, or fn == NULL)
 * the cost is one predictable branch per step. Animations, progress bars and the web
 * page are all observers: the algorithm is written once.
 *
 * Events, in the order an algorithm makes them:
 *   VISIT(cell)              cell is reached for the first time: a generator adds it to
 *                            the maze (every generator: once per cell it carves, row
 *                            generators and wall adders included), a solver explores it.
 *                            For walkers (backtracker, hunt-and-kill's walk, DFS) the
 *                            head is now at `cell`.
 *   CARVE(cell, dir, other)  the passage from cell in direction dir to other opens
 *                            (braiding's openings too).
 *   WALL(cell, dir, other)   that passage closes (wall adders such as recursive division,
 *                            which first CARVE the open field).
 *   ENTER(cell, other)       a head moves into cell without adding it, coming from other:
 *                            over cells already visited (aldous-broder, wall follower,
 *                            Tremaux meeting a visited cell), or over cells not yet added
 *                            (Wilson's exploring walk, before its loops are erased).
 *   BACKTRACK(cell, other)   a head backs out of cell (a dead end, the breadcrumb retreat)
 *                            to other; other is AMZ_NO_CELL when a cell simply leaves a
 *                            list (growing-tree). Dead-end filling reports each filled
 *                            cell this way.
 *   FRONTIER(cell)           cell joins a frontier or queue (BFS, Prim).
 *   PATH(cell, index, total) the final path: cell number index (from 0) of total cells,
 *                            emitted from start to goal.
 *   PROGRESS(index, total)   index of total work units are done (sparse: about 1000
 *                            per run), for progress bars.
 *
 * Returning non-zero from the callback stops the algorithm, which then returns
 * AMZ_ECANCELED; the maze it was building is left valid but incomplete, holding exactly
 * the passages whose CARVE (and no later WALL) events were delivered.
 *
 * While a generator runs, the maze's passage bits are its scratch space (the
 * backtracker keeps parent directions there): observers track the maze from events,
 * not by reading the maze. */
#ifndef AMAZE_OBSERVER_H
#define AMAZE_OBSERVER_H

#include <stdint.h>

#include "amaze/maze.h"

typedef enum amz_event_type {
    AMZ_EV_VISIT = 0,
    AMZ_EV_CARVE = 1,
    AMZ_EV_WALL = 2,
    AMZ_EV_ENTER = 3,
    AMZ_EV_BACKTRACK = 4,
    AMZ_EV_FRONTIER = 5,
    AMZ_EV_PATH = 6,
    AMZ_EV_PROGRESS = 7
} amz_event_type;

typedef struct amz_event {
    amz_event_type type;
    amz_cell cell;  /* subject cell; AMZ_NO_CELL for PROGRESS */
    amz_cell other; /* second cell of CARVE, WALL, ENTER, BACKTRACK; else AMZ_NO_CELL */
    int dir;        /* direction from cell to other for CARVE and WALL; else -1 */
    uint64_t index; /* PATH: position on the path; PROGRESS: units done */
    uint64_t total; /* PATH: cells on the path; PROGRESS: total units */
} amz_event;

/* Called for each event; non-zero stops the algorithm (AMZ_ECANCELED). */
typedef int (*amz_observer_fn)(void *ctx, const amz_event *ev);

typedef struct amz_observer {
    amz_observer_fn fn;
    void *ctx;
    /* The events wanted: bit (1u << type) for each; 0 (the default) = all. An observer
     * that wants only PROGRESS (a progress bar) lets algorithms that have a faster
     * unobserved form (prim, kruskal) use it: they then emit only PROGRESS, and a cancel
     * leaves every passage closed. Others may still send unwanted events. */
    uint32_t events;
} amz_observer;

#define AMZ_EVENTS_PROGRESS (1u << AMZ_EV_PROGRESS)

/* Printable event name ("visit", "carve", ...); "?" for an unknown type. */
AMZ_API const char *amz_event_name(amz_event_type type);

#endif
