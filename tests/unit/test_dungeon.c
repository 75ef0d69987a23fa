/* test_dungeon.c — dungeons against checks written here from the tiles alone: rooms
 * never overlap or touch and carry their ids, every walkable tile is reachable from the
 * up stairs (a flood fill of this file), doors lie only between a room tile and a
 * corridor tile, the dead-end share is what was asked (counted here, against the same
 * dungeon with none filled), stairs where the header says; determinism; the .amd file
 * byte for byte (header fields at the documented offsets, a reader of packed arrays
 * finding the tiles), round trips, every truncation and flipped header byte refused
 * with a message; options refused by name; the glyphs of a hand-checked map. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static uint16_t tile(const amz_dungeon *d, int64_t x, int64_t y)
{
    if (x < 0 || y < 0 || x >= d->width || y >= d->height)
        return 0;
    return ((const uint16_t *)d->tiles.data)[y * d->width + x];
}

static int kind(uint16_t t)
{
    return t >> 13;
}

static int room(uint16_t t)
{
    return t & 0x1fff;
}

static bool walk(uint16_t t)
{
    return kind(t) != 0;
}

/* Flood fill from the up stairs over walkable tiles; returns the tiles reached. */
static int64_t flood(const amz_dungeon *d)
{
    const int64_t n = (int64_t)d->width * d->height;
    char *seen = calloc((size_t)n, 1);
    int64_t *stack = malloc(sizeof *stack * (size_t)n), top = 0, reached = 0;
    stack[top++] = (int64_t)d->up_y * d->width + d->up_x;
    seen[stack[0]] = 1;
    while (top) {
        int64_t c = stack[--top];
        reached++;
        int64_t x = c % d->width, y = c / d->width;
        const int64_t nx[4] = {x, x + 1, x, x - 1}, ny[4] = {y - 1, y, y + 1, y};
        for (int k = 0; k < 4; k++) {
            if (!walk(tile(d, nx[k], ny[k])))
                continue;
            int64_t i = ny[k] * d->width + nx[k];
            if (!seen[i]) {
                seen[i] = 1;
                stack[top++] = i;
            }
        }
    }
    free(seen);
    free(stack);
    return reached;
}

static int64_t count_dead_ends(const amz_dungeon *d)
{
    int64_t n = 0;
    for (int32_t y = 0; y < d->height; y++)
        for (int32_t x = 0; x < d->width; x++) {
            uint16_t t = tile(d, x, y);
            if (kind(t) != 1 || room(t))
                continue;
            int deg = walk(tile(d, x, y - 1)) + walk(tile(d, x + 1, y)) + walk(tile(d, x, y + 1)) + walk(tile(d, x - 1, y));
            n += deg == 1;
        }
    return n;
}

/* Every promise of amaze/dungeon.h, from the tiles. */
static void assert_promises(const amz_dungeon *d, const char *what)
{
    int64_t walkable = 0, ups = 0, downs = 0;
    for (uint32_t i = 0; i < d->nrooms; i++) {
        const amz_dungeon_room *a = &d->rooms[i];
        for (uint32_t j = i + 1; j < d->nrooms; j++) {
            const amz_dungeon_room *b = &d->rooms[j];
            /* Apart by at least one tile in x or in y (touching would merge them). */
            bool apart = a->x + a->w < b->x || b->x + b->w < a->x || a->y + a->h < b->y || b->y + b->h < a->y;
            if (!apart)
                fail_msg("%s: rooms %u and %u overlap or touch", what, i + 1, j + 1);
        }
        for (int32_t y = a->y; y < a->y + a->h; y++)
            for (int32_t x = a->x; x < a->x + a->w; x++)
                if (room(tile(d, x, y)) != (int)i + 1 || !walk(tile(d, x, y)))
                    fail_msg("%s: tile %d,%d of room %u", what, x, y, i + 1);
    }
    for (int32_t y = 0; y < d->height; y++)
        for (int32_t x = 0; x < d->width; x++) {
            uint16_t t = tile(d, x, y);
            if (!walk(t))
                continue;
            walkable++;
            ups += kind(t) == AMZ_DTILE_UP;
            downs += kind(t) == AMZ_DTILE_DOWN;
            if (kind(t) != AMZ_DTILE_DOOR)
                continue;
            /* A door: across it, a room tile on one side and a corridor floor tile on the
             * other, in a straight line. */
            uint16_t l = tile(d, x - 1, y), r = tile(d, x + 1, y), u = tile(d, x, y - 1), w = tile(d, x, y + 1);
            bool h = walk(l) && walk(r) && (room(l) != 0) != (room(r) != 0) && kind(room(l) ? r : l) == 1;
            bool v = walk(u) && walk(w) && (room(u) != 0) != (room(w) != 0) && kind(room(u) ? w : u) == 1;
            if (!h && !v)
                fail_msg("%s: door %d,%d is not between a room and a corridor", what, x, y);
        }
    assert_int_equal(ups, 1);
    assert_int_equal(downs, 1);
    assert_int_equal(kind(tile(d, d->up_x, d->up_y)), AMZ_DTILE_UP);
    assert_int_equal(kind(tile(d, d->down_x, d->down_y)), AMZ_DTILE_DOWN);
    if (d->nrooms) {
        assert_true(room(tile(d, d->up_x, d->up_y)) != 0);
        assert_true(room(tile(d, d->down_x, d->down_y)) != 0);
    }
    if (flood(d) != walkable)
        fail_msg("%s: %lld of %lld walkable tiles reached from the up stairs", what, (long long)flood(d),
                 (long long)walkable);
    assert_int_equal(amz_dungeon_validate(d, NULL), AMZ_OK);
}

