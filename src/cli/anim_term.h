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
    uint8_t *last;       /* the last frame's pixels (owned), NULL before it */
    amz_color last_colors[256];
    int32_t last_w, last_h;
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
/* Prints the last frame (the finished maze) on the normal screen, after term_restore,
 * so that it stays when the player's screen is gone. Nothing if none was shown. */
void term_print_last(term_player *p);
/* Frees what the player keeps. */
void term_end(term_player *p);
/* The signal that stopped the player, 0 if none. */
int term_signal(void);

#endif
