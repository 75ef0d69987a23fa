/* fuzz_text_read.c — the text-art reader on its own (amz_io_read_text: ascii and
 * unicode line art, blocks, +-+ art). A maze it accepts must satisfy the model's
 * invariants, and drawing it in each style and reading that back must give the same
 * maze (text art has no mask, so every accepted maze is a full rectangle). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what)
{
    fprintf(stderr, "fuzz_text_read: %s\n", what);
    abort();
}

static void redraw(const amz_maze *m, amz_text_style style)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    amz_text_options o;
    amz_text_options_init(&o);
    o.style = style;
    o.solution = false;
    if (amz_render_text(m, &o, f, NULL))
        die("drawing an accepted maze failed");
    fclose(f);
    amz_maze back;
    amz_error err;
    if (amz_io_read_text(buf, len, &back, NULL, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        die("a drawing of an accepted maze did not read back");
    }
    if (!amz_maze_equal(m, &back))
        die("drawing and reading back changed the maze");
    amz_maze_deinit(&back);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_read_options o = {16u << 20};
    amz_maze m;
    amz_error err;
    amz_error_clear(&err);
    if (amz_io_read_text((const char *)data, size, &m, &o, &err)) {
        if (!err.msg[0])
            die("an error without a message");
        return 0;
    }
    if (m.mask || m.topology != AMZ_TOPO_SQUARE)
        die("text art gave a shaped or non-square maze");
    for (amz_cell c = 0; c < m.ncells; c++)
        for (int d = 0; d < m.ndirs; d++)
            if (amz_maze_passage(&m, c, d) &&
                !amz_maze_passage(&m, amz_maze_neighbor(&m, c, d), amz_dir_opposite(m.topology, d)))
                die("one-sided passage");
    if (!amz_maze_exists(&m, m.start) || !amz_maze_exists(&m, m.goal))
        die("start or goal outside the maze");
    if (m.ncells <= 4096) {
        redraw(&m, AMZ_TEXT_ASCII);
        redraw(&m, AMZ_TEXT_UNICODE);
        redraw(&m, AMZ_TEXT_BLOCKS);
    }
    amz_maze_deinit(&m);
    return 0;
}
