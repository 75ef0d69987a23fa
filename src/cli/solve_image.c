/* solve_image.c — `amaze solve maze.png`: input that is a PNG image is solved on its
 * pixel grid (amz_image_read_maze) and written back with the path painted on it.
 * Also the input probe that tells PNG images from mazes, standard input included. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* Appends the rest of f to *buf (realloc'd). */
static bool slurp(FILE *f, unsigned char **buf, size_t *len, size_t *cap)
{
    for (;;) {
        if (*len == *cap) {
            size_t nc = *cap ? *cap * 2 : 1 << 16;
            unsigned char *t = realloc(*buf, nc);
            if (!t)
                return false;
            *buf = t;
            *cap = nc;
        }
        size_t k = fread(*buf + *len, 1, *cap - *len, f);
        *len += k;
        if (k == 0)
            return !ferror(f);
    }
}

int cli_solve_load(const char *input, uint64_t max_memory, amz_maze *m, cli_png_input *png)
{
    memset(png, 0, sizeof *png);
    png->name = strcmp(input, "-") == 0 ? "<stdin>" : input;
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0;
    if (strcmp(input, "-") != 0) {
        FILE *f = fopen(input, "rb");
        if (!f)
            return cli_fail(input, "cannot open: %s", strerror(errno));
        unsigned char head[8];
        size_t n = fread(head, 1, sizeof head, f);
        if (n != sizeof head || memcmp(head, png_sig, sizeof head) != 0) {
            fclose(f);
            /* Not an image; a .png name that is not one gets the image reader's word. */
            const char *dot = strrchr(input, '.');
            if (dot && (strcmp(dot, ".png") == 0 || strcmp(dot, ".PNG") == 0))
                return cli_fail(input, "not a PNG file");
            return cli_load_maze(input, max_memory, m);
        }
        rewind(f);
        bool ok = slurp(f, &buf, &len, &cap);
        fclose(f);
        if (!ok) {
            free(buf);
            return cli_fail(input, "read error");
        }
        png->data = buf;
        png->len = len;
        return CLI_OK;
    }
    /* Standard input cannot be rewound: peek one byte. .amz and PNG both start with
     * 0x89, so that case is read into memory and told apart there. */
    int c = getc(stdin);
    if (c != 0x89) {
        if (c != EOF)
            ungetc(c, stdin);
        return cli_load_maze("-", max_memory, m);
    }
    buf = malloc(1 << 16);
    if (!buf)
        return cli_fail("<stdin>", "out of memory");
    buf[0] = 0x89;
    len = 1;
    cap = 1 << 16;
    if (!slurp(stdin, &buf, &len, &cap)) {
        free(buf);
        return cli_fail("<stdin>", "read error");
    }
    if (len >= 8 && memcmp(buf, png_sig, 8) == 0) {
        png->data = buf;
        png->len = len;
        return CLI_OK;
    }
    FILE *mf = fmemopen(buf, len, "rb");
    if (!mf) {
        free(buf);
        return cli_fail("<stdin>", "out of memory");
    }
    amz_error err;
    amz_error_clear(&err);
    amz_read_options ro = {cli_memory_limit(max_memory)};
    if (ro.max_bytes == UINT64_MAX)
        ro.max_bytes = 0;
    amz_status st = amz_maze_read(mf, "<stdin>", m, &ro, NULL, &err);
    fclose(mf);
    free(buf);
    return st ? cli_lib_fail(NULL, &err, st) : CLI_OK;
}

void cli_png_input_free(cli_png_input *png)
{
    free(png->data);
    png->data = NULL;
}

