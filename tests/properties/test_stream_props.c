/* test_stream_props.c — streamed generation (amaze/stream.h): over many seeds, sizes
 * (thin strips and widths around the 64-cell word) and binary-tree corners, a maze
 * streamed into a streamed-rows .amz file reads back with the normal loader, is
 * perfect, and is exactly the maze amz_gen_run makes with the same seed; the bytes
 * repeat run to run. Also the rules of the driver, the row writer and the reader of
 * the layout (padding, mask flag, truncation, rows out of order, errors passed on). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze/stream.h"
#include "testutil.h"

static const int sizes[][2] = {
    {1, 1}, {1, 2}, {2, 1}, {1, 37}, {37, 1}, {3, 3}, {4, 5}, {31, 7}, {32, 3}, {63, 4},
    {64, 4}, {65, 5}, {127, 3}, {128, 9}, {129, 20}, {200, 150},
};
static const char *const streamers[] = {"eller", "sidewinder", "binary-tree"};

/* Streams into memory as a streamed-rows .amz file. */
static char *stream_mem(const char *algo, int w, int h, const amz_gen_options *o, amz_cell start, amz_cell goal,
                        size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    amz_error err;
    amz_error_clear(&err);
    amz_stream_header hd = {AMZ_TOPO_SQUARE, w, h, start, goal, o->seed, algo, NULL};
    amz_row_sink *wr = NULL;
    amz_status st = amz_io_rows_open(f, &hd, &wr, &err);
    if (st == AMZ_OK)
        st = amz_gen_stream(algo, AMZ_TOPO_SQUARE, w, h, o, wr, NULL, &err);
    if (st == AMZ_OK)
        st = amz_row_sink_finish(wr, &err);
    else
        amz_row_sink_abort(wr);
    if (st)
        fail_msg("%s %dx%d: %s", algo, w, h, err.msg);
    fclose(f);
    return buf;
}

static void check_one(const char *algo, int w, int h, const amz_gen_options *o)
{
    size_t len = 0, len2 = 0;
    amz_cell start = (amz_cell)(o->seed % ((uint64_t)w * (uint64_t)h)), goal = (amz_cell)w * h - 1;
    char *bytes = stream_mem(algo, w, h, o, start, goal, &len);
    char *again = stream_mem(algo, w, h, o, start, goal, &len2);
    if (len != len2 || memcmp(bytes, again, len) != 0)
        fail_msg("%s %dx%d seed %llu: two streams differ", algo, w, h, (unsigned long long)o->seed);
    /* Flag bit 2: the streamed-rows layout. */
    assert_int_equal((unsigned char)bytes[11], 4);
    assert_int_equal(len, 45 + strlen(algo) + (size_t)h * (((size_t)w * 2 + 7) / 8) + 4);
    amz_maze s, m;
    amz_error err;
    amz_error_clear(&err);
    if (tu_amz_read_mem(bytes, len, &s, NULL, &err))
        fail_msg("%s %dx%d: streamed file does not load: %s", algo, w, h, err.msg);
    if (!tu_is_perfect(&s) || !tu_edges_consistent(&s))
        fail_msg("%s %dx%d seed %llu: streamed maze is not perfect", algo, w, h, (unsigned long long)o->seed);
    assert_int_equal(s.start, start);
    assert_int_equal(s.goal, goal);
    assert_int_equal(s.seed, o->seed);
    assert_string_equal(s.algorithm, algo);
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, w, h, NULL), AMZ_OK);
    m.start = start;
    assert_int_equal(amz_gen_run(&m, algo, o, NULL, NULL), AMZ_OK);
    tu_assert_same_maze(&s, &m, algo);
    amz_maze_deinit(&s);
    amz_maze_deinit(&m);
    free(bytes);
    free(again);
}

static void test_streamed_equals_in_memory(void **state)
{
    (void)state;
    for (size_t a = 0; a < 3; a++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            int w = sizes[s][0], h = sizes[s][1];
            int seeds = w * h > 5000 ? 3 : 12;
            for (int seed = 0; seed < seeds; seed++) {
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = (uint64_t)seed * 104729u + 3;
                if (strcmp(streamers[a], "binary-tree") == 0) {
                    o.bias = (amz_corner)(seed % 4);
                    o.bias_weight = (seed % 3) * 0.5; /* 0, 0.5, 1: the edge cases too */
                }
                check_one(streamers[a], w, h, &o);
            }
        }
}

/* A sink that records the rows it sees and can fail at a given row: a caller-made
 * sink, as amaze/stream.h describes (amz_row_sink first, then the ops table). */
