/* test_amt.c — .amt terrain files: the header bytes docs/TILES.md specifies, round
 * trips through streams and paths (windows, every option), version-1 files written by
 * amaze 0.1.0 still loading, every truncation and every flipped bit rejected, each kind
 * of checksummed nonsense (options, tile format, tile count, unknown biomes, heights
 * above 99, trailing bytes, memory limit) named in the message, and memory that follows
 * the data: a short file or pipe claiming a huge map costs what it holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "amaze.h"
#include "testutil.h"

/* A 7x5 wrapped map, seed 5, written by amaze 0.1.0 (.amt version 1): its plain
 * drawing was "~~.:~~~ / ~~~.^., / ^^^~~~~ / .~,^^.. / ~...^.~". */
static const unsigned char v1_map[] = {
  0x89, 0x41, 0x4d, 0x54, 0x0d, 0x0a, 0x1a, 0x0a, 0x01, 0x00, 0x01, 0x00,
  0x07, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xe1, 0x3f,
  0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0xe3, 0x3f, 0x28, 0x2d, 0x4b, 0x00,
  0x26, 0x7d, 0x25, 0xf3, 0x89, 0x41, 0x4d, 0x50, 0x0d, 0x0a, 0x1a, 0x0a,
  0x01, 0x00, 0x10, 0x03, 0x23, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x07, 0x04, 0x74, 0x79, 0x70, 0x65, 0x08, 0x06, 0x68, 0x65, 0x69, 0x67,
  0x68, 0x74, 0x01, 0x0a, 0x76, 0x65, 0x67, 0x65, 0x74, 0x61, 0x74, 0x69,
  0x6f, 0x6e, 0x92, 0x6c, 0x40, 0x57, 0x00, 0x00, 0x1a, 0x00, 0x64, 0x02,
  0x52, 0x04, 0x4e, 0x00, 0x3e, 0x00, 0x26, 0x00, 0x3a, 0x00, 0x4a, 0x00,
  0x32, 0x00, 0x8a, 0x02, 0xb8, 0x06, 0x86, 0x02, 0x6f, 0x02, 0x9a, 0x06,
  0xc6, 0x06, 0xa6, 0x06, 0x2a, 0x00, 0x0c, 0x00, 0x3c, 0x00, 0x3c, 0x00,
  0x6a, 0x02, 0x46, 0x00, 0x7b, 0x02, 0xa8, 0x06, 0xc2, 0x06, 0x8c, 0x02,
  0x80, 0x02, 0x2a, 0x00, 0x66, 0x02, 0x6e, 0x02, 0x72, 0x02, 0x9a, 0x06,
  0x74, 0x02, 0x4a, 0x00, 0x00, 0xf5, 0x00, 0x3b
};
enum { V1_MAP_LEN = 176 };

static uint64_t le(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}

