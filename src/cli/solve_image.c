/* solve_image.c — `amaze solve maze.png`: input that is a PNG image is solved on its
 * pixel grid (amz_image_read_maze) and written back with the path painted on it.
 * Also the input probe that tells PNG images from mazes, standard input included; a
 * picture is taken in only as far as --max-memory leaves room for reading it. */
#define _GNU_SOURCE /* fopencookie: the bytes peeked at, then the rest of standard input */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* The memory limit as a byte count, 0 for none (the readers' max_bytes convention). */
static uint64_t limit_bytes(uint64_t max_memory)
{
    uint64_t l = cli_memory_limit(max_memory);
    return l == UINT64_MAX ? 0 : l;
}

/* Reads the PNG whose first `have` bytes are in buf (capacity 64 KB) from f into
 * png: the header first, then only as much as the limit leaves beside what the
 * header says reading needs. file_len: the file's size, 0 when unknown (a pipe). */
static int take_png(FILE *f, const char *name, unsigned char *buf, size_t have, uint64_t file_len,
                    uint64_t max_memory, cli_png_input *png)
{
    /* 33 bytes: the 8-byte signature and the 25-byte IHDR chunk (length, type, 13 bytes of
     * data, CRC) that the PNG specification puts first; amz_image_read_memory needs them. */
    size_t len = have, cap = 1 << 16;
    while (len < 33) {
        size_t k = fread(buf + len, 1, 33 - len, f);
        if (k == 0)
            break;
        len += k;
    }
    amz_error err;
    amz_error_clear(&err);
    uint64_t need, limit = limit_bytes(max_memory);
    amz_status st = amz_image_read_memory(buf, len, file_len, &need, &err);
    if (st) {
        free(buf);
        return cli_fail(name, "%s", err.msg);
    }
    /* The file's bytes are held while it is decoded, so both count; total < need is the
     * sum's overflow. Past here need <= limit, so limit - need below cannot wrap. */
    uint64_t total = file_len + need;
    if (need == UINT64_MAX || total < need || (limit && total > limit)) {
        free(buf);
        return cli_memory_check("solve", "reading this picture", need == UINT64_MAX ? UINT64_MAX : total,
                                max_memory);
    }
    /* A known size is allocated at once; a pipe grows its buffer while the data,
     * with the decoding it will need, fits the limit. */
    if (file_len > cap) {
        unsigned char *t = file_len < SIZE_MAX ? realloc(buf, (size_t)file_len) : NULL;
        if (!t) {
            free(buf);
            return cli_fail(name, "out of memory for a %llu-byte picture", (unsigned long long)file_len);
        }
        buf = t;
        cap = (size_t)file_len;
    }
    for (;;) {
        /* A full buffer grows (doubling, up to the room the limit leaves) before the
         * next read, even when that read would only have found the end of the file. */
        if (len == cap) {
            uint64_t room = limit ? limit - need : UINT64_MAX;
            if (room <= len) {
                char l[32];
                free(buf);
                return cli_fail(name,
                                "the picture is larger than the %s allowed, with the memory reading it needs "
                                "(raise with --max-memory)",
                                cli_human_bytes(limit, l, sizeof l));
            }
            uint64_t nc = (uint64_t)cap * 2 < room ? (uint64_t)cap * 2 : room;
            unsigned char *t = nc < SIZE_MAX ? realloc(buf, (size_t)nc) : NULL;
            if (!t) {
                free(buf);
                return cli_fail(name, "out of memory reading the picture");
            }
            buf = t;
            cap = (size_t)nc;
        }
        size_t k = fread(buf + len, 1, cap - len, f);
        len += k;
        if (k == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        return cli_fail(name, "read error: %s", strerror(errno ? errno : EIO));
    }
    png->data = buf;
    png->len = len;
    return CLI_OK;
}

/* A stream of the bytes already taken from standard input, then the rest of it. */
typedef struct replay {
    const unsigned char *head;
    size_t len, pos;
} replay;

static ssize_t replay_read(void *cookie, char *out, size_t n)
{
    replay *r = cookie;
    if (r->pos < r->len) {
        size_t k = r->len - r->pos < n ? r->len - r->pos : n;
        memcpy(out, r->head + r->pos, k);
        r->pos += k;
        return (ssize_t)k;
    }
    /* fopencookie's contract: bytes read, 0 at the end, -1 on error. */
    size_t k = fread(out, 1, n, stdin);
    return k == 0 && ferror(stdin) ? -1 : (ssize_t)k;
}

int cli_solve_load(const char *input, uint64_t max_memory, amz_maze *m, amz_format *detected, cli_png_input *png)
{
    memset(png, 0, sizeof *png);
    png->name = strcmp(input, "-") == 0 ? "<stdin>" : input;
    /* 64 KB: the capacity take_png counts on; it owns buf from the call on (freed on its
     * failures, kept as png->data on success). */
    unsigned char *buf = malloc(1 << 16);
    if (!buf)
        return cli_fail(png->name, "out of memory");
    if (strcmp(input, "-") != 0) {
        FILE *f = fopen(input, "rb");
        if (!f) {
            free(buf);
            return cli_fail(input, "cannot open: %s", strerror(errno));
        }
        size_t n = fread(buf, 1, 8, f);
        if (n != 8 || memcmp(buf, png_sig, 8) != 0) {
            fclose(f);
            free(buf);
            /* Not an image; a .png name that is not one gets the image reader's word. A
             * file is read again from the start by name, so nothing needs replaying. */
            const char *dot = strrchr(input, '.');
            if (dot && (strcmp(dot, ".png") == 0 || strcmp(dot, ".PNG") == 0))
                return cli_fail(input, "not a PNG file");
            return cli_load_maze(input, max_memory, m, detected);
        }
        /* Only a regular file's size is trusted; 0 = unknown, read as a pipe would be. */
        struct stat sb;
        uint64_t size = fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) ? (uint64_t)sb.st_size : 0;
        int rc = take_png(f, input, buf, n, size, max_memory, png);
        fclose(f);
        return rc;
    }
    /* Standard input cannot be rewound: peek one byte (ungetc promises exactly one of
     * push-back, C11 7.21.7.10). .amz and PNG both start with 0x89, so the signature tells
     * them apart, and a maze is read on from a stream that replays the bytes taken. */
    int c = getc(stdin);
    if (c != 0x89) {
        free(buf);
        if (c != EOF)
            ungetc(c, stdin);
        return cli_load_maze("-", max_memory, m, detected);
    }
    buf[0] = 0x89;
    size_t len = 1 + fread(buf + 1, 1, 7, stdin);
    if (len == 8 && memcmp(buf, png_sig, 8) == 0)
        return take_png(stdin, "<stdin>", buf, len, 0, max_memory, png);
    replay rp = {buf, len, 0};
    cookie_io_functions_t io = {replay_read, NULL, NULL, NULL};
    FILE *mf = fopencookie(&rp, "rb", io);
    if (!mf) {
        free(buf);
        return cli_fail("<stdin>", "out of memory");
    }
    amz_error err;
    amz_error_clear(&err);
    amz_read_options ro = {limit_bytes(max_memory)};
    amz_status st = amz_io_read(mf, "<stdin>", m, &ro, detected, &err);
    fclose(mf);
    free(buf);
    return st ? cli_lib_fail(NULL, &err, st) : CLI_OK;
}

