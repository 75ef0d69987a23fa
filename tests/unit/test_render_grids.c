/* test_render_grids.c — text art lays cells out as a flat square or hex grid, so it
 * refuses a maze of another grid (polar, triangle, octagon, 3D, wrapped, weave) with
 * AMZ_EUNSUPPORTED and a message naming it, writing nothing, rather than draw it in the
 * square layout; weaves are drawn in the unicode style only (dashed walls over their
 * tunnels), square mazes of levels as line art level by level. Animations and books are pictures: they take every grid (the
 * pictures themselves: test_image_grids.c). Flat square and hex
 * mazes of the same generator draw through every entry (the control). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze/anim.h"
#include "amaze/book.h"
#include "amaze/image.h"
#include "testutil.h"

typedef struct grid_case {
    amz_grid g;
    const char *named; /* what the message must say of the grid */
} grid_case;

static const grid_case refused[] = {
    {{AMZ_TOPO_POLAR, 6, 4, 1, 0, false}, "polar"},
    {{AMZ_TOPO_TRIANGLE, 8, 5, 1, 0, false}, "triangle"},
    {{AMZ_TOPO_OCTAGON, 6, 5, 1, 0, false}, "octagon"},
    {{AMZ_TOPO_SQUARE, 5, 4, 3, 0, false}, "levels"}, /* line art draws it */
    {{AMZ_TOPO_HEX, 5, 4, 2, 0, false}, "levels"}, /* line art draws it */
    {{AMZ_TOPO_SQUARE, 6, 5, 1, AMZ_WRAP_X, false}, "wrapped (x)"},
    {{AMZ_TOPO_TRIANGLE, 8, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, "wrapped (xy) triangle"},
    {{AMZ_TOPO_SQUARE, 8, 8, 1, 0, true}, "weave"}, /* unicode art draws it */
};

static void make(amz_maze *m, const amz_grid *g, uint64_t seed)
{
    amz_error err;
    assert_int_equal(amz_maze_init_grid(m, g, &err), AMZ_OK);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    assert_int_equal(amz_gen_run(m, "backtracker", &o, NULL, &err), AMZ_OK);
    assert_int_equal(amz_solve_maze(m, "bfs", NULL, NULL, NULL, &err), AMZ_OK);
}

static int count_frames(void *ctx, const amz_frame *f)
{
    (void)f;
    ++*(int *)ctx;
    return 0;
}

/* Runs every drawing entry on m; returns how many succeeded, and checks each failure
 * is AMZ_EUNSUPPORTED naming `named` with nothing written. */
static int draw_all(amz_maze *m, const char *named)
{
    int ok = 0;
    amz_error err;
    char *buf = NULL;
    size_t len = 0;
#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        FILE *f = open_memstream(&buf, &len);                                                                          \
        amz_error_clear(&err);                                                                                         \
        amz_status cs = (call);                                                                                        \
        fclose(f);                                                                                                     \
        if (cs == AMZ_OK) {                                                                                            \
            ok++;                                                                                                      \
            assert_true(len > 0);                                                                                      \
        } else {                                                                                                       \
            if (cs != AMZ_EUNSUPPORTED ||                                                                              \
                !strstr(err.msg, m->weave                                                 ? "weave mazes in the unicode style only" \
                                 : m->levels > 1 && m->topology != AMZ_TOPO_TRIANGLE ? "not blocks"                          \
                                                                                   : "square and hex mazes, flat or of levels, and weaves") || \
                !strstr(err.msg, named))                                                                               \
                fail_msg("%s: status %d '%s'", #call, cs, err.msg);                                                    \
            assert_int_equal(len, 0);                                                                                  \
        }                                                                                                              \
        free(buf);                                                                                                     \
        buf = NULL;                                                                                                    \
    } while (0)
    for (int style = 0; style < 3; style++) {
        amz_text_options to;
        amz_text_options_init(&to);
        to.style = (amz_text_style)style;
        if (m->topology == AMZ_TOPO_HEX && m->levels <= 1 && to.style == AMZ_TEXT_BLOCKS)
            continue; /* hex has no block style */
        CHECK(amz_render_text(m, &to, f, &err));
    }
#undef CHECK
    /* Animations and books are pictures: every grid (the pictures themselves are
     * tests/unit/test_image_grids.c's). */
    for (int k = 0; k < 3; k++) {
        amz_anim_options ao;
        amz_anim_options_init(&ao);
        ao.what = AMZ_ANIM_SOLVE;
        amz_book_options bo;
        amz_book_options_init(&bo);
        amz_book_item item;
        memset(&item, 0, sizeof item);
        item.kind = AMZ_BOOK_MAZE;
        item.maze = m;
        int frames = 0;
        FILE *f = open_memstream(&buf, &len);
        amz_error_clear(&err);
        amz_status st = k == 0 ? amz_anim_write_gif(m, &ao, f, NULL, &err)
                      : k == 1 ? amz_anim_run(m, &ao, count_frames, &frames, NULL, &err)
                               : amz_book_write(&item, 1, &bo, f, &err);
        fclose(f);
        const char *what = k == 0 ? "gif" : k == 1 ? "animation" : "book";
        if (st != AMZ_OK)
            fail_msg("%s: %s", what, err.msg);
        assert_true(k == 1 ? frames > 0 : len > 5);
        if (k != 1)
            assert_memory_equal(buf, k == 0 ? "GIF89a" : "%PDF-", 5);
        ok++;
        free(buf);
        buf = NULL;
    }
    return ok;
}

static void test_other_grids_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            amz_maze m;
            make(&m, &refused[i].g, seed);
            /* gif, animation, book; and a weave's unicode art, a square 3D maze's ascii
             * and unicode art (level by level) */
            const bool flat3d = m.levels > 1 && !m.wrap && (m.topology == AMZ_TOPO_SQUARE || m.topology == AMZ_TOPO_HEX);
            assert_int_equal(draw_all(&m, refused[i].named), m.weave ? 4 : flat3d ? 5 : 3);
            amz_maze_deinit(&m);
        }
}