/* The maze cell of image pixel (x, y). */
static amz_cell pixel(const amz_maze *m, const amz_image_origin *org, const char *opt, int64_t x, int64_t y, int *rc)
{
    amz_cell c = amz_maze_cell_at(m, x - org->x, y - org->y);
    if (x >= org->width || y >= org->height) {
        *rc = cli_fail(opt, "(%lld,%lld) is outside the %ux%u image", (long long)x, (long long)y, org->width,
                       org->height);
    } else if (c == AMZ_NO_CELL) {
        *rc = cli_fail(opt, "(%lld,%lld) is outside the maze: its walls span (%lld,%lld) to (%lld,%lld)", (long long)x,
                       (long long)y, (long long)org->x, (long long)org->y, (long long)(org->x + m->width - 1),
                       (long long)(org->y + m->height - 1));
    } else if (!amz_maze_exists(m, c)) {
        *rc = cli_fail(opt, "(%lld,%lld) is a wall (dark) pixel", (long long)x, (long long)y);
    }
    return c;
}

int cli_solve_image(const cli_png_input *png, const cli_solve_image_args *a)
{
    const char *cmd = "solve";
    amz_error err;
    amz_error_clear(&err);
    if (a->format && strcmp(a->format, "png") != 0)
        return cli_usage(cmd, "--format", "a maze read from a picture is written as png");
    amz_color color = {255, 0, 0, 255};
    if (a->path_color && amz_color_parse(a->path_color, &color, &err))
        return cli_usage(cmd, "--path-color", "%s", err.msg);
    bool to_stdout = !a->output || strcmp(a->output, "-") == 0;
    if (to_stdout && isatty(STDOUT_FILENO))
        return cli_fail(cmd, "will not write a PNG picture to a terminal; use -o FILE.png");

    amz_image_read_options ro;
    amz_image_read_options_init(&ro);
    ro.max_bytes = cli_memory_limit(a->max_memory);
    if (ro.max_bytes == UINT64_MAX)
        ro.max_bytes = 0;
    amz_maze m;
    amz_image_origin org;
    amz_status st = amz_image_read_maze(png->data, png->len, &ro, &m, &org, &err);
    if (st)
        return cli_fail(png->name, "%s", amz_error_message(&err, st));
    int rc = CLI_OK;
    amz_cell from = AMZ_NO_CELL, to = AMZ_NO_CELL;
    if (a->has_from)
        from = pixel(&m, &org, "--from", a->fx, a->fy, &rc);
    if (!rc && a->has_to)
        to = pixel(&m, &org, "--to", a->tx, a->ty, &rc);
    if (!rc && (!a->has_from || !a->has_to)) {
        amz_cell e, x;
        if (amz_image_find_openings(&m, &e, &x, &err) != AMZ_OK) {
            rc = cli_fail(png->name, "%s", err.msg);
        } else {
            if (!a->has_from)
                from = e;
            if (!a->has_to)
                to = x;
        }
    }
    amz_solve_result res;
    memset(&res, 0, sizeof res);
    amz_solve_options so;
    amz_solve_options_init(&so);
    so.threads = a->threads;
    if (!rc && (st = amz_solve_run(&m, a->algorithm, from, to, &so, NULL, &res, &err)))
        rc = cli_fail(png->name, "%s", amz_error_message(&err, st));
    if (!rc && a->verbose)
        fprintf(stderr, "amaze: solve: %s found a path of %llu moves (%llu pixels) after exploring %llu pixels\n",
                a->algorithm, (unsigned long long)res.path.len, (unsigned long long)res.path.len + 1,
                (unsigned long long)res.explored);
    if (!rc) {
        amz_outfile of;
        st = amz_outfile_open(&of, to_stdout ? "-" : a->output, &err);
        if (st == AMZ_OK && (st = amz_image_write_path(png->data, png->len, &m, &org, &res.path, color, of.fp, &err))) {
            amz_outfile_abort(&of);
            rc = cli_fail(to_stdout ? "standard output" : a->output, "%s", amz_error_message(&err, st));
        } else if (st == AMZ_OK) {
            st = amz_outfile_commit(&of, &err);
        }
        if (st && !rc) /* opening or committing the output failed: the message names it */
            rc = cli_lib_fail(NULL, &err, st);
    }
    amz_path_deinit(&res.path);
    amz_maze_deinit(&m);
    return rc;
}
