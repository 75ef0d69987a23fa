/* test_bitfmt.c — bit-field formats: the article's exact examples (4, 48, 1) <-> 2145
 * and the zero-padding cases its binary-string version got wrong, declaration errors,
 * get/set/find, text specs, and the static (X-macro) declaration. Expected words are
 * worked out by hand from the layout (type << 9 | height << 1 | vegetation). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "amaze.h"

/* The article's format, declared statically. */
#define ARTICLE_FIELDS(X) X(type, 8) X(height, 8) X(vegetation, 1)
AMZ_BITFMT_LAYOUT(article, 32, ARTICLE_FIELDS);
static const amz_bitfmt_field article_fields[] = AMZ_BITFMT_TABLE(ARTICLE_FIELDS);

_Static_assert(AMZ_BITFMT_TOTAL(article) == 17, "17 bits");
_Static_assert(AMZ_BITFMT_SHIFT(article, type) == 9, "type above height and vegetation");
_Static_assert(AMZ_BITFMT_SHIFT(article, height) == 1, "height above vegetation");
_Static_assert(AMZ_BITFMT_SHIFT(article, vegetation) == 0, "vegetation lowest");
_Static_assert(AMZ_BITFMT_GET(article, height, 2145) == 48, "compile-time get");

static void article(amz_bitfmt *f)
{
    amz_error err;
    assert_int_equal(amz_bitfmt_init(f, article_fields, 3, 0, &err), AMZ_OK);
}

static void test_article_example(void **state)
{
    (void)state;
    amz_bitfmt f;
    article(&f);
    assert_int_equal(f.total_bits, 17);
    assert_int_equal(f.word_bits, 32); /* smallest word holding 17 bits */
    uint64_t v[3] = {4, 48, 1}, w = 0, back[3];
    assert_int_equal(amz_bitfmt_pack(&f, v, &w, NULL), AMZ_OK);
    assert_int_equal(w, 2145);
    assert_int_equal(amz_bitfmt_unpack(&f, 2145, back, NULL), AMZ_OK);
    assert_int_equal(back[0], 4);
    assert_int_equal(back[1], 48);
    assert_int_equal(back[2], 1);
    assert_int_equal(amz_bitfmt_get(&f, 2145, 0), 4);
    assert_int_equal(amz_bitfmt_get(&f, 2145, 1), 48);
    assert_int_equal(amz_bitfmt_get(&f, 2145, 2), 1);
    /* The same through the compile-time macros. */
    assert_int_equal(AMZ_BITFMT_PUT(article, type, AMZ_BITFMT_PUT(article, height, 1, 48), 4), 2145);
}

/* The article's first version built "binary strings" with toString(2) and glued them
 * together, so a value shorter than its field (type 1 = "1", height 0 = "0") lost its
 * leading zeros and every field after it shifted. Each case is a value whose binary
 * form is shorter than its field, or a 1-bit field holding 0. */
