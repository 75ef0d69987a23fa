/* queue.c — growth path of the FIFO ring (the fast paths are inline in queue.h).
 * Invariant of a queue: items[(head + i) mod cap] for i < count are the live items,
 * oldest first; cap == 0 means items is NULL (a zeroed queue is a valid empty one). */
#include "core/queue.h"

#include "amaze/alloc.h"

bool queue_push_slow(queue *q, uint64_t v)
{
    /* Doubling keeps pushes amortised O(1); 1024 first so that small searches grow
     * once or twice, not ten times. */
    size_t ncap = q->cap ? q->cap * 2 : 1024;
    if (ncap > SIZE_MAX / sizeof(uint64_t))
        return false;
    uint64_t *n = amz_malloc(ncap * sizeof *n);
    if (!n)
        return false;
    /* Unwrap the ring into the new block oldest first, so the copy starts at head 0;
     * the old block is freed only after the copy, so a failure above leaves q intact. */
    for (size_t i = 0; i < q->count; i++) {
        size_t j = q->head + i;
        n[i] = q->items[j >= q->cap ? j - q->cap : j];
    }
    amz_free(q->items);
    q->items = n;
    q->head = 0;
    q->cap = ncap;
    /* Now count < cap, so this takes the fast path. */
    return queue_push(q, v);
}

/* Frees the ring and leaves q as a zeroed, reusable empty queue. */
void queue_free(queue *q)
{
    amz_free(q->items);
    q->items = NULL;
    q->head = q->count = q->cap = 0;
}
