/* play_term.h — the ncurses side shared by `amaze play` and `amaze slide play`:
 * starting and restoring the terminal on every exit path, colours (or plain text),
 * the clock, and the small drawing helpers both games use. */
#ifndef AMZ_PLAY_TERM_H
#define AMZ_PLAY_TERM_H

#include <stdbool.h>
#include <stdint.h>

/* Colour pairs (all drawn plain when the terminal has no colours, TERM=dumb or
 * NO_COLOR is set). */
enum { PT_WALL = 1, PT_PLAYER, PT_GOAL, PT_VISITED, PT_HINT, PT_STATUS, PT_PANEL, PT_TILE, PT_HOME, PT_WARN };

/* Starts the terminal for command cmd: checks that standard input and output are a
 * terminal, installs SIGINT/SIGTERM/SIGHUP handlers that ask the game loop to stop,
 * registers the atexit restore, and enters curses mode (cbreak, no echo, keypad,
 * hidden cursor, 100 ms key timeout). CLI_OK, or CLI_FAIL after printing why. */
int pt_start(const char *cmd, bool mouse);
/* Leaves curses mode and restores the terminal; safe to call more than once. */
void pt_stop(void);
/* The signal that asked to stop (SIGINT, SIGTERM, SIGHUP), or 0. */
int pt_signal(void);
/* The next key of a game loop (ncurses codes), after waiting up to timeout_ms: ERR
 * when none came or the window was resized (the screen is then cleared, to be drawn
 * again), PT_STOP when the game should end without a key (see pt_should_stop). */
#define PT_STOP (-2)
int pt_next_key(int timeout_ms);
/* True when the game should end without a key: a signal came, or the terminal went
 * away (reads fail at once, again and again, instead of waiting: a closed terminal
 * would otherwise keep the game spinning). */
bool pt_should_stop(void);
/* Calls pt_stop, then reports a caught signal as "amaze: <cmd>: interrupted (SIGINT)"
 * (or a lost terminal) and returns CLI_FAIL; returns CLI_OK when neither happened. */
int pt_signal_exit(const char *cmd);
/* True when colours are in use. */
bool pt_color(void);
/* Sets or clears a colour pair (no-op without colours). */
void pt_attr(int pair, bool bold, bool on);
/* A monotonic clock in milliseconds. */
int64_t pt_now_ms(void);
/* When the screen is smaller than w x h, shows a message saying so and returns true. */
bool pt_too_small(int w, int h);
/* A centred box of n lines of text. */
void pt_panel(const char *const *lines, int n);

#endif
