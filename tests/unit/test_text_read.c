/* test_text_read.c — importing text art (src/io/text_read.c): every rendering style,
 * with and without solution and ANSI colour, reads back to the same passages, start
 * and goal; art of shaped and hex mazes is refused; mazes drawn by hand in an editor's
 * habits (other wall characters, CRLF, BOM, blank lines); and bad art (ragged, empty,
 * wrong dimensions, invalid UTF-8, two markers, a wall where a cell should be) refused
 * with the line of the problem. Weave mazes in the unicode style (dashed walls over
 * their tunnels) read back as the same weave; a dashed wall out of place is refused. */
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
    return amz_io_read_text(text, strlen(text), m, NULL, err);
}

static void expect_bad(const char *text, size_t len, const char *needle)
{
    amz_maze m;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_io_read_text(text, len, &m, NULL, &err);
    if (st == AMZ_OK) {
        amz_maze_deinit(&m);
        fail_msg("accepted:\n%s", text);
    }
    if (st != AMZ_EFORMAT || !strstr(err.msg, needle))
        fail_msg("%s\n  gave %d '%s', expected '%s'", text, st, err.msg, needle);
    assert_null(m.passages);
}

static void test_round_trips(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {1, 8}, {8, 1}, {2, 2}, {5, 3}, {13, 7}, {30, 12}};
    int k = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int kind = 0; kind < 3; kind++, k++) {
            int w = shapes[s][0], h = shapes[s][1];
            amz_maze m;
            if (kind == 2)
                tu_random_maze(&m, AMZ_TOPO_SQUARE, w, h, 0.6, (uint64_t)k); /* loops, closed cells */
            else
                tu_generate(&m, AMZ_TOPO_SQUARE, w, h, kind ? "hunt-and-kill" : "backtracker", (uint64_t)k);
            amz_rng r;
            amz_rng_seed(&r, (uint64_t)k);
            m.start = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
            m.goal = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
            if (k % 4 == 0) /* both ends in one cell: line art writes SG, blocks '@' */
                m.goal = m.start;
            amz_status st = amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL);
            assert_true(st == AMZ_OK || st == AMZ_ENOPATH);
            for (int style = 0; style < 3; style++)
                for (int opts = 0; opts < 4; opts++) {
                    bool color = opts & 1, sol = opts & 2;
                    size_t len;
                    char *t = tu_render_mem(&m, (amz_text_style)style, color, sol, &len);
                    amz_maze back;
                    amz_error err;
                    char what[128];
                    snprintf(what, sizeof what, "%s%s%s %dx%d kind %d", amz_text_style_name((amz_text_style)style),
                             color ? " colour" : "", sol ? " solution" : "", w, h, kind);
                    if (amz_io_read_text(t, len, &back, NULL, &err) != AMZ_OK)
                        fail_msg("%s: %s\n%s", what, err.msg, t);
                    tu_assert_same_maze(&m, &back, what);
                    assert_true(amz_maze_equal(&m, &back));
                    /* Import never invents an origin or a solution. */
                    assert_false(back.has_solution);
                    assert_string_equal(back.algorithm, "");
                    /* Through the sniffing loader too. */
                    amz_maze viaload;
                    amz_format fmt = AMZ_FORMAT_AMZ;
                    FILE *f = fmemopen(t, len, "rb");
                    assert_int_equal(amz_io_read(f, "art.txt", &viaload, NULL, &fmt, &err), AMZ_OK);
                    fclose(f);
                    assert_int_equal(fmt, AMZ_FORMAT_TEXT);
                    assert_true(amz_maze_equal(&back, &viaload));
                    amz_maze_deinit(&viaload);
                    amz_maze_deinit(&back);
                    free(t);
                }
            amz_maze_deinit(&m);
        }
}

/* A weave maze of many crossings, every seed: its unicode art (with and without
 * solution and colour) reads back as the same weave; ascii and blocks refuse to draw
 * it; and each dashed glyph of the art, made plain or turned into its partner, gives
 * a refusal or a different maze, never the same one (each glyph carries information). */
/* A maze on grid g by generator `gen` (weave and braid as given), solved on every
 * third seed. */