typedef struct rec {
    amz_row_sink sink;
    int32_t next, fail_at;
    int32_t w;
    uint64_t *bits; /* rows as received, one after another */
    int *finished, *destroyed;
} rec;

static amz_status rec_row(amz_row_sink *s, int32_t y, const uint64_t *row, amz_error *err)
{
    rec *r = (rec *)s;
    assert_int_equal(y, r->next);
    if (y == r->fail_at)
        return amz_errorf(err, AMZ_EIO, "sink failed at row %d", y);
    for (int32_t x = 0; x < r->w * 2; x++)
        if ((row[x / 64] >> (x % 64)) & 1)
            r->bits[((uint64_t)y * (uint64_t)r->w * 2 + (uint64_t)x) / 64] |= 1ull << (((uint64_t)y * r->w * 2 + x) % 64);
    /* Bits past the row's cells are zero. */
    int32_t nb = r->w * 2;
    if (nb % 64)
        assert_int_equal(row[nb / 64] >> (nb % 64), 0);
    r->next++;
    return AMZ_OK;
}

static amz_status rec_finish(amz_row_sink *s, amz_error *err)
{
    (void)err;
    ++*((rec *)s)->finished;
    return AMZ_OK;
}

static void rec_destroy(amz_row_sink *s)
{
    ++*((rec *)s)->destroyed;
}

static const amz_row_sink_ops rec_ops = {rec_row, rec_finish, rec_destroy};

static int cancel_after(void *ctx, const amz_event *ev)
{
    int *n = ctx;
    assert_int_equal(ev->type, AMZ_EV_PROGRESS); /* streaming reports progress only */
    assert_true(ev->index <= ev->total);
    return ++*n >= 3;
}

static void test_driver_rules(void **state)
{
    (void)state;
    amz_error err;
    amz_error_clear(&err);
    /* The rows handed over are the maze's rows, in order, each once. */
    for (size_t a = 0; a < 3; a++) {
        const int w = 70, h = 9;
        int fin = 0, des = 0;
        rec r = {{&rec_ops}, 0, -1, w, calloc(((size_t)w * h * 2 + 63) / 64, 8), &fin, &des};
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = 42;
        assert_int_equal(amz_gen_stream(streamers[a], AMZ_TOPO_SQUARE, w, h, &o, &r.sink, NULL, &err), AMZ_OK);
        assert_int_equal(r.next, h);
        /* The stream only puts rows: ending the sink is the caller's, once. */
        assert_int_equal(fin + des, 0);
        assert_int_equal(amz_row_sink_finish(&r.sink, &err), AMZ_OK);
        assert_int_equal(fin, 1);
        assert_int_equal(des, 1);
        amz_maze m;
        tu_generate(&m, AMZ_TOPO_SQUARE, w, h, streamers[a], 42);
        assert_memory_equal(r.bits, m.passages, ((size_t)w * h * 2 + 7) / 8);
        amz_maze_deinit(&m);
        /* A failing sink stops the stream with its own status and message. */
        memset(r.bits, 0, ((size_t)w * h * 2 + 63) / 64 * 8);
        r.next = 0;
        r.fail_at = 4;
        assert_int_equal(amz_gen_stream(streamers[a], AMZ_TOPO_SQUARE, w, h, &o, &r.sink, NULL, &err), AMZ_EIO);
        assert_string_equal(err.msg, "sink failed at row 4");
        free(r.bits);
        /* Progress events only, and an observer can cancel. */
        int n = 0;
        amz_observer obs = {cancel_after, &n, 0};
        rec r2 = {{&rec_ops}, 0, -1, 3000, calloc(((size_t)3000 * 3000 * 2 + 63) / 64, 8), &fin, &des};
        assert_int_equal(amz_gen_stream(streamers[a], AMZ_TOPO_SQUARE, 3000, 3000, &o, &r2.sink, &obs, &err),
                         AMZ_ECANCELED);
        assert_true(r2.next < 3000);
        free(r2.bits);
    }
    /* What cannot stream is refused before any row. */
    int fin = 0, des = 0;
    rec r = {{&rec_ops}, 0, 0, 1, NULL, &fin, &des};
    amz_gen_options o;
    amz_gen_options_init(&o);
    assert_false(amz_gen_can_stream("backtracker", AMZ_TOPO_SQUARE));
    assert_false(amz_gen_can_stream("eller", AMZ_TOPO_HEX));
    assert_true(amz_gen_can_stream("sidewinder", AMZ_TOPO_SQUARE));
    assert_int_equal(amz_gen_stream("backtracker", AMZ_TOPO_SQUARE, 4, 4, &o, &r.sink, NULL, &err),
                     AMZ_EUNSUPPORTED);
    assert_int_equal(amz_gen_stream("nope", AMZ_TOPO_SQUARE, 4, 4, &o, &r.sink, NULL, &err), AMZ_ENOTFOUND);
    assert_int_equal(amz_gen_stream("eller", AMZ_TOPO_HEX, 4, 4, &o, &r.sink, NULL, &err), AMZ_EUNSUPPORTED);
    assert_int_equal(amz_gen_stream("eller", AMZ_TOPO_SQUARE, 0, 4, &o, &r.sink, NULL, &err), AMZ_ERANGE);
    o.braid = 0.5;
    assert_int_equal(amz_gen_stream("eller", AMZ_TOPO_SQUARE, 4, 4, &o, &r.sink, NULL, &err), AMZ_EUNSUPPORTED);
    o.braid = 0;
    o.ends = AMZ_ENDS_FARTHEST;
    assert_int_equal(amz_gen_stream("eller", AMZ_TOPO_SQUARE, 4, 4, &o, &r.sink, NULL, &err), AMZ_EUNSUPPORTED);
    assert_int_equal(r.next, 0);
    /* Memory follows the width only. */
    assert_true(amz_gen_stream_memory("eller", 100000) < 2u << 20);
    assert_int_equal(amz_gen_stream_memory("backtracker", 100), UINT64_MAX);
}

