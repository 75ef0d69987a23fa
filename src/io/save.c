/* save.c — writing an object to a path atomically (through amz_outfile). Like outfile.c
 * it touches the file system beyond stdio, so the WebAssembly build leaves both out. */
#include <string.h>

#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

amz_status io_save_path(const char *path, io_write_fn write, const void *obj, amz_error *err)
{
    /* The object goes to a temporary file beside path, renamed over it on commit. */
    amz_outfile out;
    amz_status st = amz_outfile_open(&out, path, err);
    if (st)
        return st;
    if ((st = write(obj, out.fp, err))) {
        /* abort discards the temporary file; the message gets the path in front. */
        amz_outfile_abort(&out);
        return amz_error_prefix(err, st, "%s", strcmp(path, "-") == 0 ? "standard output" : path);
    }
    return amz_outfile_commit(&out, err);
}

static amz_status write_maze(const void *m, FILE *f, amz_error *err)
{
    return amz_io_write_amz(m, f, err);
}

amz_status amz_io_save(const amz_maze *m, const char *path, amz_error *err)
{
    return io_save_path(path, write_maze, m, err);
}
