/* glue_picture.c — the WebAssembly face of libamaze-render's parts without cairo or
 * libpng (amaze/image.h): the layout and openings of a picture (the page draws it by
 * them, web/picture.js), the memory a PNG header announces, and pictures the browser
 * decoded read as `amaze solve FILE.png` and `--mask FILE.png` read them: the same
 * library code, on RGBA pixels instead of libpng's rows. */
#include <stdint.h>
#include <string.h>

#include "amaze/image.h"
#include "glue.h"
#include "glue_impl.h"

/* The layout amz_image_layout_get gives m in format f (amz_image_format) at `cell` (0 =
 * the default rule), with the default options otherwise, into out[0..6]: cell, wall,
 * margin, width, height, and the sides opened for start and goal (-1 = none). The page
 * never streams: a picture past the in-memory canvas is refused. Returns an amz_status. */
int32_t web_picture_layout(const amz_maze *m, int32_t cell, int32_t f, double *out)
{
    glue_clear();
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = cell;
    o.stream = AMZ_STREAM_NEVER;
    amz_image_layout l;
    amz_status st = amz_image_layout_get(m, &o, (amz_image_format)f, &l, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    int open[2];
    amz_image_openings(m, &o, open);
    const double v[7] = {l.cell, l.wall, l.margin, (double)l.width, (double)l.height, open[0], open[1]};
    memcpy(out, v, sizeof v);
    return AMZ_OK;
}

/* amz_image_read_memory on the first len bytes of a PNG file of file_len bytes (its
 * header, and the claim that length can hold): the bytes reading it needs into *need,
 * -1 when too many to count. */
int32_t web_picture_check(const uint8_t *head, size_t len, double file_len, double *need)
{
    glue_clear();
    uint64_t bytes = 0;
    amz_status st = amz_image_read_memory(head, len, (uint64_t)file_len, &bytes, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    *need = bytes == UINT64_MAX ? -1 : (double)bytes;
    return AMZ_OK;
}

/* `amaze solve FILE.png -a solver`: reads the width x height RGBA pixels (rows packed)
 * as a maze, solves it from entrance to exit and paints the path in red on the pixels,
 * as amz_image_write_path paints the PNG. max_bytes (0 = none) limits each step. out
 * receives the maze's width and height, the path's moves, the corridor width and the
 * inset. Returns an amz_status (the message in web_error()). */
int32_t web_picture_solve(uint8_t *rgba, int32_t width, int32_t height, const char *solver, double max_bytes,
                          double *out)
{
    glue_clear();
    if (width <= 0 || height <= 0)
        return amz_errorf(glue_err(), AMZ_EINVAL, "a %dx%d picture has no pixels", (int)width, (int)height);
    const size_t stride = (size_t)width * 4;
    amz_image_read_options ro;
    amz_image_read_options_init(&ro);
    ro.max_bytes = (uint64_t)max_bytes;
    amz_maze m;
    amz_image_origin org;
    amz_status st = amz_image_read_maze_rgba(rgba, (uint32_t)width, (uint32_t)height, stride, &ro, &m, &org,
                                             glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    amz_solve_result r;
    memset(&r, 0, sizeof r);
    st = amz_solve_run(&m, solver, m.start, m.goal, NULL, NULL, &r, glue_err());
    const amz_color red = {255, 0, 0, 255}; /* amaze solve's --path-color */
    if (st == AMZ_OK)
        st = amz_image_paint_path_rgba(rgba, (uint32_t)width, (uint32_t)height, stride, &m, &org, &r.path, red, &ro,
                                       glue_err());
    if (st == AMZ_OK) {
        const double v[5] = {m.width, m.height, (double)r.path.len, org.corridor, org.inset};
        memcpy(out, v, sizeof v);
    }
    amz_path_deinit(&r.path);
    amz_maze_deinit(&m);
    return st == AMZ_OK ? AMZ_OK : glue_fail(st, NULL);
}

/* `--mask FILE.png`: the maze of topology t whose cells are the light pixels of the
 * width x height RGBA pixels (rows packed), no passages. NULL with web_error() set. */
amz_maze *web_picture_mask(const uint8_t *rgba, int32_t width, int32_t height, int32_t t, double max_bytes)
{
    glue_clear();
    if (width <= 0 || height <= 0) {
        amz_errorf(glue_err(), AMZ_EINVAL, "a %dx%d picture has no pixels", (int)width, (int)height);
        return NULL;
    }
    amz_image_read_options ro;
    amz_image_read_options_init(&ro);
    ro.max_bytes = (uint64_t)max_bytes;
    amz_maze *m = glue_calloc(sizeof *m);
    if (!m)
        return NULL;
    return glue_maze_result(m, amz_image_read_mask_rgba(rgba, (uint32_t)width, (uint32_t)height, (size_t)width * 4, &ro,
                                                        (amz_topology)t, m, glue_err()));
}
