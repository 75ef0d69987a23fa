/* test_amz.c — the native .amz format (src/io/amz.c, src/io/crc32.c): byte images built
 * here by hand from the layout (magic, version, topology, flags, sizes, ends, seed,
 * algorithm, mask, passages, solution, CRC-32) and a bitwise CRC written here; round
 * trips of generated mazes (square and hex, with and without mask and solution); and
 * hostile files: every truncation and every single-bit flip of small files, each
 * header field made wrong with a valid checksum, trailing data, huge sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

/* ---- CRC-32, bit by bit (reflected 0xEDB88320, init and final xor all ones) ---- */

static uint32_t ref_crc32(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return ~c;
}

/* Rewrites the last four bytes as the CRC of everything before them. */
static void fix_crc(uint8_t *img, size_t len)
{
    uint32_t c = ref_crc32(img, len - 4);
    for (int i = 0; i < 4; i++)
        img[len - 4 + i] = (uint8_t)(c >> (8 * i));
}

static void put_le(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void test_crc32(void **state)
{
    (void)state;
    assert_true(amz_crc32(0, "123456789", 9) == 0xcbf43926u); /* the standard check value */
    assert_true(amz_crc32(0, "", 0) == 0);
    uint8_t buf[1000];
    amz_rng r;
    amz_rng_seed(&r, 1);
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)amz_rng_next(&r);
    for (size_t n = 0; n <= 40; n++) /* lengths around the 8-byte fast path */
        assert_true(amz_crc32(0, buf + n % 3, n) == ref_crc32(buf + n % 3, n));
    assert_true(amz_crc32(0, buf, sizeof buf) == ref_crc32(buf, sizeof buf));
    /* Continuation: crc(a then b) = crc(b, starting from crc(a)). */
    for (size_t cut = 0; cut <= 100; cut += 7)
        assert_true(amz_crc32(amz_crc32(0, buf, cut), buf + cut, 100 - cut) == ref_crc32(buf, 100));
}

/* ---- hand-built images ---- */

/* A 2x2 square maze: passages 0-1 (cell 0 E, bit 0), 0-2 (cell 0 S, bit 1) and 1-3
 * (cell 1 S, bit 3); start 0, goal 3, seed 7, algorithm "test", solution E then S. */
static size_t hand_square(uint8_t *img, bool with_solution)
{
    static const uint8_t magic[8] = {0x89, 'A', 'M', 'Z', '\r', '\n', 0x1a, '\n'};
    size_t n = 0;
    memcpy(img, magic, 8);
    n = 8;
    put_le(img + n, 1, 2), n += 2;                       /* version */
    img[n++] = 0;                                        /* square */
    img[n++] = with_solution ? 2 : 0;                    /* flags */
    put_le(img + n, 2, 4), n += 4;                       /* width */
    put_le(img + n, 2, 4), n += 4;                       /* height */
    put_le(img + n, 0, 8), n += 8;                       /* start */
    put_le(img + n, 3, 8), n += 8;                       /* goal */
    put_le(img + n, 7, 8), n += 8;                       /* seed */
    img[n++] = 4;                                        /* algorithm name length */
    memcpy(img + n, "test", 4), n += 4;
    img[n++] = 0x0b;                                     /* passages */
    if (with_solution) {
        put_le(img + n, 2, 8), n += 8;                   /* moves */
        img[n++] = AMZ_SQ_E | AMZ_SQ_S << 2;             /* two bits a move */
    }
    n += 4;
    fix_crc(img, n);
    return n;
}

