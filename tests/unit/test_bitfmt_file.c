/* test_bitfmt_file.c — saved packed arrays: the writer produces exactly the bytes
 * docs/TILES.md specifies (built here by hand), save/load round trips atomically, and
 * the reader rejects every truncation, every single flipped byte and each kind of
 * well-checksummed nonsense with a message naming the problem. */
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

static size_t put_le(uint8_t *b, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    return (size_t)n;
}

/* The spec's example block: the article's format in 32-bit words, two words. Builds
 * it from the field list; `words` may hold anything (to make bad files). */
static size_t build_block(uint8_t *b, unsigned word_bytes, const char *const *names, const unsigned *widths, unsigned n,
                          const uint64_t *words, unsigned count)
{
    static const uint8_t magic[8] = {0x89, 'A', 'M', 'P', '\r', '\n', 0x1a, '\n'};
    size_t k = 0;
    memcpy(b, magic, 8);
    k = 8;
    k += put_le(b + k, 1, 2);
    b[k++] = (uint8_t)(word_bytes * 8);
    b[k++] = (uint8_t)n;
    k += put_le(b + k, count, 8);
    for (unsigned i = 0; i < n; i++) {
        b[k++] = (uint8_t)widths[i];
        b[k++] = (uint8_t)strlen(names[i]);
        memcpy(b + k, names[i], strlen(names[i]));
        k += strlen(names[i]);
    }
    k += put_le(b + k, amz_crc32(0, b, k), 4);
    size_t data = k;
    for (unsigned i = 0; i < count; i++)
        k += put_le(b + k, words[i], (int)word_bytes);
    k += put_le(b + k, amz_crc32(0, b + data, k - data), 4);
    return k;
}

static const char *const article_names[] = {"type", "height", "vegetation"};
static const unsigned article_widths[] = {8, 8, 1};

static void article_array(amz_packed *a, uint64_t count)
{
    amz_bitfmt f;
    assert_int_equal(amz_bitfmt_parse(&f, "type:8,height:8,vegetation:1", 0, NULL), AMZ_OK);
    assert_int_equal(amz_packed_init(a, &f, count, NULL), AMZ_OK);
}

/* Reads a block from memory; returns the status and fills err. */
static amz_status read_mem(const uint8_t *b, size_t n, amz_packed *a, uint64_t max, amz_error *err)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    if (n)
        assert_int_equal(fwrite(b, 1, n, f), n);
    rewind(f);
    amz_error_clear(err);
    amz_status st = amz_packed_read(f, a, max, err);
    fclose(f);
    return st;
}

static void test_writer_matches_spec(void **state)
{
    (void)state;
    amz_packed a;
    article_array(&a, 2);
    uint64_t vals[3] = {4, 48, 1}, w;
    assert_int_equal(amz_bitfmt_pack(&a.fmt, vals, &w, NULL), AMZ_OK);
    assert_int_equal(amz_packed_set_word(&a, 0, w, NULL), AMZ_OK);
    assert_int_equal(amz_packed_set(&a, 1, 2, 1, NULL), AMZ_OK);
    uint8_t want[256];
    uint64_t words[2] = {2145, 1};
    size_t n = build_block(want, 4, article_names, article_widths, 3, words, 2);
    assert_int_equal(n, 20 + 6 + 8 + 12 + 4 + 8 + 4);
    /* 2145 = 0x861, little-endian */
    assert_int_equal(want[50], 0x61);
    assert_int_equal(want[51], 0x08);

    FILE *f = tmpfile();
    assert_int_equal(amz_packed_write(&a, f, NULL), AMZ_OK);
    long len = ftell(f);
    assert_int_equal(len, (long)n);
    rewind(f);
    uint8_t got[256];
    assert_int_equal(fread(got, 1, n, f), n);
    fclose(f);
    assert_memory_equal(got, want, n);
    amz_packed_deinit(&a);
}

static void test_save_load_round_trip(void **state)
{
    (void)state;
    char dir[] = "/tmp/amz-bitfmt-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/tiles.amp", dir);
    amz_packed a, b;
    article_array(&a, 1000);
    for (uint64_t i = 0; i < 1000; i++) {
        assert_int_equal(amz_packed_set(&a, i, 0, i % 256, NULL), AMZ_OK);
        assert_int_equal(amz_packed_set(&a, i, 1, (i * 7) % 256, NULL), AMZ_OK);
        assert_int_equal(amz_packed_set(&a, i, 2, i % 3 == 0, NULL), AMZ_OK);
    }
    amz_error err;
    assert_int_equal(amz_packed_save(&a, path, &err), AMZ_OK);
    assert_int_equal(amz_packed_load(path, &b, 0, &err), AMZ_OK);
    assert_true(amz_bitfmt_equal(&a.fmt, &b.fmt));
    assert_true(b.count == 1000);
    assert_memory_equal(a.data, b.data, 4000);
    amz_packed_deinit(&b);
    /* The memory limit is checked before allocating. */
    assert_int_equal(amz_packed_load(path, &b, 3999, &err), AMZ_ENOMEM);
    assert_null(b.data);
    /* Trailing bytes: not exactly one block. */
    FILE *f = fopen(path, "ab");
    fputc(0, f);
    fclose(f);
    assert_int_equal(amz_packed_load(path, &b, 0, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "unexpected bytes"));
    assert_non_null(strstr(err.msg, path));
    /* Saving into a missing folder fails cleanly and leaves nothing behind. */
    char bad[160];
    snprintf(bad, sizeof bad, "%s/missing/tiles.amp", dir);
    assert_int_equal(amz_packed_save(&a, bad, &err), AMZ_EIO);
    assert_int_equal(amz_packed_load(bad, &b, 0, &err), AMZ_EIO);
    assert_non_null(strstr(err.msg, "cannot open"));
    amz_packed_deinit(&a);
    unlink(path);
    rmdir(dir);
}

