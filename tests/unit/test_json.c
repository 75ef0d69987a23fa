/* test_json.c — JSON export and import (src/io/json_write.c, src/io/json_read.c): the
 * exact text of a hand-made maze, per-cell masks read back by a scanner written here,
 * round trips, and hostile documents: every truncation, missing keys, one-sided or
 * outward passages, out-of-range numbers, bad solutions, malformed syntax and deep
 * nesting; a huge declared size must not allocate. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static amz_status read_str(const char *text, amz_maze *m, amz_error *err)
{
    amz_error_clear(err);
    return amz_io_read_json(text, strlen(text), m, NULL, err);
}

/* Expects `text` to be refused with a message containing `needle`. */
static void expect_bad(const char *text, const char *needle)
{
    amz_maze m;
    amz_error err;
    amz_status st = read_str(text, &m, &err);
    if (st == AMZ_OK) {
        amz_maze_deinit(&m);
        fail_msg("accepted: %s", text);
    }
    if (st != AMZ_EFORMAT || !strstr(err.msg, needle))
        fail_msg("%.200s\n  gave %d '%s', expected '%s'", text, st, err.msg, needle);
    assert_null(m.passages); /* left zeroed */
}

static void test_exact_text(void **state)
{
    (void)state;
    /* 0-1, 0-2, 1-3: masks N=1 E=2 S=4 W=8 give 6, 12, 1, 1. */
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 2, 2, NULL), AMZ_OK);
    amz_maze_set_passage(&m, 0, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(&m, 0, AMZ_SQ_S, true, NULL);
    amz_maze_set_passage(&m, 1, AMZ_SQ_S, true, NULL);
    amz_maze_set_origin(&m, "test", UINT64_MAX);
    char *s = tu_write_mem(&m, amz_io_write_json, NULL);
    assert_string_equal(s, "{\"topology\":\"square\",\"width\":2,\"height\":2,\"start\":0,\"goal\":3,"
                           "\"seed\":18446744073709551615,\"algorithm\":\"test\",\"cells\":[6,12,1,1]}\n");
    free(s);
    uint8_t dirs[] = {AMZ_SQ_E, AMZ_SQ_S};
    amz_path p = {0, 2, dirs};
    assert_int_equal(amz_maze_set_solution(&m, &p, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_exists(&m, 2, false, NULL), AMZ_OK); /* drops the solution */
    assert_int_equal(amz_maze_set_solution(&m, &p, NULL), AMZ_OK);
    amz_maze_set_origin(&m, "q\"b\\s\x01", 0);
    s = tu_write_mem(&m, amz_io_write_json, NULL);
    assert_string_equal(s, "{\"topology\":\"square\",\"width\":2,\"height\":2,\"start\":0,\"goal\":3,\"seed\":0,"
                           "\"algorithm\":\"q\\\"b\\\\s\\u0001\",\"cells\":[2,12,-1,1],\"solution\":[0,1,3]}\n");
    amz_maze back;
    amz_error err;
    /* Names follow the .amz rule (printable ASCII, no space), so a control byte is
     * refused on the way in; quotes and backslashes round-trip. */
    assert_int_equal(read_str(s, &back, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "algorithm name has a byte 0x01"));
    free(s);
    amz_maze_set_origin(&m, "q\"b\\s", 0);
    s = tu_write_mem(&m, amz_io_write_json, NULL);
    assert_non_null(strstr(s, "\"algorithm\":\"q\\\"b\\\\s\""));
    assert_int_equal(read_str(s, &back, &err), AMZ_OK);
    tu_assert_same_maze_full(&m, &back, "escaped name");
    free(s);
    amz_maze_deinit(&back);
    amz_maze_deinit(&m);

    /* Hex masks: N=1 NE=2 SE=4 S=8 SW=16 NW=32. Cell 0 SE to cell 1 (odd column). */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 2, 2, NULL), AMZ_OK);
    amz_maze_set_passage(&m, 0, AMZ_HEX_SE, true, NULL);
    amz_maze_set_passage(&m, 0, AMZ_HEX_S, true, NULL);
    s = tu_write_mem(&m, amz_io_write_json, NULL);
    assert_non_null(strstr(s, "\"topology\":\"hex\""));
    assert_non_null(strstr(s, "\"cells\":[12,32,1,0]"));
    free(s);
    amz_maze_deinit(&m);
}

