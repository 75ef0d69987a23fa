/* amaze/dungeon.h — roguelike dungeons: rooms joined by maze corridors, as a tile map.
 *
 * A dungeon is a width x height map of tiles (x from 0 at the left, y from 0 at the
 * top, tile i = y * width + x). It is made as in B. Nystrom's "Rooms and Mazes" (2014):
 *
 *   1. rooms of odd sides are placed at random on odd coordinates, never overlapping
 *      and never touching (at least one corridor cell between two rooms);
 *   2. the rest is filled with maze corridors by any generator that works around
 *      removed cells (the maze's cell (cx, cy) is tile (2cx+1, 2cy+1), its passages
 *      the tiles between; one maze per island the rooms leave);
 *   3. every room and corridor region is joined through doors: a random spanning tree
 *      over the wall tiles that lie between a room and a corridor, plus a door at
 *      other such tiles with the chance `loops` (never beside another door), so doors
 *      are only ever between a room and a corridor;
 *   4. a share `dead_ends` of the corridors' dead ends is filled back to the nearest
 *      junction (a corridor left with only its door goes, door included); a map where
 *      no room fits keeps its whole maze;
 *   5. the up stairs go on a random room tile, the down stairs on the room tile
 *      farthest from them (fewest steps), in another room where there is one.
 *
 * Movement is in the four directions; every floor, door and stairs tile is reachable
 * from the up stairs. Same version + seed + options = the same dungeon.
 *
 * Tiles are 16-bit words of a bit-field format (amaze/bitfmt.h), most significant
 * first:
 *
 *     bit 15   13 12                      0
 *        +-------+-------------------------+
 *        | kind  |          room           |    kind: amz_dtile_kind
 *        +-------+-------------------------+    room: 1..8191 inside room `room`, 0 elsewhere
 *
 * so `amz_dungeon_tile(d, x, y) >> 13` is the kind. Files (.amd, docs/TILES.md) hold a
 * header, the rooms and the tiles as one saved packed array, readable by any reader of
 * packed arrays. */
#ifndef AMAZE_DUNGEON_H
#define AMAZE_DUNGEON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/bitfmt.h"
#include "amaze/export.h"
#include "amaze/status.h"

typedef enum amz_dtile_kind {
    AMZ_DTILE_WALL = 0,  /* rock or wall: not walkable */
    AMZ_DTILE_FLOOR = 1, /* floor of a room (room != 0) or a corridor (room == 0) */
    AMZ_DTILE_DOOR = 2,  /* a door between a room and a corridor (room == 0) */
    AMZ_DTILE_UP = 3,    /* stairs up, on a room tile (room != 0) */
    AMZ_DTILE_DOWN = 4   /* stairs down */
} amz_dtile_kind;
#define AMZ_DTILE_KINDS 5

#define AMZ_DUNGEON_KIND_SHIFT 13
#define AMZ_DUNGEON_ROOM_MASK 0x1fffu
#define AMZ_DUNGEON_MAX_ROOMS 8191
/* Sides of 5 .. 2^20 tiles and at most 2^32 tiles. */
#define AMZ_DUNGEON_MIN_SIDE 5
#define AMZ_DUNGEON_MAX_SIDE (1 << 20)
#define AMZ_DUNGEON_MAX_TILES ((uint64_t)1 << 32)

/* The tile format {kind:3, room:13} in a 16-bit word (static, never NULL). */
AMZ_API const amz_bitfmt *amz_dungeon_format(void);
/* "wall", "floor", "door", "up", "down"; NULL for an unknown kind. */
AMZ_API const char *amz_dtile_kind_name(unsigned kind);
/* The tile word of kind k in room r (0 = none); no check of ranges. */
static inline uint16_t amz_dtile_make(unsigned kind, unsigned room)
{
    return (uint16_t)((kind << AMZ_DUNGEON_KIND_SHIFT) | (room & AMZ_DUNGEON_ROOM_MASK));
}
static inline unsigned amz_dtile_kind_of(uint16_t tile)
{
    return (unsigned)tile >> AMZ_DUNGEON_KIND_SHIFT;
}
static inline unsigned amz_dtile_room(uint16_t tile)
{
    return tile & AMZ_DUNGEON_ROOM_MASK;
}
/* Floor, door or stairs. */
static inline bool amz_dtile_walkable(uint16_t tile)
{
    return tile >> AMZ_DUNGEON_KIND_SHIFT != AMZ_DTILE_WALL;
}

typedef struct amz_dungeon_options {
    uint64_t seed;
    uint32_t rooms;        /* rooms wanted, 0..8191; default: one per 400 tiles, at least 1 (fewer are
                              placed when they do not fit: 200 tries a room) */
    int32_t room_min;      /* room sides in tiles, odd, 3 <= room_min <= room_max; default 5 and 13 */
    int32_t room_max;
    const char *generator; /* the corridors' maze generator (amaze/gen.h); must work around removed
                              cells; NULL = "backtracker". Not owned. */
    double loops;          /* 0..1: chance of a door at each other room-corridor wall tile once all are
                              joined (default 0.05) */
    double dead_ends;      /* 0..1: share of the corridors' dead ends filled (default 1: none left) */
} amz_dungeon_options;

typedef struct amz_dungeon_room {
    int32_t x, y, w, h; /* its floor: tiles x .. x+w-1, y .. y+h-1 (odd x, y, w, h) */
} amz_dungeon_room;

/* A dungeon. Caller-owned: amz_dungeon_generate or amz_dungeon_read fill it,
 * amz_dungeon_deinit frees it. Room i (from 0) has id i + 1 in the tiles. */
