/* hash.c — what every terrain stage shares, kept apart so the stages and the driver
 * (terrain.c) call it from below and never each other in a circle: the position hash
 * and stream keys (splitmix64's finaliser, Steele, Lea & Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014) and the run's progress pacing. */
#include "amaze/terrain.h"
#include "terrain/terrain_impl.h"

/* Keys of independent streams: the finaliser spreads seed ^ salt over all 64 bits, so
 * seeds that differ in one bit give unrelated keys (the avalanche of splitmix64). */
uint64_t amz_terrain_key(uint64_t seed, uint64_t salt)
{
    return terrain_mix(seed ^ salt);
}

uint64_t amz_terrain_hash(uint64_t key, int64_t x, int64_t y)
{
    return terrain_hash(key, x, y);
}

/* memset first: the struct is compared and stored whole (the .amt round trip test
 * compares it with memcmp), so padding must be zero too. */
/* ---- progress ---- */

/* About 1000 PROGRESS events a run whatever its size: the observer's cost stays
 * negligible, and without one the check is a single branch. */
void terrain_progress_init(terrain_progress *p, const amz_observer *obs, uint64_t total)
{
    p->obs = obs_normalize(obs);
    p->base = 0;
    p->total = total ? total : 1;
    p->step = p->total / 1000 ? p->total / 1000 : 1;
    p->next = p->step;
    p->cancelled = false;
}

/* Stages may report out of step with the pacing (a stage that skips ahead, the
 * threaded pass that reports for all its workers): the count is clamped to the total
 * and the next boundary moves from where it is. */
bool terrain_progress_at(terrain_progress *p, uint64_t done)
{
    if (p->cancelled)
        return false;
    if (!p->obs)
        return true;
    uint64_t at = p->base + done;
    if (at < p->next)
        return true;
    p->next = at + p->step;
    if (obs_emit_index(p->obs, AMZ_EV_PROGRESS, AMZ_NO_CELL, at < p->total ? at : p->total, p->total))
        p->cancelled = true;
    return !p->cancelled;
}

