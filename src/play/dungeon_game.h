/* dungeon_game.h — walking a dungeon from the up to the down stairs, free of any user
 * interface: the maze runner's rules (maze_game.h) on the dungeon's walkable tiles as
 * a square maze (one cell a tile, walls removed cells, a passage between every two
 * walkable neighbours), plus the roguelike's fog of war: a tile is seen once the player
 * stood next to it, and a whole room once the player entered it. The ncurses front end
 * is src/cli/play_dungeon.c. */
#ifndef AMZ_PLAY_DUNGEON_GAME_H
#define AMZ_PLAY_DUNGEON_GAME_H

#include "play/maze_game.h"

typedef struct dungeon_game {
    maze_game g;       /* the rules: g.pos is the player's tile index (y * width + x) */
    amz_dungeon d;     /* owned copy of the dungeon */
    uint64_t *lit;     /* bit per room id (1..nrooms): entered */
} dungeon_game;

/* Starts at the up stairs with the goal on the down stairs. AMZ_ENOMEM, AMZ_ENOPATH
 * (stairs not joined). On error *g is zeroed. */
amz_status dungeon_game_init(dungeon_game *g, const amz_dungeon *d, amz_error *err);
void dungeon_game_deinit(dungeon_game *g);
/* A move in square direction dir (amaze/maze.h), lighting a room entered. */
maze_move_result dungeon_game_move(dungeon_game *g, int dir, int64_t now_ms);
/* Back to the up stairs, fog and moves cleared. */
void dungeon_game_restart(dungeon_game *g);
/* Takes back the last move (rooms stay lit: they were seen). */
bool dungeon_game_undo(dungeon_game *g);
/* True when the player has seen tile (x, y): a walkable tile seen by the rules or in a
 * lit room, or a wall beside such a tile. */
bool dungeon_game_seen(const dungeon_game *g, int32_t x, int32_t y);

#endif
