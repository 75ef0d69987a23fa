/* test_outfile.c — crash-safe output files (src/io/outfile.c): the destination appears
 * only on commit and whole, aborts and failures leave no temporary file and no change
 * to an existing destination, clear messages for missing folders and bad names. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

static char *path_in(const char *dir, const char *name)
{
    char *p = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(p, "%s/%s", dir, name);
    return p;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 4096);
    size_t n = fread(buf, 1, 4095, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

typedef amz_status (*opener)(amz_outfile *o, const char *path, amz_error *err);

/* Both kinds of temporary file: unnamed (Linux, this file system) and named. */
static void commit_with(opener open_fn, bool named)
{
    char *dir = tu_mkdtemp();
    char *dest = path_in(dir, "out.txt");
    amz_outfile o;
    amz_error err;
    mode_t old = umask(022);
    assert_int_equal(open_fn(&o, dest, &err), AMZ_OK);
    assert_non_null(o.fp);
    assert_non_null(o.tmp);
    assert_int_equal(o.unnamed, !named);
    /* The temporary file is hidden beside the destination (an unnamed one gets that
     * name only at commit); the destination does not exist until commit. */
    assert_int_equal(strncmp(o.tmp, dir, strlen(dir)), 0);
    assert_int_equal(o.tmp[strlen(dir) + 1], '.');
    assert_int_equal(access(dest, F_OK), -1);
    fputs("hello", o.fp);
    assert_int_equal(tu_dir_count(dir), named ? 1 : 0);
    assert_int_equal(amz_outfile_commit(&o, &err), AMZ_OK);
    umask(old);
    assert_null(o.fp);
    assert_null(o.tmp);
    char *got = slurp(dest);
    assert_string_equal(got, "hello");
    free(got);
    assert_int_equal(tu_dir_count(dir), 1);
    struct stat sb;
    assert_int_equal(stat(dest, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0644);
    /* Committing again, or aborting a released outfile, is harmless. */
    assert_int_equal(amz_outfile_commit(&o, &err), AMZ_EINVAL);
    assert_non_null(strstr(err.msg, "already closed"));
    amz_outfile_abort(&o);

    /* Replacing: the old content stays until the new one is complete. */
    assert_int_equal(open_fn(&o, dest, &err), AMZ_OK);
    fputs("second version", o.fp);
    fflush(o.fp);
    got = slurp(dest);
    assert_string_equal(got, "hello");
    free(got);
    assert_int_equal(amz_outfile_commit(&o, &err), AMZ_OK);
    got = slurp(dest);
    assert_string_equal(got, "second version");
    free(got);

    /* Two writers at once get distinct temporary files; the last commit wins. */
    amz_outfile a, b;
    assert_int_equal(open_fn(&a, dest, &err), AMZ_OK);
    assert_int_equal(open_fn(&b, dest, &err), AMZ_OK);
    assert_string_not_equal(a.tmp, b.tmp);
    fputs("A", a.fp);
    fputs("B", b.fp);
    assert_int_equal(amz_outfile_commit(&a, &err), AMZ_OK);
    assert_int_equal(amz_outfile_commit(&b, &err), AMZ_OK);
    got = slurp(dest);
    assert_string_equal(got, "B");
    free(got);
    assert_int_equal(tu_dir_count(dir), 1);
    free(dest);
    tu_rmdir_all(dir);
}

static void test_commit(void **state)
{
    (void)state;
    commit_with(amz_outfile_open, false);
    commit_with(amz_outfile_open_named, true);
}

/* A named temporary file left by a killed writer is removed when the same target is
 * opened again; one of a live process (this one) or another target is kept. */
static void test_stale(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    assert_true(child > 0);
    waitpid(child, NULL, 0); /* now a pid no process has */
    char stale[600], live[600], other[600];
    snprintf(stale, sizeof stale, "%s/.out.txt.tmp-%ld-0", dir, (long)child);
    snprintf(live, sizeof live, "%s/.out.txt.tmp-%ld-7", dir, (long)getppid());
    snprintf(other, sizeof other, "%s/.other.txt.tmp-%ld-0", dir, (long)child);
    fclose(fopen(stale, "w"));
    fclose(fopen(live, "w"));
    fclose(fopen(other, "w"));
    char *dest = path_in(dir, "out.txt");
    amz_outfile o;
    assert_int_equal(amz_outfile_open(&o, dest, NULL), AMZ_OK);
    assert_int_equal(access(stale, F_OK), -1);
    assert_int_equal(access(live, F_OK), 0);
    assert_int_equal(access(other, F_OK), 0);
    amz_outfile_abort(&o);
    free(dest);
    tu_rmdir_all(dir);
}

static void test_abort_and_failures(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char *dest = path_in(dir, "keep.amz");
    amz_outfile o;
    amz_error err;
    /* Abort of a new file: nothing is left. */
    assert_int_equal(amz_outfile_open(&o, dest, &err), AMZ_OK);
    fputs("partial", o.fp);
    amz_outfile_abort(&o);
    assert_int_equal(tu_dir_count(dir), 0);
    amz_outfile_abort(&o); /* twice */
    /* Abort over an existing file: it is untouched. */
    FILE *f = fopen(dest, "w");
    fputs("original", f);
    fclose(f);
    assert_int_equal(amz_outfile_open(&o, dest, &err), AMZ_OK);
    fputs("partial", o.fp);
    amz_outfile_abort(&o);
    char *got = slurp(dest);
    assert_string_equal(got, "original");
    free(got);
    assert_int_equal(tu_dir_count(dir), 1);
    /* The destination is a folder: refused, and no temporary file is made. */
    char *sub = path_in(dir, "folder");
    assert_int_equal(mkdir(sub, 0755), 0);
    char *inner = path_in(sub, "x");
    f = fopen(inner, "w");
    fclose(f);
    amz_error_clear(&err);
    assert_int_equal(amz_outfile_open(&o, sub, &err), AMZ_EIO);
    assert_non_null(strstr(err.msg, "Is a directory"));
    assert_non_null(strstr(err.msg, sub));
    assert_null(o.fp);
    assert_null(o.tmp);
    assert_int_equal(tu_dir_count(dir), 2); /* keep.amz and folder, no temporary file */
    assert_int_equal(tu_dir_count(sub), 1);
    remove(inner);
    free(inner);
    rmdir(sub);
    free(sub);
    /* A missing folder, and names that are no file. */
    char *missing = path_in(dir, "no/such/dir/out.amz");
    assert_int_equal(amz_outfile_open(&o, missing, &err), AMZ_EIO);
    char want[600];
    snprintf(want, sizeof want, "%s: cannot create: %s", missing, strerror(ENOENT));
    assert_string_equal(err.msg, want);
    assert_null(o.fp);
    free(missing);
    assert_int_equal(amz_outfile_open(&o, "", &err), AMZ_EIO);
    assert_non_null(strstr(err.msg, "not a file name"));
    char *slash = path_in(dir, ""); /* "dir/": a folder */
    assert_int_equal(amz_outfile_open(&o, slash, &err), AMZ_EIO);
    assert_true(strstr(err.msg, "not a file name") || strstr(err.msg, "Is a directory"));
    free(slash);
    assert_int_equal(tu_dir_count(dir), 1);
    free(dest);
    tu_rmdir_all(dir);
}

static void test_relative_and_stdout(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    amz_outfile o;
    amz_error err;
    assert_int_equal(amz_outfile_open_named(&o, "plain.txt", &err), AMZ_OK);
    assert_int_equal(o.tmp[0], '.'); /* hidden, in the current folder */
    fputs("x", o.fp);
    assert_int_equal(amz_outfile_commit(&o, &err), AMZ_OK);
    assert_int_equal(access("plain.txt", F_OK), 0);
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(tu_dir_count(dir), 1);
    tu_rmdir_all(dir);
    /* "-" is standard output itself, committed by a flush. */
    assert_int_equal(amz_outfile_open(&o, "-", &err), AMZ_OK);
    assert_ptr_equal(o.fp, stdout);
    assert_null(o.tmp);
    assert_null(o.path);
    assert_int_equal(amz_outfile_commit(&o, &err), AMZ_OK);
    assert_null(o.fp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commit),
        cmocka_unit_test(test_stale),
        cmocka_unit_test(test_abort_and_failures),
        cmocka_unit_test(test_relative_and_stdout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
