/* generate.c — rooms and mazes (B. Nystrom, "Rooms and Mazes: A Procedural Dungeon
 * Generator", 2014): rooms placed at random on odd coordinates, maze corridors grown
 * around them by a registered generator on the cell grid (amaze/gen.h, one maze per
 * island), regions joined by a random spanning tree of doors (Kruskal's union-find,
 * 1956) plus a few more for loops, dead ends filled back, stairs at the two ends of
 * the longest room-to-room walk from a random room. Working memory: a 32-bit label a
 * tile (regions, then distances) and the list of door candidates. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/dungeon.h"
#include "amaze/gen.h"
#include "amaze/maze.h"
#include "core/error.h"
#include "core/rng_inline.h"
#include "dungeon/dungeon_impl.h"

#define UNSEEN UINT32_MAX

typedef struct build {
    amz_dungeon *d;
    const amz_dungeon_options *o;
    amz_rng rng;
    int32_t w, h, cw, ch; /* tiles; cells of the corridor maze */
    uint16_t *t;          /* the tiles */
    uint32_t *label;      /* region of each walkable tile (rooms 1..nrooms, corridors after), 0 wall */
    uint32_t *queue;      /* one entry a tile */
} build;

static uint32_t pick(build *b, uint32_t n)
{
    return rng_below(&b->rng, n);
}

/* An odd side in min..max. */
static int32_t odd_side(build *b)
{
    return b->o->room_min + 2 * (int32_t)pick(b, (uint32_t)((b->o->room_max - b->o->room_min) / 2 + 1));
}

/* Rooms in cells: a room of odd side s spans (s + 1) / 2 cells. A room is kept if no
 * cell of it or of the ring around it is a room's already (rooms never touch). */
static amz_status place_rooms(build *b, amz_error *err)
{
    amz_dungeon *d = b->d;
    const uint32_t want = b->o->rooms;
    if (want && !(d->rooms = amz_calloc(want, sizeof *d->rooms)))
        return amz_errorf(err, AMZ_ENOMEM, "dungeon: no memory for %u rooms", want);
    /* Rejection sampling with a budget of 200 tries a room: a crowded map simply ends
     * with fewer rooms than asked (nrooms records how many), never loops forever. */
    for (uint64_t tries = 0; d->nrooms < want && tries < (uint64_t)want * 200; tries++) {
        const int32_t rw = odd_side(b), rh = odd_side(b);
        const int32_t kw = (rw + 1) / 2, kh = (rh + 1) / 2;
        if (kw > b->cw || kh > b->ch)
            continue;
        const int32_t cx = (int32_t)pick(b, (uint32_t)(b->cw - kw + 1)), cy = (int32_t)pick(b, (uint32_t)(b->ch - kh + 1));
        bool free = true;
        for (int32_t y = cy - 1; free && y <= cy + kh; y++)
            for (int32_t x = cx - 1; free && x <= cx + kw; x++)
                if (x >= 0 && y >= 0 && x < b->cw && y < b->ch)
                    free = b->label[(int64_t)(2 * y + 1) * b->w + 2 * x + 1] == 0;
        if (!free)
            continue;
        /* Ids are 1-based in placement order; label doubles as "taken" for the test above. */
        const uint32_t id = ++d->nrooms;
        amz_dungeon_room *r = &d->rooms[id - 1];
        *r = (amz_dungeon_room){2 * cx + 1, 2 * cy + 1, rw, rh};
        for (int32_t y = r->y; y < r->y + rh; y++)
            for (int32_t x = r->x; x < r->x + rw; x++) {
                b->t[(int64_t)y * b->w + x] = amz_dtile_make(AMZ_DTILE_FLOOR, id);
                b->label[(int64_t)y * b->w + x] = id;
            }
    }
    return AMZ_OK;
}

/* The corridors: a maze on the cells no room takes, then its cells and passages as
 * floor tiles. */
