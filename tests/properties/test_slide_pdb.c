/* test_slide_pdb.c — pattern databases. Each table is compared entry by entry with the
 * test's own 0-1 breadth-first search over (group tile cells, blank cell): a move of
 * a group tile costs 1, a move of any other tile 0, and a placement's value is the
 * least cost over all blank cells. Then the disk cache: written once, loaded after,
 * and a file that is corrupt, short, of another version or unreadable is rebuilt
 * (and rewritten), never trusted; an unwritable folder only warns. */
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

#include "slide/pdb_impl.h"
#include "slide_ref.h"

static char dir[64];

/* The reference: a 0-1 breadth-first search over states pos[0..k) + blank, each
 * position a base-n digit, level by level: within a level, zero-cost moves (another
 * tile slides) spread the level; unit-cost moves (a group tile slides) feed the next.
 * Returns, for every placement (base-n digits, blank excluded), the least cost over
 * all blank cells, or -1 if no blank cell makes it reachable. */
static int *reference_values(int rows, int cols, const uint8_t *tiles, int k)
{
    int n = rows * cols;
    size_t nplace = 1;
    for (int i = 0; i < k; i++)
        nplace *= (size_t)n;
    size_t nstates = nplace * (size_t)n;
    int *cost = malloc(nstates * sizeof *cost);
    size_t *level = malloc(nstates * sizeof *level), *next = malloc(nstates * sizeof *next);
    for (size_t i = 0; i < nstates; i++)
        cost[i] = -1;
    size_t s0 = 0;
    for (int i = k - 1; i >= 0; i--)
        s0 = s0 * (size_t)n + (size_t)(tiles[i] - 1);
    s0 = s0 * (size_t)n + (size_t)(n - 1);
    cost[s0] = 0;
    size_t nlevel = 0, nnext = 0;
    level[nlevel++] = s0;
    for (int d = 0; nlevel; d++) {
        for (size_t qi = 0; qi < nlevel; qi++) {
            size_t s = level[qi];
            if (cost[s] != d)
                continue;
            size_t x = s;
            int blank = (int)(x % (size_t)n), pos[8];
            x /= (size_t)n;
            for (int i = 0; i < k; i++) {
                pos[i] = (int)(x % (size_t)n);
                x /= (size_t)n;
            }
            for (int m = 0; m < 4; m++) {
                int r = blank / cols, c = blank % cols, to = -1;
                if (m == 0 && r > 0)
                    to = blank - cols;
                if (m == 1 && r < rows - 1)
                    to = blank + cols;
                if (m == 2 && c > 0)
                    to = blank - 1;
                if (m == 3 && c < cols - 1)
                    to = blank + 1;
                if (to < 0)
                    continue;
                int np[8], w = 0;
                memcpy(np, pos, sizeof np);
                for (int i = 0; i < k; i++)
                    if (np[i] == to) {
                        np[i] = blank; /* a group tile slides into the blank */
                        w = 1;
                    }
                size_t t = 0;
                for (int i = k - 1; i >= 0; i--)
                    t = t * (size_t)n + (size_t)np[i];
                t = t * (size_t)n + (size_t)to;
                if (cost[t] >= 0 && cost[t] <= d + w)
                    continue;
                cost[t] = d + w;
                if (w)
                    next[nnext++] = t;
                else
                    level[nlevel++] = t;
            }
        }
        size_t *swap = level;
        level = next;
        next = swap;
        nlevel = nnext;
        nnext = 0;
    }
    int *best = malloc(nplace * sizeof *best);
    for (size_t p = 0; p < nplace; p++) {
        best[p] = -1;
        for (int b = 0; b < n; b++) {
            int v = cost[p * (size_t)n + (size_t)b];
            if (v >= 0 && (best[p] < 0 || v < best[p]))
                best[p] = v;
        }
    }
    free(cost);
    free(level);
    free(next);
    return best;
}

