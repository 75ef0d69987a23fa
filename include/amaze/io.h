/* amaze/io.h — storing and exchanging mazes: the .amz format, JSON, text art, and
 * crash-safe output files.
 *
 * .amz is specified byte by byte in docs/FORMAT.md; readers reject anything that does
 * not match it with a message naming the problem. Readers take an uninitialised maze
 * and, on success, leave it initialised (amz_maze_deinit it); on failure it is left
 * zeroed. The path "-" means standard input or output everywhere. */
#ifndef AMAZE_IO_H
#define AMAZE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/maze.h"
#include "amaze/status.h"

typedef enum amz_format {
    AMZ_FORMAT_AMZ = 0,  /* native binary */
    AMZ_FORMAT_JSON = 1, /* {"topology", "width", ..., "cells": [masks], "solution": [cells]} */
    AMZ_FORMAT_TEXT = 2  /* text art: ascii, unicode or blocks */
} amz_format;

typedef struct amz_read_options {
    uint64_t max_bytes; /* refuse a maze whose memory would exceed this (0 = no limit) */
} amz_read_options;

/* "amz", "json", "text"; NULL for an unknown value. */
AMZ_API const char *amz_format_name(amz_format f);
/* Parses a format name. AMZ_ENOTFOUND with a message for an unknown name. */
AMZ_API amz_status amz_format_parse(const char *name, amz_format *out, amz_error *err);

/* CRC-32 (ISO-HDLC: reflected polynomial 0xEDB88320, init and final xor 0xFFFFFFFF,
 * the checksum of zlib and PNG) of len bytes, continuing from crc (start with 0). */
AMZ_API uint32_t amz_crc32(uint32_t crc, const void *data, size_t len);

/* ---- .amz ---- */

/* Writes m (with its solution, if any) as .amz. AMZ_EIO with a message if writing fails;
 * AMZ_EINVAL, before writing anything, for an algorithm name the format cannot store
 * (bytes outside 0x21 .. 0x7E). */
AMZ_API amz_status amz_io_write_amz(const amz_maze *m, FILE *f, amz_error *err);
/* Reads one .amz maze from f, which must then be at end of file. Streams: memory is the
 * maze itself. AMZ_EFORMAT (with the reason) for bad data, AMZ_EIO, AMZ_ENOMEM. */
AMZ_API amz_status amz_io_read_amz(FILE *f, amz_maze *m, const amz_read_options *o, amz_error *err);

/* ---- JSON ---- */

/* Writes m as one JSON object on one line followed by a newline. Removed cells have
 * mask -1. The seed is written as an exact integer (beyond 2^53, JavaScript rounds). */
AMZ_API amz_status amz_io_write_json(const amz_maze *m, FILE *f, amz_error *err);
/* amz_io_write_json, with `graph` adding "neighbors": for every cell the ids of its
 * neighbours in direction order (-1 where there is none or the cell is removed), so a
 * program that knows nothing of the geometry can check the maze. */
AMZ_API amz_status amz_io_write_json_graph(const amz_maze *m, FILE *f, bool graph, amz_error *err);
/* Writes s (NUL-terminated; NULL writes "") to f as a JSON string: quote and
 * backslash escaped, bytes below 0x20 and DEL as \u00XX, bytes from 0x80 up as they are
 * (UTF-8 stays UTF-8). The maze writers' own rule, for programs that put names read
 * from files (an algorithm, a recipe) into JSON of their own. */
AMZ_API void amz_io_write_json_string(FILE *f, const char *s);
/* Parses the JSON written above (unknown keys are ignored). Checks that every passage
 * appears on both of its cells and leads to a cell. */
AMZ_API amz_status amz_io_read_json(const char *text, size_t len, amz_maze *m, const amz_read_options *o,
                                 amz_error *err);

/* ---- text art ---- */

/* Imports a square maze drawn as text: line art in the ascii or unicode style of
 * amz_render_text (3 columns and 2 lines per cell, walls drawn with + - | or box
 * drawing characters), or blocks (one character per block, (2W+1) x (2H+1); a space
 * or one of . * o S G is floor, anything else wall). Markers S and G set start and
 * goal; other markers and ANSI colour codes are ignored, so any rendering of a
 * rectangular square maze reads back. Hex art and art of shaped (masked) mazes are
 * refused, as text cannot say which cells are missing: use .amz or JSON for those.
 * AMZ_EFORMAT with the line and column of the first problem. */
AMZ_API amz_status amz_io_read_text(const char *text, size_t len, amz_maze *m, const amz_read_options *o,
                                 amz_error *err);

/* ---- any format ---- */

/* Reads a maze from f in whichever format it is (.amz by its magic, JSON by a leading
 * '{', else text art); `name` names the input in messages. *detected may be NULL. */
AMZ_API amz_status amz_io_read(FILE *f, const char *name, amz_maze *m, const amz_read_options *o,
                                 amz_format *detected, amz_error *err);
/* Opens `path` ("-" = stdin) and reads it with amz_io_read. */
AMZ_API amz_status amz_io_load(const char *path, amz_maze *m, const amz_read_options *o, amz_format *detected,
                                 amz_error *err);
/* Writes m as .amz to `path` atomically ("-" = stdout). */
AMZ_API amz_status amz_io_save(const amz_maze *m, const char *path, amz_error *err);

/* ---- crash-safe output ---- */

/* An output file written to a temporary file beside its destination and renamed into
 * place on commit, so a failure or crash never leaves a half-written file. Where the
 * system allows it (Linux: O_TMPFILE and /proc) the temporary file has no name until
 * commit, so that not even kill -9 leaves one behind; elsewhere it is the hidden
 * ".NAME.tmp-PID-K", and opening the same destination again removes those of dead
 * processes. For "-" it writes standard output directly, and an existing device, pipe
 * or socket (/dev/null, a FIFO) is written in place. A symbolic link keeps pointing
 * at the replaced file; a replaced file keeps its permissions. */
typedef struct amz_outfile {
    FILE *fp;     /* write here between open and commit */
    char *path;   /* destination (owned), NULL for stdout */
    char *tmp;    /* named temporary file (owned), or the name an unnamed one gets at
                     commit; NULL when writing in place */
    bool unnamed; /* the temporary file has no name yet: nothing to remove on a signal */
} amz_outfile;

/* Opens the temporary file (in the destination's folder, mode 0666 & ~umask). AMZ_EIO
 * with "path: cannot create: reason" if the folder is missing or unwritable. */
AMZ_API amz_status amz_outfile_open(amz_outfile *o, const char *path, amz_error *err);
/* The same, always with a named temporary file (what systems without unnamed ones
 * get): a caller that removes it on a signal finds its name in o->tmp. */
AMZ_API amz_status amz_outfile_open_named(amz_outfile *o, const char *path, amz_error *err);
/* Flushes, syncs and renames into place. On failure removes the temporary file and
 * returns AMZ_EIO with the reason (disk full, closed stdout, ...). Always releases o. */
AMZ_API amz_status amz_outfile_commit(amz_outfile *o, amz_error *err);
/* Removes the temporary file and releases o; no-op on a released outfile. */
AMZ_API void amz_outfile_abort(amz_outfile *o);

#endif
