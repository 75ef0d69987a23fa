/* scores.h — best times of the terminal games, one per game, topology and size, kept in
 * a small text file ($XDG_DATA_HOME/amaze/scores, else ~/.local/share/amaze/scores; the
 * format is in docs/PLAY.md). The file is replaced atomically (temporary file + rename).
 * A file that cannot be read or has bad lines never stops a game: the first problem is
 * kept as a warning for the game to show once, and good lines are kept. */
#ifndef AMZ_PLAY_SCORES_H
#define AMZ_PLAY_SCORES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze.h"

/* Longest key (like "maze-square-20x10"), including the NUL. */
enum { SCORES_KEY_MAX = 48 };

typedef struct score_entry {
    char key[SCORES_KEY_MAX]; /* [a-z0-9-] characters */
    uint64_t tenths;          /* best time in tenths of a second */
    uint64_t moves;           /* moves of that round */
} score_entry;

typedef struct scores {
    char *path;            /* the file (owned), NULL when no location is known */
    score_entry *entries;  /* owned */
    size_t count, cap;
    bool no_save;          /* the file exists but could not be read: never overwrite it */
    bool warned;           /* a problem was already reported */
    char warning[2 * AMZ_ERROR_MAX]; /* a problem not yet shown, or "" */
} scores;

/* The default file: $XDG_DATA_HOME/amaze/scores when that is an absolute path, else
 * $HOME/.local/share/amaze/scores. Written into buf; false when neither is set. */
bool scores_default_path(char *buf, size_t cap);
/* Sets up an empty table for `path` (copied; NULL = nowhere: nothing is ever saved). */
void scores_init(scores *s, const char *path);
/* Reads the file. A missing file is an empty table. An unreadable file, a wrong first
 * line, or bad lines (skipped) leave a warning; an unreadable file is never overwritten. */
void scores_load(scores *s);
/* The entry for key, or NULL. */
const score_entry *scores_find(const scores *s, const char *key);
/* Records a finished round. When it beats the best time for key (a lower time; the same
 * time with fewer moves), the table and the file are updated and true is returned.
 * A file that cannot be written leaves a warning; the table in memory still changes. */
bool scores_record(scores *s, const char *key, uint64_t tenths, uint64_t moves);
/* Writes the table to the file atomically. AMZ_EIO with a message on failure. */
amz_status scores_save(const scores *s, amz_error *err);
/* Copies the pending warning into buf and clears it: true once, then false. Only the
 * first problem of a session is ever reported. */
bool scores_take_warning(scores *s, char *buf, size_t cap);
/* Frees the table; safe on a zeroed one. */
void scores_free(scores *s);

#endif