static void make_grid_maze(amz_maze *m, const amz_grid *g, const char *gen, uint64_t seed, double weave,
                           double braid)
{
    amz_error err;
    assert_int_equal(amz_maze_init_grid(m, g, &err), AMZ_OK);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    o.weave = weave;
    o.braid = braid;
    assert_int_equal(amz_gen_run(m, gen, &o, NULL, &err), AMZ_OK);
    if (seed % 3 == 0)
        assert_int_equal(amz_solve_maze(m, "bfs", NULL, NULL, NULL, &err), AMZ_OK);
}

static void test_weave_round_trips(void **state)
{
    (void)state;
    long crossings = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        const amz_grid g = {AMZ_TOPO_SQUARE, 3 + (int32_t)(seed % 11), 3 + (int32_t)(seed % 7), 1, 0, true};
        amz_maze m;
        amz_error err;
        make_grid_maze(&m, &g, seed % 2 ? "backtracker" : "growing-tree", seed, 1, 0);
        /* Without a crossing the art has no dash: it reads back as a plain maze. */
        bool tunnels = false;
        for (amz_cell c = 0; c < m.ncells; c++)
            tunnels |= amz_maze_passage(&m, c, AMZ_SQ_E2) || amz_maze_passage(&m, c, AMZ_SQ_S2);
        for (int opts = 0; tunnels && opts < 4; opts++) {
            size_t len;
            char *t = tu_render_mem(&m, AMZ_TEXT_UNICODE, opts & 1, opts & 2, &len);
            amz_maze back;
            if (amz_io_read_text(t, len, &back, NULL, &err) != AMZ_OK)
                fail_msg("seed %llu: %s\n%s", (unsigned long long)seed, err.msg, t);
            assert_true(back.weave);
            assert_true(amz_maze_equal(&m, &back));
            amz_maze_deinit(&back);
            if (opts == 0) {
                /* Every dashed glyph (3 UTF-8 bytes: E2 95 8C/8E, E2 94 84/86) matters. */
                for (size_t i = 0; i + 2 < len; i++) {
                    unsigned char *b = (unsigned char *)t + i;
                    const bool dash = b[0] == 0xe2 && ((b[1] == 0x95 && (b[2] == 0x8c || b[2] == 0x8e)) ||
                                                       (b[1] == 0x94 && (b[2] == 0x84 || b[2] == 0x86)));
                    if (!dash)
                        continue;
                    crossings++;
                    const unsigned char b1 = b[1], b2 = b[2];
                    for (int change = 0; change < 2; change++) {
                        if (change == 0) { /* plain: ─ (E2 94 80) or │ (E2 94 82) */
                            b[1] = 0x94;
                            b[2] = b2 == 0x8c || b2 == 0x84 ? 0x80 : 0x82;
                        } else { /* its partner: ╌ <-> ┄, ╎ <-> ┆ */
                            b[1] = b1 == 0x95 ? 0x94 : 0x95;
                            b[2] = b2 == 0x8c ? 0x84 : b2 == 0x84 ? 0x8c : b2 == 0x8e ? 0x86 : 0x8e;
                        }
                        if (amz_io_read_text(t, len, &back, NULL, &err) == AMZ_OK) {
                            assert_false(amz_maze_equal(&m, &back));
                            amz_maze_deinit(&back);
                        } else {
                            assert_non_null(strstr(err.msg, "line "));
                        }
                        b[1] = b1;
                        b[2] = b2;
                    }
                }
            }
            free(t);
        }
        for (int style = AMZ_TEXT_ASCII; style <= AMZ_TEXT_BLOCKS; style += 2) {
            amz_text_options to;
            amz_text_options_init(&to);
            to.style = (amz_text_style)style;
            char *buf = NULL;
            size_t blen = 0;
            FILE *f = open_memstream(&buf, &blen);
            amz_error_clear(&err);
            assert_int_equal(amz_render_text(&m, &to, f, &err), AMZ_EUNSUPPORTED);
            fclose(f);
            assert_int_equal(blen, 0);
            assert_non_null(strstr(err.msg, "unicode"));
            free(buf);
        }
        amz_maze_deinit(&m);
    }
    assert_true(crossings > 200);
}

