/* signals.c — SIGINT, SIGTERM and SIGHUP end a command with one line and the shell's
 * status for a signal (128 + its number: 130, 143, 129); SIGPIPE (the reader of a pipe
 * went away, as `| head` does) ends it quietly with 141, like a Unix filter killed by
 * it. Each first removes the named temporary file of an output being written (an
 * unnamed one vanishes by itself), so an interrupted write never leaves a partial
 * file. Only async-signal-safe calls in the handler. */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static char command[32];
static char tmp_path[4096];
static volatile sig_atomic_t tracking;

static void put(const char *s)
{
    ssize_t r = write(STDERR_FILENO, s, strlen(s));
    (void)r;
}

static void on_signal(int sig)
{
    if (tracking)
        unlink(tmp_path);
    if (sig != SIGPIPE) {
        put("amaze: ");
        put(command);
        put(sig == SIGINT    ? ": interrupted (SIGINT)\n"
            : sig == SIGTERM ? ": terminated (SIGTERM)\n"
                             : ": hung up (SIGHUP)\n");
    }
    _exit(128 + sig);
}

void cli_signals_install(const char *cmd)
{
    size_t n = strlen(cmd);
    if (n >= sizeof command)
        n = sizeof command - 1;
    memcpy(command, cmd, n);
    command[n] = '\0';
    cli_signals_handle(on_signal);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

void cli_signals_handle(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a signal must cut a sleep or a wait for a key short. */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

void cli_signals_track(const char *path)
{
    tracking = 0;
    if (!path || strlen(path) >= sizeof tmp_path)
        return;
    memcpy(tmp_path, path, strlen(path) + 1);
    tracking = 1;
}