static void check_table(int rows, int cols, const uint8_t *tiles, int k)
{
    pdb_table t;
    memset(&t, 0, sizeof t);
    t.k = k;
    memcpy(t.tiles, tiles, (size_t)k);
    amz_error err;
    amz_error_clear(&err);
    for (int threads = 1; threads <= 2; threads++) {
        if (slide_pdb_build(rows, cols, &t, threads, NULL, &err))
            fail_msg("build failed: %s", err.msg);
        int *ref = reference_values(rows, cols, tiles, k);
        int n = rows * cols;
        size_t nplace = 1;
        for (int i = 0; i < k; i++)
            nplace *= (size_t)n;
        uint64_t checked = 0;
        for (size_t p = 0; p < nplace; p++) {
            uint8_t pos[8];
            uint32_t used = 0;
            size_t x = p;
            bool distinct = true;
            for (int i = 0; i < k; i++) {
                pos[i] = (uint8_t)(x % (size_t)n);
                x /= (size_t)n;
                distinct &= !(used >> pos[i] & 1);
                used |= 1u << pos[i];
            }
            if (!distinct)
                continue;
            int got = t.values[pdb_rank(pos, k, t.mult)];
            int want = ref[p] < 0 ? 0 : ref[p]; /* unreachable placements hold 0 */
            if (got != want)
                fail_msg("%dx%d group of %d, placement %zu: table %d, reference %d", rows, cols, k, p, got, want);
            checked++;
        }
        assert_int_equal(checked, t.entries);
        free(ref);
        free(t.values);
        t.values = NULL;
    }
}

static void test_tables_match_reference(void **state)
{
    (void)state;
    static const uint8_t g33a[] = {1, 2, 3, 4}, g33b[] = {5, 6, 7, 8}, g23all[] = {1, 2, 3, 4, 5};
    static const uint8_t g24[] = {2, 3, 6}, g44a[] = {13, 14, 15}, g44b[] = {1, 2, 5, 6}, g23[] = {1, 5};
    check_table(3, 3, g33a, 4);
    check_table(3, 3, g33b, 4);
    check_table(2, 3, g23all, 5); /* one free cell: half the placements unreachable */
    check_table(2, 3, g23all, 4); /* two free cells: some unreachable too */
    check_table(2, 4, g24, 3);
    check_table(4, 2, g24, 3);
    check_table(2, 3, g23, 2);
    check_table(4, 4, g44a, 3);
    check_table(4, 4, g44b, 4);
    /* Left-right symmetric groups, searched in the quotient by the mirror. */
    static const uint8_t s44[] = {1, 2, 3, 4}, s44b[] = {2, 3, 6, 7}, s33[] = {1, 3, 4, 6}, s24[] = {1, 4, 2};
    check_table(4, 4, s44, 4);
    check_table(4, 4, s44b, 4);
    check_table(3, 3, s33, 4);
    check_table(2, 4, s24, 3);
    /* Symmetric about the diagonal only: searched in the quotient by the transpose. */
    static const uint8_t d44[] = {1, 2, 5};
    check_table(4, 4, d44, 3);
    /* Boards of more than 16 cells (sets ranked by their colex sums, no mask table):
     * 5x5 groups with no symmetry, left-right, and diagonal ones (a corner block, the
     * diagonal); 3x6, whose moves within a column pass up to 5 cells. */
    static const uint8_t f55[] = {3, 8, 14}, l55[] = {1, 5, 3}, d55[] = {1, 2, 6}, dd55[] = {7, 13, 19};
    static const uint8_t f36[] = {2, 8, 9}, f45[] = {1, 2, 6, 7}, e55[] = {20, 24};
    check_table(5, 5, f55, 3);
    check_table(5, 5, l55, 3);
    check_table(5, 5, d55, 3);
    check_table(5, 5, dd55, 3);
    check_table(5, 5, e55, 2);
    check_table(3, 6, f36, 3);
    check_table(4, 5, f45, 4);
}

static int count_files(const char *d)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls '%s' 2>/dev/null | grep -c '^slide-pdb-v1-'", d);
    FILE *p = popen(cmd, "r");
    int n = 0;
    if (p) {
        if (fscanf(p, "%d", &n) != 1)
            n = 0;
        pclose(p);
    }
    return n;
}

static amz_slide_pdb_report open_33(const char *cache, int expect_h[20], amz_rng seed)
{
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.cache_dir = cache;
    po.name = "4-4";
    amz_slide_pdb *db;
    amz_slide_pdb_report rep;
    amz_error err;
    amz_error_clear(&err);
    if (amz_slide_pdb_open(3, 3, &po, NULL, &db, &rep, &err))
        fail_msg("open failed: %s", err.msg);
    assert_string_equal(amz_slide_pdb_name(db), "4-4");
    /* The same heuristic whatever the tables' origin. */
    for (int i = 0; i < 20; i++) {
        amz_slide_board b;
        amz_slide_shuffle(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, &seed, NULL);
        int h = amz_slide_pdb_heuristic(db, &b);
        if (expect_h[i] < 0)
            expect_h[i] = h;
        assert_int_equal(h, expect_h[i]);
    }
    amz_slide_pdb_free(db);
    return rep;
}

