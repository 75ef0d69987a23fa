/* dungeon.c — the dungeon's tile format, options, lifecycle, statistics and the check
 * of its promises (amaze/dungeon.h): what the generator, the readers and every user of
 * a tile map share. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/dungeon.h"
#include "amaze/gen.h"
#include "core/checked.h"
#include "core/error.h"
#include "dungeon/dungeon_impl.h"

/* {kind:3, room:13}, most significant first: kind at bit 13 (AMZ_DUNGEON_KIND_SHIFT). */
/* Written out as a literal (not through amz_bitfmt_init) so that it is a constant the
 * readers can compare against; it must equal what init would build from the same fields.
 * room 0 means "not in a room" (corridors, walls, doors), so ids run 1 .. 8191. */
static const amz_bitfmt format = {2, 16, 16, {3, 13}, {13, 0}, {"kind", "room"}};

const amz_bitfmt *amz_dungeon_format(void)
{
    return &format;
}

const char *amz_dtile_kind_name(unsigned kind)
{
    static const char *const names[AMZ_DTILE_KINDS] = {"wall", "floor", "door", "up", "down"};
    return kind < AMZ_DTILE_KINDS ? names[kind] : NULL;
}

void amz_dungeon_options_init(amz_dungeon_options *o)
{
    /* rooms 0 means "pick from the size" (dungeon_default_rooms), generator NULL the
     * backtracker; the defaults are documented in amaze/dungeon.h. */
    memset(o, 0, sizeof *o);
    o->room_min = 5;
    o->room_max = 13;
    o->loops = 0.05;
    o->dead_ends = 1.0;
}

amz_status amz_dungeon_options_check(const amz_dungeon_options *o, amz_error *err)
{
    if (o->rooms > AMZ_DUNGEON_MAX_ROOMS)
        return amz_errorf(err, AMZ_ERANGE, "%u rooms is more than the %d a tile can name", o->rooms,
                          AMZ_DUNGEON_MAX_ROOMS);
    /* Odd sides because rooms sit on the corridor maze's odd lattice: tile (2x+1, 2y+1)
     * is cell (x, y), the tiles between are passages or walls, so a room from an odd
     * corner with an odd side starts and ends on cells. */
    if (o->room_min < 3 || o->room_max < o->room_min || o->room_min % 2 == 0 || o->room_max % 2 == 0 ||
        o->room_max > 4095)
        return amz_errorf(err, AMZ_ERANGE, "room sides %d..%d: need odd sides with 3 <= min <= max <= 4095",
                          o->room_min, o->room_max);
    /* Written as !(in range) so that NaN, which fails every comparison, is refused. */
    if (!(o->loops >= 0 && o->loops <= 1))
        return amz_errorf(err, AMZ_ERANGE, "loops %g is outside 0..1", o->loops);
    if (!(o->dead_ends >= 0 && o->dead_ends <= 1))
        return amz_errorf(err, AMZ_ERANGE, "dead-end share %g is outside 0..1", o->dead_ends);
    const char *name = o->generator ? o->generator : amz_gen_at(0)->name;
    const amz_gen_info *g = amz_gen_find(name);
    if (!g)
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown generator '%s'", name);
    /* The corridors are a maze on the cells rooms leave free, i.e. a masked grid. */
    if (!g->masks || !amz_gen_supports(g, AMZ_TOPO_SQUARE))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "generator '%s' cannot grow corridors around rooms (it makes full "
                          "rectangles only)", name);
    return AMZ_OK;
}

amz_status dungeon_check_size(int64_t width, int64_t height, amz_error *err)
{
    if (width < AMZ_DUNGEON_MIN_SIDE || height < AMZ_DUNGEON_MIN_SIDE || width > AMZ_DUNGEON_MAX_SIDE ||
        height > AMZ_DUNGEON_MAX_SIDE || (uint64_t)width * (uint64_t)height > AMZ_DUNGEON_MAX_TILES)
        return amz_errorf(err, AMZ_ERANGE, "a %lldx%lld dungeon: sides must be %d to %d and the tiles at most 2^32",
                          (long long)width, (long long)height, AMZ_DUNGEON_MIN_SIDE, AMZ_DUNGEON_MAX_SIDE);
    return AMZ_OK;
}