static amz_status corridors(build *b, amz_error *err)
{
    amz_maze m;
    amz_status st = amz_maze_init(&m, AMZ_TOPO_SQUARE, b->cw, b->ch, err);
    if (st)
        return st;
    /* Cell (x, y) of the corridor maze is tile (2x+1, 2y+1); cells under rooms are
     * removed, and allow_islands lets the generator grow one maze per piece the rooms
     * cut the grid into (the doors join the pieces later). */
    for (amz_cell c = 0; st == AMZ_OK && b->label && c < m.ncells; c++) { /* label: allocated by the caller */
        const int64_t tile = (2 * (c / b->cw) + 1) * b->w + 2 * (c % b->cw) + 1;
        if (b->label[tile])
            st = amz_maze_set_exists(&m, c, false, err);
    }
    if (st == AMZ_OK && amz_maze_count_cells(&m) > 0) {
        amz_gen_options go;
        amz_gen_options_init(&go);
        /* Its own stream, so the corridors do not shift when room placement draws more. */
        go.seed = b->o->seed ^ 0x9e3779b97f4a7c15u;
        go.allow_islands = true;
        if ((st = amz_maze_default_ends(&m, err)) == AMZ_OK)
            st = amz_gen_run(&m, b->o->generator, &go, NULL, err);
        for (amz_cell c = 0; st == AMZ_OK && c < m.ncells; c++) {
            if (!amz_maze_exists(&m, c))
                continue;
            const int64_t tile = (2 * (c / b->cw) + 1) * b->w + 2 * (c % b->cw) + 1;
            /* A passage becomes the tile between the two cells; only E and S, the
             * edges each cell owns, so every passage is drawn once. */
            b->t[tile] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
            if (amz_maze_passage(&m, c, AMZ_SQ_E))
                b->t[tile + 1] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
            if (amz_maze_passage(&m, c, AMZ_SQ_S))
                b->t[tile + b->w] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
        }
    }
    amz_maze_deinit(&m);
    return st;
}

/* Labels each corridor region (4-connected corridor floor) after the rooms' ids;
 * returns the number of regions. */
static uint32_t label_corridors(build *b)
{
    uint32_t next = b->d->nrooms;
    const int64_t n = (int64_t)b->w * b->h;
    for (int64_t i = 0; i < n; i++) {
        if (b->label[i] || b->t[i] != amz_dtile_make(AMZ_DTILE_FLOOR, 0))
            continue;
        /* Flood one region; labels continue after the room ids, so a label <= nrooms
         * is a room and anything above a corridor region (sides() relies on this). */
        b->label[i] = ++next;
        uint64_t head = 0, tail = 0;
        b->queue[tail++] = (uint32_t)i;
        while (head < tail) {
            const int64_t c = b->queue[head++];
            const int64_t nb[4] = {c - b->w, c + 1, c + b->w, c - 1};
            for (int k = 0; k < 4; k++)
                if (b->t[nb[k]] == amz_dtile_make(AMZ_DTILE_FLOOR, 0) && !b->label[nb[k]]) {
                    b->label[nb[k]] = next;
                    b->queue[tail++] = (uint32_t)nb[k];
                }
        }
    }
    return next;
}

static uint32_t find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

/* A wall tile between a room tile and a corridor tile, in a line: the two sides. */
static bool sides(const build *b, int64_t i, int32_t x, int32_t y, int64_t *p, int64_t *q)
{
    if (x <= 0 || y <= 0 || x >= b->w - 1 || y >= b->h - 1 || b->t[i] != 0)
        return false;
    const int64_t a[2][2] = {{i - 1, i + 1}, {i - b->w, i + b->w}};
    for (int k = 0; k < 2; k++) {
        const uint32_t la = b->label[a[k][0]], lb = b->label[a[k][1]];
        if (la && lb && (la <= b->d->nrooms) != (lb <= b->d->nrooms)) {
            *p = a[k][0];
            *q = a[k][1];
            return true;
        }
    }
    return false;
}

static bool door_near(const build *b, int64_t i)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (amz_dtile_kind_of(b->t[i + dy * (int64_t)b->w + dx]) == AMZ_DTILE_DOOR)
                return true;
    return false;
}

/* Doors: the candidates shuffled, each joining two regions not yet joined (a spanning
 * tree of the regions), else one with the chance `loops` where no door is beside. */