/* Square mazes of levels draw level by level: a "level Z of L" line, then the level's
 * line art, which on its own (stairs marks and all) reads back as that level's flat
 * maze; each cell's second character is its stairs mark (<, >, X; unicode ↑ ↓ ↕)
 * exactly when it has stairs. The whole art is refused by the reader, by name. */
static void test_levels_art(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        const int32_t w = 2 + (int32_t)(seed % 6), h = 1 + (int32_t)(seed % 4), levels = 2 + (int32_t)(seed % 3);
        const amz_grid g = {AMZ_TOPO_SQUARE, w, h, levels, 0, false};
        amz_maze m;
        amz_error err;
        make_grid_maze(&m, &g, seed % 2 ? "backtracker" : "kruskal", seed, 0, seed % 4 == 0 ? 0.5 : 0);
        for (int style = AMZ_TEXT_ASCII; style <= AMZ_TEXT_UNICODE; style++) {
            const bool uni = style == AMZ_TEXT_UNICODE;
            size_t len;
            char *t = tu_render_mem(&m, (amz_text_style)style, false, true, &len);
            amz_maze back;
            amz_error_clear(&err);
            assert_int_equal(amz_io_read_text(t, len, &back, NULL, &err), AMZ_EFORMAT);
            assert_non_null(strstr(err.msg, "levels"));
            /* Cut the art at its level lines. */
            char *at = t;
            for (int32_t z = 0; z < levels; z++) {
                char head[48];
                snprintf(head, sizeof head, "level %d of %d\n", z + 1, levels); /* the blank line before
                                                                                    ended the last cut */
                assert_memory_equal(at, head, strlen(head));
                at += strlen(head);
                char *end = strstr(at, "\nlevel ");
                size_t n = end ? (size_t)(end - at) + 1 : strlen(at);
                amz_maze flat;
                if (amz_io_read_text(at, n, &flat, NULL, &err) != AMZ_OK)
                    fail_msg("seed %llu level %d: %s", (unsigned long long)seed, z + 1, err.msg);
                assert_int_equal(flat.width, w);
                assert_int_equal(flat.height, h);
                /* Walls and stairs, cell by cell; the line art's rows are 3W+1 code points. */
                char *line = at;
                for (int32_t y = 0; y < h; y++) {
                    line = strchr(line, '\n') + 1; /* the cell row below grid line y */
                    const char *p = line;
                    for (int32_t x = 0; x < w; x++) {
                        const amz_cell c = (amz_cell)z * w * h + (amz_cell)y * w + x, fc = (amz_cell)y * w + x;
                        if (x + 1 < w)
                            assert_int_equal(amz_maze_passage(&m, c, AMZ_SQ_E), amz_maze_passage(&flat, fc, AMZ_SQ_E));
                        if (y + 1 < h)
                            assert_int_equal(amz_maze_passage(&m, c, AMZ_SQ_S), amz_maze_passage(&flat, fc, AMZ_SQ_S));
                        /* Skip the wall (1 code point) and the marker, to the stairs. */
                        for (int k = 0; k < 2; k++) /* box drawing and • are 3 UTF-8 bytes */
                            p += (unsigned char)*p >= 0x80 ? 3 : 1;
                        const bool up = amz_maze_passage(&m, c, AMZ_SQ_U), down = amz_maze_passage(&m, c, AMZ_SQ_D);
                        const char *want = up && down ? (uni ? "↕" : "X") : up ? (uni ? "↑" : "<")
                                         : down       ? (uni ? "↓" : ">")
                                                      : " ";
                        if (strncmp(p, want, strlen(want)) != 0)
                            fail_msg("seed %llu cell %lld: stairs mark '%.3s', expected '%s'\n%s",
                                     (unsigned long long)seed, (long long)c, p, want, t);
                        p += strlen(want);
                    }
                    line = strchr(line, '\n') + 1; /* the grid line below */
                }
                amz_maze_deinit(&flat);
                at += n;
            }
            assert_int_equal(*at, '\0');
            free(t);
        }
        amz_maze_deinit(&m);
    }
}

