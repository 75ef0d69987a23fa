/* dungeon_impl.h — private helpers shared by the dungeon files (src/dungeon/) and its
 * reader (src/io/amd.c). Tiles are the raw 16-bit words; the map's border is wall, so
 * the four neighbours of a walkable tile are always inside the map. */
#ifndef AMZ_DUNGEON_IMPL_H
#define AMZ_DUNGEON_IMPL_H

#include "amaze/dungeon.h"

/* AMZ_ERANGE unless 5 <= sides <= 2^20 and tiles <= 2^32. */
amz_status dungeon_check_size(int64_t width, int64_t height, amz_error *err);
/* Rooms asked for by default: one a 400 tiles, at least 1, at most the id limit. */
uint32_t dungeon_default_rooms(int64_t width, int64_t height);
/* Walkable neighbours of walkable tile i. */
int dungeon_degree(const uint16_t *t, int32_t w, int64_t i);
/* A corridor floor tile with one walkable neighbour. */
bool dungeon_dead_end(const uint16_t *t, int32_t w, int64_t i);
/* Steps from tile `from` to every tile over walkable tiles into dist (UINT32_MAX for
 * walls and tiles not reached), with queue (a word a tile) as scratch. Returns the
 * number of tiles reached. */
uint64_t dungeon_distances(const uint16_t *t, int32_t w, int32_t h, int64_t from, uint32_t *dist, uint32_t *queue);

#endif
