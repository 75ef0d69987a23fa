/* dungeon_cli.h — what `amaze dungeon` (cmd_dungeon.c) and `amaze play --dungeon`
 * (play_dungeon.c) share. */
#ifndef AMZ_CLI_DUNGEON_CLI_H
#define AMZ_CLI_DUNGEON_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze.h"

/* Loads the dungeon named by argv[optind] (none or '-' = standard input, refused on
 * a terminal) within the memory limit (--max-memory, 0 = default); prints the error. */
int dcli_load(const char *cmd, int argc, char **argv, uint64_t max_memory, amz_dungeon *d);
/* The same for a path ('-' = standard input). */
int dcli_load_path(const char *path, uint64_t max_memory, amz_dungeon *d);

/* A Dijkstra map (flee NULL) or flee map to write as numbers (dijkstra_out.c), one line
 * (or JSON array) a row; wall(ctx, i) tells a wall or removed cell from a cell no goal reaches. */
typedef struct cli_map {
    int64_t w, h;
    const uint32_t *dist;
    const int32_t *flee;
    bool json;
    bool (*wall)(const void *ctx, int64_t i);
    const void *ctx;
    /* NULL: h rows of w cells. Else h rows, row r the cells row0[r] .. row0[r+1]-1 (a
     * maze of levels, an octagon grid's squares, polar rings: its cells in id order). */
    const int64_t *row0;
} cli_map;
/* Writes it to path (NULL or '-' = standard output) atomically. */
int cli_write_map(const char *cmd, const char *path, const cli_map *mp);

/* `amaze solve --dijkstra GOALS [--flee K]` (solve_dijkstra.c) on a loaded maze. */
typedef struct cli_dijkstra_args {
    const char *goals, *output, *format;
    double flee; /* 0 = a plain Dijkstra map */
    uint64_t max_memory;
} cli_dijkstra_args;
int cli_solve_dijkstra(const char *cmd, const amz_maze *m, const cli_dijkstra_args *a);

#endif