static void build_hand_maze(amz_maze *m, bool with_solution)
{
    assert_int_equal(amz_maze_init(m, AMZ_TOPO_SQUARE, 2, 2, NULL), AMZ_OK);
    amz_maze_set_passage(m, 0, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(m, 0, AMZ_SQ_S, true, NULL);
    amz_maze_set_passage(m, 1, AMZ_SQ_S, true, NULL);
    amz_maze_set_origin(m, "test", 7);
    if (with_solution) {
        uint8_t dirs[] = {AMZ_SQ_E, AMZ_SQ_S};
        amz_path p = {0, 2, dirs};
        assert_int_equal(amz_maze_set_solution(m, &p, NULL), AMZ_OK);
    }
}

static void test_hand_built_images(void **state)
{
    (void)state;
    for (int sol = 0; sol < 2; sol++) {
        uint8_t want[128];
        size_t wlen = hand_square(want, sol);
        amz_maze m, back;
        build_hand_maze(&m, sol);
        size_t len;
        char *img = tu_write_mem(&m, amz_io_write_amz, &len);
        assert_int_equal(len, wlen);
        assert_memory_equal(img, want, wlen);
        amz_error err;
        assert_int_equal(tu_amz_read_mem(want, wlen, &back, NULL, &err), AMZ_OK);
        tu_assert_same_maze_full(&m, &back, "hand-built image");
        amz_maze_deinit(&back);
        amz_maze_deinit(&m);
        free(img);
    }
    /* Hex 2x1 with cell 1 removed: mask byte 0b01 before the passages; 3 bits a cell. */
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 2, 1, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_exists(&m, 1, false, NULL), AMZ_OK);
    size_t len;
    uint8_t *img = (uint8_t *)tu_write_mem(&m, amz_io_write_amz, &len);
    assert_int_equal(len, 45 + 0 + 1 + 1 + 4);
    assert_int_equal(img[10], AMZ_TOPO_HEX);
    assert_int_equal(img[11], 1); /* mask flag */
    assert_int_equal(img[45], 0x01);
    assert_int_equal(img[46], 0x00);
    assert_true(ref_crc32(img, len - 4) == (uint32_t)(img[len - 4] | img[len - 3] << 8 | img[len - 2] << 16 |
                                                      (uint32_t)img[len - 1] << 24));
    free(img);
    amz_maze_deinit(&m);
}

/* ---- records after the header (flag bit 3) ---- */

/* The hand-built 2x2 maze with flag bit 3 and the records rec (rec_len bytes, the end
 * tag included) after the algorithm name. */
static size_t with_records(uint8_t *img, const uint8_t *rec, size_t rec_len)
{
    size_t n = hand_square(img, false) - 4; /* drop the CRC */
    img[11] |= 8;
    memmove(img + 49 + rec_len, img + 49, n - 49); /* 45 + "test": the records go here */
    memcpy(img + 49, rec, rec_len);
    n += rec_len + 4;
    fix_crc(img, n);
    return n;
}