uint32_t dungeon_default_rooms(int64_t width, int64_t height)
{
    /* The caller has checked the size (sides <= 2^20), so the product cannot overflow. */
    const uint64_t n = (uint64_t)width * (uint64_t)height / 400;
    return n < 1 ? 1 : n > AMZ_DUNGEON_MAX_ROOMS ? AMZ_DUNGEON_MAX_ROOMS : (uint32_t)n;
}

uint64_t amz_dungeon_memory_estimate(int64_t width, int64_t height, const amz_dungeon_options *o)
{
    if (dungeon_check_size(width, height, NULL))
        return UINT64_MAX;
    const uint64_t n = (uint64_t)width * (uint64_t)height;
    const amz_gen_info *g = amz_gen_find(o && o->generator ? o->generator : amz_gen_at(0)->name);
    const int64_t cw = (width - 1) / 2, ch = (height - 1) / 2;
    /* Tiles, labels and queue (2 + 4 + 4 bytes a tile), the union-find (a word a
     * region: at most a tile's), the rooms, and the corridor maze with its mask. */
    uint64_t maze = g ? amz_gen_memory_estimate(g, AMZ_TOPO_SQUARE, cw, ch, false) : 0;
    uint64_t bytes = n * 14 + (uint64_t)AMZ_DUNGEON_MAX_ROOMS * sizeof(amz_dungeon_room);
    if (maze == UINT64_MAX || !ck_add_u64(bytes, maze + (uint64_t)cw * (uint64_t)ch / 8 + 64, &bytes))
        return UINT64_MAX;
    return bytes;
}

void amz_dungeon_deinit(amz_dungeon *d)
{
    amz_packed_deinit(&d->tiles);
    amz_free(d->rooms);
    memset(d, 0, sizeof *d);
}

uint16_t amz_dungeon_tile(const amz_dungeon *d, int64_t x, int64_t y)
{
    /* Off the map reads as wall (tile 0), like the border, so callers may look one
     * step outside without a check. */
    if (x < 0 || y < 0 || x >= d->width || y >= d->height)
        return 0;
    return ((const uint16_t *)d->tiles.data)[y * d->width + x];
}

bool amz_dungeon_equal(const amz_dungeon *a, const amz_dungeon *b)
{
    /* The map itself: size, rooms, stairs and tiles; the options that made it are not
     * compared. Tiles are 2 bytes each (the format is fixed). */
    return a->width == b->width && a->height == b->height && a->nrooms == b->nrooms && a->up_x == b->up_x &&
           a->up_y == b->up_y && a->down_x == b->down_x && a->down_y == b->down_y &&
           (a->nrooms == 0 || memcmp(a->rooms, b->rooms, a->nrooms * sizeof *a->rooms) == 0) &&
           a->tiles.count == b->tiles.count && memcmp(a->tiles.data, b->tiles.data, a->tiles.count * 2) == 0;
}

/* No bounds checks: i is walkable, hence not on the border (validated maps and the
 * generator keep the border wall), so i - w .. i + w are all inside the map. */
int dungeon_degree(const uint16_t *t, int32_t w, int64_t i)
{
    return amz_dtile_walkable(t[i - w]) + amz_dtile_walkable(t[i + 1]) + amz_dtile_walkable(t[i + w]) +
           amz_dtile_walkable(t[i - 1]);
}

bool dungeon_dead_end(const uint16_t *t, int32_t w, int64_t i)
{
    return t[i] == amz_dtile_make(AMZ_DTILE_FLOOR, 0) && dungeon_degree(t, w, i) == 1;
}

uint64_t dungeon_distances(const uint16_t *t, int32_t w, int32_t h, int64_t from, uint32_t *dist, uint32_t *queue)
{
    /* Breadth-first from `from`, which must be walkable. The queue needs one slot per
     * tile at most, since a tile is queued only when its distance is first set; the
     * border of walls keeps every neighbour index inside the map. */
    const int64_t n = (int64_t)w * h;
    memset(dist, 0xff, (size_t)n * sizeof *dist);
    uint64_t head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = (uint32_t)from;
    while (head < tail) {
        const int64_t c = queue[head++];
        const int64_t nb[4] = {c - w, c + 1, c + w, c - 1};
        for (int k = 0; k < 4; k++)
            if (amz_dtile_walkable(t[nb[k]]) && dist[nb[k]] == UINT32_MAX) {
                dist[nb[k]] = dist[c] + 1;
                queue[tail++] = (uint32_t)nb[k];
            }
    }
    return tail;
}