static void expect_refused(const amz_maze *m, amz_text_style style, const char *needle, const char *what)
{
    size_t len;
    char *t = tu_render_mem(m, style, false, true, &len);
    amz_maze back;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_io_read_text(t, len, &back, NULL, &err);
    if (st == AMZ_OK) {
        amz_maze_deinit(&back);
        fail_msg("%s (%s) read back as a maze:\n%s", what, amz_text_style_name(style), t);
    }
    if (st != AMZ_EFORMAT || !strstr(err.msg, needle))
        fail_msg("%s (%s): %d '%s', expected '%s'", what, amz_text_style_name(style), st, err.msg, needle);
    free(t);
}

static void test_shaped_and_hex_refused(void **state)
{
    (void)state;
    /* Text cannot say which cells a shape removed: such art is refused rather than read
     * as a different maze. Line art shows it by blank corners (here a 3x3 hole), blocks
     * by solid blocks where cells should be. */
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 9, 7, NULL), AMZ_OK);
    for (int y = 2; y < 5; y++)
        for (int x = 3; x < 6; x++)
            assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, x, y), false, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&m, "backtracker", NULL, NULL, NULL), AMZ_OK);
    expect_refused(&m, AMZ_TEXT_ASCII, "blank corner; text art of shaped mazes cannot be read back", "a holed maze");
    expect_refused(&m, AMZ_TEXT_UNICODE, "blank corner", "a holed maze");
    expect_refused(&m, AMZ_TEXT_BLOCKS, "shaped mazes cannot be read back", "a holed maze");
    amz_maze_deinit(&m);
    /* One removed cell is enough for blocks. */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 5, 4, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_exists(&m, 7, false, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&m, "hunt-and-kill", NULL, NULL, NULL), AMZ_OK);
    expect_refused(&m, AMZ_TEXT_BLOCKS, "a wall where cell (2,1) should be", "one removed cell");
    amz_maze_deinit(&m);
    /* Hex art. */
    tu_generate(&m, AMZ_TOPO_HEX, 6, 4, "backtracker", 2);
    expect_refused(&m, AMZ_TEXT_ASCII, "hex maze drawn as text", "a hex maze");
    expect_refused(&m, AMZ_TEXT_UNICODE, "hex maze drawn as text", "a hex maze");
    amz_maze_deinit(&m);
}

