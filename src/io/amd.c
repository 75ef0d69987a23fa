/* amd.c — the .amd dungeon format (docs/TILES.md): a 108-byte header with the size,
 * the options that made the map, the stairs and a CRC-32; the rooms (16 bytes each)
 * and their CRC-32; then the tiles as one saved packed array (bitfmt_file.c's block),
 * so any reader of packed arrays reads the map. The reader checks every field, a
 * claimed size against the memory limit and a regular file's length before it
 * allocates, and the dungeon's promises (amz_dungeon_validate) before it accepts. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "amaze/alloc.h"
#include "amaze/dungeon.h"
#include "amaze/gen.h"
#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

static const uint8_t amd_magic[8] = {0x89, 'A', 'M', 'D', '\r', '\n', 0x1a, '\n'};

/* Header offsets (all little-endian): 8 version, 10 flags (0), 12/16 width/height,
 * 20 seed, 28 rooms asked, 32/34 room sizes, 36/44 loops and dead_ends as IEEE doubles,
 * 52 the generator's NUL-padded name, 84..99 the stairs, 100 rooms placed, 104 CRC. */
enum { AMD_VERSION = 1, HEADER = 108, NAME = 32, ROOM = 16 };

static amz_status wfail(amz_error *err)
{
    return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
}

/* Writes d in file order straight to f; nothing is validated here (d is the
 * generator's or the reader's, and the reader checks everything on the way back). The
 * room-size options fit their 2 bytes: amz_dungeon_options_check caps them at 4095. */
amz_status amz_dungeon_write(const amz_dungeon *d, FILE *f, amz_error *err)
{
    uint8_t h[HEADER] = {0};
    const amz_dungeon_options *o = &d->options;
    memcpy(h, amd_magic, sizeof amd_magic);
    io_le_put(h + 8, AMD_VERSION, 2);
    io_le_put(h + 12, (uint64_t)d->width, 4);
    io_le_put(h + 16, (uint64_t)d->height, 4);
    io_le_put(h + 20, o->seed, 8);
    io_le_put(h + 28, o->rooms, 4);
    io_le_put(h + 32, (uint64_t)o->room_min, 2);
    io_le_put(h + 34, (uint64_t)o->room_max, 2);
    io_le_put(h + 36, io_double_bits(o->loops), 8);
    io_le_put(h + 44, io_double_bits(o->dead_ends), 8);
    /* At most NAME - 1 bytes, so the zeroed header keeps a terminating NUL; the reader
     * insists on it and on zero padding, so a file has one spelling. */
    const char *g = o->generator ? o->generator : "";
    memcpy(h + 52, g, strlen(g) < NAME ? strlen(g) : NAME - 1);
    io_le_put(h + 84, (uint64_t)d->up_x, 4);
    io_le_put(h + 88, (uint64_t)d->up_y, 4);
    io_le_put(h + 92, (uint64_t)d->down_x, 4);
    io_le_put(h + 96, (uint64_t)d->down_y, 4);
    io_le_put(h + 100, d->nrooms, 4);
    io_le_put(h + 104, amz_crc32(0, h, 104), 4);
    if (fwrite(h, 1, HEADER, f) != HEADER)
        return wfail(err);
    /* The rooms get their own CRC (from 0, not chained to the header's), so a reader
     * can tell a corrupt header from corrupt rooms. */
    uint32_t crc = 0;
    for (uint32_t i = 0; i < d->nrooms; i++) {
        uint8_t r[ROOM];
        const amz_dungeon_room *room = &d->rooms[i];
        io_le_put(r, (uint64_t)room->x, 4);
        io_le_put(r + 4, (uint64_t)room->y, 4);
        io_le_put(r + 8, (uint64_t)room->w, 4);
        io_le_put(r + 12, (uint64_t)room->h, 4);
        crc = amz_crc32(crc, r, ROOM);
        if (fwrite(r, 1, ROOM, f) != ROOM)
            return wfail(err);
    }
    uint8_t c[4];
    io_le_put(c, crc, 4);
    if (fwrite(c, 1, 4, f) != 4)
        return wfail(err);
    return amz_packed_write(&d->tiles, f, err);
}

/* The options recorded in header h, checked as amz_dungeon_options_check checks a
 * caller's. The generator named in a file becomes the registry's own (static) name, so
 * o->generator never points into the header buffer, which is on the reader's stack. */