/* Search scratch for stats and validation: distances and a queue. */
static amz_status scratch(const amz_dungeon *d, uint32_t **dist, uint32_t **queue, amz_error *err)
{
    const size_t n = (size_t)d->width * (size_t)d->height;
    *dist = amz_malloc(n * sizeof **dist);
    *queue = amz_malloc(n * sizeof **queue);
    if (*dist && *queue)
        return AMZ_OK;
    amz_free(*dist);
    amz_free(*queue);
    return amz_errorf(err, AMZ_ENOMEM, "dungeon: no memory to search %zu tiles", n);
}

amz_status amz_dungeon_stats_compute(const amz_dungeon *d, amz_dungeon_stats *s, amz_error *err)
{
    memset(s, 0, sizeof *s);
    const uint16_t *t = d->tiles.data;
    const int64_t n = (int64_t)d->width * d->height;
    s->tiles = (uint64_t)n;
    s->rooms = d->nrooms;
    for (int64_t i = 0; i < n; i++) {
        if (!amz_dtile_walkable(t[i]))
            continue;
        s->floor++;
        s->room_tiles += amz_dtile_room(t[i]) != 0;
        s->doors += amz_dtile_kind_of(t[i]) == AMZ_DTILE_DOOR;
        s->corridor += t[i] == amz_dtile_make(AMZ_DTILE_FLOOR, 0);
        s->dead_ends += dungeon_dead_end(t, d->width, i);
    }
    s->corridor_share = s->floor ? (double)s->corridor / (double)s->floor : 0;
    /* Distances from the up stairs: the longest walk from it and the stairs-to-stairs
     * path. An unreachable down stair is reported as a format error, since a valid map
     * never has one. */
    uint32_t *dist, *queue;
    amz_status st = scratch(d, &dist, &queue, err);
    if (st)
        return st;
    dungeon_distances(t, d->width, d->height, (int64_t)d->up_y * d->width + d->up_x, dist, queue);
    const uint32_t down = dist[(int64_t)d->down_y * d->width + d->down_x];
    for (int64_t i = 0; i < n; i++)
        if (dist[i] != UINT32_MAX && dist[i] > s->longest)
            s->longest = dist[i];
    s->stairs_path = down;
    amz_free(dist);
    amz_free(queue);
    if (down == UINT32_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "the down stairs cannot be reached from the up stairs");
    return AMZ_OK;
}

/* The rooms: inside the map, odd, apart, and their tiles carrying their ids. */
static amz_status check_rooms(const amz_dungeon *d, amz_error *err)
{
    /* Written with x > width - 1 - w rather than x + w > width - 1, so that a huge w
     * read from a file cannot overflow. */
    const uint16_t *t = d->tiles.data;
    for (uint32_t i = 0; i < d->nrooms; i++) {
        const amz_dungeon_room *r = &d->rooms[i];
        if (r->x < 1 || r->y < 1 || r->w < 1 || r->h < 1 || r->x % 2 == 0 || r->y % 2 == 0 || r->w % 2 == 0 ||
            r->h % 2 == 0 || r->x > d->width - 1 - r->w || r->y > d->height - 1 - r->h)
            return amz_errorf(err, AMZ_EFORMAT, "room %u (%d,%d %dx%d) does not fit the map's odd grid", i + 1, r->x,
                              r->y, r->w, r->h);
        for (int32_t y = r->y; y < r->y + r->h; y++)
            for (int32_t x = r->x; x < r->x + r->w; x++) {
                uint16_t tile = t[(int64_t)y * d->width + x];
                if (amz_dtile_room(tile) != i + 1 || amz_dtile_kind_of(tile) == AMZ_DTILE_DOOR ||
                    amz_dtile_kind_of(tile) == AMZ_DTILE_WALL)
                    return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d of room %u is not its floor", x, y, i + 1);
            }
    }
    return AMZ_OK;
}