/* Damages a file: flips the byte at offset, or cuts the file there. */
static void damage_file(const char *path, long offset, bool cut)
{
    if (cut) {
        assert_int_equal(truncate(path, offset), 0);
        return;
    }
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, offset, SEEK_SET), 0);
    int c = fgetc(f);
    assert_true(c >= 0);
    assert_int_equal(fseek(f, offset, SEEK_SET), 0);
    fputc(c ^ 0x55, f);
    fclose(f);
}

static void test_cache(void **state)
{
    (void)state;
    int h[20];
    for (int i = 0; i < 20; i++)
        h[i] = -1;
    amz_rng seed;
    amz_rng_seed(&seed, 5);
    char sub[128];
    snprintf(sub, sizeof sub, "%s/made/by/open", dir); /* folders are created */
    amz_slide_pdb_report rep = open_33(sub, h, seed);
    assert_int_equal(rep.groups, 2);
    assert_int_equal(rep.built, 2);
    assert_int_equal(rep.saved, 2);
    assert_int_equal(rep.loaded, 0);
    assert_int_equal(count_files(sub), 2);
    rep = open_33(sub, h, seed);
    assert_int_equal(rep.loaded, 2);
    assert_int_equal(rep.built, 0);

    /* Corruptions of the first table's file: each is detected and repaired. */
    char path[256];
    snprintf(path, sizeof path, "%s/slide-pdb-v1-3x3-001e.bin", sub);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_size, 40 + 9 * 8 * 7 * 6);
    static const struct {
        long offset;
        bool cut;
    } damage[] = {
        {40 + 1000, false}, /* a value */
        {100, true},        /* short */
        {8, false},         /* the version */
        {0, false},         /* the magic */
        {14, false},        /* the group size */
        {35, false},        /* the checksum itself */
    };
    for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
        damage_file(path, damage[i].offset, damage[i].cut);
        rep = open_33(sub, h, seed);
        if (rep.rejected != 1 || rep.built != 1 || rep.loaded != 1 || rep.saved != 1)
            fail_msg("damage %zu: rejected %d built %d loaded %d saved %d", i, rep.rejected, rep.built, rep.loaded,
                     rep.saved);
        rep = open_33(sub, h, seed); /* rewritten: clean again */
        assert_int_equal(rep.loaded, 2);
    }
    /* An unreadable file is rebuilt too (unless running as root, who reads anyway). */
    if (geteuid() != 0) {
        assert_int_equal(chmod(path, 0), 0);
        rep = open_33(sub, h, seed);
        assert_int_equal(rep.built, 1);
    }
    /* No temporary files are left behind. */
    assert_int_equal(count_files(sub), 2);

    /* "" = no disk cache at all. */
    char none[128];
    snprintf(none, sizeof none, "%s/none", dir);
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.cache_dir = "";
    amz_slide_pdb *db;
    assert_int_equal(amz_slide_pdb_open(2, 3, &po, NULL, &db, &rep, NULL), AMZ_OK);
    assert_int_equal(rep.saved + rep.loaded, 0);
    amz_slide_pdb_free(db);

    /* A folder that cannot be made (a file is in the way): solved anyway, with a warning. */
    char blocked[128];
    snprintf(blocked, sizeof blocked, "%s/file", dir);
    FILE *f = fopen(blocked, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(blocked, sizeof blocked, "%s/file/sub", dir);
    po.cache_dir = blocked;
    assert_int_equal(amz_slide_pdb_open(2, 3, &po, NULL, &db, &rep, NULL), AMZ_OK);
    assert_int_equal(rep.saved, 0);
    assert_non_null(strstr(rep.warning, "cache folder"));
    amz_slide_pdb_free(db);
}

