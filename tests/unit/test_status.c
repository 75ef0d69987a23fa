/* test_status.c — status codes and error messages (src/core/status.c, core/error.h):
 * a distinct name for every code, amz_error_message fallbacks, amz_errorf formatting
 * and truncation at AMZ_ERROR_MAX, amz_error_prefix composition; the version API. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/error.h"
#include "testutil.h"

static const amz_status all_codes[] = {AMZ_OK,       AMZ_EINVAL,       AMZ_ERANGE,  AMZ_ENOMEM,
                                       AMZ_EIO,      AMZ_EFORMAT,      AMZ_ENOTFOUND, AMZ_EUNSUPPORTED,
                                       AMZ_ENOPATH,  AMZ_ECANCELED};
#define NCODES (sizeof all_codes / sizeof all_codes[0])

static void test_strerror_every_code(void **state)
{
    (void)state;
    /* The documented numbering is API: 0 then -1 .. -9 without gaps. */
    for (size_t i = 0; i < NCODES; i++)
        assert_int_equal(all_codes[i], -(int)i);
    static const char *const expected[NCODES] = {
        "success",       "invalid argument", "value out of range", "out of memory", "input/output error",
        "malformed data", "not found",       "not supported",      "no path",       "canceled",
    };
    for (size_t i = 0; i < NCODES; i++) {
        const char *s = amz_strerror(all_codes[i]);
        assert_non_null(s);
        assert_string_equal(s, expected[i]);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(s, amz_strerror(all_codes[j]));
    }
    assert_string_equal(amz_strerror((amz_status)-10), "unknown status");
    assert_string_equal(amz_strerror((amz_status)1), "unknown status");
    assert_string_equal(amz_strerror((amz_status)-1000000), "unknown status");
}

static void test_clear_and_message(void **state)
{
    (void)state;
    amz_error err;
    memset(&err, 'x', sizeof err);
    err.code = AMZ_EIO;
    amz_error_clear(&err);
    assert_int_equal(err.code, AMZ_OK);
    assert_string_equal(err.msg, "");
    amz_error_clear(NULL); /* no-op, no crash */

    /* No message set: the code's name, preferring the record's own code. */
    assert_string_equal(amz_error_message(&err, AMZ_ENOMEM), "out of memory");
    err.code = AMZ_EFORMAT;
    assert_string_equal(amz_error_message(&err, AMZ_ENOMEM), "malformed data");
    assert_string_equal(amz_error_message(NULL, AMZ_ENOPATH), "no path");
    /* A message wins. */
    assert_int_equal(amz_errorf(&err, AMZ_ERANGE, "height %d > %d", 120, 99), AMZ_ERANGE);
    assert_int_equal(err.code, AMZ_ERANGE);
    assert_string_equal(amz_error_message(&err, AMZ_ENOMEM), "height 120 > 99");
}

static void test_errorf(void **state)
{
    (void)state;
    /* NULL record: the code is still returned. */
    assert_int_equal(amz_errorf(NULL, AMZ_EIO, "ignored %s", "text"), AMZ_EIO);

    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(amz_errorf(&err, AMZ_EFORMAT, "%s at line %zu, col %d", "bad", (size_t)12, 7), AMZ_EFORMAT);
    assert_string_equal(err.msg, "bad at line 12, col 7");

    /* Truncation: exactly AMZ_ERROR_MAX - 1 characters kept, always terminated. */
    char longtext[3 * AMZ_ERROR_MAX];
    for (size_t i = 0; i < sizeof longtext - 1; i++)
        longtext[i] = (char)('a' + i % 26);
    longtext[sizeof longtext - 1] = '\0';
    for (size_t n = AMZ_ERROR_MAX - 3; n <= AMZ_ERROR_MAX + 3; n++) {
        char in[3 * AMZ_ERROR_MAX];
        memcpy(in, longtext, n);
        in[n] = '\0';
        memset(err.msg, 'Z', sizeof err.msg);
        amz_errorf(&err, AMZ_EINVAL, "%s", in);
        size_t keep = n < AMZ_ERROR_MAX ? n : AMZ_ERROR_MAX - 1;
        assert_int_equal(strlen(err.msg), keep);
        assert_memory_equal(err.msg, in, keep);
    }
}

static void test_error_prefix(void **state)
{
    (void)state;
    amz_error err;
    amz_error_clear(&err);
    amz_errorf(&err, AMZ_EFORMAT, "checksum mismatch");
    assert_int_equal(amz_error_prefix(&err, AMZ_EIO, "%s", "maze.amz"), AMZ_EFORMAT); /* keeps the first code */
    assert_string_equal(err.msg, "maze.amz: checksum mismatch");
    assert_int_equal(err.code, AMZ_EFORMAT);
    amz_error_prefix(&err, AMZ_EFORMAT, "load %d", 2);
    assert_string_equal(err.msg, "load 2: maze.amz: checksum mismatch");

    /* No message yet: the prefix goes before the code's name and the code is taken. */
    amz_error_clear(&err);
    assert_int_equal(amz_error_prefix(&err, AMZ_ENOMEM, "reading %s", "x"), AMZ_ENOMEM);
    assert_string_equal(err.msg, "reading x: out of memory");
    assert_int_equal(err.code, AMZ_ENOMEM);

    /* NULL record. */
    assert_int_equal(amz_error_prefix(NULL, AMZ_EIO, "x"), AMZ_EIO);

    /* Truncation of the composed message, whichever part is long. */
    char big[AMZ_ERROR_MAX + 50];
    memset(big, 'p', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    amz_errorf(&err, AMZ_EFORMAT, "tail");
    amz_error_prefix(&err, AMZ_EFORMAT, "%s", big);
    assert_int_equal(strlen(err.msg), AMZ_ERROR_MAX - 1);
    for (size_t i = 0; i < AMZ_ERROR_MAX - 1; i++)
        assert_int_equal(err.msg[i], 'p');

    memset(big, 'm', sizeof big - 1);
    amz_errorf(&err, AMZ_EFORMAT, "%s", big); /* already truncated to 255 */
    amz_error_prefix(&err, AMZ_EFORMAT, "file.amz");
    assert_int_equal(strlen(err.msg), AMZ_ERROR_MAX - 1);
    assert_memory_equal(err.msg, "file.amz: mmm", 13);
}

static void test_version(void **state)
{
    (void)state;
    assert_string_equal(amz_version(), AMZ_VERSION_STRING);
    assert_int_equal(amz_version_number(), AMZ_VERSION_NUMBER);
    char buf[64];
    snprintf(buf, sizeof buf, "%d.%d.%d", AMZ_VERSION_MAJOR, AMZ_VERSION_MINOR, AMZ_VERSION_PATCH);
    assert_string_equal(buf, amz_version());
    assert_int_equal(AMZ_VERSION_NUMBER, AMZ_VERSION_MAJOR * 10000 + AMZ_VERSION_MINOR * 100 + AMZ_VERSION_PATCH);
}

static void test_event_names(void **state)
{
    (void)state;
    static const char *const names[] = {"visit", "carve", "wall", "enter", "backtrack", "frontier", "path", "progress"};
    for (int t = 0; t < 8; t++)
        assert_string_equal(amz_event_name((amz_event_type)t), names[t]);
    assert_string_equal(amz_event_name((amz_event_type)8), "?");
    assert_string_equal(amz_event_name((amz_event_type)-1), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strerror_every_code), cmocka_unit_test(test_clear_and_message),
        cmocka_unit_test(test_errorf),              cmocka_unit_test(test_error_prefix),
        cmocka_unit_test(test_version),             cmocka_unit_test(test_event_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