static amz_status header_options(const uint8_t *h, amz_dungeon_options *o, amz_error *err)
{
    amz_dungeon_options_init(o);
    o->seed = io_le(h + 20, 8);
    o->rooms = (uint32_t)io_le(h + 28, 4);
    o->room_min = (int32_t)io_le(h + 32, 2);
    o->room_max = (int32_t)io_le(h + 34, 2);
    o->loops = io_bits_double(io_le(h + 36, 8));
    o->dead_ends = io_bits_double(io_le(h + 44, 8));
    char name[NAME];
    memcpy(name, h + 52, NAME);
    if (name[NAME - 1] != '\0')
        return amz_errorf(err, AMZ_EFORMAT, "the generator's name is not terminated (byte 83)");
    for (size_t i = strlen(name); i < NAME; i++)
        if (name[i])
            return amz_errorf(err, AMZ_EFORMAT, "bytes after the generator's name are not zero (byte %zu)", 52 + i);
    const amz_gen_info *g = amz_gen_find(name);
    if (!g)
        return amz_errorf(err, AMZ_EFORMAT, "unknown corridor generator '%s'", name);
    o->generator = g->name;
    amz_status st = amz_dungeon_options_check(o, err);
    return st ? amz_error_prefix(err, AMZ_EFORMAT, "options") : AMZ_OK;
}

/* Bytes left in a regular file from here; UINT64_MAX when that cannot be told (a pipe,
 * a terminal). Lets the reader refuse a header that claims more than the file holds
 * before allocating for it. */
static uint64_t bytes_left(FILE *f)
{
    struct stat sb;
    const int fd = fileno(f);
    long at = ftell(f);
    if (fd < 0 || at < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size < at)
        return UINT64_MAX;
    return (uint64_t)(sb.st_size - at);
}