/* The default folder follows $XDG_CACHE_HOME (absolute only), else $HOME/.cache. */
static void test_cache_location(void **state)
{
    (void)state;
    char xdg[128], home[128], want[160];
    snprintf(xdg, sizeof xdg, "%s/xdg", dir);
    snprintf(home, sizeof home, "%s/home", dir);
    mkdir(home, 0700);
    setenv("XDG_CACHE_HOME", xdg, 1);
    setenv("HOME", home, 1);
    amz_slide_pdb *db;
    assert_int_equal(amz_slide_pdb_open(2, 2, NULL, NULL, &db, NULL, NULL), AMZ_OK);
    amz_slide_pdb_free(db);
    snprintf(want, sizeof want, "%s/amaze", xdg);
    assert_int_equal(count_files(want), 1);
    setenv("XDG_CACHE_HOME", "relative/path", 1);
    assert_int_equal(amz_slide_pdb_open(2, 2, NULL, NULL, &db, NULL, NULL), AMZ_OK);
    amz_slide_pdb_free(db);
    snprintf(want, sizeof want, "%s/.cache/amaze", home);
    assert_int_equal(count_files(want), 1);
}

static void test_sets(void **state)
{
    (void)state;
    assert_string_equal(amz_slide_pdb_default(4, 4), "7-8");
    assert_string_equal(amz_slide_pdb_set_name(4, 4, 1), "6-6-3");
    assert_null(amz_slide_pdb_set_name(4, 4, 2));
    assert_string_equal(amz_slide_pdb_default(3, 3), "8");
    assert_string_equal(amz_slide_pdb_default(2, 8), "7-8");
    assert_string_equal(amz_slide_pdb_default(3, 4), "5-6");
    assert_string_equal(amz_slide_pdb_default(5, 5), "6-6-6-6");
    assert_string_equal(amz_slide_pdb_set_name(5, 5, 1), "4-4-4-4-4-4");
    assert_null(amz_slide_pdb_set_name(5, 5, 2));
    assert_string_equal(amz_slide_pdb_default(5, 4), "5-5-5-4");
    assert_string_equal(amz_slide_pdb_default(3, 6), "6-6-5");
    assert_string_equal(amz_slide_pdb_default(4, 6), "6-6-6-5");
    assert_null(amz_slide_pdb_default(6, 5));
    assert_null(amz_slide_pdb_default(1, 4));
    amz_slide_pdb *db;
    amz_error err;
    assert_int_equal(amz_slide_pdb_open(6, 5, NULL, NULL, &db, NULL, &err), AMZ_EUNSUPPORTED);
    assert_null(db);
    /* --max-memory: refused before any work, naming what the set needs. */
    amz_slide_pdb_options mo;
    amz_slide_pdb_options_init(&mo);
    mo.cache_dir = "";
    mo.max_memory = 500000000;
    assert_int_equal(amz_slide_pdb_open(5, 5, &mo, NULL, &db, NULL, &err), AMZ_ENOMEM);
    assert_non_null(strstr(err.msg, "pattern set 6-6-6-6 for 5x5 boards needs about 0.64 GB"));
    assert_null(db);
    /* Every generic set covers each tile once, in groups of at most 8 tiles. */
    for (int rows = 2; rows <= 5; rows++)
        for (int cols = 2; rows * cols <= 25; cols++)
            for (size_t i = 0; amz_slide_pdb_set_name(rows, cols, i); i++) {
                const char *name = amz_slide_pdb_set_name(rows, cols, i);
                int sum = 0;
                for (const char *p = name; *p;) {
                    char *end;
                    long v = strtol(p, &end, 10);
                    assert_true(v >= 1 && v <= 8);
                    sum += (int)v;
                    p = *end ? end + 1 : end;
                }
                if (sum != rows * cols - 1)
                    fail_msg("%dx%d set %s covers %d tiles", rows, cols, name, sum);
            }
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.name = "6-6-3";
    po.cache_dir = "";
    assert_int_equal(amz_slide_pdb_open(3, 3, &po, NULL, &db, NULL, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "available: 8, 4-4"));
}

static int cancel_at_once(void *ctx, const amz_event *ev)
{
    (void)ev;
    ++*(int *)ctx;
    return 1;
}

static void test_build_cancel(void **state)
{
    (void)state;
    int calls = 0;
    amz_observer obs = {cancel_at_once, &calls, 0};
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.cache_dir = dir;
    po.name = "6-6-3";
    amz_slide_pdb *db;
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(amz_slide_pdb_open(4, 4, &po, &obs, &db, NULL, &err), AMZ_ECANCELED);
    assert_int_equal(calls, 1);
    assert_null(db);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/amz-slide-pdb-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_match_reference), cmocka_unit_test(test_cache),
        cmocka_unit_test(test_cache_location),         cmocka_unit_test(test_sets),
        cmocka_unit_test(test_build_cancel),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
