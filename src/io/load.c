/* load.c — reading a maze in any format (sniffed), validation shared by all readers,
 * and format names. */
#include <errno.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/bits.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/grid.h"
#include "io/io_impl.h"

/* Text and JSON inputs are read whole; beyond this they are refused rather than
 * exhausting memory (a 10000x10000 unicode rendering is about 1.8 GB). */
#define TEXT_INPUT_MAX ((size_t)4 << 30)

const char *amz_format_name(amz_format f)
{
    switch (f) {
    case AMZ_FORMAT_AMZ: return "amz";
    case AMZ_FORMAT_JSON: return "json";
    case AMZ_FORMAT_TEXT: return "text";
    }
    return NULL;
}

amz_status amz_format_parse(const char *name, amz_format *out, amz_error *err)
{
    for (int f = AMZ_FORMAT_AMZ; f <= AMZ_FORMAT_TEXT; f++)
        if (name && strcmp(name, amz_format_name((amz_format)f)) == 0) {
            *out = (amz_format)f;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown format '%s' (expected amz, json or text)", name ? name : "");
}

static amz_status bad_edge(const amz_maze *m, amz_cell c, int d, amz_error *err)
{
    int32_t x, y;
    amz_maze_cell_xy(m, c, &x, &y);
    if (!grid_exists(m, c))
        return amz_errorf(err, AMZ_EFORMAT, "removed cell (%d,%d) has a passage", x, y);
    return amz_errorf(err, AMZ_EFORMAT, "cell (%d,%d) has a passage %s leading out of the maze", x, y,
                      amz_dir_name(m->topology, d));
}

static amz_status check_cell(const amz_maze *m, amz_cell c, amz_error *err)
{
    unsigned own = bits_field(m->passages, (uint64_t)c * (uint64_t)m->bits, (unsigned)m->bits);
    for (int d = 1; own && d <= m->bits; d++)
        if ((own >> (d - 1)) & 1u)
            if (!grid_exists(m, c) || grid_neighbor(m, c, d) == AMZ_NO_CELL)
                return bad_edge(m, c, d, err);
    return AMZ_OK;
}

amz_status amz_io_validate(const amz_maze *m, amz_error *err)
{
    amz_status st;
    if (m->mask) {
        for (amz_cell c = 0; c < m->ncells; c++)
            if ((st = check_cell(m, c, err)))
                return st;
    } else {
        /* Without a mask an owned edge can only leave the grid from the first row (hex
         * NE), the last row or the last column. */
        const int32_t w = m->width, h = m->height;
        for (int32_t x = 0; x < w; x++)
            if ((st = check_cell(m, x, err)) || (st = check_cell(m, (amz_cell)(h - 1) * w + x, err)))
                return st;
        for (int32_t y = 0; y < h; y++)
            if ((st = check_cell(m, (amz_cell)y * w + (w - 1), err)))
                return st;
    }
    if (!amz_maze_exists(m, m->start) || !amz_maze_exists(m, m->goal))
        return amz_errorf(err, AMZ_EFORMAT, "the %s is not a cell of the maze",
                          amz_maze_exists(m, m->start) ? "goal" : "start");
    return AMZ_OK;
}

amz_status amz_io_check_size(amz_topology t, int64_t width, int64_t height, const amz_read_options *o,
                             amz_error *err)
{
    uint64_t cells, bytes;
    if (width < 1 || height < 1 || width > AMZ_MAX_SIDE || height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)width, (uint64_t)height, &cells) || cells > (uint64_t)AMZ_MAX_CELLS)
        return amz_errorf(err, AMZ_EFORMAT, "impossible maze size %lldx%lld", (long long)width, (long long)height);
    bytes = cells * (uint64_t)(amz_topology_ndirs(t) / 2 + 1) / 8;
    if (o && o->max_bytes && bytes > o->max_bytes) {
        /* MB, or KB for small limits (tests, tight --max-memory), rounded up. */
        const bool mb = o->max_bytes >= (1u << 20);
        const unsigned sh = mb ? 20 : 10;
        return amz_errorf(err, AMZ_ENOMEM, "a %lldx%lld maze needs about %llu %s, more than the %llu %s allowed",
                          (long long)width, (long long)height, (unsigned long long)((bytes + (1u << sh) - 1) >> sh),
                          mb ? "MB" : "KB", (unsigned long long)(o->max_bytes >> sh), mb ? "MB" : "KB");
    }
    return AMZ_OK;
}

