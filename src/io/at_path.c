/* at_path.c — reading a whole file at a path (or standard input) with a format's stream
 * reader; the counterpart of save.c's io_save_path. Plain stdio, so the WebAssembly
 * build keeps it. */
#include <errno.h>
#include <string.h>

#include "core/error.h"
#include "io/io_impl.h"

amz_status io_load_path(const char *path, io_read_fn read, void *obj, size_t size, uint64_t max_bytes,
                        amz_error *err)
{
    memset(obj, 0, size);
    const bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return amz_errorf(err, AMZ_EIO, "%s: cannot open: %s", path, strerror(errno));
    amz_status st = read(f, obj, max_bytes, err);
    if (!is_stdin)
        fclose(f);
    if (st)
        return amz_error_prefix(err, st, "%s", is_stdin ? "standard input" : path);
    return AMZ_OK;
}

amz_status io_expect_end(FILE *f, const char *what, amz_error *err)
{
    if (fgetc(f) != EOF)
        return amz_errorf(err, AMZ_EFORMAT, "unexpected bytes after the %s", what);
    return AMZ_OK;
}
