/* save.c — writing a maze to a path atomically (through amz_outfile). Like outfile.c
 * it touches the file system beyond stdio, so the WebAssembly build leaves both out. */
#include "amaze/io.h"
#include "core/error.h"

amz_status amz_io_save(const amz_maze *m, const char *path, amz_error *err)
{
    /* The maze goes to a temporary file beside path, renamed over it on commit: a failed
     * write leaves any old file at path untouched, never half-written. */
    amz_outfile out;
    amz_status st = amz_outfile_open(&out, path, err);
    if (st)
        return st;
    if ((st = amz_io_write_amz(m, out.fp, err))) {
        /* abort discards the temporary file; the message gets the path in front. */
        amz_outfile_abort(&out);
        return amz_error_prefix(err, st, "%s", path);
    }
    return amz_outfile_commit(&out, err);
}