void cli_png_input_free(cli_png_input *png)
{
    free(png->data);
    png->data = NULL;
}

/* The library's refusal over the limit, with the option that raises it. */
static int image_fail(const char *name, amz_status st, const amz_error *err)
{
    if (st == AMZ_ERANGE && strstr(err->msg, " allowed"))
        return cli_fail(name, "%s (raise with --max-memory)", err->msg);
    return cli_fail(name, "%s", amz_error_message(err, st));
}

int cli_solve_image(const cli_png_input *png, const cli_solve_image_args *a)
{
    const char *cmd = "solve";
    amz_error err;
    amz_error_clear(&err);
    /* A picture in, the same picture with the path out: PNG only, checked before the
     * picture is decoded. */
    static const cli_format png_only[] = {{"png", ".png", true}};
    int k, rc0 = cli_output_format(cmd, a->output, a->format, png_only, 1, 0, &k);
    if (rc0)
        return rc0;
    amz_color color = {255, 0, 0, 255};
    if (a->path_color && amz_color_parse(a->path_color, &color, &err))
        return cli_usage(cmd, "--path-color", "%s", err.msg);

    /* The budget of each step is what the limit leaves beside what is held. 1, not 0,
     * when nothing is left: 0 would mean no limit to the reader. */
    const uint64_t limit = limit_bytes(a->max_memory);
    amz_image_read_options ro;
    amz_image_read_options_init(&ro);
    ro.max_bytes = limit ? (limit > png->len ? limit - png->len : 1) : 0;
    ro.has_from = a->has_from;
    ro.from_x = a->fx;
    ro.from_y = a->fy;
    ro.has_to = a->has_to;
    ro.to_x = a->tx;
    ro.to_y = a->ty;
    amz_maze m;
    amz_image_origin org;
    amz_status st = amz_image_read_maze(png->data, png->len, &ro, &m, &org, &err);
    if (st)
        return image_fail(png->name, st, &err);
    amz_solve_options so;
    amz_solve_options_init(&so);
    so.threads = a->threads;
    const uint64_t held = png->len + amz_maze_memory(&m);
    int rc = cli_memory_check(cmd, "solving the picture's maze of pixels",
                              held + amz_solve_memory_estimate(amz_solve_find(a->algorithm), &m, &so), a->max_memory);
    amz_solve_result res;
    memset(&res, 0, sizeof res);
    if (!rc && (st = amz_solve_run(&m, a->algorithm, m.start, m.goal, &so, NULL, &res, &err)))
        rc = cli_fail(png->name, "%s", amz_error_message(&err, st));
    /* A path of len moves covers len + 1 pixels. */
    if (!rc && a->verbose)
        fprintf(stderr,
                "amaze: solve: %s found a path of %llu moves (%llu pixels) after exploring %llu pixels; corridors "
                "%u px wide, the path at least %u px from the walls\n",
                a->algorithm, (unsigned long long)res.path.len, (unsigned long long)res.path.len + 1,
                (unsigned long long)res.explored, org.corridor, org.inset + 1);
    cli_outfile of;
    if (!rc && (rc = cli_outfile_open(&of, a->output)) == CLI_OK) {
        /* The path holds a byte a move (solve.h). */
        uint64_t used = held + res.path.len;
        ro.max_bytes = limit ? (limit > used ? limit - used : 1) : 0;
        st = amz_image_write_path(png->data, png->len, &m, &org, &res.path, color, &ro, of.f.fp, &err);
        if (st == AMZ_ERANGE && strstr(err.msg, " allowed"))
            amz_error_prefix(&err, st, "painting the path (raise with --max-memory)");
        rc = cli_outfile_end("solve", &of, st, &err);
    }
    amz_path_deinit(&res.path);
    amz_maze_deinit(&m);
    return rc;
}