static void test_records(void **state)
{
    (void)state;
    uint8_t img[2048];
    amz_maze m;
    amz_error err;
    /* A recipe, an unknown record (from a later version: skipped), the end. */
    const uint8_t good[] = {1, 5, 0, '-', 's', ' ', '2', 'x', 7, 3, 0, 'a', 'b', 'c', 0};
    size_t len = with_records(img, good, sizeof good);
    assert_int_equal(tu_amz_read_mem(img, len, &m, NULL, &err), AMZ_OK);
    assert_non_null(m.recipe);
    assert_string_equal(m.recipe, "-s 2x");
    /* Written back: the known record only, in the same place. */
    size_t back_len;
    uint8_t *back = (uint8_t *)tu_write_mem(&m, amz_io_write_amz, &back_len);
    assert_int_equal(back_len, len - 6);
    assert_memory_equal(back + 49, good, 8);
    assert_int_equal(back[57], 0);
    free(back);
    amz_maze_deinit(&m);
    /* Broken records are refused with a message naming them. */
    static const struct {
        uint8_t rec[16];
        size_t len;
        const char *needle;
    } bad[] = {
        {{1, 1, 0, 'a', 1, 1, 0, 'b', 0}, 9, "two recipe records"},
        {{1, 2, 0, 'a', 0x07, 0}, 6, "recipe record: recipe byte 1 is 0x07"},
        {{1, 0, 8, 'a'}, 4, "recipe record of 2048 bytes"},
        {{1, 9, 0, 'a', 'b'}, 5, "truncated file"},
        {{7, 3}, 2, "truncated file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        len = with_records(img, bad[i].rec, bad[i].len);
        amz_error_clear(&err);
        assert_int_equal(tu_amz_read_mem(img, len, &m, NULL, &err), AMZ_EFORMAT);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("bad record %zu: '%s' lacks '%s'", i, err.msg, bad[i].needle);
    }
    /* A generated maze keeps its recipe through .amz and JSON. */
    tu_generate(&m, AMZ_TOPO_HEX, 9, 7, "wilson", 11);
    assert_non_null(m.recipe);
    assert_string_equal(m.recipe, "-s 9x7 -t hex -a wilson --seed 11");
    char *j = tu_write_mem(&m, amz_io_write_json, &len);
    amz_maze fromjson;
    assert_int_equal(amz_io_read_json(j, len, &fromjson, NULL, &err), AMZ_OK);
    tu_assert_same_maze_full(&m, &fromjson, "recipe through JSON");
    amz_maze_deinit(&fromjson);
    free(j);
    amz_maze_deinit(&m);
}

/* ---- round trips ---- */

static void round_trip(const amz_maze *m, const char *what)
{
    size_t len, len2;
    char *img = tu_write_mem(m, amz_io_write_amz, &len);
    amz_maze back;
    amz_error err;
    if (tu_amz_read_mem(img, len, &back, NULL, &err) != AMZ_OK)
        fail_msg("%s: read back failed: %s", what, err.msg);
    tu_assert_same_maze_full(m, &back, what);
    assert_true(amz_maze_equal(m, &back));
    /* Writing what was read gives the same bytes. */
    char *img2 = tu_write_mem(&back, amz_io_write_amz, &len2);
    assert_int_equal(len, len2);
    assert_memory_equal(img, img2, len);
    amz_maze_deinit(&back);
    free(img);
    free(img2);
}

static void test_round_trips(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {1, 9}, {9, 1}, {7, 5}, {8, 8}, {16, 16}, {33, 17}};
    int k = 0;
    for (size_t g = 0; g < amz_gen_count(); g++)
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
                for (int variant = 0; variant < 4; variant++, k++) {
                    const amz_gen_info *gi = amz_gen_at(g);
                    if (!amz_gen_supports(gi, (amz_topology)t) || ((variant & 1) && !gi->masks))
                        continue;
                    amz_maze m;
                    int w = shapes[s][0], h = shapes[s][1];
                    assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
                    amz_rng r;
                    amz_rng_seed(&r, (uint64_t)k);
                    if (variant & 1)
                        tu_random_mask(&m, 0.2, (uint64_t)k);
                    amz_gen_options o;
                    amz_gen_options_init(&o);
                    o.seed = k % 3 ? (uint64_t)k : UINT64_MAX;
                    o.allow_islands = true; /* a random mask may cut the grid apart */
                    assert_int_equal(amz_gen_run(&m, gi->name, &o, NULL, NULL), AMZ_OK);
                    do
                        m.goal = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
                    while (!amz_maze_exists(&m, m.goal));
                    if (variant & 2) {
                        amz_status st = amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL);
                        assert_true(st == AMZ_OK || st == AMZ_ENOPATH);
                    }
                    char what[96];
                    snprintf(what, sizeof what, "%s %s %dx%d variant %d", gi->name,
                             amz_topology_name((amz_topology)t), w, h, variant);
                    round_trip(&m, what);
                    amz_maze_deinit(&m);
                }
    /* Imperfect mazes, no origin, and a 63-byte algorithm name. */
    for (int seed = 0; seed < 20; seed++) {
        amz_maze m;
        tu_random_maze(&m, (amz_topology)(seed % 2), 1 + seed, 1 + seed / 2, 0.5, (uint64_t)seed);
        if (seed % 3 == 0)
            amz_maze_set_origin(&m, "abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789", 1);
        round_trip(&m, "random maze");
        amz_maze_deinit(&m);
    }
}

/* ---- hostile files ---- */

/* A small file of each kind: square with mask and solution, hex without. */
static uint8_t *sample(int kind, size_t *len)
{
    amz_maze m;
    if (kind == 0) {
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 5, 3, NULL), AMZ_OK);
        assert_int_equal(amz_maze_set_exists(&m, 7, false, NULL), AMZ_OK);
        assert_int_equal(amz_gen_run(&m, "backtracker", NULL, NULL, NULL), AMZ_OK);
        assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
    } else {
        tu_generate(&m, AMZ_TOPO_HEX, 4, 3, "hunt-and-kill", 3);
    }
    uint8_t *img = (uint8_t *)tu_write_mem(&m, amz_io_write_amz, len);
    amz_maze_deinit(&m);
    return img;
}

/* Hostile headers may declare any legal size: like the CLI, readers get a memory
 * limit, so such a header is refused (AMZ_ENOMEM, with a message) before a stream of
 * unknown length makes the reader allocate gigabytes for data that never comes. */
static const amz_read_options limit = {UINT64_C(64) << 20};