amz_status amz_dungeon_read(FILE *f, amz_dungeon *d, uint64_t max_bytes, amz_error *err)
{
    /* d is zeroed first and every error after an allocation goes through
     * amz_dungeon_deinit (or re-zeroes d before anything was allocated), so a failed read
     * leaves nothing for the caller to free. */
    memset(d, 0, sizeof *d);
    io_source s = {f, 0, 0, NULL, 0};
    uint8_t h[HEADER];
    amz_status st = io_get(&s, h, HEADER, "header", err);
    if (st)
        return st;
    if (memcmp(h, amd_magic, sizeof amd_magic) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not an .amd dungeon (bad magic)");
    if (io_le(h + 8, 2) != AMD_VERSION)
        return amz_errorf(err, AMZ_EFORMAT, "unknown .amd version %u (this library reads 1)", (unsigned)io_le(h + 8, 2));
    /* Checksum before any field is trusted: a flipped bit should read as "corrupt",
     * not as some odd but plausible size. */
    if ((uint32_t)io_le(h + 104, 4) != amz_crc32(0, h, 104))
        return amz_errorf(err, AMZ_EFORMAT, "header checksum mismatch: the header is corrupt");
    if (io_le(h + 10, 2) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "unknown flags %#x", (unsigned)io_le(h + 10, 2));
    const uint64_t w = io_le(h + 12, 4), hh = io_le(h + 16, 4), nrooms = io_le(h + 100, 4);
    if (w < AMZ_DUNGEON_MIN_SIDE || hh < AMZ_DUNGEON_MIN_SIDE || w > AMZ_DUNGEON_MAX_SIDE ||
        hh > AMZ_DUNGEON_MAX_SIDE || w * hh > AMZ_DUNGEON_MAX_TILES)
        return amz_errorf(err, AMZ_EFORMAT, "a %llux%llu dungeon: sides must be %d to %d and the tiles at most 2^32",
                          (unsigned long long)w, (unsigned long long)hh, AMZ_DUNGEON_MIN_SIDE, AMZ_DUNGEON_MAX_SIDE);
    if ((st = header_options(h, &d->options, err)))
        return st;
    if (nrooms > AMZ_DUNGEON_MAX_ROOMS)
        return amz_errorf(err, AMZ_EFORMAT, "%llu rooms, more than %d", (unsigned long long)nrooms,
                          AMZ_DUNGEON_MAX_ROOMS);
    /* No overflow: w and hh are at most AMZ_DUNGEON_MAX_SIDE and their product at most
     * 2^32. need is a lower bound (tiles are 16-bit words; the packed array's own header
     * comes on top). */
    const uint64_t tiles = w * hh, need = nrooms * ROOM + 4 + tiles * 2;
    if (max_bytes && tiles * 2 > max_bytes)
        return amz_errorf(err, AMZ_ENOMEM, "a %llux%llu dungeon needs %llu bytes of tiles, more than the %llu allowed",
                          (unsigned long long)w, (unsigned long long)hh, (unsigned long long)tiles * 2,
                          (unsigned long long)max_bytes);
    const uint64_t left = bytes_left(f);
    if (left != UINT64_MAX && left < need)
        return amz_errorf(err, AMZ_EFORMAT, "truncated file: a %llux%llu dungeon needs %llu more bytes, the file has %llu",
                          (unsigned long long)w, (unsigned long long)hh, (unsigned long long)need,
                          (unsigned long long)left);
    d->width = (int32_t)w;
    d->height = (int32_t)hh;
    d->up_x = (int32_t)io_le(h + 84, 4);
    d->up_y = (int32_t)io_le(h + 88, 4);
    d->down_x = (int32_t)io_le(h + 92, 4);
    d->down_y = (int32_t)io_le(h + 96, 4);
    /* Only on the map here; that they stand on room tiles is amz_dungeon_validate's.
     * Nothing is allocated yet, so zeroing d is all the cleanup an error needs. */
    if (io_le(h + 84, 4) >= w || io_le(h + 92, 4) >= w || io_le(h + 88, 4) >= hh || io_le(h + 96, 4) >= hh) {
        memset(d, 0, sizeof *d);
        return amz_errorf(err, AMZ_EFORMAT, "stairs outside the %llux%llu map", (unsigned long long)w,
                          (unsigned long long)hh);
    }
    if (nrooms && !(d->rooms = amz_malloc((size_t)nrooms * sizeof *d->rooms))) {
        memset(d, 0, sizeof *d);
        return amz_errorf(err, AMZ_ENOMEM, "no memory for %llu rooms", (unsigned long long)nrooms);
    }
    /* Restart the running CRC for the rooms block. nrooms counts the rooms read so far,
     * so a failure midway leaves a consistent array for deinit. A room's x, y must be
     * on the map and its sides at most the map's; amz_dungeon_validate checks the rest. */
    s.crc = 0;
    for (uint32_t i = 0; st == AMZ_OK && i < nrooms; i++) {
        uint8_t r[ROOM];
        if ((st = io_get(&s, r, ROOM, "rooms", err)))
            break;
        const uint64_t v[4] = {io_le(r, 4), io_le(r + 4, 4), io_le(r + 8, 4), io_le(r + 12, 4)};
        if (v[0] >= w || v[1] >= hh || v[2] > w || v[3] > hh)
            st = amz_errorf(err, AMZ_EFORMAT, "room %u lies outside the map", i + 1);
        d->rooms[i] = (amz_dungeon_room){(int32_t)v[0], (int32_t)v[1], (int32_t)v[2], (int32_t)v[3]};
        d->nrooms = i + 1;
    }
    uint8_t c[4];
    const uint32_t want = s.crc;
    if (st == AMZ_OK && (st = io_get(&s, c, 4, "rooms checksum", err)) == AMZ_OK && (uint32_t)io_le(c, 4) != want)
        st = amz_errorf(err, AMZ_EFORMAT, "rooms checksum mismatch: the rooms are corrupt");
    /* The tiles are a packed array any packed-array reader can open; here its format
     * and count must also be exactly the dungeon's. */
    if (st == AMZ_OK && (st = amz_packed_read(f, &d->tiles, max_bytes, err)) == AMZ_OK &&
        (!amz_bitfmt_equal(&d->tiles.fmt, amz_dungeon_format()) || d->tiles.count != tiles))
        st = amz_errorf(err, AMZ_EFORMAT, "the tiles are not %llu words of the dungeon format {kind:3, room:13}",
                        (unsigned long long)tiles);
    if (st == AMZ_OK)
        st = amz_dungeon_validate(d, err);
    if (st)
        amz_dungeon_deinit(d);
    return st;
}

static amz_status write_dungeon(const void *d, FILE *f, amz_error *err)
{
    return amz_dungeon_write(d, f, err);
}

/* A whole file must be one dungeon (amz_dungeon_read alone leaves what follows, for
 * streams holding more). */
static amz_status read_whole(FILE *f, void *d, uint64_t max_bytes, amz_error *err)
{
    amz_status st = amz_dungeon_read(f, d, max_bytes, err);
    if (st == AMZ_OK && (st = io_expect_end(f, "dungeon", err)))
        amz_dungeon_deinit(d);
    return st;
}

amz_status amz_dungeon_save(const amz_dungeon *d, const char *path, amz_error *err)
{
    return io_save_path(path, write_dungeon, d, err);
}

amz_status amz_dungeon_load(const char *path, amz_dungeon *d, uint64_t max_bytes, amz_error *err)
{
    return io_load_path(path, read_whole, d, sizeof *d, max_bytes, err);
}
