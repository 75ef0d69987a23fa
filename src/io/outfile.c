/* outfile.c — crash-safe output: write beside the destination, fsync, rename. A reader
 * of the destination sees the old file or the complete new one, never a torn write. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/error.h"

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = amz_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

amz_status amz_outfile_open(amz_outfile *o, const char *path, amz_error *err)
{
    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) {
        o->fp = stdout;
        return AMZ_OK;
    }
    /* An existing device, pipe or socket (/dev/null, /dev/stdout, a FIFO) is written in
     * place: renaming a file over it would replace the device itself. */
    struct stat sb;
    bool exists = stat(path, &sb) == 0;
    if (exists && !S_ISREG(sb.st_mode)) {
        if (S_ISDIR(sb.st_mode))
            return amz_errorf(err, AMZ_EIO, "%s: cannot create: Is a directory", path);
        o->fp = fopen(path, "wb");
        if (!o->fp)
            return amz_errorf(err, AMZ_EIO, "%s: cannot open: %s", path, strerror(errno));
        o->path = dup_str(path);
        if (!o->path) {
            fclose(o->fp);
            o->fp = NULL;
            return amz_errorf(err, AMZ_ENOMEM, "%s: out of memory", path);
        }
        return AMZ_OK;
    }
    /* A symbolic link to a file: replace the file it names, keeping the link. */
    char resolved[PATH_MAX];
    if (exists && realpath(path, resolved))
        path = resolved;
    size_t n = strlen(path);
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    if (n == 0 || dirlen == n)
        return amz_errorf(err, AMZ_EIO, "'%s': not a file name", path);
    o->path = dup_str(path);
    o->tmp = amz_malloc(n + 64);
    if (!o->path || !o->tmp) {
        amz_outfile_abort(o);
        return amz_errorf(err, AMZ_ENOMEM, "%s: out of memory", path);
    }
    /* ".name.tmp-<tag>-<k>" in the same folder, so the final rename stays on one file
     * system. O_EXCL makes concurrent writers pick distinct names. */
    int fd = -1;
    for (unsigned k = 0; k < 1000 && fd < 0; k++) {
        snprintf(o->tmp, n + 64, "%.*s.%s.tmp-%lx-%u", (int)dirlen, path, path + dirlen,
                 (unsigned long)((uintptr_t)o & 0xffffffu), k);
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        int e = errno;
        amz_free(o->tmp);
        o->tmp = NULL;
        amz_outfile_abort(o);
        return amz_errorf(err, AMZ_EIO, "%s: cannot create: %s", path, strerror(e));
    }
    /* Replacing a file keeps its permissions. */
    if (exists)
        (void)fchmod(fd, sb.st_mode & 07777);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        int e = errno;
        close(fd);
        amz_outfile_abort(o);
        return amz_errorf(err, AMZ_EIO, "%s: cannot create: %s", path, strerror(e));
    }
    return AMZ_OK;
}

amz_status amz_outfile_commit(amz_outfile *o, amz_error *err)
{
    if (!o->fp)
        return amz_errorf(err, AMZ_EINVAL, "output already closed");
    if (!o->tmp) { /* standard output, or a device written in place */
        int bad = fflush(o->fp) != 0 || ferror(o->fp);
        int e = errno;
        if (o->path && fclose(o->fp) != 0 && !bad) {
            bad = 1;
            e = errno;
        }
        char what[512];
        snprintf(what, sizeof what, "%s", o->path ? o->path : "standard output");
        amz_free(o->path);
        memset(o, 0, sizeof *o);
        if (bad)
            return amz_errorf(err, AMZ_EIO, "%s: write failed: %s", what, strerror(e ? e : EIO));
        return AMZ_OK;
    }
    int e = 0;
    if (fflush(o->fp) != 0 || ferror(o->fp))
        e = errno ? errno : EIO;
    else if (fsync(fileno(o->fp)) != 0 && errno != EINVAL && errno != EROFS)
        e = errno;
    if (fclose(o->fp) != 0 && !e)
        e = errno ? errno : EIO;
    o->fp = NULL;
    if (!e && rename(o->tmp, o->path) != 0)
        e = errno;
    if (e) {
        char path[512];
        snprintf(path, sizeof path, "%s", o->path);
        amz_outfile_abort(o);
        return amz_errorf(err, AMZ_EIO, "%s: write failed: %s", path, strerror(e));
    }
    amz_free(o->tmp);
    amz_free(o->path);
    memset(o, 0, sizeof *o);
    return AMZ_OK;
}

void amz_outfile_abort(amz_outfile *o)
{
    if (o->fp && (o->tmp || o->path))
        fclose(o->fp);
    if (o->tmp)
        unlink(o->tmp);
    amz_free(o->tmp);
    amz_free(o->path);
    memset(o, 0, sizeof *o);
}
