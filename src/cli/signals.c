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

/* Copies, not pointers: the handler may run at any moment and must not follow a pointer
 * into memory the program is changing. A longer command name is cut to 31 bytes. */
static char command[32];
static char tmp_path[4096];
/* Set only while tmp_path holds a whole path (cli_signals_track clears it first). */
static volatile sig_atomic_t tracking;

/* write(2), not stdio: stdio is not async-signal-safe. A failed write is ignored, as there
 * is nowhere left to report it. */
static void put(const char *s)
{
    ssize_t r = write(STDERR_FILENO, s, strlen(s));
    (void)r;
}

static void on_signal(int sig)
{
    if (tracking)
        unlink(tmp_path);
    /* SIGPIPE prints nothing, as a filter killed by it would: the reader left on purpose. */
    if (sig != SIGPIPE) {
        put("amaze: ");
        put(command);
        put(sig == SIGINT    ? ": interrupted (SIGINT)\n"
            : sig == SIGTERM ? ": terminated (SIGTERM)\n"
                             : ": hung up (SIGHUP)\n");
    }
    /* _exit, not exit: atexit handlers and stdio flushing are not safe here. */
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
    /* Replaces the SIG_IGN main set, so a write to a closed pipe ends the command (141)
     * instead of failing with EPIPE. */
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

/* A path too long for tmp_path is not tracked: an interrupt then leaves that temporary
 * file behind. */
void cli_signals_track(const char *path)
{
    tracking = 0;
    if (!path || strlen(path) >= sizeof tmp_path)
        return;
    memcpy(tmp_path, path, strlen(path) + 1);
    tracking = 1;
}