/* Scans "cells":[...] with strtol: an independent reading of the export. */
static void check_cells(const amz_maze *m, const char *json)
{
    const char *p = strstr(json, "\"cells\":[");
    assert_non_null(p);
    p += 9;
    for (amz_cell c = 0; c < m->ncells; c++) {
        char *end;
        long v = strtol(p, &end, 10);
        assert_true(end != p);
        long want = amz_maze_exists(m, c) ? (long)amz_maze_cell_mask(m, c) : -1;
        if (v != want)
            fail_msg("cell %lld: JSON says %ld, the maze %ld", (long long)c, v, want);
        p = end;
        assert_true(*p == (c + 1 < m->ncells ? ',' : ']'));
        p++;
    }
}

/* amz_io_write_json_string on every byte value: the text holds no raw control byte
 * or DEL, and a decoder written here (\" \\ and \u with four hex digits, as RFC 8259
 * reads them) gives the bytes back; NULL is the empty string. */
static void test_string_writer(void **state)
{
    (void)state;
    char in[256];
    for (int i = 0; i < 255; i++)
        in[i] = (char)(i + 1);
    in[255] = '\0';
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_non_null(f);
    amz_io_write_json_string(f, in);
    fputc(' ', f);
    amz_io_write_json_string(f, NULL);
    assert_int_equal(fclose(f), 0);
    assert_true(len > 258 && out[0] == '"');
    char back[256];
    size_t n = 0, i = 1;
    for (; out[i] != '"'; i++) {
        unsigned char c = (unsigned char)out[i];
        assert_true(c >= 0x20 && c != 0x7f);
        assert_true(n < 255);
        if (c != '\\') {
            back[n++] = (char)c;
            continue;
        }
        c = (unsigned char)out[++i];
        if (c == 'u') {
            unsigned v;
            assert_int_equal(sscanf(out + i + 1, "%4x", &v), 1);
            assert_true(v < 0x20 || v == 0x7f); /* only controls take the long form */
            back[n++] = (char)v;
            i += 4;
        } else {
            assert_true(c == '"' || c == '\\');
            back[n++] = (char)c;
        }
    }
    back[n] = '\0';
    assert_string_equal(back, in);
    assert_string_equal(out + i + 1, " \"\"");
    free(out);
}

static void test_round_trips(void **state)
{
    (void)state;
    for (int k = 0; k < 60; k++) {
        amz_maze m, back;
        amz_topology t = (amz_topology)(k % 2);
        int w = 1 + k % 17, h = 1 + (k * 3) % 11;
        if (k % 3 == 2)
            tu_random_maze(&m, t, w, h, 0.5, (uint64_t)k);
        else {
            assert_int_equal(amz_maze_init(&m, t, w, h, NULL), AMZ_OK);
            if (k % 4 == 1)
                tu_random_mask(&m, 0.2, (uint64_t)k);
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = (uint64_t)k * 1000003;
            o.allow_islands = true; /* a random mask may cut the grid apart */
            assert_int_equal(amz_gen_run(&m, k % 2 ? "backtracker" : "hunt-and-kill", &o, NULL, NULL), AMZ_OK);
        }
        if (k % 5 != 0) {
            amz_status st = amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL);
            assert_true(st == AMZ_OK || st == AMZ_ENOPATH);
        }
        size_t len;
        char *s = tu_write_mem(&m, amz_io_write_json, &len);
        assert_int_equal(strlen(s), len);
        assert_true(len && s[len - 1] == '\n' && !memchr(s, '\n', len - 1)); /* one line */
        check_cells(&m, s);
        amz_error err;
        if (amz_io_read_json(s, len, &back, NULL, &err) != AMZ_OK)
            fail_msg("round trip %d: %s", k, err.msg);
        tu_assert_same_maze_full(&m, &back, "JSON round trip");
        assert_true(amz_maze_equal(&m, &back));
        amz_maze_deinit(&back);
        free(s);
        amz_maze_deinit(&m);
    }
}

