/* maze_game.h — the maze runner's rules, free of any user interface: a player on a
 * maze, moves refused by walls (the model's passage bits decide), undo, the visited and
 * seen cells (for --fog), win detection, the optimal length and the hint path. The
 * ncurses front end (src/cli/play_maze.c) only draws this state and feeds it keys. */
#ifndef AMZ_PLAY_MAZE_GAME_H
#define AMZ_PLAY_MAZE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze.h"

/* Result of a move request. */
typedef enum maze_move_result {
    MAZE_MOVED = 0,   /* the player stepped through an open passage */
    MAZE_WALL = 1,    /* a wall (or the border, or a removed cell) is in the way */
    MAZE_FINISHED = 2, /* the round is already won: nothing moves */
    MAZE_PAUSED = 3    /* the game is paused: nothing moves */
} maze_move_result;

typedef struct maze_game {
    amz_maze maze;       /* owned; a copy of the maze being played */
    amz_cell pos;        /* the player's cell */
    uint8_t *history;    /* direction of each move made, for undo */
    uint64_t moves;      /* moves made (undone ones taken back) = history length */
    uint64_t cap;        /* history capacity */
    uint64_t undos;      /* how many moves were undone */
    uint64_t *visited;   /* bit per cell: the player stood there */
    uint64_t *seen;      /* bit per cell: visited, or next to a visited cell through a passage */
    uint64_t nvisited;   /* cells visited */
    uint64_t optimal;    /* length of a shortest path start -> goal */
    bool won;            /* the player reached the goal */
    bool hinted;         /* the way was shown (maze_game_hint): this maze's time is no record,
                            even after a restart; a new maze starts clean */
    int64_t start_ms;    /* clock at the first move, -1 before it */
    int64_t end_ms;      /* clock at the win, -1 before it */
    int64_t pause_ms;    /* clock when the pause began, -1 when not paused */
    int64_t paused_ms;   /* time spent paused since the first move (off the clock) */
} maze_game;

/* Starts a round on a copy of m: the player on m->start, nothing visited but the start.
 * Computes the optimal length with BFS. Errors: AMZ_ENOMEM, AMZ_ENOPATH when the goal
 * cannot be reached from the start (a maze that cannot be won is refused). */
amz_status maze_game_init(maze_game *g, const amz_maze *m, amz_error *err);
/* Frees what the game owns; safe on a zeroed game. */
void maze_game_deinit(maze_game *g);
/* Back to the start of the same maze: moves, undo history, visited cells and timer cleared. */
void maze_game_restart(maze_game *g);
/* Tries to move one step in direction d (topology's numbering, see amaze/maze.h) at
 * time now_ms (a monotonic clock in milliseconds; the first move starts the timer, the
 * winning move stops it). AMZ_ENOMEM is reported as MAZE_WALL with *err set. */
maze_move_result maze_game_move(maze_game *g, int d, int64_t now_ms);
/* Takes back the last move (not after a win). False when there is nothing to undo. */
bool maze_game_undo(maze_game *g);
/* Pauses or resumes play at now_ms: while paused the clock stands and moves are
 * refused (MAZE_PAUSED). Returns the new state (true = paused). Not after a win. */
bool maze_game_pause(maze_game *g, int64_t now_ms);
/* Milliseconds of play at time now_ms: 0 before the first move, frozen at the win,
 * standing while paused, pauses not counted. */
int64_t maze_game_elapsed_ms(const maze_game *g, int64_t now_ms);
/* True when cell c was visited / is seen (c must be a cell of the maze). */
bool maze_game_visited(const maze_game *g, amz_cell c);
bool maze_game_seen(const maze_game *g, amz_cell c);
/* A shortest path from the player's cell to the goal, into *out (free with
 * amz_path_deinit). Marks the game hinted. Errors as amz_solve_run. */
amz_status maze_game_hint(maze_game *g, amz_path *out, amz_error *err);
/* Efficiency of a won round in percent: 100 * optimal / moves (100 for 0 moves). */
int maze_game_efficiency(const maze_game *g);

#endif
