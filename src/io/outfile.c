/* outfile.c — crash-safe output: write beside the destination, fsync, rename. A reader
 * of the destination sees the old file or the complete new one, never a torn write.
 *
 * The temporary file has no name while it is written where the system allows it
 * (Linux O_TMPFILE, named through /proc/self/fd at commit), so that a signal, a crash
 * or kill -9 leaves nothing behind: the kernel frees an unnamed file with its last
 * descriptor. Commit links it under a hidden name and renames that over the target,
 * with SIGINT, SIGTERM and SIGHUP held off for those two calls. Elsewhere the
 * temporary file is named ".NAME.tmp-PID-K" from the start, and opening the same
 * target again removes such files of processes that no longer exist. */
#define _GNU_SOURCE /* O_TMPFILE, realpath */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* Removes ".NAME.tmp-PID-K" files left in the target's folder by processes that no
 * longer exist (killed while writing with a named temporary file). */
static void remove_stale(const char *path, size_t dirlen)
{
    /* prefix: ".", the name (at most NAME_MAX bytes), ".tmp-" and a NUL. A name or a
     * folder that does not fit skips the tidying, which is only housekeeping. */
    char dir[PATH_MAX], prefix[NAME_MAX + 8];
    if (dirlen >= sizeof dir || snprintf(prefix, sizeof prefix, ".%s.tmp-", path + dirlen) >= (int)sizeof prefix)
        return;
    memcpy(dir, path, dirlen);
    dir[dirlen] = '\0';
    DIR *d = opendir(dirlen ? dir : ".");
    if (!d)
        return;
    const size_t plen = strlen(prefix);
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, prefix, plen) != 0)
            continue;
        /* ".NAME.tmp-PID-K", or "-fdN" for the link of an unnamed file, which a process
         * killed between link and rename leaves behind: both carry the writer's pid. */
        char *end;
        long pid = strtol(e->d_name + plen, &end, 10);
        if (end == e->d_name + plen || *end != '-' || pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue; /* alive, or not ours to judge */
        char stale[PATH_MAX];
        if (snprintf(stale, sizeof stale, "%s%s", dir, e->d_name) < (int)sizeof stale)
            (void)unlink(stale);
    }
    closedir(d);
}

/* An unnamed temporary file in the target's folder, or -1 where the system has none
 * or cannot name it later (no /proc). */