/* Keys in any order: a maze whose "topology" or "levels" comes after its cells and
 * solution reads back the same (an octagon grid has more cells than a square grid of
 * its size, a 3-level grid three times as many). */
static void move_key_to_end(char *s, const char *key)
{
    char *k = strstr(s, key);
    assert_non_null(k);
    size_t klen = strlen(key), len = strlen(s);
    char *end = strrchr(s, '}');
    assert_non_null(end);
    char tmp[64];
    assert_true(klen < sizeof tmp && key[klen - 1] == ',');
    memcpy(tmp, key, klen - 1); /* without its comma */
    tmp[klen - 1] = '\0';
    memmove(k, k + klen, len - (size_t)(k - s) - klen + 1); /* cut it out */
    end = strrchr(s, '}');
    size_t tail = strlen(end);
    memmove(end + klen, end, tail + 1);
    end[0] = ',';
    memcpy(end + 1, tmp, klen - 1);
}

static void test_count_keys_after_the_cells(void **state)
{
    (void)state;
    static const amz_grid grids[] = {
        {AMZ_TOPO_OCTAGON, 5, 4, 1, 0, false},
        {AMZ_TOPO_SQUARE, 4, 3, 3, 0, false},
        {AMZ_TOPO_HEX, 3, 3, 2, 0, false},
        {AMZ_TOPO_POLAR, 4, 6, 1, 0, false},
    };
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++) {
        amz_maze m, back;
        assert_int_equal(amz_maze_init_grid(&m, &grids[i], NULL), AMZ_OK);
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = 7 + i;
        assert_int_equal(amz_gen_run(&m, "backtracker", &o, NULL, NULL), AMZ_OK);
        assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
        size_t len;
        char *s = tu_write_mem(&m, amz_io_write_json, &len), *big = calloc(1, len + 64);
        memcpy(big, s, len + 1);
        char key[64];
        snprintf(key, sizeof key, "\"topology\":\"%s\",", amz_topology_name(m.topology));
        move_key_to_end(big, key);
        if (m.levels > 1) {
            snprintf(key, sizeof key, "\"levels\":%d,", m.levels);
            move_key_to_end(big, key);
        }
        assert_true(strstr(big, "\"cells\"") < strstr(big, "\"topology\""));
        amz_error err;
        if (amz_io_read_json(big, strlen(big), &back, NULL, &err) != AMZ_OK)
            fail_msg("grid %zu with its count keys last: %s (%s)", i, err.msg, big);
        tu_assert_same_maze_full(&m, &back, "keys reordered");
        amz_maze_deinit(&back);
        free(big);
        free(s);
        amz_maze_deinit(&m);
    }
}

static void test_truncated_everywhere(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 3, 2, "backtracker", 1);
    assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
    size_t len;
    char *s = tu_write_mem(&m, amz_io_write_json, &len);
    amz_maze_deinit(&m);
    for (size_t cut = 0; cut + 1 < len; cut++) { /* all but the final newline */
        amz_error err;
        amz_error_clear(&err);
        amz_status st = amz_io_read_json(s, cut, &m, NULL, &err);
        if (st != AMZ_EFORMAT)
            fail_msg("JSON cut to %zu of %zu bytes: status %d", cut, len, st);
        assert_true(strncmp(err.msg, "JSON: ", 6) == 0);
    }
    free(s);
}

#define BASE_KEYS "\"topology\":\"square\",\"width\":2,\"height\":1"

