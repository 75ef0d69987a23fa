/* test_load.c — reading any format and saving (src/io/load.c): format sniffing (.amz
 * magic, JSON after a BOM or blank lines, text art otherwise), the input's name on
 * every message, empty and binary inputs, missing and unreadable files, standard
 * input, and amz_io_save's atomic file. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

static amz_status read_mem(const void *data, size_t len, const char *name, amz_maze *m, amz_format *fmt,
                           amz_error *err)
{
    FILE *f = len ? fmemopen((void *)data, len, "rb") : tmpfile();
    assert_non_null(f);
    amz_error_clear(err);
    amz_status st = amz_io_read(f, name, m, NULL, fmt, err);
    fclose(f);
    return st;
}

static void test_format_names(void **state)
{
    (void)state;
    static const char *const names[] = {"amz", "json", "text"};
    amz_format f;
    amz_error err;
    for (int i = 0; i < 3; i++) {
        assert_string_equal(amz_format_name((amz_format)i), names[i]);
        assert_int_equal(amz_format_parse(names[i], &f, &err), AMZ_OK);
        assert_int_equal(f, i);
    }
    assert_null(amz_format_name((amz_format)3));
    assert_int_equal(amz_format_parse("png", &f, &err), AMZ_ENOTFOUND);
    assert_string_equal(err.msg, "unknown format 'png' (expected amz, json or text)");
    assert_int_equal(amz_format_parse(NULL, &f, NULL), AMZ_ENOTFOUND);
}

static void test_sniffing(void **state)
{
    (void)state;
    amz_maze m, back;
    tu_generate(&m, AMZ_TOPO_SQUARE, 6, 4, "backtracker", 8);
    assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
    amz_format fmt;
    amz_error err;
    size_t len;
    /* .amz */
    char *img = tu_write_mem(&m, amz_io_write_amz, &len);
    assert_int_equal(read_mem(img, len, "m.amz", &back, &fmt, &err), AMZ_OK);
    assert_int_equal(fmt, AMZ_FORMAT_AMZ);
    tu_assert_same_maze_full(&m, &back, "sniffed .amz");
    amz_maze_deinit(&back);
    free(img);
    /* JSON, plain and behind a BOM and blank lines */
    char *js = tu_write_mem(&m, amz_io_write_json, &len);
    assert_int_equal(read_mem(js, len, "m.json", &back, &fmt, &err), AMZ_OK);
    assert_int_equal(fmt, AMZ_FORMAT_JSON);
    tu_assert_same_maze_full(&m, &back, "sniffed JSON");
    amz_maze_deinit(&back);
    char *padded = malloc(len + 16);
    memcpy(padded, "\xef\xbb\xbf \r\n\t\n", 8);
    memcpy(padded + 8, js, len);
    assert_int_equal(read_mem(padded, len + 8, "m.json", &back, &fmt, &err), AMZ_OK);
    assert_int_equal(fmt, AMZ_FORMAT_JSON);
    amz_maze_deinit(&back);
    free(padded);
    free(js);
    /* Text, with the same leading noise */
    char *t = tu_render_mem(&m, AMZ_TEXT_UNICODE, true, true, &len);
    assert_int_equal(read_mem(t, len, "m.txt", &back, NULL, &err), AMZ_OK); /* detected may be NULL */
    tu_assert_same_maze(&m, &back, "sniffed text");
    amz_maze_deinit(&back);
    free(t);
    amz_maze_deinit(&m);
}

static void test_messages_name_the_input(void **state)
{
    (void)state;
    amz_maze m;
    amz_error err;
    assert_int_equal(read_mem("", 0, "empty.txt", &m, NULL, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "empty.txt: empty input");
    assert_int_equal(read_mem("###\n# #\n##\n", 11, "art.txt", &m, NULL, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "art.txt: line 3 has 2 characters but line 1 has 3: rows must all be the same length");
    assert_int_equal(read_mem("{\"width\":1}", 11, NULL, &m, NULL, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "input: JSON: missing \"topology\"");
    /* Binary that is not .amz: refused at the first NUL byte. */
    static const char bin[] = "GIF89a\0\0\x01\x02";
    assert_int_equal(read_mem(bin, sizeof bin - 1, "pic.gif", &m, NULL, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "pic.gif: binary data (a NUL byte at offset 6): not a maze");
    /* A lone 0x89 byte: the start of the magic, then nothing. */
    assert_int_equal(read_mem("\x89", 1, "x.amz", &m, NULL, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "x.amz: truncated file: the header ends at byte 1"));
    /* A PNG starts with 0x89 too: a .amz error naming the magic. */
    static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\0\0\0";
    assert_int_equal(read_mem(png, sizeof png - 1, "pic.png", &m, NULL, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "pic.png: not an .amz file (bad magic number)");
}

static void test_load_and_save(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char path[4200];
    amz_maze m, back;
    amz_error err;
    amz_format fmt;
    tu_generate(&m, AMZ_TOPO_HEX, 9, 5, "hunt-and-kill", 2);
    assert_int_equal(amz_maze_set_exists(&m, 7, false, NULL), AMZ_OK);
    snprintf(path, sizeof path, "%s/maze.amz", dir);
    assert_int_equal(amz_io_save(&m, path, &err), AMZ_OK);
    assert_int_equal(tu_dir_count(dir), 1);
    assert_int_equal(amz_io_load(path, &back, NULL, &fmt, &err), AMZ_OK);
    assert_int_equal(fmt, AMZ_FORMAT_AMZ);
    tu_assert_same_maze_full(&m, &back, "save and load");
    amz_maze_deinit(&back);
    /* Loading from standard input. */
    FILE *in = freopen(path, "rb", stdin);
    assert_non_null(in);
    assert_int_equal(amz_io_load("-", &back, NULL, &fmt, &err), AMZ_OK);
    tu_assert_same_maze_full(&m, &back, "load from stdin");
    amz_maze_deinit(&back);
    /* A folder as output: the file is not written, nothing is left behind. */
    assert_int_equal(amz_io_save(&m, dir, &err), AMZ_EIO);
    assert_int_equal(tu_dir_count(dir), 1);
    snprintf(path, sizeof path, "%s/missing/maze.amz", dir);
    assert_int_equal(amz_io_save(&m, path, &err), AMZ_EIO);
    assert_non_null(strstr(err.msg, "cannot create"));
    assert_int_equal(tu_dir_count(dir), 1);
    /* Missing and unreadable inputs. */
    assert_int_equal(amz_io_load(path, &back, NULL, NULL, &err), AMZ_EIO);
    char want[4400];
    snprintf(want, sizeof want, "%s: cannot open: %s", path, strerror(ENOENT));
    assert_string_equal(err.msg, want);
    assert_int_equal(amz_io_load(dir, &back, NULL, NULL, &err), AMZ_EIO);
    assert_non_null(strstr(err.msg, "read error"));
    if (geteuid() != 0) { /* root reads anything */
        snprintf(path, sizeof path, "%s/maze.amz", dir);
        chmod(path, 0);
        assert_int_equal(amz_io_load(path, &back, NULL, NULL, &err), AMZ_EIO);
        assert_non_null(strstr(err.msg, "cannot open"));
    }
    amz_maze_deinit(&m);
    tu_rmdir_all(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_names),
        cmocka_unit_test(test_sniffing),
        cmocka_unit_test(test_messages_name_the_input),
        cmocka_unit_test(test_load_and_save),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