static amz_status doors(build *b, uint32_t regions, amz_error *err)
{
    const int64_t n = (int64_t)b->w * b->h;
    uint64_t count = 0;
    int64_t p, q;
    /* The candidate list reuses the queue; the union-find needs a word a region. */
    for (int64_t i = 0; i < n; i++)
        if (sides(b, i, (int32_t)(i % b->w), (int32_t)(i / b->w), &p, &q))
            b->queue[count++] = (uint32_t)i;
    uint32_t *parent = amz_malloc(((size_t)regions + 1) * sizeof *parent);
    if (!parent)
        return amz_errorf(err, AMZ_ENOMEM, "dungeon: no memory to join %u regions", regions);
    for (uint32_t r = 0; r <= regions; r++)
        parent[r] = r;
    for (uint64_t i = count; i > 1; i--) { /* Fisher-Yates */
        uint64_t j = amz_rng_below64(&b->rng, i);
        uint32_t t = b->queue[i - 1];
        b->queue[i - 1] = b->queue[j];
        b->queue[j] = t;
    }
    /* Kruskal over the shuffled candidates: a door that joins two separate regions is
     * always opened, so all regions end up connected. Extra doors (loops) are never put
     * beside another door, which would make a double-wide opening. */
    for (uint64_t k = 0; k < count; k++) {
        const int64_t i = b->queue[k];
        sides(b, i, (int32_t)(i % b->w), (int32_t)(i / b->w), &p, &q);
        const uint32_t ra = find(parent, b->label[p]), rb = find(parent, b->label[q]);
        bool open = ra != rb;
        if (open)
            parent[ra] = rb;
        else if (b->o->loops > 0 && amz_rng_unit(&b->rng) < b->o->loops)
            open = !door_near(b, i);
        if (open)
            b->t[i] = amz_dtile_make(AMZ_DTILE_DOOR, 0);
    }
    amz_free(parent);
    return AMZ_OK;
}

/* Fills the share `dead_ends` of the corridor dead ends, each back to the first tile
 * that keeps two ways (a junction), taking a door whose corridor is gone with it. */
static void fill_dead_ends(build *b)
{
    const int64_t n = (int64_t)b->w * b->h;
    uint64_t count = 0;
    for (int64_t i = 0; i < n; i++)
        if (dungeon_dead_end(b->t, b->w, i))
            b->queue[count++] = (uint32_t)i;
    /* Without rooms the maze is the whole level: filling it would leave nothing. */
    if (!count || b->o->dead_ends <= 0 || !b->d->nrooms)
        return;
    for (uint64_t i = count; i > 1; i--) {
        uint64_t j = amz_rng_below64(&b->rng, i);
        uint32_t t = b->queue[i - 1];
        b->queue[i - 1] = b->queue[j];
        b->queue[j] = t;
    }
    /* The share is of the dead ends that exist now; the - 1e-9 keeps 0.5 of 10 from
     * becoming 6 through rounding. Filling one may create or remove others, so each
     * candidate is re-checked when its turn comes. */
    const uint64_t target = (uint64_t)ceil(b->o->dead_ends * (double)count - 1e-9);
    for (uint64_t k = 0, filled = 0; k < count && filled < target; k++) {
        int64_t c = b->queue[k];
        if (!dungeon_dead_end(b->t, b->w, c))
            continue;
        filled++;
        for (;;) {
            b->t[c] = 0;
            const int64_t nb[4] = {c - b->w, c + 1, c + b->w, c - 1};
            int64_t next = -1;
            for (int j = 0; j < 4; j++)
                if (amz_dtile_walkable(b->t[nb[j]]))
                    next = nb[j];
            if (next < 0)
                break;
            if (dungeon_dead_end(b->t, b->w, next)) {
                c = next;
                continue;
            }
            if (amz_dtile_kind_of(b->t[next]) == AMZ_DTILE_DOOR && dungeon_degree(b->t, b->w, next) == 1)
                b->t[next] = 0; /* its corridor is gone: the room keeps its other doors */
            break;
        }
    }
}

/* Up stairs on a random room tile (any floor without rooms); down stairs on the room
 * tile of another room farthest from them, ties to the first in reading order. */
