/* load.c — reading a maze in any format: .amz by its magic byte, JSON by a leading
 * '{' (after an optional byte-order mark and white space), else text art. Sniffing reads
 * one byte only, so pipes work: it is handed on to the reader, never pushed back. */
#include <errno.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

amz_status amz_io_read(FILE *f, const char *name, amz_maze *m, const amz_read_options *o,
                         amz_format *detected, amz_error *err)
{
    /* m is zeroed first: on every error the caller may amz_maze_deinit it. Each
     * reader's message gets the file's name in front ("maze.amz: truncated ..."). */
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
    /* 0x89 starts the .amz magic (PNG-style: not ASCII, so no text file starts so). */
    if (first == 0x89) {
        if (detected)
            *detected = AMZ_FORMAT_AMZ;
        st = io_amz_read_after(f, &first, 1, m, o, err);
    } else {
        /* The text formats are read whole: both parsers want the full buffer, and
         * max_bytes bounds what a hostile stream can make us hold. */
        char *text = NULL;
        size_t len = 0;
        if ((st = io_slurp(f, &first, 1, &text, &len, o ? o->max_bytes : 0, err)))
            return amz_error_prefix(err, st, "%s", name);
        size_t i = 0;
        if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
            i = 3;
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
            i++;
        bool json = i < len && text[i] == '{';
        if (detected)
            *detected = json ? AMZ_FORMAT_JSON : AMZ_FORMAT_TEXT;
        /* The JSON parser knows no byte-order mark: start it after one. Text art gets
         * the whole text, since load_art in text_read.c skips a mark itself. */
        size_t bom = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
        st = json ? amz_io_read_json(text + bom, len - bom, m, o, err) : amz_io_read_text(text, len, m, o, err);
        amz_free(text);
    }
    if (st)
        return amz_error_prefix(err, st, "%s", name);
    return AMZ_OK;
}

amz_status amz_io_load(const char *path, amz_maze *m, const amz_read_options *o, amz_format *detected,
                         amz_error *err)
{
    /* "-" is standard input, as for every path the CLI takes. */
    memset(m, 0, sizeof *m);
    if (strcmp(path, "-") == 0)
        return amz_io_read(stdin, "<stdin>", m, o, detected, err);
    FILE *f = fopen(path, "rb");
    if (!f)
        return amz_errorf(err, AMZ_EIO, "%s: cannot open: %s", path, strerror(errno));
    /* The file was only read, so fclose cannot lose data: its result is not needed. */
    amz_status st = amz_io_read(f, path, m, o, detected, err);
    fclose(f);
    return st;
}