static amz_status read_both(const uint8_t *img, size_t len, amz_error *err)
{
    /* The reader proper, the sniffing loader in front of it, and a real file. */
    amz_maze m;
    amz_status st = tu_amz_read_mem(img, len, &m, &limit, err);
    if (st == AMZ_OK)
        amz_maze_deinit(&m);
    amz_error err2;
    amz_error_clear(&err2);
    FILE *f = len ? fmemopen((void *)img, len, "rb") : tmpfile();
    amz_status st2 = amz_io_read(f, "sample.amz", &m, &limit, NULL, &err2);
    fclose(f);
    if (st2 == AMZ_OK)
        amz_maze_deinit(&m);
    if ((st == AMZ_OK) != (st2 == AMZ_OK))
        fail_msg("reader and loader disagree: %s / %s", err->msg, err2.msg);
    if (st2 != AMZ_OK) {
        assert_true(strncmp(err2.msg, "sample.amz: ", 12) == 0);
        assert_true(strlen(err2.msg) > 14);
        assert_true(st2 == AMZ_EFORMAT || st2 == AMZ_ENOMEM);
    }
    /* A real file, whose size the reader may check up front. */
    amz_error err3;
    f = tmpfile();
    assert_int_equal(fwrite(img, 1, len, f), len);
    rewind(f);
    amz_status st3 = amz_io_read_amz(f, &m, &limit, &err3);
    fclose(f);
    if (st3 == AMZ_OK)
        amz_maze_deinit(&m);
    if (st3 != st)
        fail_msg("memory and file readers disagree: %s / %s", err->msg, err3.msg);
    return st;
}

static void test_truncated_everywhere(void **state)
{
    (void)state;
    for (int kind = 0; kind < 2; kind++) {
        size_t len;
        uint8_t *img = sample(kind, &len);
        for (size_t cut = 0; cut < len; cut++) {
            amz_error err;
            amz_error_clear(&err);
            amz_status st = read_both(img, cut, &err);
            if (st != AMZ_EFORMAT)
                fail_msg("file cut to %zu of %zu bytes: status %d", cut, len, st);
            if (!strstr(err.msg, "truncated"))
                fail_msg("file cut to %zu bytes: unclear message '%s'", cut, err.msg);
        }
        free(img);
    }
}