static void put_le(uint8_t *b, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

/* Serialises t into a malloc'd buffer. */
static uint8_t *to_bytes(const amz_terrain *t, size_t *n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(amz_terrain_write(t, f, NULL), AMZ_OK);
    fclose(f);
    *n = len;
    return (uint8_t *)buf;
}

static amz_status from_bytes(const uint8_t *b, size_t n, amz_terrain *t, uint64_t max, amz_error *err)
{
    FILE *f = tmpfile();
    if (n)
        assert_int_equal(fwrite(b, 1, n, f), n);
    rewind(f);
    amz_error_clear(err);
    amz_status st = amz_terrain_read(f, t, max, err);
    fclose(f);
    return st;
}

static void small_map(amz_terrain *t, bool wrap)
{
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.seed = 0x0123456789abcdefull;
    o.wrap = wrap;
    o.roughness = 0.625;
    o.vegetation = 0.25;
    o.sand_from = 30;
    o.earth_from = 41;
    o.rock_from = 80;
    o.biomes = true;
    o.erosion = 0.5;
    o.temperature = -0.25;
    assert_int_equal(amz_terrain_generate(t, 7, 5, &o, NULL), AMZ_OK);
}

static void test_header_layout(void **state)
{
    (void)state;
    amz_terrain t;
    small_map(&t, true);
    size_t n;
    uint8_t *b = to_bytes(&t, &n);
    static const uint8_t magic[8] = {0x89, 'A', 'M', 'T', '\r', '\n', 0x1a, '\n'};
    assert_memory_equal(b, magic, 8);
    assert_int_equal(le(b + 8, 2), 2); /* version */
    assert_int_equal(b[10], 1 | 4);    /* wrap and biomes flags */
    assert_int_equal(b[11], 0);        /* diamond-square */
    assert_int_equal(le(b + 12, 4), 7);
    assert_int_equal(le(b + 16, 4), 5);
    assert_true(le(b + 20, 8) == 0x0123456789abcdefull);
    assert_true(le(b + 28, 8) == 0x3FE4000000000000ull); /* 0.625 as IEEE binary64 */
    assert_true(le(b + 36, 8) == 0x3FD0000000000000ull); /* 0.25 */
    assert_int_equal(b[44], 30);
    assert_int_equal(b[45], 41);
    assert_int_equal(b[46], 80);
    assert_int_equal(b[47], 6);               /* octaves */
    assert_int_equal(le(b + 48, 4), 256);     /* period */
    assert_int_equal(le(b + 52, 4), 2048);    /* pole */
    assert_true(le(b + 56, 8) == 0 && le(b + 64, 8) == 0);
    assert_true(le(b + 72, 8) == 0x3FE0000000000000ull); /* erosion 0.5 */
    assert_true(le(b + 80, 8) == 0xBFD0000000000000ull); /* temperature -0.25 */
    assert_true(le(b + 88, 8) == 0);                      /* moisture 0 */
    assert_int_equal(le(b + 96, 4), amz_crc32(0, b, 96));
    /* Then a packed block: 16-bit words, 5 fields, 35 tiles, little-endian. */
    const uint8_t *p = b + 100;
    assert_int_equal(p[0], 0x89);
    assert_int_equal(p[3], 'P');
    assert_int_equal(p[10], 16);
    assert_int_equal(p[11], 5);
    assert_int_equal(le(p + 12, 8), 35);
    static const char *const names[] = {"type", "biome", "river", "height", "vegetation"};
    static const unsigned widths[] = {2, 4, 1, 8, 1};
    size_t off = 20;
    for (int i = 0; i < 5; i++) {
        assert_int_equal(p[off], widths[i]);
        assert_int_equal(p[off + 1], strlen(names[i]));
        assert_memory_equal(p + off + 2, names[i], strlen(names[i]));
        off += 2 + strlen(names[i]);
    }
    assert_int_equal(le(p + off, 4), amz_crc32(0, p, off));
    size_t data = 100 + off + 4;
    assert_int_equal(n, data + 35 * 2 + 4);
    for (int i = 0; i < 35; i++)
        assert_int_equal(le(b + data + 2 * i, 2), ((uint16_t *)t.tiles.data)[i]);
    assert_int_equal(le(b + n - 4, 4), amz_crc32(0, b + data, 70));
    free(b);
    amz_terrain_deinit(&t);
}

/* Version 1 still loads: same size and options, each tile moved into the new layout
 * (decoded here from the old one by hand: type in bits 15-9, height 8-1, vegetation 0). */
static void test_version_1(void **state)
{
    (void)state;
    amz_terrain t;
    amz_error err;
    assert_int_equal(from_bytes(v1_map, V1_MAP_LEN, &t, 0, &err), AMZ_OK);
    assert_int_equal(t.width, 7);
    assert_int_equal(t.height, 5);
    assert_true(t.options.wrap && t.options.seed == 5 && t.options.noise == AMZ_NOISE_DIAMOND_SQUARE);
    assert_false(t.options.biomes || t.options.rivers);
    assert_int_equal(t.options.sand_from, 40);
    const uint8_t *words = v1_map + V1_MAP_LEN - 4 - 70;
    static const char drawing[] = "~~.:~~~~~~.^.,^^^~~~~.~,^^..~...^.~";
    for (int i = 0; i < 35; i++) {
        unsigned w = (unsigned)le(words + 2 * i, 2);
        uint16_t tile = ((uint16_t *)t.tiles.data)[i];
        assert_int_equal(amz_tile_type_of(tile), w >> 9);
        assert_int_equal(amz_tile_height_of(tile), (w >> 1) & 0xff);
        assert_int_equal(amz_tile_vegetation_of(tile), w & 1);
        assert_int_equal(amz_tile_biome_of(tile), 0);
        assert_false(amz_tile_river_of(tile));
        assert_int_equal(amz_tile_glyph(tile), drawing[i]);
    }
    /* Written again, it is a version-2 file of the same tiles. */
    size_t n;
    uint8_t *b = to_bytes(&t, &n);
    assert_int_equal(le(b + 8, 2), 2);
    amz_terrain u;
    assert_int_equal(from_bytes(b, n, &u, 0, &err), AMZ_OK);
    assert_memory_equal(u.tiles.data, t.tiles.data, 70);
    amz_terrain_deinit(&u);
    free(b);
    amz_terrain_deinit(&t);
    /* Its truncations and flipped bits are refused like version 2's. */
    uint8_t *c = malloc(V1_MAP_LEN);
    memcpy(c, v1_map, V1_MAP_LEN);
    for (size_t len = 0; len < V1_MAP_LEN; len++)
        assert_int_not_equal(from_bytes(c, len, &u, 0, &err), AMZ_OK);
    for (size_t i = 0; i < V1_MAP_LEN; i++)
        for (int bit = 0; bit < 8; bit++) {
            c[i] ^= (uint8_t)(1u << bit);
            if (from_bytes(c, V1_MAP_LEN, &u, 0, &err) == AMZ_OK)
                fail_msg("version 1: byte %zu bit %d flipped was accepted", i, bit);
            c[i] ^= (uint8_t)(1u << bit);
        }
    /* A version-1 tile of an unknown type, with fixed checksums. */
    size_t data = V1_MAP_LEN - 4 - 70;
    put_le(c + data + 2 * 3, 5u << 9, 2);
    put_le(c + V1_MAP_LEN - 4, amz_crc32(0, c + data, 70), 4);
    assert_int_equal(from_bytes(c, V1_MAP_LEN, &u, 0, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "tile (3,0) has type 5"));
    free(c);
}

static void test_round_trip(void **state)
{
    (void)state;
    for (int wrap = 0; wrap <= 1; wrap++) {
        amz_terrain t, u;
        small_map(&t, wrap);
        size_t n;
        uint8_t *b = to_bytes(&t, &n);
        amz_error err;
        assert_int_equal(from_bytes(b, n, &u, 0, &err), AMZ_OK);
        assert_int_equal(u.width, 7);
        assert_int_equal(u.height, 5);
        assert_memory_equal(&u.options, &t.options, sizeof t.options);
        assert_memory_equal(u.tiles.data, t.tiles.data, 70);
        amz_terrain_deinit(&u);
        free(b);
        amz_terrain_deinit(&t);
    }
    /* Through a path, atomically; a missing folder leaves nothing. */
    char dir[] = "/tmp/amz-amt-XXXXXX", path[96], bad[128];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/w.amt", dir);
    snprintf(bad, sizeof bad, "%s/no/w.amt", dir);
    amz_terrain t, u;
    assert_int_equal(amz_terrain_generate(&t, 300, 200, NULL, NULL), AMZ_OK);
    amz_error err;
    assert_int_equal(amz_terrain_save(&t, path, &err), AMZ_OK);
    assert_int_equal(amz_terrain_load(path, &u, 0, &err), AMZ_OK);
    assert_memory_equal(u.tiles.data, t.tiles.data, 300 * 200 * 2);
    amz_terrain_deinit(&u);
    /* An fbm window keeps its place and every option. */
    amz_terrain_options fo;
    amz_terrain_options_init(&fo);
    fo.noise = AMZ_NOISE_FBM;
    fo.octaves = 3;
    fo.period = 64;
    fo.pole = 999;
    fo.rivers = true;
    fo.moisture = 0.75;
    amz_terrain w;
    assert_int_equal(amz_terrain_generate_window(&w, -77, 1234567, 31, 9, &fo, 1, NULL, &err), AMZ_OK);
    assert_int_equal(amz_terrain_save(&w, path, &err), AMZ_OK);
    assert_int_equal(amz_terrain_load(path, &u, 0, &err), AMZ_OK);
    assert_true(u.x == -77 && u.y == 1234567);
    assert_memory_equal(&u.options, &w.options, sizeof w.options);
    assert_memory_equal(u.tiles.data, w.tiles.data, 31 * 9 * 2);
    amz_terrain_deinit(&u);
    amz_terrain_deinit(&w);
    assert_int_equal(amz_terrain_save(&t, path, &err), AMZ_OK);
    assert_int_equal(amz_terrain_load(path, &u, 1000, &err), AMZ_ENOMEM);
    assert_non_null(strstr(err.msg, "more than the 1000 allowed"));
    assert_int_equal(amz_terrain_save(&t, bad, &err), AMZ_EIO);
    assert_int_equal(amz_terrain_load(bad, &u, 0, &err), AMZ_EIO);
    assert_non_null(strstr(err.msg, "cannot open"));
    amz_terrain_deinit(&t);
    unlink(path);
    rmdir(dir);
}

static void test_every_truncation_and_flip(void **state)
{
    (void)state;
    amz_terrain t, u;
    small_map(&t, false);
    size_t n;
    uint8_t *b = to_bytes(&t, &n);
    amz_error err;
    for (size_t len = 0; len < n; len++) {
        amz_status st = from_bytes(b, len, &u, 0, &err);
        if (st != AMZ_EFORMAT || !(strstr(err.msg, "truncated") || strstr(err.msg, "not an .amt")))
            fail_msg("length %zu: status %d '%s'", len, st, err.msg);
        assert_null(u.tiles.data);
    }
    for (size_t i = 0; i < n; i++)
        for (int bit = 0; bit < 8; bit++) {
            b[i] ^= (uint8_t)(1u << bit);
            if (from_bytes(b, n, &u, 0, &err) == AMZ_OK)
                fail_msg("byte %zu bit %d flipped was accepted", i, bit);
            assert_true(err.msg[0] != '\0');
            b[i] ^= (uint8_t)(1u << bit);
        }
    free(b);
    amz_terrain_deinit(&t);
}

static void expect(const uint8_t *b, size_t n, const char *words)
{
    amz_terrain u;
    amz_error err;
    amz_status st = from_bytes(b, n, &u, 0, &err);
    if (st != AMZ_EFORMAT || !strstr(err.msg, words))
        fail_msg("expected '%s', got status %d: '%s'", words, st, err.msg);
    assert_null(u.tiles.data);
}

/* Rewrites a header field and fixes the header checksum. */
static void patch(uint8_t *b, int off, uint64_t v, int nbytes)
{
    put_le(b + off, v, nbytes);
    put_le(b + 96, amz_crc32(0, b, 96), 4);
}

static void test_named_problems(void **state)
{
    (void)state;
    amz_terrain t;
    small_map(&t, false);
    size_t n;
    uint8_t *good = to_bytes(&t, &n), *b = malloc(n + 1);
    memcpy(b, good, n);
    b[2] = 'X';
    expect(b, n, "not an .amt terrain file");
    memcpy(b, good, n);
    b[13] ^= 4;
    expect(b, n, "header checksum mismatch");
    memcpy(b, good, n);
    b[n - 7] ^= 1;
    expect(b, n, "tiles: data checksum mismatch");
    struct {
        int off, bytes;
        uint64_t value;
        const char *words;
    } cases[] = {
        {8, 2, 3, "unsupported .amt version 3"},
        {10, 1, 8, "unknown flags 0x08"},
        {11, 1, 5, "unknown height source 5"},
        {12, 4, 0, "map size 0x5"},
        {16, 4, AMZ_TERRAIN_MAX_SIDE + 1, "sides must be 1 to"},
        {28, 8, 0x7FF8000000000000ull, "roughness"}, /* NaN */
        {28, 8, 0, "roughness"},
        {36, 8, 0x4000000000000000ull, "vegetation 2"},
        {44, 1, 50, "must not decrease"},
        {46, 1, 101, "each must be 0 to 100"},
        {47, 1, 0, "octaves 0"},
        {48, 4, 100, "period 100"},
        {52, 4, 3, "pole distance 3"},
        {56, 8, 5, "bad window position 5,0"},
        {72, 8, 0x4022000000000000ull, "erosion 9"},
        {80, 8, 0x4000000000000000ull, "temperature 2"},
        {88, 8, 0xC000000000000000ull, "moisture -2"},
        {12, 4, 8, "tiles: 35 tiles for a 8x5 map"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(b, good, n);
        patch(b, cases[i].off, cases[i].value, cases[i].bytes);
        expect(b, n, cases[i].words);
    }
    memcpy(b, good, n);
    b[n] = 0;
    expect(b, n + 1, "unexpected bytes after the tiles");
    free(good);
    free(b);

    /* A noise window may sit anywhere in the world, but not past its edge: positions
     * whose end would overflow 64 bits (INT64_MAX + width) are refused too. */
    amz_terrain_options fo;
    amz_terrain_options_init(&fo);
    fo.noise = AMZ_NOISE_FBM;
    amz_terrain w;
    assert_int_equal(amz_terrain_generate_window(&w, 5, 6, 7, 3, &fo, 1, NULL, NULL), AMZ_OK);
    good = to_bytes(&w, &n);
    b = malloc(n);
    static const struct {
        int off;
        uint64_t value;
    } windows[] = {{56, (uint64_t)INT64_MAX},       {64, (uint64_t)INT64_MAX},
                   {56, (uint64_t)INT64_MAX - 3},   {56, (uint64_t)AMZ_TERRAIN_WORLD_LIMIT - 6},
                   {64, (uint64_t)AMZ_TERRAIN_WORLD_LIMIT - 2}, {56, (uint64_t)INT64_MIN}};
    for (size_t i = 0; i < sizeof windows / sizeof windows[0]; i++) {
        memcpy(b, good, n);
        patch(b, windows[i].off, windows[i].value, 8);
        expect(b, n, "bad window position");
    }
    /* The last place that fits is taken. */
    memcpy(b, good, n);
    patch(b, 56, (uint64_t)AMZ_TERRAIN_WORLD_LIMIT - 7, 8);
    amz_error err;
    amz_terrain edge;
    assert_int_equal(from_bytes(b, n, &edge, 0, &err), AMZ_OK);
    assert_true(edge.x == AMZ_TERRAIN_WORLD_LIMIT - 7);
    amz_terrain_deinit(&edge);
    amz_terrain_deinit(&w);

    /* Tiles this version does not know, written with valid checksums. */
    amz_packed_set(&t.tiles, 7 * 2 + 3, 1, 14, NULL); /* (3,2): biome 14 */
    uint8_t *c = to_bytes(&t, &n);
    expect(c, n, "tile (3,2) has biome 14");
    free(c);
    amz_packed_set(&t.tiles, 7 * 2 + 3, 1, 0, NULL);
    amz_packed_set(&t.tiles, 7 * 4 + 6, 3, 120, NULL); /* (6,4): height 120 */
    c = to_bytes(&t, &n);
    expect(c, n, "tile (6,4) has height 120");
    free(c);
    amz_terrain_deinit(&t);

    /* A well-formed packed block of another format is not a terrain. */
    amz_terrain other;
    memset(&other, 0, sizeof other);
    amz_terrain_options_init(&other.options);
    other.width = 2;
    other.height = 2;
    amz_bitfmt f;
    assert_int_equal(amz_bitfmt_parse(&f, "type:8,height:8,vegetation:1", 0, NULL), AMZ_OK);
    assert_int_equal(amz_packed_init(&other.tiles, &f, 4, NULL), AMZ_OK);
    size_t hn;
    uint8_t *h = to_bytes(&(amz_terrain){2, 2, 0, 0, other.options, {*amz_tile_format(), 4, (uint16_t[4]){0}}}, &hn);
    FILE *sink = tmpfile();
    assert_int_equal(amz_terrain_write(&other, sink, NULL), AMZ_EINVAL); /* the writer refuses it too */
    fclose(sink);
    char *mb = NULL;
    FILE *ms = open_memstream(&mb, &n);
    fwrite(h, 1, 100, ms);
    assert_int_equal(amz_packed_write(&other.tiles, ms, NULL), AMZ_OK);
    fclose(ms);
    free(h);
    c = (uint8_t *)mb;
    expect(c, n, "tiles: the tile format is not the terrain tile format");
    free(c);
    amz_packed_deinit(&other.tiles);
    free(good);
    free(b);
}

/* A header that claims the biggest map (2^36 tiles, 128 GB) followed by 300 KB of
 * tiles: a regular file is refused by its length, a pipe by its end, and neither
 * allocates much more than what arrived. */
static void test_claims_and_memory(void **state)
{
    (void)state;
    amz_terrain t;
    small_map(&t, false);
    size_t n;
    uint8_t *b = to_bytes(&t, &n);
    amz_terrain_deinit(&t);
    patch(b, 12, 1u << 20, 4);
    patch(b, 16, 1u << 16, 4);
    /* The block header must claim the same count, with its own checksum. */
    uint8_t *p = b + 100;
    size_t hdr = 20 + (2 + 4) + (2 + 5) + (2 + 5) + (2 + 6) + (2 + 10);
    put_le(p + 12, (uint64_t)1 << 36, 8);
    put_le(p + hdr, amz_crc32(0, p, hdr), 4);
    size_t data = 300000;
    n = 100 + hdr + 4;
    b = realloc(b, n + data);
    memset(b + n, 0, data); /* zero words are valid tiles (water, height 0) */
    n += data;
    for (int via_pipe = 0; via_pipe <= 1; via_pipe++) {
        tu_meter mt = {0, 0};
        amz_allocator a = tu_meter_allocator(&mt);
        amz_set_allocator(&a);
        amz_error err;
        amz_status st;
        if (via_pipe) {
            int fd[2];
            assert_int_equal(pipe(fd), 0);
            pid_t child = fork();
            assert_true(child >= 0);
            if (child == 0) { /* the writer: more than a pipe holds at once */
                close(fd[0]);
                _exit(write(fd[1], b, n) == (ssize_t)n ? 0 : 1);
            }
            close(fd[1]);
            FILE *f = fdopen(fd[0], "rb");
            st = amz_terrain_read(f, &t, 0, &err);
            fclose(f);
            int status;
            waitpid(child, &status, 0);
        } else {
            st = from_bytes(b, n, &t, 0, &err);
        }
        amz_set_allocator(NULL);
        assert_int_equal(st, AMZ_EFORMAT);
        if (!strstr(err.msg, "truncated"))
            fail_msg("%s: '%s'", via_pipe ? "pipe" : "file", err.msg);
        if (mt.peak > 2 * data + 65536)
            fail_msg("%s: %llu bytes allocated for a %zu-byte file", via_pipe ? "pipe" : "file",
                     (unsigned long long)mt.peak, n);
        /* With a limit, refused before reading the tiles at all. */
        assert_int_equal(from_bytes(b, n, &t, 1u << 30, &err), AMZ_ENOMEM);
        assert_non_null(strstr(err.msg, "more than the 1073741824 allowed"));
    }
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_layout),
        cmocka_unit_test(test_version_1),
        cmocka_unit_test(test_claims_and_memory),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_every_truncation_and_flip),
        cmocka_unit_test(test_named_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