static void test_hand_drawn(void **state)
{
    (void)state;
    amz_maze m;
    amz_error err;
    /* Blocks with any non-space wall, floor ' ' or '.', markers placed, CRLF, a BOM,
     * blank lines around. 3x2 cells: 0-1, 1-2, 2-5, 5-4, 4-3 (a snake). */
    const char *blocks = "\xef\xbb\xbf\r\n\r\n"
                         "XXXXXXX\r\n"
                         "XS....X\r\n"
                         "XXXXX.X\r\n"
                         "X..G..X\r\n"
                         "XXXXXXX\r\n"
                         "\r\n";
    assert_int_equal(read_str(blocks, &m, &err), AMZ_OK);
    assert_true(m.width == 3 && m.height == 2);
    assert_int_equal(amz_maze_cell_mask(&m, 0), 2);      /* E */
    assert_int_equal(amz_maze_cell_mask(&m, 1), 2 | 8);  /* E W */
    assert_int_equal(amz_maze_cell_mask(&m, 2), 4 | 8);  /* S W */
    assert_int_equal(amz_maze_cell_mask(&m, 5), 1 | 8);  /* N W */
    assert_int_equal(amz_maze_cell_mask(&m, 4), 2 | 8);  /* E W */
    assert_int_equal(amz_maze_cell_mask(&m, 3), 2);      /* E */
    assert_true(m.start == 0 && m.goal == 4);
    amz_maze_deinit(&m);
    /* Unicode block characters are walls too; no markers: default ends. */
    assert_int_equal(read_str("█████\n█   █\n█████\n", &m, &err), AMZ_OK);
    assert_true(m.width == 2 && m.height == 1 && amz_maze_passage(&m, 0, AMZ_SQ_E));
    assert_true(m.start == 0 && m.goal == 1);
    amz_maze_deinit(&m);
    /* Line art drawn loosely: only the wall positions matter; markers anywhere inside
     * a cell; no final newline. */
    assert_int_equal(read_str("+--+--+\n"
                              "| G   |\n"
                              "+--+  +\n"
                              "|   S |\n"
                              "+--+--+",
                              &m, &err),
                     AMZ_OK);
    assert_true(m.width == 2 && m.height == 2);
    assert_true(amz_maze_passage(&m, 0, AMZ_SQ_E) && amz_maze_passage(&m, 1, AMZ_SQ_S));
    assert_true(amz_maze_passage(&m, 2, AMZ_SQ_E) && !amz_maze_passage(&m, 0, AMZ_SQ_S));
    assert_true(m.start == 3 && m.goal == 0);
    amz_maze_deinit(&m);
    /* Trailing blanks (editors add them) are trimmed, so ragged ends still read. */
    assert_int_equal(read_str("+--+--+  \n|S    | \n+--+  +\t\n|    G|\n+--+--+   \n", &m, &err), AMZ_OK);
    assert_true(m.width == 2 && m.height == 2 && m.start == 0 && m.goal == 3);
    amz_maze_deinit(&m);
    /* "+-+" art, one character a cell, is the block picture with + - | walls, even when
     * its width would also fit line art (3 cells: 7 columns). */
    assert_int_equal(read_str("+-+-+-+\n|S    |\n+ +-+ +\n| |  G|\n+-+-+-+\n", &m, &err), AMZ_OK);
    assert_true(m.width == 3 && m.height == 2);
    assert_int_equal(amz_maze_cell_mask(&m, 0), 2 | 4); /* E S */
    assert_int_equal(amz_maze_cell_mask(&m, 1), 2 | 8); /* E W */
    assert_int_equal(amz_maze_cell_mask(&m, 2), 4 | 8); /* S W */
    assert_int_equal(amz_maze_cell_mask(&m, 3), 1);     /* N */
    assert_true(m.start == 0 && m.goal == 5);
    amz_maze_deinit(&m);
    assert_int_equal(read_str("+-+-+\n|   |\n+-+-+\n", &m, &err), AMZ_OK);
    assert_true(m.width == 2 && m.height == 1 && amz_maze_passage(&m, 0, AMZ_SQ_E));
    amz_maze_deinit(&m);
    /* '@' is both ends only where a cell is: walls drawn with '@' stay walls. */
    assert_int_equal(read_str("@@@@@@@\n@ @   @\n@@@@@@@\n", &m, &err), AMZ_OK);
    assert_true(m.width == 3 && m.height == 1 && amz_maze_passage(&m, 1, AMZ_SQ_E));
    assert_false(amz_maze_passage(&m, 0, AMZ_SQ_E));
    assert_true(m.start == 0 && m.goal == 2);
    amz_maze_deinit(&m);
    assert_int_equal(read_str("#######\n# # #@#\n#######\n", &m, &err), AMZ_OK);
    assert_true(m.start == 2 && m.goal == 2);
    amz_maze_deinit(&m);
    /* An escape that is not a colour code is dropped with its ESC. */
    assert_int_equal(read_str("#\x1b##\n# #\n###\n", &m, &err), AMZ_OK);
    amz_maze_deinit(&m);
}

/* A literal's length includes embedded NULs. */
#define BAD(lit, needle) expect_bad(lit, sizeof(lit) - 1, needle)