static void test_missing_and_optional_keys(void **state)
{
    (void)state;
    expect_bad("{\"width\":2,\"height\":1,\"cells\":[2,8]}", "missing \"topology\"");
    expect_bad("{\"topology\":\"square\",\"height\":1,\"cells\":[2,8]}", "missing \"width\"");
    expect_bad("{\"topology\":\"square\",\"width\":2,\"cells\":[2,8]}", "missing \"height\"");
    expect_bad("{" BASE_KEYS "}", "missing \"cells\"");
    expect_bad("{}", "missing \"topology\"");
    /* Optional keys default: start top-left, goal bottom-right, no origin. */
    amz_maze m;
    amz_error err;
    assert_int_equal(read_str("{" BASE_KEYS ",\"cells\":[2,8]}", &m, &err), AMZ_OK);
    assert_true(m.start == 0 && m.goal == 1 && m.seed == 0 && !m.algorithm[0] && !m.has_solution);
    assert_true(amz_maze_passage(&m, 0, AMZ_SQ_E));
    amz_maze_deinit(&m);
    /* With removed cells the defaults are the first and last existing cells. */
    assert_int_equal(read_str("{\"topology\":\"square\",\"width\":4,\"height\":1,\"cells\":[-1,2,8,-1],"
                              "\"start\":1}",
                              &m, &err),
                     AMZ_OK);
    assert_true(m.start == 1 && m.goal == 2);
    amz_maze_deinit(&m);
    /* Unknown keys of every JSON kind are skipped; whitespace anywhere; null solution. */
    assert_int_equal(read_str(" {\n \"x\" : {\"a\":[1,2.5e-3,-0.5E+2,true,false,null,\"s\\n\\u00e9\"]},\t\"topology\""
                              " : \"square\" , \"width\":2,\"height\":1 ,\"cells\" : [ 2 , 8 ] ,\"solution\":null,"
                              "\"y\":[],\"z\":{}}\r\n",
                              &m, &err),
                     AMZ_OK);
    assert_false(m.has_solution);
    amz_maze_deinit(&m);
    /* Ignored numbers are still numbers (RFC 8259): every form reads, and what is not
     * a number is refused, not skipped over. */
    static const char *const good[] = {"0", "-0", "7", "-12", "0.5", "-0.25e-3", "1E+9", "3e0", "10.01E12"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char buf[160];
        snprintf(buf, sizeof buf, "{\"x\":%s," BASE_KEYS ",\"cells\":[2,8]}", good[i]);
        if (read_str(buf, &m, &err) != AMZ_OK)
            fail_msg("%s: %s", good[i], err.msg);
        amz_maze_deinit(&m);
    }
    static const char *const bad[] = {"-", "01", "-01", "1.", ".5", "1.2.3", "1e", "1e+", "1E-x", "+1", "--1", "0x1f"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char buf[160];
        snprintf(buf, sizeof buf, "{\"x\":[%s]," BASE_KEYS ",\"cells\":[2,8]}", bad[i]);
        expect_bad(buf, "");
    }
}