static void test_every_bit_flipped(void **state)
{
    (void)state;
    for (int kind = 0; kind < 2; kind++) {
        size_t len;
        uint8_t *img = sample(kind, &len);
        for (size_t bit = 0; bit < len * 8; bit++) {
            img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            amz_error err;
            amz_error_clear(&err);
            amz_status st = read_both(img, len, &err);
            /* A flipped size bit may ask for more memory than allowed: also refused. */
            bool too_big = st == AMZ_ENOMEM && strstr(err.msg, "more than the 64 MB allowed");
            if ((st != AMZ_EFORMAT && !too_big) || !err.msg[0])
                fail_msg("bit %zu of %zu flipped: status %d '%s'", bit, len * 8, st, err.msg);
            img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        amz_error err;
        assert_int_equal(read_both(img, len, &err), AMZ_OK); /* the untouched file reads */
        free(img);
    }
}

/* Patches a field of a valid image, fixes the checksum, and expects a message. */
static void expect_bad(const uint8_t *orig, size_t len, size_t at, uint64_t value, int nbytes, const char *needle)
{
    uint8_t *img = malloc(len);
    memcpy(img, orig, len);
    put_le(img + at, value, nbytes);
    fix_crc(img, len);
    amz_error err;
    amz_error_clear(&err);
    amz_status st = read_both(img, len, &err);
    if (st != AMZ_EFORMAT || !strstr(err.msg, needle))
        fail_msg("byte %zu = %llu: status %d, message '%s', expected '%s'", at, (unsigned long long)value, st,
                 err.msg, needle);
    free(img);
}

static void test_bad_fields(void **state)
{
    (void)state;
    uint8_t img[128];
    size_t len = hand_square(img, true); /* passages at 49, solution length at 50, moves at 58 */
    expect_bad(img, len, 0, 0x88, 1, "bad magic");
    expect_bad(img, len, 3, 'X', 1, "bad magic");
    expect_bad(img, len, 8, 2, 2, "a plain square grid in a version 2 file");
    expect_bad(img, len, 8, 3, 2, "unsupported .amz version 3");
    expect_bad(img, len, 8, 0, 2, "unsupported .amz version 0");
    expect_bad(img, len, 8, 0x100, 2, "unsupported .amz version 256");
    expect_bad(img, len, 10, 2, 1, "unknown topology code 2 in a version 1 file");
    expect_bad(img, len, 11, 2 | 0x10, 1, "unknown flags 0x10"); /* bits 2, 3: rows layout, records */
    expect_bad(img, len, 11, 2 | 0x80, 1, "unknown flags 0x80");
    expect_bad(img, len, 12, 0, 4, "impossible grid: size 0x2");
    expect_bad(img, len, 16, 0xffffffffu, 4, "impossible grid: size");
    expect_bad(img, len, 12, 1u << 20, 4, "truncated"); /* 2^21 cells: legal, but no data */
    expect_bad(img, len, 20, 4, 8, "start cell 4 is outside the grid (4 cells)");
    expect_bad(img, len, 28, UINT64_MAX, 8, "goal cell 18446744073709551615 is outside");
    expect_bad(img, len, 28, 1, 8, "stored solution: path ends at cell 3, not at 1");
    expect_bad(img, len, 44, 64, 1, "algorithm name of 64 bytes");
    expect_bad(img, len, 45, ' ', 1, "non-printable byte 0x20");
    expect_bad(img, len, 45, 0x80, 1, "non-printable byte 0x80");
    expect_bad(img, len, 45, 0, 1, "non-printable byte 0x00");
    expect_bad(img, len, 49, 0x0b | 0x04, 1, "cell (1,0) has a passage E leading out of the maze");
    expect_bad(img, len, 49, 0x0b | 0x80, 1, "cell (1,1) has a passage S leading out of the maze");
    expect_bad(img, len, 49, 0x03, 1, "stored solution: move 2 of the path goes S from (1,0) through a wall");
    expect_bad(img, len, 50, 4, 8, "solution of 4 moves is longer than");
    expect_bad(img, len, 50, UINT64_MAX, 8, "solution of 18446744073709551615 moves");
    expect_bad(img, len, 50, 3, 8, "path ends at cell 1, not at 3"); /* a third move N out of the same byte */
    expect_bad(img, len, 58, 0x09 | 0x40, 1, "solution padding bits are not zero");
    expect_bad(img, len, 58, AMZ_SQ_E | AMZ_SQ_W << 2, 1, "path ends at cell 0, not at 3");

    /* Hex: 3 bits a move, a direction code 6 or 7 is no direction. */
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_HEX, 2, 1, "backtracker", 1);
    amz_maze_set_recipe(&m, NULL, NULL); /* no records: the offsets below are the plain layout's */
    m.goal = 0;
    amz_path p = {0, 0, NULL};
    assert_int_equal(amz_maze_set_solution(&m, &p, NULL), AMZ_OK);
    m.goal = 1;
    uint8_t d = (uint8_t)(amz_maze_passage(&m, 0, AMZ_HEX_SE) ? AMZ_HEX_SE : AMZ_HEX_NE);
    amz_path q = {0, 1, &d};
    assert_int_equal(amz_maze_set_solution(&m, &q, NULL), AMZ_OK);
    size_t hl;
    uint8_t *h = (uint8_t *)tu_write_mem(&m, amz_io_write_amz, &hl);
    size_t moves = 45 + strlen(m.algorithm) + 1 + 8;
    expect_bad(h, hl, moves, 7, 1, "solution move 1 has direction 7, but this hex grid has 6");
    /* Hex passages: the first row's NE leaves the grid from an even column. */
    expect_bad(h, hl, moves - 9, 0x01, 1, "cell (0,0) has a passage NE leading out of the maze");
    free(h);
    amz_maze_deinit(&m);

    /* Masks: a passage from or into a removed cell, and set padding. */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 1, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_exists(&m, 2, false, NULL), AMZ_OK);
    amz_maze_set_passage(&m, 0, AMZ_SQ_E, true, NULL);
    uint8_t *k = (uint8_t *)tu_write_mem(&m, amz_io_write_amz, &hl); /* mask at 45, passages at 46 */
    expect_bad(k, hl, 46, 0x01 | 0x04, 1, "cell (1,0) has a passage E leading out of the maze");
    expect_bad(k, hl, 46, 0x01 | 0x10, 1, "removed cell (2,0) has a passage");
    expect_bad(k, hl, 45, 0x03 | 0x08, 1, "mask padding bits are not zero");
    expect_bad(k, hl, 46, 0x01 | 0x40, 1, "passage padding bits are not zero");
    expect_bad(k, hl, 20, 2, 8, "the start is not a cell of the maze");
    expect_bad(k, hl, 28, 2, 8, "the goal is not a cell of the maze");
    free(k);
    amz_maze_deinit(&m);
}

