/* queue.h — a growable FIFO ring of 64-bit items for breadth-first searches. */
#ifndef AMZ_CORE_QUEUE_H
#define AMZ_CORE_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct queue {
    uint64_t *items;
    size_t head, count, cap;
} queue;

/* Appends v, doubling the ring when full. False on allocation failure (queue intact). */
bool queue_push_slow(queue *q, uint64_t v);

static inline bool queue_push(queue *q, uint64_t v)
{
    if (q->count == q->cap)
        return queue_push_slow(q, v);
    size_t tail = q->head + q->count;
    if (tail >= q->cap)
        tail -= q->cap;
    q->items[tail] = v;
    q->count++;
    return true;
}

static inline uint64_t queue_pop(queue *q)
{
    uint64_t v = q->items[q->head];
    if (++q->head == q->cap)
        q->head = 0;
    q->count--;
    return v;
}

void queue_free(queue *q);

/* Packs a cell position for the queue: (y << 32) | x. */
static inline uint64_t queue_xy(int32_t x, int32_t y)
{
    return ((uint64_t)(uint32_t)y << 32) | (uint32_t)x;
}

#endif
