/* graphcheck.c — test helper for the CLI scripts: checks a maze from its JSON with
 * "neighbors" (amaze generate|solve --graph) knowing nothing of grids and without
 * libamaze: "cells" masks and "neighbors" lists agree, the lists are symmetric, every
 * open bit names a neighbour whose mask opens the way back, then a BFS over open
 * passages from "start" to "goal". Prints "CELLS PASSAGES PARTS DISTANCE" (-1: goal
 * not reached). Exit 1 with a message on any inconsistency, 2 on unreadable input.
 *   graphcheck FILE */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file, NUL-terminated. */
static char *slurp(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    for (size_t k; s && (k = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += k;
        if (n + 1 == cap)
            s = realloc(s, cap *= 2);
    }
    if (f != stdin)
        fclose(f);
    if (s)
        s[n] = 0;
    return s;
}

/* The text right after "key": in s, or NULL. */
static const char *after_key(const char *s, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(s, pat);
    return p ? p + strlen(pat) : NULL;
}

/* Reads the integers of a flat array at p ("[1,2,...]") into a growing list. */
static long *int_array(const char **pp, long *n)
{
    const char *p = *pp;
    long cap = 64, k = 0, *v = malloc((size_t)cap * sizeof *v);
    if (*p++ != '[')
        return NULL;
    while (*p && *p != ']') {
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p)
            return NULL;
        if (k == cap)
            v = realloc(v, (size_t)(cap *= 2) * sizeof *v);
        v[k++] = x;
        p = *end == ',' ? end + 1 : end;
    }
    *pp = *p ? p + 1 : p;
    *n = k;
    return v;
}

static int bad(const char *msg, long c, long d)
{
    fprintf(stderr, "graphcheck: cell %ld direction %ld: %s\n", c, d, msg);
    return 1;
}

int main(int argc, char **argv)
{
    char *s = argc == 2 ? slurp(argv[1]) : NULL;
    const char *pc = s ? after_key(s, "cells") : NULL, *pn = s ? after_key(s, "neighbors") : NULL;
    const char *ps = s ? after_key(s, "start") : NULL, *pg = s ? after_key(s, "goal") : NULL;
    if (!pc || !pn || !ps || !pg) {
        fprintf(stderr, "usage: graphcheck FILE (maze JSON with cells, neighbors, start, goal)\n");
        return 2;
    }
    long n, *mask = int_array(&pc, &n), start = strtol(ps, NULL, 10), goal = strtol(pg, NULL, 10);
    if (!mask || *pn != '[')
        return 2;
    pn++;
    long *nb = NULL, nd = -1;
    for (long c = 0; c < n; c++) {
        long k, *row = int_array(&pn, &k);
        if (!row || (nd >= 0 && k != nd))
            return bad("neighbour lists of different lengths", c, k);
        if (nd < 0) {
            nd = k;
            nb = malloc((size_t)(n * nd) * sizeof *nb);
        }
        memcpy(nb + c * nd, row, (size_t)nd * sizeof *row);
        free(row);
        if (*pn == ',')
            pn++;
    }
    if (*pn != ']')
        return bad("more neighbour lists than cells", n, 0);
    long passages = 0, parts = 0;
    for (long c = 0; c < n; c++)
        for (long d = 0; d < nd; d++) {
            long o = nb[c * nd + d];
            bool open = mask[c] >= 0 && (mask[c] >> d & 1);
            if (o < -1 || o >= n)
                return bad("neighbour id out of range", c, d);
            if (o >= 0 && (mask[c] < 0 || mask[o] < 0))
                return bad("a removed cell has a neighbour", c, d);
            if (open && o < 0)
                return bad("open towards no neighbour", c, d);
            if (o < 0)
                continue;
            long back = -1; /* o's direction that leads back to c */
            for (long e = 0; e < nd; e++)
                if (nb[o * nd + e] == c)
                    back = back < 0 ? e : back;
            if (back < 0)
                return bad("not symmetric: the neighbour does not list the cell", c, d);
            if (open != (mask[o] >> back & 1))
                return bad("open on one side only", c, d);
            passages += open && o > c;
        }
    /* BFS from the start (and a flood of every part for the count). */
    long *dist = malloc((size_t)n * sizeof *dist), *q = malloc((size_t)n * sizeof *q), sol = -1;
    for (long c = 0; c < n; c++)
        dist[c] = -1;
    for (long pass = 0; pass <= n; pass++) {
        long seed = pass == 0 ? start : pass - 1;
        if (seed < 0 || seed >= n || mask[seed] < 0 || dist[seed] >= 0)
            continue;
        parts++;
        long head = 0, tail = 0;
        dist[seed] = 0;
        q[tail++] = seed;
        while (head < tail) {
            long c = q[head++];
            for (long d = 0; d < nd; d++)
                if (mask[c] >> d & 1 && dist[nb[c * nd + d]] < 0) {
                    dist[nb[c * nd + d]] = dist[c] + 1;
                    q[tail++] = nb[c * nd + d];
                }
        }
        if (pass == 0 && goal >= 0 && goal < n)
            sol = dist[goal]; /* the start's part is done; the other parts do not reach it */
    }
    long count = 0;
    for (long c = 0; c < n; c++)
        count += mask[c] >= 0;
    printf("%ld %ld %ld %ld\n", count, passages, parts, sol);
    free(dist);
    free(q);
    return 0;
}