amz_status amz_io_slurp(FILE *f, const uint8_t *prefix, size_t prefix_len, char **out, size_t *len,
                        amz_error *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = amz_malloc(cap);
    if (!buf)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate an input buffer");
    memcpy(buf, prefix, prefix_len);
    n = prefix_len;
    for (;;) {
        if (cap - n < 2) {
            if (cap >= TEXT_INPUT_MAX) {
                amz_free(buf);
                return amz_errorf(err, AMZ_EFORMAT, "text input larger than %zu MB", TEXT_INPUT_MAX >> 20);
            }
            char *nb = amz_realloc(buf, cap * 2);
            if (!nb) {
                amz_free(buf);
                return amz_errorf(err, AMZ_ENOMEM, "cannot hold %zu MB of input", (cap * 2) >> 20);
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        /* Text and JSON never hold NUL bytes: stop reading binary junk early. */
        if (memchr(buf + n, '\0', got)) {
            size_t at = n + (size_t)((char *)memchr(buf + n, '\0', got) - (buf + n));
            amz_free(buf);
            return amz_errorf(err, AMZ_EFORMAT, "binary data (a NUL byte at offset %zu): not a maze", at);
        }
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno;
                amz_free(buf);
                return amz_errorf(err, AMZ_EIO, "read error: %s", strerror(e ? e : EIO));
            }
            break;
        }
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return AMZ_OK;
}

amz_status amz_maze_read(FILE *f, const char *name, amz_maze *m, const amz_read_options *o,
                         amz_format *detected, amz_error *err)
{
    memset(m, 0, sizeof *m);
    if (!name)
        name = "input";
    int c = getc(f);
    if (c == EOF) {
        if (ferror(f))
            return amz_errorf(err, AMZ_EIO, "%s: read error: %s", name, strerror(errno ? errno : EIO));
        return amz_errorf(err, AMZ_EFORMAT, "%s: empty input", name);
    }
    uint8_t first = (uint8_t)c;
    amz_status st;
    if (first == 0x89) {
        if (detected)
            *detected = AMZ_FORMAT_AMZ;
        st = amz_amz_read_after(f, &first, 1, m, o, err);
    } else {
        char *text = NULL;
        size_t len = 0;
        if ((st = amz_io_slurp(f, &first, 1, &text, &len, err)))
            return amz_error_prefix(err, st, "%s", name);
        size_t i = 0;
        if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
            i = 3;
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
            i++;
        bool json = i < len && text[i] == '{';
        if (detected)
            *detected = json ? AMZ_FORMAT_JSON : AMZ_FORMAT_TEXT;
        /* The JSON parser knows no byte-order mark: start it after one. */
        size_t bom = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
        st = json ? amz_json_read(text + bom, len - bom, m, o, err) : amz_text_read(text, len, m, o, err);
        amz_free(text);
    }
    if (st)
        return amz_error_prefix(err, st, "%s", name);
    return AMZ_OK;
}

amz_status amz_maze_load(const char *path, amz_maze *m, const amz_read_options *o, amz_format *detected,
                         amz_error *err)
{
    memset(m, 0, sizeof *m);
    if (strcmp(path, "-") == 0)
        return amz_maze_read(stdin, "<stdin>", m, o, detected, err);
    FILE *f = fopen(path, "rb");
    if (!f)
        return amz_errorf(err, AMZ_EIO, "%s: cannot open: %s", path, strerror(errno));
    amz_status st = amz_maze_read(f, path, m, o, detected, err);
    fclose(f);
    return st;
}

amz_status amz_maze_save(const amz_maze *m, const char *path, amz_error *err)
{
    amz_outfile out;
    amz_status st = amz_outfile_open(&out, path, err);
    if (st)
        return st;
    if ((st = amz_amz_write(m, out.fp, err))) {
        amz_outfile_abort(&out);
        return amz_error_prefix(err, st, "%s", path);
    }
    return amz_outfile_commit(&out, err);
}