typedef struct amz_dungeon {
    int32_t width, height;
    amz_dungeon_options options; /* what made it (generator: a static name, or NULL) */
    amz_packed tiles;            /* width * height words of amz_dungeon_format() */
    uint32_t nrooms;
    amz_dungeon_room *rooms;     /* nrooms (owned; NULL when 0) */
    int32_t up_x, up_y, down_x, down_y;
} amz_dungeon;

/* Defaults as documented per field (seed 0). */
AMZ_API void amz_dungeon_options_init(amz_dungeon_options *o);
/* AMZ_OK, or AMZ_ERANGE / AMZ_ENOTFOUND / AMZ_EUNSUPPORTED (a generator that cannot work
 * around rooms) naming the field. */
AMZ_API amz_status amz_dungeon_options_check(const amz_dungeon_options *o, amz_error *err);
/* Peak bytes amz_dungeon_generate needs for a width x height dungeon (UINT64_MAX for an
 * impossible size): the tiles (2 bytes a tile) and the working labels (4 bytes a tile),
 * the corridors' maze and its generator. For memory guards. */
AMZ_API uint64_t amz_dungeon_memory_estimate(int64_t width, int64_t height, const amz_dungeon_options *o);

/* Makes a dungeon into an uninitialised d (o NULL = defaults). AMZ_ERANGE for a side
 * outside 5..2^20, more than 2^32 tiles or a room larger than the map, the option
 * errors above, AMZ_ENOMEM; on error d is zeroed. Time O(tiles). */
AMZ_API amz_status amz_dungeon_generate(amz_dungeon *d, int64_t width, int64_t height,
                                        const amz_dungeon_options *o, amz_error *err);
/* Frees what d owns and zeroes it; safe on a zeroed dungeon. */
AMZ_API void amz_dungeon_deinit(amz_dungeon *d);
/* The tile at (x, y), or a wall outside the map. O(1). */
AMZ_API uint16_t amz_dungeon_tile(const amz_dungeon *d, int64_t x, int64_t y);
/* True when a and b have the same size, tiles, rooms and stairs. */
AMZ_API bool amz_dungeon_equal(const amz_dungeon *a, const amz_dungeon *b);

/* ---- statistics ---- */

typedef struct amz_dungeon_stats {
    uint64_t tiles, floor;  /* all tiles; walkable ones (floor, doors, stairs) */
    uint64_t room_tiles;    /* walkable tiles inside rooms */
    uint64_t corridor;      /* corridor floor tiles */
    uint64_t doors, dead_ends; /* dead ends: corridor tiles with one walkable neighbour */
    uint32_t rooms;
    double corridor_share;  /* corridor / floor */
    uint64_t stairs_path;   /* fewest steps from the up to the down stairs */
    uint64_t longest;       /* the most steps from the up stairs to any tile */
} amz_dungeon_stats;

/* Counts what d holds. AMZ_ENOMEM (4 bytes a tile for the search), AMZ_EFORMAT if the
 * stairs are not joined. O(tiles). */
AMZ_API amz_status amz_dungeon_stats_compute(const amz_dungeon *d, amz_dungeon_stats *s, amz_error *err);

/* ---- checks ---- */

/* The promises above, checked from the tiles: rooms inside the map, apart and with the
 * ids of their tiles; doors only between a room tile and a corridor tile; stairs on
 * room tiles; every walkable tile reachable from the up stairs. AMZ_EFORMAT naming the
 * first broken one, AMZ_ENOMEM. The readers run it on every file. O(tiles). */
AMZ_API amz_status amz_dungeon_validate(const amz_dungeon *d, amz_error *err);

/* ---- .amd files (byte layout in docs/TILES.md) ---- */

/* Writes d as .amd. AMZ_EIO if writing fails. */
AMZ_API amz_status amz_dungeon_write(const amz_dungeon *d, FILE *f, amz_error *err);
/* Reads one .amd dungeon from f into an uninitialised d; refuses (AMZ_ENOMEM) one of
 * more than max_bytes of tiles (0 = no limit) and, from a regular file, one whose
 * claimed size the file cannot hold, before allocating. AMZ_EFORMAT naming the problem
 * (magic, version, sizes, options, checksums, tile format, rooms, a broken promise,
 * truncation), AMZ_EIO. On error d is zeroed. */
AMZ_API amz_status amz_dungeon_read(FILE *f, amz_dungeon *d, uint64_t max_bytes, amz_error *err);
/* Writes d to `path` atomically ("-" = standard output). */
AMZ_API amz_status amz_dungeon_save(const amz_dungeon *d, const char *path, amz_error *err);
/* Reads `path` ("-" = standard input), which must hold exactly one dungeon. Messages
 * start with the path. */
AMZ_API amz_status amz_dungeon_load(const char *path, amz_dungeon *d, uint64_t max_bytes, amz_error *err);

/* ---- text ---- */

/* The roguelike glyph of a tile: '#' wall next to a walkable tile, ' ' rock (a wall
 * with no walkable neighbour), '.' floor, '+' door, '<' up, '>' down. */
AMZ_API char amz_dungeon_glyph(const amz_dungeon *d, int64_t x, int64_t y);
/* Writes the map as text, one line a row; with colour, ANSI colours for walls, doors
 * and stairs (and rooms a shade lighter than corridors). AMZ_EIO. */
AMZ_API amz_status amz_dungeon_write_text(const amz_dungeon *d, bool color, FILE *f, amz_error *err);

#endif