static int open_unnamed(const char *path, size_t dirlen)
{
#ifdef O_TMPFILE
    char dir[PATH_MAX];
    if (dirlen >= sizeof dir || access("/proc/self/fd", X_OK) != 0)
        return -1;
    memcpy(dir, path, dirlen);
    dir[dirlen] = '\0';
    return open(dirlen ? dir : ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
#else
    (void)path;
    (void)dirlen;
    return -1;
#endif
}

/* A new ".NAME.tmp-PID-K" beside the target (into o->tmp); O_EXCL makes concurrent
 * writers pick distinct names. */
static int open_named(amz_outfile *o, const char *path, size_t dirlen, size_t cap)
{
    /* Only EEXIST moves on to the next K; any other error ends the search with errno
     * set for the caller's message. */
    int fd = -1;
    for (unsigned k = 0; k < 1000 && fd < 0; k++) {
        snprintf(o->tmp, cap, "%.*s.%s.tmp-%ld-%u", (int)dirlen, path, path + dirlen, (long)getpid(), k);
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    return fd;
}

/* The states an amz_outfile can be in, which commit and abort tell apart by fields:
 * stdout (fp only), a device written in place (fp and path, no tmp), a named temporary
 * (tmp is its name) or an unnamed one (unnamed, tmp the name it will be linked under).
 * On every error return o is left zeroed with nothing open. */
static amz_status open_file(amz_outfile *o, const char *path, bool named, amz_error *err)
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
    /* A symbolic link to a file: replace the file it names, keeping the link. The
     * temporary file then lives beside the real file, since rename only works within
     * one file system. */
    char resolved[PATH_MAX];
    if (exists && realpath(path, resolved))
        path = resolved;
    /* cap: the path plus ".", ".tmp-", a pid and "-K" or "-fdN", well under 64 bytes. */
    const size_t n = strlen(path), cap = n + 64;
    const char *slash = strrchr(path, '/');
    const size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    if (n == 0 || dirlen == n)
        return amz_errorf(err, AMZ_EIO, "'%s': not a file name", path);
    o->path = dup_str(path);
    o->tmp = amz_malloc(cap); /* named: the file; unnamed: the name it is linked under */
    if (!o->path || !o->tmp) {
        amz_outfile_abort(o);
        return amz_errorf(err, AMZ_ENOMEM, "%s: out of memory", path);
    }
    /* Tidy first, so stale files never pile up; then the unnamed file where possible
     * (nothing to clean up after a crash), else a named one. */
    remove_stale(path, dirlen);
    int fd = named ? -1 : open_unnamed(path, dirlen);
    if (fd >= 0) {
        /* The name it will be linked under: unique among this process's open files. */
        o->unnamed = true;
        snprintf(o->tmp, cap, "%.*s.%s.tmp-%ld-fd%d", (int)dirlen, path, path + dirlen, (long)getpid(), fd);
    } else {
        fd = open_named(o, path, dirlen, cap);
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

amz_status amz_outfile_open(amz_outfile *o, const char *path, amz_error *err)
{
    return open_file(o, path, false, err);
}

amz_status amz_outfile_open_named(amz_outfile *o, const char *path, amz_error *err)
{
    return open_file(o, path, true, err);
}

/* Gives the unnamed file its hidden name and renames it over the target, with the
 * usual termination signals held so that no handler runs between the two calls.
 * Returns 0 or an errno. */
static int link_and_rename(amz_outfile *o)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->fp));
    sigset_t hold, old;
    sigemptyset(&hold);
    sigaddset(&hold, SIGINT);
    sigaddset(&hold, SIGTERM);
    sigaddset(&hold, SIGHUP);
    sigprocmask(SIG_BLOCK, &hold, &old);
    (void)unlink(o->tmp); /* left by a killed process that had this pid and descriptor */
    int e = linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) != 0 ? errno : 0;
    if (!e && rename(o->tmp, o->path) != 0) {
        e = errno;
        (void)unlink(o->tmp);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return e;
}

amz_status amz_outfile_commit(amz_outfile *o, amz_error *err)
{
    if (!o->fp)
        return amz_errorf(err, AMZ_EINVAL, "output already closed");
    /* Standard output is flushed but never closed: it is the process's, not ours. */
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
    /* Order matters: flush and fsync the data before the rename makes it visible, so a
     * crash can never leave the target holding a file whose blocks were not written.
     * EINVAL/EROFS from fsync mean the file system cannot sync, not that data is lost. */
    int e = 0;
    if (fflush(o->fp) != 0 || ferror(o->fp))
        e = errno ? errno : EIO;
    else if (fsync(fileno(o->fp)) != 0 && errno != EINVAL && errno != EROFS)
        e = errno;
    if (!e && o->unnamed)
        e = link_and_rename(o);
    if (fclose(o->fp) != 0 && !e)
        e = errno ? errno : EIO;
    o->fp = NULL;
    if (!e && !o->unnamed && rename(o->tmp, o->path) != 0)
        e = errno;
    /* The path is copied out because abort frees it. The old target is untouched,
     * except when an unnamed file was already renamed into place and only the close
     * failed. */
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
    /* stdout (no tmp, no path) is never closed; abort on a zeroed outfile is a no-op. */
    if (o->fp && (o->tmp || o->path))
        fclose(o->fp); /* an unnamed file vanishes here */
    if (o->tmp && !o->unnamed)
        unlink(o->tmp);
    amz_free(o->tmp);
    amz_free(o->path);
    memset(o, 0, sizeof *o);
}
