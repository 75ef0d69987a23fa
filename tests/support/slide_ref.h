/* slide_ref.h — reference code for the sliding-puzzle tests, written independently of
 * src/slide/: its own move rules, replay, and an exhaustive breadth-first search over
 * every arrangement of a small board (ranked by their Lehmer code), so the tests never
 * check the library against itself. */
#ifndef AMZ_SLIDE_REF_H
#define AMZ_SLIDE_REF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "amaze.h"

/* Goal tile of a cell for either convention. */
static inline int ref_goal_tile(int rows, int cols, amz_slide_goal goal, int cell)
{
    int n = rows * cols;
    if (goal == AMZ_SLIDE_BLANK_FIRST)
        return cell;
    return cell == n - 1 ? 0 : cell + 1;
}

/* Replays moves on tiles[] (cell order) with its own rules; false on an illegal move. */
static inline bool ref_replay(int rows, int cols, uint16_t *tiles, const char *moves)
{
    int n = rows * cols, b = 0;
    while (tiles[b])
        b++;
    for (const char *m = moves; *m; m++) {
        int r = b / cols, c = b % cols, to;
        switch (*m) {
        case 'U': to = r > 0 ? b - cols : -1; break;
        case 'D': to = r < rows - 1 ? b + cols : -1; break;
        case 'L': to = c > 0 ? b - 1 : -1; break;
        case 'R': to = c < cols - 1 ? b + 1 : -1; break;
        default: return false;
        }
        if (to < 0 || to >= n)
            return false;
        tiles[b] = tiles[to];
        tiles[to] = 0;
        b = to;
    }
    return true;
}

/* True when moves take board b to its goal (checked with the reference rules). */
static inline bool ref_solves(const amz_slide_board *b, const char *moves)
{
    uint16_t t[AMZ_SLIDE_MAX_CELLS];
    int n = b->rows * b->cols;
    memcpy(t, b->tiles, sizeof t);
    if (!ref_replay(b->rows, b->cols, t, moves))
        return false;
    for (int c = 0; c < n; c++)
        if (t[c] != ref_goal_tile(b->rows, b->cols, b->goal, c))
            return false;
    return true;
}

/* Sum of Manhattan distances of the tiles (reference). */
static inline int ref_manhattan(const amz_slide_board *b)
{
    int n = b->rows * b->cols, sum = 0;
    for (int c = 0; c < n; c++) {
        int t = b->tiles[c];
        if (!t)
            continue;
        int g = 0;
        while (ref_goal_tile(b->rows, b->cols, b->goal, g) != t)
            g++;
        sum += abs(c / b->cols - g / b->cols) + abs(c % b->cols - g % b->cols);
    }
    return sum;
}

/* Lehmer rank of a permutation of 0..n-1 (n <= 12). */
static inline uint32_t ref_rank(const uint16_t *p, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++) {
        int smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += p[j] < p[i];
        r = r * (uint32_t)(n - i) + (uint32_t)smaller;
    }
    return r;
}

static inline void ref_unrank(uint32_t r, uint16_t *p, int n)
{
    int digits[12];
    for (int i = n - 1; i >= 0; i--) {
        digits[i] = (int)(r % (uint32_t)(n - i));
        r /= (uint32_t)(n - i);
    }
    bool used[12] = {false};
    for (int i = 0; i < n; i++) {
        int k = digits[i], v = 0;
        for (;; v++)
            if (!used[v] && k-- == 0)
                break;
        used[v] = true;
        p[i] = (uint16_t)v;
    }
}

/* Distances from the goal of every arrangement of a board of at most 9 cells (int8,
 * -1 = unreachable), by breadth-first search with the reference move rules. Caller
 * frees. */
static inline int8_t *ref_bfs(int rows, int cols, amz_slide_goal goal, uint32_t *count)
{
    int n = rows * cols;
    uint32_t total = 1;
    for (int i = 2; i <= n; i++)
        total *= (uint32_t)i;
    int8_t *dist = malloc(total);
    uint32_t *queue = malloc(total * sizeof *queue);
    memset(dist, -1, total);
    uint16_t p[12];
    for (int c = 0; c < n; c++)
        p[c] = (uint16_t)ref_goal_tile(rows, cols, goal, c);
    uint32_t head = 0, tail = 0;
    uint32_t g = ref_rank(p, n);
    dist[g] = 0;
    queue[tail++] = g;
    while (head < tail) {
        uint32_t s = queue[head++];
        ref_unrank(s, p, n);
        for (int m = 0; m < 4; m++) {
            uint16_t q[12];
            memcpy(q, p, sizeof q);
            char mv[2] = {"UDLR"[m], 0};
            if (!ref_replay(rows, cols, q, mv))
                continue;
            uint32_t t = ref_rank(q, n);
            if (dist[t] < 0) {
                dist[t] = (int8_t)(dist[s] + 1);
                queue[tail++] = t;
            }
        }
    }
    free(queue);
    *count = tail;
    return dist;
}

#endif