static void test_promises(void **state)
{
    (void)state;
    const int sizes[][2] = {{5, 5}, {9, 7}, {31, 21}, {80, 40}, {81, 41}, {120, 60}, {200, 31}};
    const char *gens[] = {"backtracker", "wilson", "prim", "kruskal", "growing-tree"};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++)
            for (uint64_t seed = 1; seed <= 4; seed++) {
                amz_dungeon_options o;
                amz_dungeon_options_init(&o);
                o.seed = seed;
                o.generator = gens[g];
                o.loops = seed == 2 ? 0.5 : 0.05;
                o.dead_ends = seed == 3 ? 0 : seed == 4 ? 0.5 : 1;
                o.room_min = seed == 4 ? 3 : 5;
                o.rooms = seed == 1 ? 0 : 30;
                amz_dungeon d;
                amz_error err;
                char what[96];
                snprintf(what, sizeof what, "%dx%d %s seed %llu", sizes[s][0], sizes[s][1], gens[g],
                         (unsigned long long)seed);
                if (amz_dungeon_generate(&d, sizes[s][0], sizes[s][1], &o, &err))
                    fail_msg("%s: %s", what, err.msg);
                assert_promises(&d, what);
                if (o.dead_ends == 1 && d.nrooms)
                    assert_int_equal(count_dead_ends(&d), 0);
                amz_dungeon again;
                assert_int_equal(amz_dungeon_generate(&again, sizes[s][0], sizes[s][1], &o, NULL), AMZ_OK);
                assert_true(amz_dungeon_equal(&d, &again));
                amz_dungeon_deinit(&again);
                amz_dungeon_deinit(&d);
            }
}

/* Filling a share s of the D dead ends leaves D - ceil(s D), measured against the same
 * seed with none filled (filling is the last random step, so the rest is equal). */
static void test_dead_end_share(void **state)
{
    (void)state;
    const double shares[] = {0.1, 0.25, 0.5, 0.75, 0.9};
    for (uint64_t seed = 1; seed <= 8; seed++) {
        amz_dungeon_options o;
        amz_dungeon_options_init(&o);
        o.seed = seed;
        o.dead_ends = 0;
        amz_dungeon d0;
        assert_int_equal(amz_dungeon_generate(&d0, 101, 61, &o, NULL), AMZ_OK);
        const int64_t dead = count_dead_ends(&d0);
        assert_true(dead > 10);
        for (size_t i = 0; i < sizeof shares / sizeof shares[0]; i++) {
            o.dead_ends = shares[i];
            amz_dungeon d;
            assert_int_equal(amz_dungeon_generate(&d, 101, 61, &o, NULL), AMZ_OK);
            assert_int_equal(count_dead_ends(&d), dead - (int64_t)ceil(shares[i] * (double)dead - 1e-9));
            assert_promises(&d, "share");
            amz_dungeon_stats st;
            assert_int_equal(amz_dungeon_stats_compute(&d, &st, NULL), AMZ_OK);
            assert_int_equal(st.dead_ends, count_dead_ends(&d));
            amz_dungeon_deinit(&d);
        }
        amz_dungeon_deinit(&d0);
    }
}