static void stairs(build *b)
{
    amz_dungeon *d = b->d;
    const int64_t n = (int64_t)b->w * b->h;
    int64_t up = -1;
    if (d->nrooms) {
        const amz_dungeon_room *r = &d->rooms[pick(b, d->nrooms)];
        up = (int64_t)(r->y + (int32_t)pick(b, (uint32_t)r->h)) * b->w + r->x + (int32_t)pick(b, (uint32_t)r->w);
    } else {
        uint64_t walk = 0;
        for (int64_t i = 0; i < n; i++)
            walk += amz_dtile_walkable(b->t[i]);
        uint64_t k = walk ? amz_rng_below64(&b->rng, walk) : 0;
        for (int64_t i = 0; i < n && up < 0; i++)
            if (amz_dtile_walkable(b->t[i]) && k-- == 0)
                up = i;
    }
    /* label is free again (regions are joined), so it holds the distances now. */
    dungeon_distances(b->t, b->w, b->h, up, b->label, b->queue);
    const unsigned up_room = amz_dtile_room(b->t[up]);
    int64_t down = -1;
    for (int pass = 0; pass < 2 && down < 0; pass++)
        for (int64_t i = 0; i < n; i++) {
            const unsigned r = amz_dtile_room(b->t[i]);
            /* Pass 0: another room's tiles (or any tile without rooms); pass 1: any. */
            const bool ok = pass ? i != up : d->nrooms > 1 ? r && r != up_room : i != up && (r || !d->nrooms);
            if (ok && b->label[i] != UNSEEN && (down < 0 || b->label[i] > b->label[down]))
                down = i;
        }
    d->up_x = (int32_t)(up % b->w), d->up_y = (int32_t)(up / b->w);
    d->down_x = (int32_t)(down % b->w), d->down_y = (int32_t)(down / b->w);
    b->t[up] = amz_dtile_make(AMZ_DTILE_UP, up_room);
    b->t[down] = amz_dtile_make(AMZ_DTILE_DOWN, amz_dtile_room(b->t[down]));
}

amz_status amz_dungeon_generate(amz_dungeon *d, int64_t width, int64_t height, const amz_dungeon_options *o,
                                amz_error *err)
{
    /* d is zeroed first and deinitialised on any later error: the caller gets a whole
     * dungeon or none. */
    memset(d, 0, sizeof *d);
    amz_dungeon_options defaults;
    if (!o) {
        amz_dungeon_options_init(&defaults);
        o = &defaults;
    }
    amz_status st = dungeon_check_size(width, height, err);
    if (st || (st = amz_dungeon_options_check(o, err)))
        return st;
    build b = {d, o, {{0}}, (int32_t)width, (int32_t)height, (int32_t)(width - 1) / 2, (int32_t)(height - 1) / 2,
               NULL, NULL, NULL};
    amz_dungeon_options ro = *o;
    if (!ro.rooms) /* the default: one room a 400 tiles */
        ro.rooms = dungeon_default_rooms(width, height);
    if (!ro.generator)
        ro.generator = amz_gen_at(0)->name;
    ro.generator = amz_gen_find(ro.generator)->name; /* a static name the dungeon may keep */
    b.o = &ro;
    d->width = b.w;
    d->height = b.h;
    d->options = ro;
    /* Every draw comes from this one stream (the corridor maze uses a derived seed), so
     * seed + options fix the map byte for byte. */
    amz_rng_seed(&b.rng, o->seed);
    const uint64_t n = (uint64_t)width * (uint64_t)height;
    if ((st = amz_packed_init(&d->tiles, amz_dungeon_format(), n, err)))
        return st;
    b.t = d->tiles.data;
    b.label = amz_calloc((size_t)n, sizeof *b.label);
    b.queue = amz_malloc((size_t)n * sizeof *b.queue);
    if (!b.label || !b.queue)
        st = amz_errorf(err, AMZ_ENOMEM, "dungeon: no memory for the labels of %llu tiles", (unsigned long long)n);
    if (st == AMZ_OK && (st = place_rooms(&b, err)) == AMZ_OK && (st = corridors(&b, err)) == AMZ_OK &&
        (st = doors(&b, label_corridors(&b), err)) == AMZ_OK) {
        fill_dead_ends(&b);
        stairs(&b);
    }
    amz_free(b.label);
    amz_free(b.queue);
    if (st)
        amz_dungeon_deinit(d);
    return st;
}