static void test_zero_padding(void **state)
{
    (void)state;
    amz_bitfmt f;
    article(&f);
    static const struct {
        uint64_t type, height, veg, word;
    } cases[] = {
        {1, 0, 0, 512},                                 /* naive: "1"+"0"+"0" = 0b100 = 4 */
        {1, 0, 1, 513},                                 /* naive: "101" = 5 */
        {0, 0, 1, 1},                                   /* naive: "001" = 1 happens to work */
        {0, 1, 0, 2},                                   /* naive: "010" = 2 */
        {0, 0, 0, 0},           {1, 1, 1, 512 + 2 + 1}, /* naive: "111" = 7 */
        {4, 48, 0, 2144},                               /* the example with vegetation 0 in the 1-bit field */
        {255, 0, 0, 255u << 9},                         /* naive: "11111111"+"0"+"0" */
        {0, 255, 0, 255u << 1}, {2, 3, 0, (2u << 9) | (3u << 1)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t v[3] = {cases[i].type, cases[i].height, cases[i].veg}, w = 99, back[3];
        assert_int_equal(amz_bitfmt_pack(&f, v, &w, NULL), AMZ_OK);
        assert_int_equal(w, cases[i].word);
        assert_int_equal(amz_bitfmt_unpack(&f, w, back, NULL), AMZ_OK);
        assert_memory_equal(back, v, sizeof v);
    }
}

static void test_out_of_range_values(void **state)
{
    (void)state;
    amz_bitfmt f;
    article(&f);
    amz_error err;
    uint64_t w = 77, v[3] = {4, 48, 2};
    assert_int_equal(amz_bitfmt_pack(&f, v, &w, &err), AMZ_ERANGE);
    assert_int_equal(w, 77); /* untouched */
    assert_non_null(strstr(err.msg, "vegetation = 2"));
    v[2] = 1;
    v[1] = 256;
    assert_int_equal(amz_bitfmt_pack(&f, v, &w, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "height = 256"));
    /* set: range and index */
    w = 2145;
    assert_int_equal(amz_bitfmt_set(&f, &w, 0, 256, &err), AMZ_ERANGE);
    assert_int_equal(w, 2145);
    assert_int_equal(amz_bitfmt_set(&f, &w, 3, 0, &err), AMZ_EINVAL);
    assert_int_equal(w, 2145);
    /* unpack refuses a word with bits above the format */
    uint64_t back[3] = {9, 9, 9};
    assert_int_equal(amz_bitfmt_unpack(&f, (uint64_t)1 << 17, back, &err), AMZ_ERANGE);
    assert_int_equal(back[0], 9);
    assert_int_equal(amz_bitfmt_get(&f, 2145, 3), 0);
}

static void test_set_keeps_other_fields(void **state)
{
    (void)state;
    amz_bitfmt f;
    article(&f);
    uint64_t w = 2145;
    assert_int_equal(amz_bitfmt_set(&f, &w, 1, 99, NULL), AMZ_OK);
    assert_int_equal(w, (4u << 9) | (99u << 1) | 1u);
    assert_int_equal(amz_bitfmt_set(&f, &w, 2, 0, NULL), AMZ_OK);
    assert_int_equal(w, (4u << 9) | (99u << 1));
    assert_int_equal(amz_bitfmt_set(&f, &w, 0, 0, NULL), AMZ_OK);
    assert_int_equal(w, 99u << 1);
}

static void test_declaration_errors(void **state)
{
    (void)state;
    amz_bitfmt f;
    amz_error err;
    /* Over-wide for its word: the article's 17 bits do not fit 16. */
    assert_int_equal(amz_bitfmt_init(&f, article_fields, 3, 16, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "17 bits"));
    assert_non_null(strstr(err.msg, "16-bit"));
    assert_int_equal(f.nfields, 0);
    /* Over 64 bits in all. */
    amz_bitfmt_field wide[] = {{"a", 40}, {"b", 25}};
    assert_int_equal(amz_bitfmt_init(&f, wide, 2, 0, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "65 bits"));
    amz_bitfmt_field zero[] = {{"a", 0}};
    assert_int_equal(amz_bitfmt_init(&f, zero, 1, 0, &err), AMZ_ERANGE);
    amz_bitfmt_field big[] = {{"a", 65}};
    assert_int_equal(amz_bitfmt_init(&f, big, 1, 0, &err), AMZ_ERANGE);
    amz_bitfmt_field dup[] = {{"a", 3}, {"b", 3}, {"a", 3}};
    assert_int_equal(amz_bitfmt_init(&f, dup, 3, 0, &err), AMZ_EINVAL);
    assert_non_null(strstr(err.msg, "twice"));
    amz_bitfmt_field badname[] = {{"9lives", 3}};
    assert_int_equal(amz_bitfmt_init(&f, badname, 1, 0, &err), AMZ_EINVAL);
    amz_bitfmt_field longname[] = {{"abcdefghijklmnopqrstuvwxyzabcdef", 3}}; /* 32 bytes */
    assert_int_equal(amz_bitfmt_init(&f, longname, 1, 0, &err), AMZ_EINVAL);
    assert_int_equal(amz_bitfmt_init(&f, article_fields, 0, 0, &err), AMZ_EINVAL);
    assert_int_equal(amz_bitfmt_init(&f, article_fields, 3, 12, &err), AMZ_EINVAL);
    /* Exactly full words are fine. */
    amz_bitfmt_field full[] = {{"a", 64}};
    assert_int_equal(amz_bitfmt_init(&f, full, 1, 64, &err), AMZ_OK);
    uint64_t v = UINT64_MAX, w = 0, back;
    assert_int_equal(amz_bitfmt_pack(&f, &v, &w, NULL), AMZ_OK);
    assert_true(w == UINT64_MAX);
    assert_int_equal(amz_bitfmt_unpack(&f, w, &back, NULL), AMZ_OK);
    assert_true(back == UINT64_MAX);
    assert_true(amz_bitfmt_max(&f, 0) == UINT64_MAX);
}

static void test_parse_describe_find(void **state)
{
    (void)state;
    amz_bitfmt a, b;
    amz_error err;
    article(&a);
    assert_int_equal(amz_bitfmt_parse(&b, " type : 8 ,height:8,  vegetation:1 ", 0, &err), AMZ_OK);
    assert_true(amz_bitfmt_equal(&a, &b));
    char text[128];
    size_t n = amz_bitfmt_describe(&a, text, sizeof text);
    assert_string_equal(text, "type:8,height:8,vegetation:1");
    assert_int_equal(n, strlen(text));
    /* Truncation reports the full length, like snprintf. */
    char small[6];
    assert_int_equal(amz_bitfmt_describe(&a, small, sizeof small), n);
    assert_string_equal(small, "type:");
    assert_int_equal(amz_bitfmt_find(&a, "height"), 1);
    assert_int_equal(amz_bitfmt_find(&a, "vegetation"), 2);
    assert_int_equal(amz_bitfmt_find(&a, "Height"), -1);
    assert_int_equal(amz_bitfmt_find(&a, NULL), -1);
    static const char *const bad[] = {"", "type", "type:", "type:8,", ":8", "type:8;height:8", "type:x", "ty pe:8"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(amz_bitfmt_parse(&b, bad[i], 0, &err), AMZ_EFORMAT);
        assert_non_null(strstr(err.msg, "character"));
    }
    assert_int_equal(amz_bitfmt_parse(&b, "type:8,height:8,vegetation:1", 16, &err), AMZ_ERANGE);
    assert_int_equal(amz_bitfmt_parse(&b, "a:1000", 0, &err), AMZ_ERANGE);
    assert_false(amz_bitfmt_equal(&a, &b));
}

static void test_static_matches_runtime(void **state)
{
    (void)state;
    amz_bitfmt f;
    article(&f);
    assert_int_equal(f.shift[0], AMZ_BITFMT_SHIFT(article, type));
    assert_int_equal(f.shift[1], AMZ_BITFMT_SHIFT(article, height));
    assert_int_equal(f.shift[2], AMZ_BITFMT_SHIFT(article, vegetation));
    assert_true(AMZ_BITFMT_FITS(article, height, 255));
    assert_false(AMZ_BITFMT_FITS(article, height, 256));
    /* The terrain tile layout agrees with its run-time format. */
    const amz_bitfmt *t = amz_tile_format();
    amz_bitfmt p;
    assert_int_equal(amz_bitfmt_parse(&p, "type:2,biome:4,river:1,height:8,vegetation:1", 16, NULL), AMZ_OK);
    assert_true(amz_bitfmt_equal(t, &p));
    for (unsigned i = 0; i < 5; i++)
        assert_int_equal(t->shift[i], p.shift[i]);
    /* Height and vegetation keep the article's bits: (48, 1) is 97 in the low 9 bits. */
    uint16_t w = amz_tile_make_full(2, 9, true, 48, true);
    assert_int_equal(w, (2 << 14) | (9 << 10) | (1 << 9) | (48 << 1) | 1);
    assert_int_equal(w & 0x1ff, 2145 & 0x1ff);
    assert_int_equal(amz_tile_type_of(w), 2);
    assert_int_equal(amz_tile_biome_of(w), 9);
    assert_true(amz_tile_river_of(w));
    assert_int_equal(amz_tile_height_of(w), 48);
    assert_true(amz_tile_vegetation_of(w));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_article_example),        cmocka_unit_test(test_zero_padding),
        cmocka_unit_test(test_out_of_range_values),    cmocka_unit_test(test_set_keeps_other_fields),
        cmocka_unit_test(test_declaration_errors),     cmocka_unit_test(test_parse_describe_find),
        cmocka_unit_test(test_static_matches_runtime),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
