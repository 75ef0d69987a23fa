/* replay.c — events for a maze built off screen: the post-processing steps (unicursal,
 * symmetry) make their maze from a helper grid the observer never saw, then tell it
 * breadth first from the start, so an animation draws the finished maze growing and a
 * cancel leaves exactly the passages told (observer.h's contract). */
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "gen/gen_impl.h"

/* Visits one tree from root: VISIT the root, then for each cell taken from the queue a
 * CARVE and VISIT for each passage of `full` to a cell not yet seen. */
static int tell_from(amz_maze *m, const amz_maze *full, amz_cell root, uint64_t *seen, queue *q,
                     const amz_observer *obs, bool *nomem)
{
    bits_set(seen, (uint64_t)root);
    if (obs_stop(obs, AMZ_EV_VISIT, root))
        return 1;
    if (!queue_push(q, (uint64_t)root))
        return *nomem = true, 1;
    while (q->count) {
        amz_cell c = (amz_cell)queue_pop(q);
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = amz_maze_neighbor(full, c, d);
            if (nb == AMZ_NO_CELL || bits_get(seen, (uint64_t)nb) || !amz_maze_passage(full, c, d))
                continue;
            bits_set(seen, (uint64_t)nb);
            amz_maze_set_passage(m, c, d, true, NULL);
            if (obs_emit(obs, AMZ_EV_CARVE, c, d, nb) || obs_stop(obs, AMZ_EV_VISIT, nb))
                return 1;
            if (!queue_push(q, (uint64_t)nb))
                return *nomem = true, 1;
        }
    }
    return 0;
}

amz_status gen_replay(amz_maze *m, const amz_observer *obs, const char *what, amz_error *err)
{
    /* Without an observer that wants steps there is nothing to tell, and the maze is
     * left as made (no copy, no clearing). */
    if (!obs_wants_steps(obs))
        return AMZ_OK;
    /* The finished maze is copied aside and m cleared; m then regains exactly the
     * passages told so far, so after a cancel it holds what the observer saw. */
    amz_maze full;
    amz_status st = amz_maze_copy(&full, m, err);
    if (st)
        return st;
    uint64_t *seen = amz_calloc(bits_words((uint64_t)m->ncells), sizeof *seen);
    queue q = {0};
    bool nomem = !seen, stop = nomem;
    amz_maze_clear(m);
    /* The start's tree first, then any other part in reading order; passages that
     * close loops (none in the trees these steps make) last. */
    if (!stop && amz_maze_exists(m, m->start))
        stop = tell_from(m, &full, m->start, seen, &q, obs, &nomem);
    for (amz_cell c = 0; !stop && c < m->ncells; c++)
        if (amz_maze_exists(m, c) && !bits_get(seen, (uint64_t)c))
            stop = tell_from(m, &full, c, seen, &q, obs, &nomem);
    for (amz_cell c = 0; !stop && c < m->ncells; c++)
        for (int d = 0; !stop && d < m->ndirs; d++)
            if (amz_maze_passage(&full, c, d) && !amz_maze_passage(m, c, d)) {
                amz_maze_set_passage(m, c, d, true, NULL);
                stop = obs_emit(obs, AMZ_EV_CARVE, c, d, amz_maze_neighbor(m, c, d)) != 0;
            }
    queue_free(&q);
    amz_free(seen);
    amz_maze_deinit(&full);
    if (nomem)
        return amz_errorf(err, AMZ_ENOMEM, "%s: no memory to tell the observer", what);
    return stop ? amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", what) : AMZ_OK;
}

int gen_dir_to(const amz_maze *m, amz_cell a, amz_cell b)
{
    for (int d = 0; d < m->ndirs; d++)
        if (b != AMZ_NO_CELL && amz_maze_neighbor(m, a, d) == b)
            return d;
    return -1;
}