/* Hex and square mazes of levels as line art: one "level Z of L" line a level, and a
 * stairs mark for every cell with stairs (ascii: < up, > down, X both), so the marks
 * counted in the art are the passages up and down counted in the maze. */
static void test_levels_marks(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        const amz_grid g = {seed % 2 ? AMZ_TOPO_HEX : AMZ_TOPO_SQUARE, 2 + (int32_t)(seed % 5), 2 + (int32_t)(seed % 3),
                            2 + (int32_t)(seed % 3), 0, false};
        amz_maze m;
        make(&m, &g, seed);
        int up = -1, down = -1;
        for (int d = 0; d < m.ndirs; d++) {
            if (strcmp(amz_dir_name(m.topology, d), "U") == 0)
                up = d;
            if (strcmp(amz_dir_name(m.topology, d), "D") == 0)
                down = d;
        }
        long want_up = 0, want_down = 0;
        for (amz_cell c = 0; c < m.ncells; c++) {
            want_up += amz_maze_passage(&m, c, up);
            want_down += amz_maze_passage(&m, c, down);
        }
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        amz_text_options to;
        amz_text_options_init(&to);
        to.solution = false;
        assert_int_equal(amz_render_text(&m, &to, f, NULL), AMZ_OK);
        fclose(f);
        long got_up = 0, got_down = 0, heads = 0;
        for (size_t i = 0; i < len; i++) {
            got_up += buf[i] == '<' || buf[i] == 'X';
            got_down += buf[i] == '>' || buf[i] == 'X';
            heads += (i == 0 || buf[i - 1] == '\n') && strncmp(buf + i, "level ", 6) == 0;
        }
        if (got_up != want_up || got_down != want_down || heads != m.levels)
            fail_msg("seed %llu: %ld up, %ld down marks and %ld level lines; the maze has %ld, %ld and %d\n%s",
                     (unsigned long long)seed, got_up, got_down, heads, want_up, want_down, m.levels, buf);
        free(buf);
        amz_maze_deinit(&m);
    }
}

static void test_flat_grids_draw(void **state)
{
    (void)state;
    static const amz_grid flat[] = {{AMZ_TOPO_SQUARE, 7, 5, 1, 0, false}, {AMZ_TOPO_HEX, 6, 5, 1, 0, false}};
    for (size_t i = 0; i < 2; i++) {
        amz_maze m;
        make(&m, &flat[i], 9);
        /* 3 (square) or 2 (hex) text styles, a GIF, an animation, a book. */
        assert_int_equal(draw_all(&m, "-"), i == 0 ? 6 : 5);
        amz_maze_deinit(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_other_grids_refused),
        cmocka_unit_test(test_flat_grids_draw),
        cmocka_unit_test(test_levels_marks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
