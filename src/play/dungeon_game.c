/* dungeon_game.c — the dungeon walk's rules (dungeon_game.h): a dungeon turned into the
 * maze model the maze runner already plays (amaze/maze.h: removed cells for walls,
 * passages between walkable neighbours), and rooms lit on entry, as Rogue (1980) lights
 * a room the moment the player steps in. */
#include <string.h>

#include "amaze/alloc.h"
#include "play/dungeon_game.h"

static void light(dungeon_game *g)
{
    const unsigned room = amz_dtile_room(((const uint16_t *)g->d.tiles.data)[g->g.pos]);
    if (room)
        g->lit[room / 64] |= (uint64_t)1 << (room % 64);
}

amz_status dungeon_game_init(dungeon_game *g, const amz_dungeon *d, amz_error *err)
{
    memset(g, 0, sizeof *g);
    amz_maze m;
    amz_status st = amz_maze_init(&m, AMZ_TOPO_SQUARE, d->width, d->height, err);
    if (st)
        return st;
    const uint16_t *t = d->tiles.data;
    for (amz_cell c = 0; st == AMZ_OK && c < m.ncells; c++)
        if (!amz_dtile_walkable(t[c]))
            st = amz_maze_set_exists(&m, c, false, err);
    /* Owned edges only (east and south): each passage is set once. */
    for (amz_cell c = 0; st == AMZ_OK && c < m.ncells; c++)
        for (int dir = AMZ_SQ_E; st == AMZ_OK && dir <= AMZ_SQ_S; dir++)
            if (amz_dtile_walkable(t[c]) && amz_maze_neighbor(&m, c, dir) != AMZ_NO_CELL)
                st = amz_maze_set_passage(&m, c, dir, true, err);
    if (st == AMZ_OK)
        st = amz_maze_set_ends(&m, (amz_cell)d->up_y * d->width + d->up_x, (amz_cell)d->down_y * d->width + d->down_x,
                               err);
    if (st == AMZ_OK)
        st = maze_game_init(&g->g, &m, err);
    amz_maze_deinit(&m);
    if (st == AMZ_OK && (st = amz_packed_init(&g->d.tiles, &d->tiles.fmt, d->tiles.count, err)) == AMZ_OK) {
        memcpy(g->d.tiles.data, d->tiles.data, (size_t)amz_packed_bytes(&d->tiles));
        g->d.width = d->width;
        g->d.height = d->height;
        g->d.up_x = d->up_x, g->d.up_y = d->up_y, g->d.down_x = d->down_x, g->d.down_y = d->down_y;
        g->d.options = d->options;
        g->lit = amz_calloc(AMZ_DUNGEON_MAX_ROOMS / 64 + 1, sizeof *g->lit);
        if (!g->lit)
            st = AMZ_ENOMEM;
    }
    if (st) {
        dungeon_game_deinit(g);
        return st;
    }
    light(g);
    return AMZ_OK;
}

void dungeon_game_deinit(dungeon_game *g)
{
    maze_game_deinit(&g->g);
    amz_packed_deinit(&g->d.tiles);
    amz_free(g->lit);
    memset(g, 0, sizeof *g);
}

maze_move_result dungeon_game_move(dungeon_game *g, int dir, int64_t now_ms)
{
    maze_move_result r = maze_game_move(&g->g, dir, now_ms);
    if (r == MAZE_MOVED)
        light(g);
    return r;
}

void dungeon_game_restart(dungeon_game *g)
{
    maze_game_restart(&g->g);
    memset(g->lit, 0, (AMZ_DUNGEON_MAX_ROOMS / 64 + 1) * sizeof *g->lit);
    light(g);
}

bool dungeon_game_undo(dungeon_game *g)
{
    return maze_game_undo(&g->g);
}

static bool lit_room(const dungeon_game *g, int32_t x, int32_t y)
{
    const unsigned room = amz_dtile_room(amz_dungeon_tile(&g->d, x, y));
    return room && (g->lit[room / 64] >> (room % 64) & 1);
}

static bool floor_seen(const dungeon_game *g, int32_t x, int32_t y)
{
    return amz_dtile_walkable(amz_dungeon_tile(&g->d, x, y)) &&
           (lit_room(g, x, y) || maze_game_seen(&g->g, (amz_cell)y * g->d.width + x));
}

bool dungeon_game_seen(const dungeon_game *g, int32_t x, int32_t y)
{
    if (floor_seen(g, x, y))
        return true;
    /* A lit room shows its walls and doors; a wall shows beside any floor seen. */
    const bool wall = !amz_dtile_walkable(amz_dungeon_tile(&g->d, x, y));
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (lit_room(g, x + dx, y + dy) || (wall && floor_seen(g, x + dx, y + dy)))
                return true;
    return false;
}