static void test_checksum_and_trailing(void **state)
{
    (void)state;
    uint8_t img[128];
    size_t len = hand_square(img, false);
    amz_error err;
    img[len - 1] ^= 0x10;
    assert_int_equal(read_both(img, len, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "checksum mismatch"));
    img[len - 1] ^= 0x10;
    /* A valid file followed by anything: refused, whatever follows. */
    static const char *const tails[] = {"\n", "x", "\0"};
    for (int i = 0; i < 3; i++) {
        memcpy(img + len, tails[i], 1);
        assert_int_equal(read_both(img, len + 1, &err), AMZ_EFORMAT);
        assert_non_null(strstr(err.msg, "unexpected data after the checksum at byte"));
    }
    /* Two mazes back to back are not one maze. */
    memcpy(img + len, img, len);
    assert_int_equal(read_both(img, 2 * len, &err), AMZ_EFORMAT);
}

/* ---- huge declared sizes ---- */


static void test_huge_sizes(void **state)
{
    (void)state;
    uint8_t img[128];
    size_t len = hand_square(img, false);
    /* 2^18 x 2^18 = 2^36 cells, the largest legal maze: refused by a memory limit
     * before anything is allocated. */
    put_le(img + 12, 1u << 18, 4);
    put_le(img + 16, 1u << 18, 4);
    fix_crc(img, len);
    tu_meter mt = {0, 0};
    amz_allocator a = tu_meter_allocator(&mt);
    amz_read_options o = {UINT64_C(1) << 30};
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
    assert_int_equal(tu_amz_read_mem(img, len, &m, &o, &err), AMZ_ENOMEM);
    amz_set_allocator(NULL);
    assert_non_null(strstr(err.msg, "a 262144x262144 maze needs about 24576 MB, more than the 1024 MB allowed"));
    assert_true(mt.peak == 0);
    /* Over the limit of cells or sides: impossible, whatever the memory. */
    put_le(img + 16, (1u << 18) + 1, 4);
    fix_crc(img, len);
    assert_int_equal(tu_amz_read_mem(img, len, &m, NULL, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "impossible grid: size 262144x262145"));

    /* A short regular file declaring a large maze, without a memory limit: refused
     * from the file's size, before the gigabytes are allocated. */
    put_le(img + 12, 50000, 4);
    put_le(img + 16, 50000, 4);
    fix_crc(img, len);
    FILE *f = tmpfile();
    assert_int_equal(fwrite(img, 1, len, f), len);
    rewind(f);
    mt = (tu_meter){0, 0};
    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
    assert_int_equal(amz_io_read_amz(f, &m, NULL, &err), AMZ_EFORMAT);
    amz_set_allocator(NULL);
    fclose(f);
    assert_non_null(strstr(err.msg, "truncated"));
    if (mt.peak > (1u << 20))
        fail_msg("a %zu-byte file made the reader allocate %llu bytes", len, (unsigned long long)mt.peak);
}

static void test_io_errors(void **state)
{
    (void)state;
    amz_maze m, back;
    amz_error err;
    build_hand_maze(&m, true);
    /* A name the format cannot store is refused before anything is written (the
     * reader would reject the file). */
    static const char *const bad_names[] = {"two words", "caf\xc3\xa9", "tab\there", "\x7f"};
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        FILE *f = tmpfile();
        amz_maze_set_origin(&m, bad_names[i], 1);
        amz_error_clear(&err);
        assert_int_equal(amz_io_write_amz(&m, f, &err), AMZ_EINVAL);
        assert_non_null(strstr(err.msg, "that .amz cannot store"));
        assert_int_equal(ftell(f), 0);
        fclose(f);
    }
    amz_maze_set_origin(&m, "test", 7);
    /* Writing to a full device. */
    FILE *f = fopen("/dev/full", "wb");
    if (f) {
        setvbuf(f, NULL, _IONBF, 0);
        assert_int_equal(amz_io_write_amz(&m, f, &err), AMZ_EIO);
        assert_non_null(strstr(err.msg, "write failed"));
        fclose(f);
    }
    /* Reading a folder: a read error, not a format error. */
    f = fopen("/", "rb");
    if (f) {
        assert_int_equal(amz_io_read_amz(f, &back, NULL, &err), AMZ_EIO);
        assert_non_null(strstr(err.msg, "read error"));
        fclose(f);
    }
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crc32),
        cmocka_unit_test(test_hand_built_images),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_truncated_everywhere),
        cmocka_unit_test(test_every_bit_flipped),
        cmocka_unit_test(test_bad_fields),
        cmocka_unit_test(test_checksum_and_trailing),
        cmocka_unit_test(test_huge_sizes),
        cmocka_unit_test(test_io_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
