/* test_alloc_fail.c — every allocation failure of a whole run: generate, solve, stats,
 * copy, save, load (.amz from a file, JSON and text through the sniffing loader) for
 * every generator, solver and topology, with and without a mask. A hook installed
 * with amz_set_allocator fails the Nth allocation, for every N up to the run's total:
 * the step that meets the failure returns AMZ_ENOMEM with a message (or recovers and
 * gives the same result as a clean run), later steps are skipped, nothing leaks
 * (allocations and frees counted in the hook), no temporary file is left behind.
 * The sanitizer build pairs each generator with one solver (testutil.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

typedef struct hook {
    uint64_t calls;   /* allocation requests so far */
    uint64_t fail_at; /* 1-based request to refuse; 0 = none */
    int64_t live;     /* blocks allocated and not yet freed */
    bool failed;      /* the refusal happened */
} hook;

static hook H;

static bool refuse(void)
{
    if (++H.calls == H.fail_at) {
        H.failed = true;
        return true;
    }
    return false;
}
static void *h_malloc(void *ctx, size_t n)
{
    (void)ctx;
    if (refuse())
        return NULL;
    void *p = malloc(n);
    H.live += p != NULL;
    return p;
}
static void *h_calloc(void *ctx, size_t k, size_t n)
{
    (void)ctx;
    if (refuse())
        return NULL;
    void *p = calloc(k, n);
    H.live += p != NULL;
    return p;
}
static void *h_realloc(void *ctx, void *q, size_t n)
{
    (void)ctx;
    if (refuse())
        return NULL; /* q stays valid, as with realloc */
    void *p = realloc(q, n);
    H.live += p && !q;
    return p;
}
static void h_free(void *ctx, void *p)
{
    (void)ctx;
    H.live -= p != NULL;
    free(p);
}

typedef struct config {
    const char *gen, *solver;
    amz_topology topo;
    bool masked;
} config;

typedef struct outcome {
    amz_maze final;  /* the maze read back from JSON at the end, when all went well */
    amz_stats stats;
    bool complete;
} outcome;

/* Checks a step's status: OK, or AMZ_ENOMEM from the injected failure. */
static bool step_ok(amz_status st, const amz_error *err, bool failed_before, const char *step, const config *c)
{
    if (st == AMZ_OK)
        return true;
    if (st != AMZ_ENOMEM || failed_before || !H.failed)
        fail_msg("%s/%s/%s%s, failing allocation %llu: %s returned %d (%s)", c->gen, c->solver,
                 amz_topology_name(c->topo), c->masked ? " masked" : "", (unsigned long long)H.fail_at, step, st,
                 err ? err->msg : "");
    if (err && !err->msg[0])
        fail_msg("%s: AMZ_ENOMEM without a message (failing allocation %llu)", step, (unsigned long long)H.fail_at);
    return false;
}

#define STEP(call, err, name)                                                                                       \
    do {                                                                                                            \
        bool before_ = H.failed;                                                                                    \
        amz_error_clear(err);                                                                                       \
        if (!step_ok((call), (err), before_, (name), c))                                                            \
            goto done;                                                                                              \
    } while (0)

