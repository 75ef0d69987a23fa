/* observe.h — private helpers for emitting observer events from algorithm loops.
 * Callers test `obs` first (NULL when nobody watches), so an unobserved run pays one
 * predictable branch per event site. */
#ifndef AMZ_CORE_OBSERVE_H
#define AMZ_CORE_OBSERVE_H

#include <stdbool.h>

#include "amaze/observer.h"

static inline int obs_emit(const amz_observer *obs, amz_event_type t, amz_cell cell, int dir, amz_cell other)
{
    amz_event ev = {t, cell, other, dir, 0, 0};
    return obs->fn(obs->ctx, &ev);
}

static inline int obs_emit_index(const amz_observer *obs, amz_event_type t, amz_cell cell, uint64_t index,
                                 uint64_t total)
{
    amz_event ev = {t, cell, AMZ_NO_CELL, -1, index, total};
    return obs->fn(obs->ctx, &ev);
}

/* Sends event t about cell c (no direction, no other cell) if anyone watches; true
 * when the observer asks to stop. The one form of "emit, and cancel if told". */
static inline bool obs_stop(const amz_observer *obs, amz_event_type t, amz_cell c)
{
    return obs && obs_emit(obs, t, c, -1, AMZ_NO_CELL) != 0;
}

/* Progress pacing: about 1000 PROGRESS events a run. */
typedef struct obs_progress {
    uint64_t done, next, step, total;
} obs_progress;

static inline void obs_progress_init(obs_progress *p, uint64_t total)
{
    p->done = 0;
    p->total = total;
    p->step = total / 1000 ? total / 1000 : 1;
    p->next = p->step;
}

/* Counts one unit; emits PROGRESS when a step boundary is crossed. Non-zero = cancel. */
static inline int obs_progress_tick(const amz_observer *obs, obs_progress *p)
{
    if (++p->done < p->next)
        return 0;
    p->next += p->step;
    return obs_emit_index(obs, AMZ_EV_PROGRESS, AMZ_NO_CELL, p->done, p->total);
}

/* Row loops: PROGRESS after row y (from 0) of h rows of w cells, at about 1000 row
 * ends a run and always after the last. Non-zero = cancel. */
static inline int obs_row_done(const amz_observer *obs, int64_t y, int64_t h, int64_t w)
{
    const uint64_t step = (uint64_t)h / 1000 ? (uint64_t)h / 1000 : 1;
    if ((uint64_t)(y + 1) % step != 0 && y + 1 != h)
        return 0;
    return obs_emit_index(obs, AMZ_EV_PROGRESS, AMZ_NO_CELL, (uint64_t)(y + 1) * (uint64_t)w,
                          (uint64_t)h * (uint64_t)w);
}

/* True if obs (normalised) wants more than PROGRESS: the step-by-step form must run. */
static inline bool obs_wants_steps(const amz_observer *obs)
{
    return obs && (obs->events == 0 || (obs->events & ~(uint32_t)AMZ_EVENTS_PROGRESS) != 0);
}

/* A NULL-or-empty observer becomes NULL so loops test one pointer. */
static inline const amz_observer *obs_normalize(const amz_observer *obs)
{
    return obs && obs->fn ? obs : NULL;
}

#endif