static void test_stats(void **state)
{
    (void)state;
    amz_dungeon_options o;
    amz_dungeon_options_init(&o);
    o.seed = 5;
    amz_dungeon d;
    assert_int_equal(amz_dungeon_generate(&d, 80, 40, &o, NULL), AMZ_OK);
    amz_dungeon_stats s;
    assert_int_equal(amz_dungeon_stats_compute(&d, &s, NULL), AMZ_OK);
    int64_t floor = 0, corridor = 0, doors = 0, in_rooms = 0;
    for (int32_t y = 0; y < d.height; y++)
        for (int32_t x = 0; x < d.width; x++) {
            uint16_t t = tile(&d, x, y);
            floor += walk(t);
            corridor += kind(t) == 1 && !room(t);
            doors += kind(t) == AMZ_DTILE_DOOR;
            in_rooms += walk(t) && room(t);
        }
    assert_int_equal(s.floor, floor);
    assert_int_equal(s.corridor, corridor);
    assert_int_equal(s.doors, doors);
    assert_int_equal(s.room_tiles, in_rooms);
    assert_int_equal(s.rooms, d.nrooms);
    assert_true(fabs(s.corridor_share - (double)corridor / (double)floor) < 1e-12);
    /* The stairs' distance by the reference BFS on the dungeon as a maze of tiles. */
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, d.width, d.height, NULL), AMZ_OK);
    for (int32_t y = 0; y < d.height; y++)
        for (int32_t x = 0; x < d.width; x++) {
            if (walk(tile(&d, x, y)) && walk(tile(&d, x + 1, y)))
                amz_maze_set_passage(&m, y * d.width + x, AMZ_SQ_E, true, NULL);
            if (walk(tile(&d, x, y)) && walk(tile(&d, x, y + 1)))
                amz_maze_set_passage(&m, y * d.width + x, AMZ_SQ_S, true, NULL);
        }
    const int64_t up = (int64_t)d.up_y * d.width + d.up_x, down = (int64_t)d.down_y * d.width + d.down_x;
    assert_int_equal(s.stairs_path, tu_bfs_distance(&m, up, down));
    int64_t *dist = malloc(sizeof *dist * (size_t)m.ncells);
    assert_int_equal(s.longest, tu_distances(&m, up, dist));
    /* The down stairs: the farthest room tile of another room. */
    int64_t best = -1;
    for (amz_cell c = 0; c < m.ncells; c++)
        if (room(((uint16_t *)d.tiles.data)[c]) && room(((uint16_t *)d.tiles.data)[c]) != room(tile(&d, d.up_x, d.up_y)))
            best = dist[c] > best ? dist[c] : best;
    assert_int_equal(dist[down], best);
    free(dist);
    amz_maze_deinit(&m);
    amz_dungeon_deinit(&d);
}

static char *write_mem(const amz_dungeon *d, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_int_equal(amz_dungeon_write(d, f, NULL), AMZ_OK);
    fclose(f);
    return buf;
}

static amz_status read_mem(const void *data, size_t len, amz_dungeon *d, amz_error *err)
{
    FILE *f = fmemopen((void *)data, len ? len : 1, "rb");
    if (!len)
        fgetc(f);
    amz_status st = amz_dungeon_read(f, d, 0, err);
    fclose(f);
    return st;
}

