/* anim_term.h — the live terminal player of `amaze animate` (see anim_term.c). */
#ifndef AMZ_CLI_ANIM_TERM_H
#define AMZ_CLI_ANIM_TERM_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "amaze/anim.h"

typedef struct term_player {
    bool truecolor;
    bool quit; /* 'q' or Esc was pressed */
    uint64_t frames;
    struct timespec due; /* when the next frame may replace the current one */
} term_player;

/* Terminal size in character cells; false if stdout is not a terminal. */
bool term_size(int *cols, int *rows);
/* Installs the signal handlers, switches to the alternate screen, hides the cursor and
 * turns off echo. Pair with term_restore on every path. */
void term_begin(term_player *p, bool truecolor);
/* The amz_frame_fn: draws, then waits for the frame's time. Non-zero on a signal or q. */
int term_frame(void *ctx, const amz_frame *f);
/* Restores attributes, cursor, screen and input mode. Idempotent. */
void term_restore(void);
/* The signal that stopped the player, 0 if none. */
int term_signal(void);

#endif