static void test_inconsistent(void **state)
{
    (void)state;
    expect_bad("{" BASE_KEYS ",\"cells\":[2,0]}", "cell (0,0) opens E but its neighbour does not open W back");
    expect_bad("{" BASE_KEYS ",\"cells\":[0,8]}", "cell (1,0) opens W but its neighbour does not open E back");
    expect_bad("{" BASE_KEYS ",\"cells\":[3,8]}", "cell (0,0) has a passage N leading out of the maze");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,10]}", "cell (1,0) has a passage E leading out of the maze");
    expect_bad("{" BASE_KEYS ",\"cells\":[18,8]}", "cell (0,0) has mask 18, above the 4 directions");
    expect_bad("{\"topology\":\"hex\",\"width\":2,\"height\":1,\"cells\":[2,16]}",
               "JSON: cell (0,0) has a passage NE leading out of the maze");
    expect_bad("{" BASE_KEYS ",\"cells\":[64,8]}", "has mask 64, above the 4 directions");
    expect_bad("{" BASE_KEYS ",\"cells\":[32768,8]}", "cells out of range");
    expect_bad("{" BASE_KEYS ",\"cells\":[-2,8]}", "cells out of range");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,-1]}", "cell (0,0) has a passage E leading out"); /* into a removed cell */
    expect_bad("{" BASE_KEYS ",\"cells\":[2]}", "\"cells\" has 1 entries, a 2x1 square maze has 2");
    expect_bad("{" BASE_KEYS ",\"levels\":1,\"cells\":[2,8,0]}",
               "\"cells\" has more than 2 entries (the maze's cells)");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8,0]}", "\"cells\" has 3 entries, a 2x1 square maze has 2");
    /* Cells first, size after: the count is checked once the size is known. */
    expect_bad("{\"cells\":[2,8,0],\"topology\":\"square\",\"width\":2,\"height\":1}", "\"cells\" has 3 entries");
    expect_bad("{" BASE_KEYS ",\"cells\":[]}", "\"cells\" has 0 entries");
    expect_bad("{\"topology\":\"cube\",\"width\":2,\"height\":1,\"cells\":[2,8]}", "unknown topology \"cube\"");
    expect_bad("{\"topology\":7,\"width\":2,\"height\":1,\"cells\":[2,8]}", "expected a string");
    expect_bad("{\"topology\":\"square\",\"width\":0,\"height\":1,\"cells\":[]}", "width out of range");
    expect_bad("{\"topology\":\"square\",\"width\":2147483648,\"height\":1,\"cells\":[]}", "width out of range");
    expect_bad("{\"topology\":\"square\",\"width\":-3,\"height\":1,\"cells\":[]}", "width out of range");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"start\":2}", "the start is not a cell of the maze");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"goal\":-1}", "goal out of range");
    expect_bad("{\"topology\":\"square\",\"width\":2,\"height\":1,\"cells\":[-1,0],\"start\":0}", "the start is not");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"seed\":-1}", "negative seed");
    /* Algorithm names: what .amz can store, no more. */
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"algorithm\":\"two words\"}", "algorithm name has a byte 0x20");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"algorithm\":\"caf\xc3\xa9\"}", "algorithm name has a byte 0xc3");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"algorithm\":\"a\\tb\"}", "algorithm name has a byte 0x09");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"algorithm\":"
               "\"0123456789012345678901234567890123456789012345678901234567890123\"}",
               "algorithm name of 64 bytes (at most 63 allowed)");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"seed\":18446744073709551616}", "number too large");
    /* Solutions: from start to goal through open passages, between neighbours. */
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"solution\":[]}", "empty \"solution\"");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"solution\":[1,0]}", "path starts at cell 1, not at 0");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"solution\":[0]}", "path ends at cell 0, not at 1");
    expect_bad("{" BASE_KEYS ",\"cells\":[0,0],\"solution\":[0,1]}", "through a wall");
    expect_bad("{\"topology\":\"square\",\"width\":3,\"height\":1,\"cells\":[2,10,8],\"solution\":[0,2]}",
               "solution cells 0 and 2 are not neighbours");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"solution\":[0,68719476736]}", "are not neighbours");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"solution\":[0,68719476737]}", "solution out of range");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"solution\":[0,1.0]}", "expected a whole number");
}