static uint64_t le(const unsigned char *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

static void test_file(void **state)
{
    (void)state;
    amz_dungeon_options o;
    amz_dungeon_options_init(&o);
    o.seed = 77;
    o.generator = "wilson";
    o.loops = 0.125;
    o.dead_ends = 0.5;
    amz_dungeon d;
    assert_int_equal(amz_dungeon_generate(&d, 41, 23, &o, NULL), AMZ_OK);
    size_t len;
    unsigned char *buf = (unsigned char *)write_mem(&d, &len);
    /* The documented layout: magic, version, size, seed, options, name, stairs, rooms. */
    assert_memory_equal(buf, "\x89" "AMD\r\n\x1a\n", 8);
    assert_int_equal(le(buf + 8, 2), 1);
    assert_int_equal(le(buf + 12, 4), 41);
    assert_int_equal(le(buf + 16, 4), 23);
    assert_int_equal(le(buf + 20, 8), 77);
    assert_int_equal(le(buf + 28, 4), d.options.rooms);
    assert_int_equal(le(buf + 32, 2), 5);
    assert_int_equal(le(buf + 34, 2), 13);
    double loops;
    uint64_t bits = le(buf + 36, 8);
    memcpy(&loops, &bits, 8);
    assert_true(loops == 0.125);
    assert_string_equal((const char *)buf + 52, "wilson");
    assert_int_equal(le(buf + 84, 4), d.up_x);
    assert_int_equal(le(buf + 96, 4), d.down_y);
    assert_int_equal(le(buf + 100, 4), d.nrooms);
    assert_int_equal(le(buf + 104, 4), amz_crc32(0, buf, 104));
    const size_t rooms_end = 108 + 16 * d.nrooms;
    assert_int_equal(le(buf + 108, 4), d.rooms[0].x);
    assert_int_equal(le(buf + rooms_end, 4), amz_crc32(0, buf + 108, 16 * d.nrooms));
    /* The tiles are a saved packed array that the generic reader reads. */
    FILE *f = fmemopen(buf + rooms_end + 4, len - rooms_end - 4, "rb");
    amz_packed a;
    assert_int_equal(amz_packed_read(f, &a, 0, NULL), AMZ_OK);
    fclose(f);
    assert_int_equal(a.count, 41 * 23);
    assert_int_equal(amz_bitfmt_find(&a.fmt, "kind"), 0);
    assert_int_equal(amz_bitfmt_find(&a.fmt, "room"), 1);
    for (uint64_t i = 0; i < a.count; i++)
        assert_int_equal(amz_packed_word(&a, i), ((uint16_t *)d.tiles.data)[i]);
    amz_packed_deinit(&a);
    /* Round trip. */
    amz_dungeon back;
    assert_int_equal(read_mem(buf, len, &back, NULL), AMZ_OK);
    assert_true(amz_dungeon_equal(&d, &back));
    assert_int_equal(back.options.seed, 77);
    assert_string_equal(back.options.generator, "wilson");
    assert_true(back.options.dead_ends == 0.5);
    amz_dungeon_deinit(&back);
    /* Every truncation, and every flipped byte of the header and rooms, is refused with a
     * message and leaves the dungeon zeroed. */
    for (size_t cut = 0; cut < len; cut++) {
        amz_error err;
        amz_error_clear(&err);
        assert_int_not_equal(read_mem(buf, cut, &back, &err), AMZ_OK);
        assert_true(err.msg[0] != '\0');
        assert_null(back.tiles.data);
    }
    for (size_t i = 0; i < rooms_end + 4; i++) {
        buf[i] ^= 0x5a;
        amz_error err;
        amz_error_clear(&err);
        assert_int_not_equal(read_mem(buf, len, &back, &err), AMZ_OK);
        assert_true(err.msg[0] != '\0');
        buf[i] ^= 0x5a;
    }
    free(buf);
    amz_dungeon_deinit(&d);
}

/* A file whose checksums are right but whose map breaks a promise: the reader runs the
 * checks. A door moved into a corridor, and a wall dropped that joined nothing. */
static void test_reader_checks(void **state)
{
    (void)state;
    amz_dungeon_options o;
    amz_dungeon_options_init(&o);
    o.seed = 3;
    amz_dungeon d;
    assert_int_equal(amz_dungeon_generate(&d, 41, 23, &o, NULL), AMZ_OK);
    uint16_t *t = d.tiles.data;
    int64_t corridor = -1, rock = -1;
    for (int64_t i = 0; i < 41 * 23; i++) {
        if (corridor < 0 && t[i] == amz_dtile_make(AMZ_DTILE_FLOOR, 0))
            corridor = i;
        if (rock < 0 && i % 41 > 0 && i / 41 > 0 && i % 41 < 40 && i / 41 < 22 && amz_dungeon_glyph(&d, i % 41, i / 41) == ' ')
            rock = i;
    }
    assert_true(corridor >= 0);
    const uint16_t keep = t[corridor];
    t[corridor] = amz_dtile_make(AMZ_DTILE_DOOR, 0);
    amz_error err;
    assert_int_equal(amz_dungeon_validate(&d, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "door"));
    size_t len;
    char *buf = write_mem(&d, &len);
    amz_dungeon back;
    assert_int_equal(read_mem(buf, len, &back, &err), AMZ_EFORMAT);
    free(buf);
    t[corridor] = keep;
    if (rock >= 0) {
        t[rock] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
        assert_int_equal(amz_dungeon_validate(&d, &err), AMZ_EFORMAT);
        assert_non_null(strstr(err.msg, "reached"));
    }
    amz_dungeon_deinit(&d);
}

static void test_options(void **state)
{
    (void)state;
    amz_dungeon_options o;
    amz_dungeon_options_init(&o);
    amz_dungeon d;
    amz_error err;
    assert_int_equal(amz_dungeon_generate(&d, 4, 40, &o, &err), AMZ_ERANGE);
    o.generator = "eller";
    assert_int_equal(amz_dungeon_generate(&d, 40, 40, &o, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "eller"));
    o.generator = "nope";
    assert_int_equal(amz_dungeon_generate(&d, 40, 40, &o, &err), AMZ_ENOTFOUND);
    amz_dungeon_options_init(&o);
    o.room_min = 4;
    assert_int_equal(amz_dungeon_generate(&d, 40, 40, &o, &err), AMZ_ERANGE);
    amz_dungeon_options_init(&o);
    o.loops = 1.5;
    assert_int_equal(amz_dungeon_generate(&d, 40, 40, &o, &err), AMZ_ERANGE);
    amz_dungeon_options_init(&o);
    o.rooms = 9000;
    assert_int_equal(amz_dungeon_generate(&d, 40, 40, &o, &err), AMZ_ERANGE);
    /* Rooms larger than the map: none placed, corridors and stairs all the same. */
    amz_dungeon_options_init(&o);
    o.room_min = o.room_max = 51;
    assert_int_equal(amz_dungeon_generate(&d, 21, 21, &o, &err), AMZ_OK);
    assert_int_equal(d.nrooms, 0);
    assert_promises(&d, "no room");
    amz_dungeon_deinit(&d);
}

static void test_glyphs(void **state)
{
    (void)state;
    /* A hand-built 7x5 map: one room of 3x1 at 1,1 with stairs, a door at 4,1, a
     * corridor 5,1 .. 5,3. */
    amz_dungeon d;
    memset(&d, 0, sizeof d);
    d.width = 7;
    d.height = 5;
    assert_int_equal(amz_packed_init(&d.tiles, amz_dungeon_format(), 35, NULL), AMZ_OK);
    uint16_t *t = d.tiles.data;
    amz_dungeon_room r = {1, 1, 3, 1};
    d.rooms = &r;
    d.nrooms = 1;
    t[8] = amz_dtile_make(AMZ_DTILE_UP, 1);
    t[9] = amz_dtile_make(AMZ_DTILE_FLOOR, 1);
    t[10] = amz_dtile_make(AMZ_DTILE_DOWN, 1);
    t[11] = amz_dtile_make(AMZ_DTILE_DOOR, 0);
    t[12] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
    t[19] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
    t[26] = amz_dtile_make(AMZ_DTILE_FLOOR, 0);
    d.up_x = 1, d.up_y = 1, d.down_x = 3, d.down_y = 1;
    assert_int_equal(amz_dungeon_validate(&d, NULL), AMZ_OK);
    char *buf = NULL;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(amz_dungeon_write_text(&d, false, f, NULL), AMZ_OK);
    fclose(f);
    assert_string_equal(buf, "#######\n"
                             "#<.>+.#\n"
                             "#####.#\n"
                             "    #.#\n"
                             "    ###\n");
    free(buf);
    d.rooms = NULL;
    d.nrooms = 0;
    amz_packed_deinit(&d.tiles);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_promises),   cmocka_unit_test(test_dead_end_share), cmocka_unit_test(test_stats),
        cmocka_unit_test(test_file),       cmocka_unit_test(test_reader_checks),  cmocka_unit_test(test_options),
        cmocka_unit_test(test_glyphs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
