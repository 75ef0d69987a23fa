/* test_play_scores.c — the games' best-times file (src/play/scores.c): where it lives,
 * a write/read round trip, only better times replace, atomic replacement (no stray
 * temporary file), folders made on demand, and bad files — bad lines, a foreign first
 * line, binary junk, a folder in the way — reported once, never fatal, never losing
 * the good lines or the current result. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "play/scores.h"
#include "testutil.h"

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void write_all(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static void test_default_path(void **state)
{
    (void)state;
    char buf[512];
    setenv("HOME", "/home/someone", 1);
    setenv("XDG_DATA_HOME", "/data/x", 1);
    assert_true(scores_default_path(buf, sizeof buf));
    assert_string_equal(buf, "/data/x/amaze/scores");
    setenv("XDG_DATA_HOME", "relative/dir", 1); /* invalid per the XDG spec: ignored */
    assert_true(scores_default_path(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/share/amaze/scores");
    unsetenv("XDG_DATA_HOME");
    assert_true(scores_default_path(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/share/amaze/scores");
    unsetenv("HOME");
    assert_false(scores_default_path(buf, sizeof buf));
    char tiny[8];
    setenv("HOME", "/home/someone", 1);
    assert_false(scores_default_path(tiny, sizeof tiny));
}

static void test_round_trip(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char path[600];
    snprintf(path, sizeof path, "%s/new/deeper/amaze/scores", dir); /* folders made on save */
    scores s;
    scores_init(&s, path);
    scores_load(&s); /* missing file: empty, no warning */
    char w[600];
    assert_false(scores_take_warning(&s, w, sizeof w));
    assert_int_equal(s.count, 0);
    assert_true(scores_record(&s, "maze-square-5x5", 123, 40));
    assert_true(scores_record(&s, "maze-hex-20x10", 9999, 400));
    assert_true(scores_record(&s, "slide-3x3", 77, 22));
    assert_false(scores_record(&s, "maze-square-5x5", 124, 10));   /* slower */
    assert_false(scores_record(&s, "maze-square-5x5", 123, 40));   /* the same */
    assert_true(scores_record(&s, "maze-square-5x5", 123, 39));    /* same time, fewer moves */
    assert_true(scores_record(&s, "slide-3x3", 50, 30));           /* faster */
    assert_false(scores_record(&s, "Bad Key", 1, 1));
    assert_false(scores_take_warning(&s, w, sizeof w));
    scores_free(&s);
    snprintf(path, sizeof path, "%s/new/deeper/amaze", dir);
    assert_int_equal(tu_dir_count(path), 1); /* the file alone: no temporary left behind */
    snprintf(path, sizeof path, "%s/new/deeper/amaze/scores", dir);
    assert_string_equal(read_all(path), "amaze-scores 1\n"
                                        "maze-square-5x5 123 39\n"
                                        "maze-hex-20x10 9999 400\n"
                                        "slide-3x3 50 30\n");
    scores_init(&s, path);
    scores_load(&s);
    assert_false(scores_take_warning(&s, w, sizeof w));
    assert_int_equal(s.count, 3);
    const score_entry *e = scores_find(&s, "maze-hex-20x10");
    assert_non_null(e);
    assert_int_equal(e->tenths, 9999);
    assert_int_equal(e->moves, 400);
    assert_null(scores_find(&s, "maze-hex-20x11"));
    scores_free(&s);
    remove(path);
    static const char *const folders[] = {"/new/deeper/amaze", "/new/deeper", "/new"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s%s", dir, folders[i]);
        assert_int_equal(rmdir(path), 0);
    }
    tu_rmdir_all(dir);
}

/* Bad lines are skipped with one warning naming the first; good lines survive the
 * next save, which drops the bad ones. */
static void test_bad_lines(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char path[600], w[600];
    snprintf(path, sizeof path, "%s/scores", dir);
    static const char text[] = "amaze-scores 1\n"
                               "maze-square-5x5 100 20\n"
                               "maze-square-6x6 abc 20\n"   /* line 3: bad number */
                               "UPPER 1 2\n"                /* bad key */
                               "slide-3x3 1 2 3\n"          /* too many fields */
                               "maze-square-5x5 90 20\n"    /* repeated */
                               "\n# a comment\n"
                               "slide-4x4 300 80";          /* no final newline: fine */
    write_all(path, text, sizeof text - 1);
    scores s;
    scores_init(&s, path);
    scores_load(&s);
    assert_true(scores_take_warning(&s, w, sizeof w));
    assert_non_null(strstr(w, "line 3"));
    assert_non_null(strstr(w, "bad number"));
    assert_non_null(strstr(w, path));
    assert_false(scores_take_warning(&s, w, sizeof w)); /* once */
    assert_int_equal(s.count, 2);
    assert_int_equal(scores_find(&s, "maze-square-5x5")->tenths, 100);
    assert_int_equal(scores_find(&s, "slide-4x4")->moves, 80);
    assert_true(scores_record(&s, "slide-2x2", 5, 3));
    scores_free(&s);
    assert_string_equal(read_all(path), "amaze-scores 1\nmaze-square-5x5 100 20\nslide-4x4 300 80\nslide-2x2 5 3\n");
    tu_rmdir_all(dir);
}

/* Not a scores file at all (another first line, binary junk, an overlong line): one
 * warning, an empty table, and the first new best replaces it. */
static void test_foreign_and_junk(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char path[600], w[600];
    snprintf(path, sizeof path, "%s/scores", dir);
    char junk[3000];
    amz_rng r;
    amz_rng_seed(&r, 1);
    for (int round = 0; round < 3; round++) {
        size_t len;
        if (round == 0) {
            len = (size_t)snprintf(junk, sizeof junk, "amaze-scores 2\nmaze-square-5x5 1 1\n");
        } else if (round == 1) {
            for (size_t i = 0; i < sizeof junk; i++)
                junk[i] = (char)amz_rng_below(&r, 256);
            len = sizeof junk;
        } else {
            len = (size_t)snprintf(junk, sizeof junk, "amaze-scores 1\n");
            memset(junk + len, 'x', 1000);
            len += 1000;
            len += (size_t)snprintf(junk + len, sizeof junk - len, "\nmaze-hex-3x3 7 7\n");
        }
        write_all(path, junk, len);
        scores s;
        scores_init(&s, path);
        scores_load(&s);
        assert_true(scores_take_warning(&s, w, sizeof w));
        assert_false(scores_take_warning(&s, w, sizeof w));
        assert_int_equal(s.count, round == 2 ? 1 : 0); /* the line after the long one is kept */
        assert_true(scores_record(&s, "maze-square-5x5", 50, 12));
        scores_free(&s);
        scores_init(&s, path);
        scores_load(&s);
        assert_false(scores_take_warning(&s, w, sizeof w)); /* replaced by a good file */
        assert_int_equal(scores_find(&s, "maze-square-5x5")->tenths, 50);
        scores_free(&s);
    }
    tu_rmdir_all(dir);
}

/* A path that cannot be read (a folder) is reported once and never written over; a
 * path that cannot be written keeps the result in memory and warns once. */
static void test_unreadable_and_unwritable(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char path[600], w[600];
    snprintf(path, sizeof path, "%s/scores", dir);
    assert_int_equal(mkdir(path, 0777), 0);
    scores s;
    scores_init(&s, path);
    scores_load(&s);
    assert_true(scores_take_warning(&s, w, sizeof w));
    assert_non_null(strstr(w, "folder"));
    assert_true(scores_record(&s, "slide-3x3", 10, 10)); /* kept for this session */
    assert_int_equal(scores_find(&s, "slide-3x3")->tenths, 10);
    assert_false(scores_take_warning(&s, w, sizeof w));
    scores_free(&s);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    /* A plain file where a folder of the path should be: reading says so, and the
     * file is never written. */
    snprintf(path, sizeof path, "%s/plain", dir);
    write_all(path, "x", 1);
    snprintf(path, sizeof path, "%s/plain/amaze/scores", dir);
    scores_init(&s, path);
    scores_load(&s);
    assert_true(scores_take_warning(&s, w, sizeof w));
    assert_non_null(strstr(w, "cannot read"));
    assert_true(scores_record(&s, "slide-3x3", 10, 10));
    assert_false(scores_take_warning(&s, w, sizeof w));
    scores_free(&s);
    /* The folder goes wrong between reading and saving: one warning, result kept. */
    snprintf(path, sizeof path, "%s/later/scores", dir);
    scores_init(&s, path);
    scores_load(&s); /* missing: fine */
    assert_false(scores_take_warning(&s, w, sizeof w));
    snprintf(path, sizeof path, "%s/later", dir);
    write_all(path, "x", 1);
    assert_true(scores_record(&s, "slide-3x3", 10, 10));
    assert_true(scores_take_warning(&s, w, sizeof w));
    if (!strstr(w, "cannot save"))
        fail_msg("warning: %s", w);
    assert_true(scores_record(&s, "slide-3x3", 9, 10));
    assert_int_equal(scores_find(&s, "slide-3x3")->tenths, 9);
    assert_false(scores_take_warning(&s, w, sizeof w)); /* only the first problem */
    scores_free(&s);
    /* No location at all. */
    scores_init(&s, NULL);
    scores_load(&s);
    assert_true(scores_record(&s, "slide-3x3", 9, 10));
    assert_false(scores_take_warning(&s, w, sizeof w));
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(scores_save(&s, &err), AMZ_EIO);
    scores_free(&s);
    tu_rmdir_all(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_path),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_foreign_and_junk),
        cmocka_unit_test(test_unreadable_and_unwritable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
