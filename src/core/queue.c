/* queue.c — growth path of the FIFO ring (the fast paths are inline in queue.h). */
#include "core/queue.h"

#include "amaze/alloc.h"

bool amz_queue_push_slow(amz_queue *q, uint64_t v)
{
    size_t ncap = q->cap ? q->cap * 2 : 1024;
    if (ncap > SIZE_MAX / sizeof(uint64_t))
        return false;
    uint64_t *n = amz_malloc(ncap * sizeof *n);
    if (!n)
        return false;
    for (size_t i = 0; i < q->count; i++) {
        size_t j = q->head + i;
        n[i] = q->items[j >= q->cap ? j - q->cap : j];
    }
    amz_free(q->items);
    q->items = n;
    q->head = 0;
    q->cap = ncap;
    return amz_queue_push(q, v);
}

void amz_queue_free(amz_queue *q)
{
    amz_free(q->items);
    q->items = NULL;
    q->head = q->count = q->cap = 0;
}