static void test_bad_art(void **state)
{
    (void)state;
    BAD("", "no maze in the text: it has no cells");
    BAD("\n\n  \n", "no cells (only spaces)"); /* no wall anywhere: not a maze */
    BAD("\n\n\n", "no cells");
    BAD("\r\n\r\n", "no cells");
    BAD("     \n     \n     \n", "no cells (only spaces)"); /* not judged as block art */
    BAD("\xef\xbb\xbf \t \r\n", "no cells");
    BAD("#####\n#S  #\n####\n", "line 3 has 4 characters but line 1 has 5: rows must all be the same length");
    BAD("\n\n###\n# #\n##\n", "line 5 has 2 characters but line 3 has 3");
    BAD("+--+\n|  |\n+--+\n|\n", "line 4 has 1 character but");
    /* Dimensions. */
    BAD("+--+--+\n|     |\n", "line art is 7 characters by 2 lines; a maze of WxH cells is 3W+1 by 2H+1");
    BAD("+--+\n|  |\n", "line art is 4 characters by 2 lines");
    BAD("+\n", "block art is 1 by 1 block;"); /* a '+' alone: no third column, so blocks */
    BAD("####\n#  #\n####\n", "block art is 4 by 3 blocks; a maze of WxH cells is 2W+1 by 2H+1");
    BAD("###\n# #\n", "block art is 3 by 2 blocks");
    BAD("#\n", "block art is 1 by 1 block;");
    /* Prose is no maze: say what a maze is instead of judging it as blocks. */
    BAD("hello world\n", "not a maze: it starts 'hello world'; a maze is .amz, JSON");
    BAD("####\n#ab#\nmazes are fun\n", "not a maze");
    /* Invalid UTF-8, reported with its line. */
    static const char *const bad_utf8[] = {
        "###\n#\x80#\n###\n",             /* lone continuation byte */
        "###\n#\xc0\xaf#\n###\n",         /* overlong '/' */
        "###\n#\xe0\x80\xaf#\n###\n",     /* overlong, 3 bytes */
        "###\n#\xed\xa0\x80#\n###\n",     /* UTF-16 surrogate */
        "###\n#\xf4\x90\x80\x80#\n###\n", /* above U+10FFFF */
        "###\n#\xff#\n###\n",             /* never valid */
        "###\n#\xe2\x94#\n###\n",         /* cut short by a normal byte */
    };
    for (size_t i = 0; i < sizeof bad_utf8 / sizeof bad_utf8[0]; i++)
        expect_bad(bad_utf8[i], strlen(bad_utf8[i]), "line 2: invalid UTF-8");
    BAD("###\n# #\n##\xe2", "line 3: invalid UTF-8"); /* truncated at the end */
    /* Markers. */
    BAD("#####\n#S S#\n#####\n", "line 2: a second 'S' marker");
    BAD("#####\n#G G#\n#####\n", "line 2: a second 'G' marker");
    BAD("+--+--+\n|S |S |\n+--+--+\n", "line 2: a second 'S' marker");
    BAD("#####\n#S  #\n# # #\n#S  #\n#####\n", "line 4: a second 'S' marker");
    BAD("#####\n#@ S#\n#####\n", "line 2: a second 'S' marker");
    BAD("#####\n#G @#\n#####\n", "line 2: a second goal ('@') marker");
    /* A wall where a cell should be. */
    BAD("#####\n#  ##\n#####\n", "line 2, column 4: a wall where cell (1,0) should be");
    BAD("#####\n#X  #\n#####\n", "line 2, column 2: a wall where cell (0,0) should be");
    /* A NUL byte is not a floor character. */
    BAD("###\n#\0#\n###\n", "a wall where cell (0,0) should be");
}

static void test_size_limit(void **state)
{
    (void)state;
    /* 400x1 cells of block art: fine without a limit, refused with a tiny one. */
    size_t w = 801;
    char *t = malloc(3 * (w + 1) + 1);
    size_t n = 0;
    for (int row = 0; row < 3; row++) {
        for (size_t i = 0; i < w; i++)
            t[n++] = row == 1 && i % 2 ? ' ' : '#';
        t[n++] = '\n';
    }
    t[n] = '\0';
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_io_read_text(t, n, &m, NULL, &err), AMZ_OK);
    assert_int_equal(m.width, 400);
    amz_maze_deinit(&m);
    amz_read_options o = {16};
    assert_int_equal(amz_io_read_text(t, n, &m, &o, &err), AMZ_ENOMEM);
    assert_non_null(strstr(err.msg, "a 400x1 maze needs about"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips), cmocka_unit_test(test_shaped_and_hex_refused),
        cmocka_unit_test(test_hand_drawn),  cmocka_unit_test(test_bad_art),
        cmocka_unit_test(test_size_limit),  cmocka_unit_test(test_weave_round_trips),
        cmocka_unit_test(test_levels_art),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