static void run(const config *c, const char *dir, outcome *out)
{
    amz_maze m = {0}, copy = {0}, loaded = {0}, fromjson = {0}, fromtext = {0};
    amz_error err;
    char path[4200];
    char *buf = NULL;
    size_t len = 0;
    amz_solve_result r = {0};
    memset(out, 0, sizeof *out);
    snprintf(path, sizeof path, "%s/run.amz", dir);

    STEP(amz_maze_init(&m, c->topo, 23, 17, &err), &err, "init");
    if (c->masked)
        for (amz_cell cell = 100; cell < 130; cell += 3)
            STEP(amz_maze_set_exists(&m, cell, false, &err), &err, "set_exists");
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = 12345;
    {
        bool before = H.failed;
        amz_error_clear(&err);
        amz_status st = amz_gen_run(&m, c->gen, &o, NULL, &err);
        if (!step_ok(st, &err, before, "amz_gen_run", c)) {
            /* A failed generator leaves a valid (if empty) maze. */
            assert_true(tu_edges_consistent(&m));
            goto done;
        }
    }
    STEP(amz_solve_maze(&m, c->solver, NULL, NULL, NULL, &err), &err, "amz_solve_maze");
    STEP(amz_stats_compute(&m, &out->stats, &err), &err, "amz_stats_compute");
    STEP(amz_maze_copy(&copy, &m, &err), &err, "amz_maze_copy");
    {
        bool before = H.failed;
        amz_error_clear(&err);
        amz_status st = amz_io_save(&copy, path, &err);
        if (!step_ok(st, &err, before, "amz_io_save", c)) {
            assert_int_equal(tu_dir_count(dir), 0); /* no temporary file, no partial file */
            goto done;
        }
    }
    STEP(amz_io_load(path, &loaded, NULL, NULL, &err), &err, "amz_io_load");
    STEP(amz_solve_run(&loaded, "dfs", loaded.start, loaded.goal, NULL, NULL, &r, &err), &err, "amz_solve_run");
    /* JSON and text through the sniffing loader (which slurps the stream). */
    FILE *f = open_memstream(&buf, &len);
    amz_io_write_json(&loaded, f, NULL);
    fclose(f);
    f = fmemopen(buf, len, "rb");
    {
        bool before = H.failed;
        amz_error_clear(&err);
        amz_status st = amz_io_read(f, "json", &fromjson, NULL, NULL, &err);
        fclose(f);
        if (!step_ok(st, &err, before, "amz_io_read json", c))
            goto done;
    }
    if (c->topo == AMZ_TOPO_SQUARE) {
        free(buf);
        buf = NULL;
        f = open_memstream(&buf, &len);
        amz_text_options to;
        amz_text_options_init(&to);
        {
            bool before = H.failed;
            amz_error_clear(&err);
            amz_status st = amz_render_text(&loaded, &to, f, &err);
            fclose(f);
            if (!step_ok(st, &err, before, "amz_render_text", c))
                goto done;
        }
        f = fmemopen(buf, len, "rb");
        bool before = H.failed;
        amz_error_clear(&err);
        amz_status st = amz_io_read(f, "text", &fromtext, NULL, NULL, &err);
        fclose(f);
        if (!step_ok(st, &err, before, "amz_io_read text", c))
            goto done;
        if (!c->masked)
            assert_true(amz_maze_equal(&fromtext, &loaded));
    }
    out->complete = true;
    out->final = fromjson; /* ownership moves out: no allocation outside the steps */
    memset(&fromjson, 0, sizeof fromjson);
done:
    amz_path_deinit(&r.path);
    amz_maze_deinit(&fromtext);
    amz_maze_deinit(&fromjson);
    amz_maze_deinit(&loaded);
    amz_maze_deinit(&copy);
    amz_maze_deinit(&m);
    free(buf);
    remove(path);
}

static void test_every_failure(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    amz_allocator a = {h_malloc, h_calloc, h_realloc, h_free, NULL};
    uint64_t runs = 0;
    for (size_t g = 0; g < amz_gen_count(); g++)
        for (size_t s = 0; s < amz_solve_count(); s++)
            for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
                for (int masked = 0; masked < 2; masked++) {
                    if (masked && !amz_gen_at(g)->masks)
                        continue;
                    /* Under the sanitizers each generator meets one solver, in turn, so
                     * every generator and every solver still fails at every allocation. */
                    if (AMZ_TEST_SANITIZED && s != g % amz_solve_count())
                        continue;
                    config c = {amz_gen_at(g)->name, amz_solve_at(s)->name, (amz_topology)t, masked};
                    if (!amz_gen_supports(amz_gen_at(g), c.topo))
                        continue;
                    /* A clean run: the reference result and the number of allocations. */
                    outcome ref, got;
                    H = (hook){0, 0, 0, false};
                    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
                    run(&c, dir, &ref);
                    assert_true(ref.complete);
                    uint64_t total = H.calls;
                    amz_maze_deinit(&ref.final);
                    amz_set_allocator(NULL);
                    assert_int_equal(H.live, 0);
                    assert_true(total > 10);
                    for (uint64_t n = 1; n <= total; n++) {
                        H = (hook){0, n, 0, false};
                        assert_int_equal(amz_set_allocator(&a), AMZ_OK);
                        run(&c, dir, &got);
                        amz_set_allocator(NULL);
                        if (H.live != 0)
                            fail_msg("%s/%s/%s%s: failing allocation %llu of %llu leaked %lld blocks", c.gen,
                                     c.solver, amz_topology_name(c.topo), c.masked ? " masked" : "",
                                     (unsigned long long)n, (unsigned long long)total, (long long)H.live);
                        assert_true(H.failed);
                        assert_int_equal(tu_dir_count(dir), 0);
                        if (got.complete) {
                            /* Recovered from the failure: the result must be the clean one. */
                            amz_maze clean;
                            H = (hook){0, 0, 0, false};
                            assert_int_equal(amz_set_allocator(&a), AMZ_OK);
                            run(&c, dir, &ref);
                            amz_set_allocator(NULL);
                            tu_assert_same_maze_full(&ref.final, &got.final, "recovered run");
                            assert_memory_equal(&ref.stats, &got.stats, sizeof ref.stats);
                            clean = ref.final;
                            amz_maze_deinit(&clean);
                            amz_maze_deinit(&got.final);
                        }
                        runs++;
                    }
                }
    assert_true(runs > 100);
    tu_rmdir_all(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
