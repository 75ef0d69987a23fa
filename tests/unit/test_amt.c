/* test_amt.c — .amt terrain files: the header bytes docs/TILES.md specifies, round
 * trips through streams and paths, every truncation and every flipped bit rejected,
 * and each kind of checksummed nonsense (options, tile format, tile count, unknown
 * types, heights above 99, trailing bytes, memory limit) named in the message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "amaze.h"

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
    assert_int_equal(le(b + 8, 2), 1); /* version */
    assert_int_equal(b[10], 1);        /* wrap flag */
    assert_int_equal(b[11], 0);
    assert_int_equal(le(b + 12, 4), 7);
    assert_int_equal(le(b + 16, 4), 5);
    assert_true(le(b + 20, 8) == 0x0123456789abcdefull);
    assert_true(le(b + 28, 8) == 0x3FE4000000000000ull); /* 0.625 as IEEE binary64 */
    assert_true(le(b + 36, 8) == 0x3FD0000000000000ull); /* 0.25 */
    assert_int_equal(b[44], 30);
    assert_int_equal(b[45], 41);
    assert_int_equal(b[46], 80);
    assert_int_equal(b[47], 0);
    assert_int_equal(le(b + 48, 4), amz_crc32(0, b, 48));
    /* Then a packed block: 16-bit words, 3 fields, 35 tiles, little-endian. */
    assert_int_equal(b[52], 0x89);
    assert_int_equal(b[52 + 3], 'P');
    assert_int_equal(b[52 + 10], 16);
    assert_int_equal(b[52 + 11], 3);
    assert_int_equal(le(b + 52 + 12, 8), 35);
    size_t data = 52 + 20 + (2 + 4) + (2 + 6) + (2 + 10) + 4;
    assert_int_equal(n, data + 35 * 2 + 4);
    for (int i = 0; i < 35; i++)
        assert_int_equal(le(b + data + 2 * i, 2), ((uint16_t *)t.tiles.data)[i]);
    free(b);
    amz_terrain_deinit(&t);
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
    put_le(b + 48, amz_crc32(0, b, 48), 4);
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
        {8, 2, 2, "unsupported .amt version 2"},
        {10, 1, 2, "unknown flags 0x02"},
        {11, 1, 5, "reserved header byte 11"},
        {12, 4, 0, "map size 0x5"},
        {16, 4, AMZ_TERRAIN_MAX_SIDE + 1, "sides must be 1 to"},
        {28, 8, 0x7FF8000000000000ull, "roughness"}, /* NaN */
        {28, 8, 0, "roughness"},
        {36, 8, 0x4000000000000000ull, "vegetation 2"},
        {44, 1, 50, "must not decrease"},
        {46, 1, 101, "each must be 0 to 100"},
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

    /* Tiles this version does not know, written with valid checksums. */
    amz_packed_set(&t.tiles, 7 * 2 + 3, 0, 5, NULL); /* (3,2): type 5 */
    uint8_t *c = to_bytes(&t, &n);
    expect(c, n, "tile (3,2) has type 5");
    free(c);
    amz_packed_set(&t.tiles, 7 * 2 + 3, 0, 0, NULL);
    amz_packed_set(&t.tiles, 7 * 4 + 6, 1, 120, NULL); /* (6,4): height 120 */
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
    c = to_bytes(&other, &n);
    expect(c, n, "tiles: format type:8,height:8,vegetation:1 in 32-bit words is not the terrain tile format");
    free(c);
    amz_packed_deinit(&other.tiles);
    free(good);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_layout),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_every_truncation_and_flip),
        cmocka_unit_test(test_named_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