amz_status amz_dungeon_validate(const amz_dungeon *d, amz_error *err)
{
    /* The promises of amaze/dungeon.h, in an order where each check may rely on the
     * ones before: format and count (so indexing is safe), rooms, per-tile rules (the
     * border wall makes neighbour reads safe), stairs, then connectivity. */
    const uint16_t *t = d->tiles.data;
    const int32_t w = d->width, h = d->height;
    const int64_t n = (int64_t)w * h;
    if (!amz_bitfmt_equal(&d->tiles.fmt, &format) || d->tiles.count != (uint64_t)n)
        return amz_errorf(err, AMZ_EFORMAT, "the tiles are not %dx%d words of the dungeon format", w, h);
    amz_status st = check_rooms(d, err);
    if (st)
        return st;
    uint64_t walkable = 0;
    for (int64_t i = 0; i < n; i++) {
        const int32_t x = (int32_t)(i % w), y = (int32_t)(i / w);
        const unsigned kind = amz_dtile_kind_of(t[i]), room = amz_dtile_room(t[i]);
        if (kind >= AMZ_DTILE_KINDS || room > d->nrooms)
            return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d: kind %u room %u is no tile of this map", x, y, kind, room);
        if (kind == AMZ_DTILE_WALL) {
            if (room)
                return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d: a wall inside room %u", x, y, room);
            continue;
        }
        if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
            return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d: the map's border must be wall", x, y);
        walkable++;
        if (room) { /* a room's tile lies in its rectangle */
            const amz_dungeon_room *r = &d->rooms[room - 1];
            if (x < r->x || y < r->y || x >= r->x + r->w || y >= r->y + r->h)
                return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d says room %u but lies outside it", x, y, room);
        } else if (kind == AMZ_DTILE_DOOR) { /* a door: a room tile on one side, a corridor tile on the other */
            const uint16_t a[2][2] = {{t[i - 1], t[i + 1]}, {t[i - w], t[i + w]}};
            bool ok = false;
            for (int k = 0; k < 2; k++)
                ok |= amz_dtile_walkable(a[k][0]) && amz_dtile_walkable(a[k][1]) &&
                      (amz_dtile_room(a[k][0]) != 0) != (amz_dtile_room(a[k][1]) != 0) &&
                      amz_dtile_kind_of(a[k][0]) != AMZ_DTILE_DOOR && amz_dtile_kind_of(a[k][1]) != AMZ_DTILE_DOOR;
            if (!ok)
                return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d: a door not between a room and a corridor", x, y);
        /* With rooms, stairs are placed in rooms; a map without rooms (tiny) has them in
         * the corridors. */
        } else if (d->nrooms && kind != AMZ_DTILE_FLOOR)
            return amz_errorf(err, AMZ_EFORMAT, "tile %d,%d: stairs outside the rooms", x, y);
    }
    const uint16_t up = amz_dungeon_tile(d, d->up_x, d->up_y), down = amz_dungeon_tile(d, d->down_x, d->down_y);
    if (amz_dtile_kind_of(up) != AMZ_DTILE_UP || amz_dtile_kind_of(down) != AMZ_DTILE_DOWN)
        return amz_errorf(err, AMZ_EFORMAT, "the stairs are not where the header says (%d,%d and %d,%d)", d->up_x,
                          d->up_y, d->down_x, d->down_y);
    uint64_t stairs = 0;
    for (int64_t i = 0; i < n; i++)
        stairs += amz_dtile_kind_of(t[i]) == AMZ_DTILE_UP || amz_dtile_kind_of(t[i]) == AMZ_DTILE_DOWN;
    if (stairs != 2)
        return amz_errorf(err, AMZ_EFORMAT, "%llu stairs tiles, not one up and one down", (unsigned long long)stairs);
    uint32_t *dist, *queue;
    if ((st = scratch(d, &dist, &queue, err)))
        return st;
    /* Every walkable tile reachable from the up stairs: one connected dungeon. */
    const uint64_t reached = dungeon_distances(t, w, h, (int64_t)d->up_y * w + d->up_x, dist, queue);
    amz_free(dist);
    amz_free(queue);
    if (reached != walkable)
        return amz_errorf(err, AMZ_EFORMAT, "%llu of %llu walkable tiles cannot be reached from the up stairs",
                          (unsigned long long)(walkable - reached), (unsigned long long)walkable);
    return AMZ_OK;
}