static void test_malformed(void **state)
{
    (void)state;
    expect_bad("", "expected '{'");
    expect_bad("[1,2]", "expected '{'");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8]} x", "unexpected data after the object");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8]}{}", "unexpected data after the object");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],}", "expected a string");
    expect_bad("{" BASE_KEYS " \"cells\":[2,8]}", "expected ',' or '}'");
    expect_bad("{" BASE_KEYS ",\"cells\" [2,8]}", "expected ':'");
    expect_bad("{" BASE_KEYS ",\"cells\":[2 8]}", "expected ',' or ']'");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,]}", "expected a number");
    expect_bad("{" BASE_KEYS ",\"cells\":2}", "expected a list");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"width\":1.5}", "expected a whole number");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,8],\"height\":1e0}", "expected a whole number");
    expect_bad("{" BASE_KEYS ",\"cells\":[2,+8]}", "expected a number");
    expect_bad("{\"topology\":\"squ\nare\"}", "control character in a string");
    expect_bad("{\"topology\":\"sq\\xare\"}", "bad escape in a string");
    expect_bad("{\"topology\":\"sq\\u12\"}", "bad \\u escape");
    expect_bad("{\"topology\":\"sq\\u00", "truncated \\u escape");
    expect_bad("{\"topology\":\"square", "unterminated string");
    expect_bad("{\"x\":tru}", "unexpected character");
    expect_bad("{\"x\":@}", "unexpected character");
    expect_bad("{\"x\":", "unexpected end of input");
    expect_bad("{\"x\":[1,2", "expected ',' or the end of a list");
    expect_bad("{\"x\":{\"a\" 1}}", "expected ':'");
}

static void test_deep_nesting(void **state)
{
    (void)state;
    enum { DEEP = 200000 };
    char *s = malloc(DEEP * 2 + 100);
    /* Depth 40 under an unknown key: fine. */
    size_t n = (size_t)sprintf(s, "{\"x\":");
    for (int i = 0; i < 40; i++) {
        if (i % 2)
            s[n++] = '[';
        else
            n += (size_t)sprintf(s + n, "{\"k\":");
    }
    for (int i = 39; i >= 0; i--)
        s[n++] = i % 2 ? ']' : '}';
    n += (size_t)sprintf(s + n, "," BASE_KEYS ",\"cells\":[2,8]}");
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_io_read_json(s, n, &m, NULL, &err), AMZ_OK);
    amz_maze_deinit(&m);
    /* 200000 open brackets: refused with a message, not a stack overflow. */
    n = (size_t)sprintf(s, "{\"x\":");
    memset(s + n, '[', DEEP);
    n += DEEP;
    memset(s + n, ']', DEEP);
    n += DEEP;
    s[n++] = '}';
    s[n] = '\0';
    expect_bad(s, "nesting too deep");
    free(s);
}


static void test_huge_sizes(void **state)
{
    (void)state;
    amz_maze m;
    amz_error err;
    /* Above the memory limit: refused before allocating. */
    amz_read_options o = {UINT64_C(1) << 20};
    const char *big = "{\"topology\":\"square\",\"width\":100000,\"height\":100000,\"cells\":[0]}";
    assert_int_equal(amz_io_read_json(big, strlen(big), &m, &o, &err), AMZ_ENOMEM);
    assert_non_null(strstr(err.msg, "a 100000x100000 maze needs about"));
    /* Without a limit, the short "cells" list gives it away before the maze is made. */
    tu_meter mt = {0, 0};
    amz_allocator a = tu_meter_allocator(&mt);
    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
    amz_status st = amz_io_read_json(big, strlen(big), &m, NULL, &err);
    amz_set_allocator(NULL);
    assert_int_equal(st, AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "\"cells\" has 1 entries, a 100000x100000 square maze has 10000000000"));
    if (mt.peak > (1u << 20))
        fail_msg("a %zu-byte document made the reader allocate %llu bytes", strlen(big),
                 (unsigned long long)mt.peak);
    expect_bad("{\"topology\":\"square\",\"width\":2147483647,\"height\":2147483647,\"cells\":[0]}",
               "impossible maze size");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_text), cmocka_unit_test(test_string_writer),          cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_count_keys_after_the_cells),
        cmocka_unit_test(test_truncated_everywhere), cmocka_unit_test(test_missing_and_optional_keys),
        cmocka_unit_test(test_inconsistent),        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_deep_nesting),        cmocka_unit_test(test_huge_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
