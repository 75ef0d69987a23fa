/* pdb_cache.c — pattern-database tables on disk: a 40-byte little-endian header and
 * the values, checked by a 64-bit checksum (four multiply-rotate lanes over 64-bit
 * words, in the manner of Collet's xxHash; exact definition in docs/SLIDE.md). Files
 * are written to a temporary name, synced and renamed, so readers see a whole file or
 * none; a file that fails any check is reported and rebuilt, never used. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/pdb_impl.h"

#define MAGIC "AMZSLPDB"
#define VERSION 1u
#define HEADER 40
#define IO_BLOCK ((size_t)1 << 22)

/* xxHash64's primes; changing any of them (or the mixing below) changes every stored
 * checksum, so it would need a new VERSION. */
static const uint64_t P1 = 0x9E3779B185EBCA87u, P2 = 0xC2B2AE3D27D4EB4Fu, P3 = 0x165667B19E3779F9u;

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

typedef struct sum64 {
    uint64_t lane[4];
    uint64_t length;  /* bytes so far */
    uint8_t tail[32]; /* bytes not yet forming a 32-byte block */
    size_t ntail;
} sum64;

static void sum_init(sum64 *s)
{
    s->lane[0] = P1;
    s->lane[1] = P2;
    s->lane[2] = P3;
    s->lane[3] = P1 ^ P2;
    s->length = 0;
    s->ntail = 0;
}

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* One 32-byte block into the four lanes (independent, so a compiler can keep them in
 * registers and overlap their multiplies). Words are read little-endian byte by byte:
 * the checksum is the same on every machine. */
static void block(sum64 *s, const uint8_t *p)
{
    for (int i = 0; i < 4; i++)
        s->lane[i] = rotl(s->lane[i] + le64(p + 8 * i) * P2, 31) * P1;
}

/* Streaming: invariant ntail < 32 holds the bytes not yet in a block, so any split of
 * the data into updates gives the checksum of the whole (load reads in 4 MB pieces). */
static void sum_update(sum64 *s, const void *data, size_t len)
{
    const uint8_t *p = data;
    s->length += len;
    if (s->ntail) {
        size_t take = 32 - s->ntail < len ? 32 - s->ntail : len;
        memcpy(s->tail + s->ntail, p, take);
        s->ntail += take;
        p += take;
        len -= take;
        if (s->ntail < 32)
            return;
        block(s, s->tail);
        s->ntail = 0;
    }
    for (; len >= 32; p += 32, len -= 32)
        block(s, p);
    memcpy(s->tail, p, len);
    s->ntail = len;
}

