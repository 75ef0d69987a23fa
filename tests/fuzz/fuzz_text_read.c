/* fuzz_text_read.c — the text-art reader on its own (amz_io_read_text: ascii and
 * unicode line art, blocks, +-+ art). A maze it accepts must satisfy the model's
 * invariants, and drawing it in each style and reading that back must give the same
 * maze (text art has no mask, so every accepted maze is a full rectangle). Unicode art
 * with dashed walls is a weave, drawn back in the unicode style, the one that draws it;
 * the others must refuse it. */
#include "fuzz_util.h"

static void redraw(const amz_maze *m, amz_text_style style)
{
    fuzz_mem mem;
    amz_text_options o;
    amz_text_options_init(&o);
    o.style = style;
    o.solution = false;
    if (amz_render_text(m, &o, fuzz_mem_open(&mem), NULL))
        fuzz_die("drawing an accepted maze failed");
    fuzz_mem_close(&mem);
    amz_maze back;
    amz_error err;
    if (amz_io_read_text(mem.buf, mem.len, &back, NULL, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        fuzz_die("a drawing of an accepted maze did not read back");
    }
    if (!amz_maze_equal(m, &back))
        fuzz_die("drawing and reading back changed the maze");
    amz_maze_deinit(&back);
    fuzz_mem_free(&mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_read_options o = {16u << 20};
    amz_maze m;
    amz_error err;
    amz_error_clear(&err);
    if (fuzz_refused(amz_io_read_text((const char *)data, size, &m, &o, &err), &err))
        return 0;
    if (m.mask || m.topology != AMZ_TOPO_SQUARE)
        fuzz_die("text art gave a shaped or non-square maze");
    fuzz_check_maze(&m);
    if (m.ncells <= 4096 && m.weave) {
        redraw(&m, AMZ_TEXT_UNICODE);
        amz_text_options t;
        amz_text_options_init(&t);
        fuzz_mem mem;
        if (amz_render_text(&m, &t, fuzz_mem_open(&mem), NULL) != AMZ_EUNSUPPORTED)
            fuzz_die("ascii art of a weave was not refused");
        fuzz_mem_close(&mem);
        fuzz_mem_free(&mem);
    } else if (m.ncells <= 4096) {
        redraw(&m, AMZ_TEXT_ASCII);
        redraw(&m, AMZ_TEXT_UNICODE);
        redraw(&m, AMZ_TEXT_BLOCKS);
    }
    amz_maze_deinit(&m);
    return 0;
}