static void test_every_truncation_and_flip_rejected(void **state)
{
    (void)state;
    uint8_t good[256], b[256];
    uint64_t words[3] = {2145, 1, 0x1ffff};
    size_t n = build_block(good, 4, article_names, article_widths, 3, words, 3);
    amz_packed a;
    amz_error err;
    assert_int_equal(read_mem(good, n, &a, 0, &err), AMZ_OK);
    assert_true(amz_packed_word(&a, 2) == 0x1ffff);
    amz_packed_deinit(&a);
    for (size_t len = 0; len < n; len++) {
        assert_int_equal(read_mem(good, len, &a, 0, &err), AMZ_EFORMAT);
        if (!strstr(err.msg, "truncated"))
            fail_msg("length %zu: '%s' does not say truncated", len, err.msg);
        assert_null(a.data);
    }
    for (size_t i = 0; i < n; i++)
        for (int bit = 0; bit < 8; bit++) {
            memcpy(b, good, n);
            b[i] ^= (uint8_t)(1u << bit);
            amz_status st = read_mem(b, n, &a, 0, &err);
            if (st == AMZ_OK)
                fail_msg("byte %zu bit %d flipped was accepted", i, bit);
            assert_true(err.msg[0] != '\0');
            assert_null(a.data);
        }
}

static void expect_error(const uint8_t *b, size_t n, amz_status code, const char *words)
{
    amz_packed a;
    amz_error err;
    amz_status st = read_mem(b, n, &a, 0, &err);
    if (st != code || !strstr(err.msg, words))
        fail_msg("expected status %d with '%s', got %d: '%s'", code, words, st, err.msg);
}

static void test_named_problems(void **state)
{
    (void)state;
    uint8_t b[512];
    uint64_t words[2] = {2145, 1};
    size_t n = build_block(b, 4, article_names, article_widths, 3, words, 2);
    b[1] = 'X';
    expect_error(b, n, AMZ_EFORMAT, "bad magic");
    n = build_block(b, 4, article_names, article_widths, 3, words, 2);
    b[30] ^= 1; /* a name byte */
    expect_error(b, n, AMZ_EFORMAT, "header checksum mismatch");
    n = build_block(b, 4, article_names, article_widths, 3, words, 2);
    b[n - 10] ^= 1; /* a data byte */
    expect_error(b, n, AMZ_EFORMAT, "data checksum mismatch");
    /* Checksums right, content wrong. */
    n = build_block(b, 4, article_names, article_widths, 3, words, 2);
    b[8] = 2;
    put_le(b + 46, amz_crc32(0, b, 46), 4);
    expect_error(b, n, AMZ_EFORMAT, "unsupported packed-array version 2");
    n = build_block(b, 3, article_names, article_widths, 3, words, 2);
    expect_error(b, n, AMZ_EFORMAT, "word size 24");
    static const unsigned too_wide[] = {8, 8, 17};
    n = build_block(b, 4, article_names, too_wide, 3, words, 2);
    expect_error(b, n, AMZ_EFORMAT, "more than the 32-bit word");
    static const unsigned zero[] = {8, 0, 1};
    n = build_block(b, 4, article_names, zero, 3, words, 2);
    expect_error(b, n, AMZ_EFORMAT, "has 0 bits");
    static const char *const dup[] = {"type", "type", "vegetation"};
    n = build_block(b, 4, dup, article_widths, 3, words, 2);
    expect_error(b, n, AMZ_EFORMAT, "declared twice");
    static const char *const badname[] = {"type", "he ight", "vegetation"};
    n = build_block(b, 4, badname, article_widths, 3, words, 2);
    expect_error(b, n, AMZ_EFORMAT, "field 2: name");
    n = build_block(b, 4, article_names, article_widths, 0, words, 2);
    expect_error(b, n, AMZ_EFORMAT, "0 fields");
    uint64_t padded[2] = {2145, (uint64_t)1 << 17};
    n = build_block(b, 4, article_names, article_widths, 3, padded, 2);
    expect_error(b, n, AMZ_EFORMAT, "word 1 (byte 54) has bits set above the 17-bit format");
    /* A huge count with a right checksum is refused by the limit before allocating. */
    n = build_block(b, 4, article_names, article_widths, 3, words, 2);
    put_le(b + 12, (uint64_t)1 << 40, 8);
    put_le(b + 46, amz_crc32(0, b, 46), 4);
    amz_packed a;
    amz_error err;
    assert_int_equal(read_mem(b, n, &a, 1 << 20, &err), AMZ_ENOMEM);
    assert_non_null(strstr(err.msg, "allowed"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writer_matches_spec),
        cmocka_unit_test(test_save_load_round_trip),
        cmocka_unit_test(test_every_truncation_and_flip_rejected),
        cmocka_unit_test(test_named_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