static uint64_t sum_final(const sum64 *s)
{
    uint64_t h = rotl(s->lane[0], 1) + rotl(s->lane[1], 7) + rotl(s->lane[2], 12) + rotl(s->lane[3], 18);
    h ^= s->length * P3;
    for (size_t i = 0; i < s->ntail; i++)
        h = rotl(h ^ (s->tail[i] * P1), 11) * P2;
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    return h ^ (h >> 32);
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The header of table t, checksum field zero. */
/* Everything that identifies the table is in the header, and a load compares all of
 * it (magic, version, shape, tiles, entries) before reading any value: a file of
 * another set, shape or build can never be taken for this one. */
static void make_header(uint8_t *h, int rows, int cols, const pdb_table *t)
{
    /* Offsets: 0 magic, 8 version, 12/13 rows/cols, 14 tiles in the set, 15 flags,
     * 16..23 the tiles, 24 entries (u64), 32 checksum (u64, zero while it is computed). */
    memset(h, 0, HEADER);
    memcpy(h, MAGIC, 8);
    h[8] = (uint8_t)VERSION;
    h[12] = (uint8_t)rows;
    h[13] = (uint8_t)cols;
    h[14] = (uint8_t)t->k;
    h[15] = 1; /* flags: bit 0 = the blank was tracked */
    memcpy(h + 16, t->tiles, (size_t)t->k);
    put64(h + 24, t->entries);
}

static void file_name(char *buf, size_t cap, const char *dir, int rows, int cols, const pdb_table *t)
{
    /* The tile set as a bit mask names the file, so each pattern of each shape has its
     * own path (boards up to 25 cells: tiles fit 32 bits, printed as hex). */
    unsigned mask = 0;
    for (int i = 0; i < t->k; i++)
        mask |= 1u << t->tiles[i];
    snprintf(buf, cap, "%s/slide-pdb-v%u-%dx%d-%04x.bin", dir, VERSION, rows, cols, mask);
}

bool slide_pdb_cache_dir(const char *option, char *buf, size_t cap)
{
    if (option) {
        if (!option[0])
            return false;
        return (size_t)snprintf(buf, cap, "%s", option) < cap;
    }
    /* XDG Base Directory spec: relative values of XDG_CACHE_HOME are ignored. */
    const char *xdg = getenv("XDG_CACHE_HOME");
    if (xdg && xdg[0] == '/')
        return (size_t)snprintf(buf, cap, "%s/amaze", xdg) < cap;
    const char *home = getenv("HOME");
    if (home && home[0])
        return (size_t)snprintf(buf, cap, "%s/.cache/amaze", home) < cap;
    return false;
}

pdb_load_result slide_pdb_load(const char *dir, int rows, int cols, pdb_table *t, char *why, size_t why_cap)
{
    char path[1100];
    file_name(path, sizeof path, dir, rows, cols, t);
    /* O_NONBLOCK: opening a FIFO (or a device) put at the cache path must not wait
     * for a writer. Only a regular file is read; anything else is rejected, and the
     * save that follows renames a real table over it. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_cap, "%s: %s", path, strerror(errno));
        return errno == ENOENT ? PDB_ABSENT : PDB_REJECTED;
    }
    struct stat fsb;
    if (fstat(fd, &fsb) != 0 || !S_ISREG(fsb.st_mode)) {
        snprintf(why, why_cap, "%s: not a regular file", path);
        close(fd);
        return PDB_REJECTED;
    }
    int fl = fcntl(fd, F_GETFL);
    FILE *f = fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        snprintf(why, why_cap, "%s: %s", path, strerror(errno));
        close(fd);
        return PDB_REJECTED;
    }
    uint8_t want[HEADER], got[HEADER];
    make_header(want, rows, cols, t);
    struct stat sb;
    pdb_load_result r = PDB_REJECTED;
    t->values = NULL;
    t->block = NULL;
    /* Everything but the checksum field (bytes 32..39) must equal the expected header;
     * the size check then rules out a short or padded file before any allocation. */
    if (fread(got, 1, HEADER, f) != HEADER || memcmp(got, want, 24) != 0 || memcmp(got + 24, want + 24, 8) != 0) {
        snprintf(why, why_cap, "%s: not a table of this version and shape", path);
        goto out;
    }
    if (fstat(fileno(f), &sb) != 0 || (uint64_t)sb.st_size != HEADER + t->entries) {
        snprintf(why, why_cap, "%s: wrong size", path);
        goto out;
    }
    if (!slide_pdb_alloc(t)) {
        snprintf(why, why_cap, "%s: out of memory", path);
        goto out;
    }
    /* The checksum covers the header with its own field zeroed, then the values, as
     * slide_pdb_save computed it. On any failure the values are released below. */
    sum64 s;
    sum_init(&s);
    uint8_t zeroed[HEADER];
    memcpy(zeroed, got, HEADER);
    memset(zeroed + 32, 0, 8);
    sum_update(&s, zeroed, HEADER);
    for (uint64_t done = 0; done < t->entries;) {
        size_t n = t->entries - done < IO_BLOCK ? (size_t)(t->entries - done) : IO_BLOCK;
        if (fread(t->values + done, 1, n, f) != n) {
            snprintf(why, why_cap, "%s: read failed", path);
            goto out;
        }
        sum_update(&s, t->values + done, n);
        done += n;
    }
    if (sum_final(&s) != le64(got + 32)) {
        snprintf(why, why_cap, "%s: checksum mismatch", path);
        goto out;
    }
    r = PDB_LOADED;
out:
    fclose(f);
    if (r != PDB_LOADED)
        slide_pdb_release(t);
    return r;
}

/* mkdir -p with 0700 for what it creates (the XDG spec's mode for cache folders). */
static int make_dirs(const char *dir)
{
    char buf[1024];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s", dir);
    if (n >= sizeof buf)
        return ENAMETOOLONG;
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char c = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0700) != 0 && errno != EEXIST)
            return errno;
        buf[i] = c;
    }
    struct stat sb;
    if (stat(dir, &sb) != 0)
        return errno;
    return S_ISDIR(sb.st_mode) ? 0 : ENOTDIR;
}

/* Atomic replacement: readers see the old file or the whole new one (rename within a
 * folder), never a part; a failure removes the temporary file. fsync before rename so
 * that a crash cannot leave a renamed file whose data never reached the disk. */
amz_status slide_pdb_save(const char *dir, int rows, int cols, const pdb_table *t, amz_error *err)
{
    int e = make_dirs(dir);
    if (e)
        return amz_errorf(err, AMZ_EIO, "cache folder %s: %s", dir, strerror(e));
    char path[1100], tmp[1200];
    file_name(path, sizeof path, dir, rows, cols, t);
    uint8_t h[HEADER];
    make_header(h, rows, cols, t);
    sum64 s;
    sum_init(&s);
    sum_update(&s, h, HEADER);
    sum_update(&s, t->values, (size_t)t->entries);
    put64(h + 32, sum_final(&s));
    /* A unique temporary name in the same folder (rename stays on one file system);
     * O_EXCL keeps concurrent writers apart. */
    int fd = -1;
    for (unsigned k = 0; k < 1000 && fd < 0; k++) {
        snprintf(tmp, sizeof tmp, "%s.tmp-%ld-%u", path, (long)getpid(), k);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        return amz_errorf(err, AMZ_EIO, "%s: cannot create: %s", tmp, strerror(errno));
    e = 0;
    const uint8_t *parts[2] = {h, t->values};
    uint64_t sizes[2] = {HEADER, t->entries};
    for (int part = 0; part < 2 && !e; part++)
        for (uint64_t done = 0; done < sizes[part] && !e;) {
            size_t n = sizes[part] - done < IO_BLOCK ? (size_t)(sizes[part] - done) : IO_BLOCK;
            ssize_t w = write(fd, parts[part] + done, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                e = w < 0 ? errno : EIO;
            else
                done += (uint64_t)w;
        }
    if (!e && fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (!e && rename(tmp, path) != 0)
        e = errno;
    if (e) {
        unlink(tmp);
        return amz_errorf(err, AMZ_EIO, "%s: cannot write the cache: %s", path, strerror(e));
    }
    return AMZ_OK;
}