static void test_row_writer_rules(void **state)
{
    (void)state;
    amz_error err;
    amz_error_clear(&err);
    FILE *f = tmpfile();
    amz_row_sink *w = NULL;
    amz_stream_header h = {AMZ_TOPO_SQUARE, 5, 3, 0, 14, 1, "eller", NULL};
    uint64_t row[2] = {~(uint64_t)0, ~(uint64_t)0}; /* padding bits set: the writer clears them */
    assert_true(amz_io_rows_memory(&h) < 256);
    assert_int_equal(amz_io_rows_open(f, &h, &w, &err), AMZ_OK);
    assert_int_equal(amz_row_sink_put(w, 1, row, &err), AMZ_EINVAL); /* out of order */
    assert_int_equal(amz_row_sink_put(w, 0, row, &err), AMZ_OK);
    assert_int_equal(amz_row_sink_finish(w, &err), AMZ_EINVAL); /* rows missing; freed anyway */
    h.goal = 15;
    assert_int_equal(amz_io_rows_open(f, &h, &w, &err), AMZ_EINVAL);
    assert_null(w);
    h.goal = 14;
    h.algorithm = "bad name";
    assert_int_equal(amz_io_rows_open(f, &h, &w, &err), AMZ_EINVAL);
    h.algorithm = "eller";
    h.width = 0;
    assert_int_equal(amz_io_rows_memory(&h), UINT64_MAX);
    assert_int_equal(amz_io_rows_open(f, &h, &w, &err), AMZ_EINVAL);
    amz_row_sink_abort(NULL); /* a no-op */
    fclose(f);
}

/* A valid streamed-rows file of a 5x3 maze (rows of 2 bytes, 6 padding bits each) to
 * corrupt: the writer's own output for generator eller. */
static void test_reader_rejects(void **state)
{
    (void)state;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = 11;
    size_t len;
    char *good = stream_mem("eller", 5, 3, &o, 0, 14, &len);
    const size_t rows = 45 + 5; /* after "eller" */
    amz_maze m;
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(tu_amz_read_mem(good, len, &m, NULL, &err), AMZ_OK);
    amz_maze_deinit(&m);
    char *bad = malloc(len);
    /* A padding bit of each row. */
    for (int y = 0; y < 3; y++) {
        memcpy(bad, good, len);
        bad[rows + (size_t)y * 2 + 1] |= (char)0x80;
        uint32_t crc = amz_crc32(0, bad, len - 4);
        for (int i = 0; i < 4; i++)
            bad[len - 4 + (size_t)i] = (char)(crc >> (8 * i));
        assert_int_equal(tu_amz_read_mem(bad, len, &m, NULL, &err), AMZ_EFORMAT);
        assert_non_null(strstr(err.msg, "padding"));
    }
    /* Mask and rows together. */
    memcpy(bad, good, len);
    bad[11] = 5;
    assert_int_equal(tu_amz_read_mem(bad, len, &m, NULL, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "no mask"));
    /* Truncated inside the rows, and every shorter prefix. */
    for (size_t n = 0; n < len; n++)
        assert_int_equal(tu_amz_read_mem(good, n, &m, NULL, &err) != AMZ_OK, true);
    free(bad);
    free(good);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streamed_equals_in_memory),
        cmocka_unit_test(test_driver_rules),
        cmocka_unit_test(test_row_writer_rules),
        cmocka_unit_test(test_reader_rejects),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
