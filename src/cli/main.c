/* main.c — the amaze program: dispatch to a subcommand, global help and version.
 * Each subcommand parses its own argv (argv[0] is its name) and returns CLI_OK, CLI_FAIL
 * or CLI_USAGE (cli.h), which becomes the process's exit status. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The order here is the order of `amaze --help`. */
static const cli_command commands[] = {
    {"generate", cmd_generate, "make a random maze"},
    {"solve", cmd_solve, "find a path from start to goal"},
    {"render", cmd_render, "draw a maze as text or a PNG, SVG or PDF picture"},
    {"stats", cmd_stats, "measure a maze"},
    {"book", cmd_book, "a printable PDF book of mazes with an answer key"},
    {"animate", cmd_animate, "animate generating and solving (GIF or live)"},
    {"terrain", cmd_terrain, "diamond-square worlds of packed tiles: generate, render, stats"},
    {"dungeon", cmd_dungeon, "roguelike levels: rooms, maze corridors, doors, stairs"},
    {"play", cmd_play, "run through a maze in the terminal against the clock"},
    {"slide", cmd_slide, "sliding-tile puzzles: shuffle, check, solve, bench, play"},
};

static void usage(FILE *f)
{
    fprintf(f, "Usage: amaze COMMAND [options]\n"
               "Generate, solve, draw and measure mazes.\n\nCommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "  %-10s %s\n", "help", "show help for a command: amaze help COMMAND");
    fprintf(f, "\nOptions:\n  -h, --help     show this help\n  -V, --version  show the version\n"
               "\nExample:\n  amaze generate -s 30x15 | amaze solve - | amaze render -\n");
}

static const cli_command *find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    /* Help and version text to a closed pipe is simply dropped; a command's own
     * handler (cli_signals_install) ends it quietly with 141 on a closed pipe. */
    signal(SIGPIPE, SIG_IGN);
    /* First, before any libamaze call: amz_set_allocator (alloc.h) may only be swapped
     * while no object made with another allocator is alive. */
    cli_test_hooks_install();
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0) {
        printf("amaze %s\n", amz_version());
        return CLI_OK;
    }
    if (strcmp(name, "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return CLI_OK;
        }
        const cli_command *c = find(argv[2]);
        if (!c)
            return cli_usage("help", "help", "unknown command '%s'", argv[2]);
        /* "amaze help slide solve" is "amaze slide solve --help": a subcommand word
         * (one that is not an option) goes before --help. */
        if (argc > 4)
            return cli_usage("help", "help", "expected a command and at most one subcommand, not '%s'", argv[4]);
        const bool sub = argc == 4 && argv[3][0] != '-';
        if (argc == 4 && !sub)
            return cli_usage("help", "help", "'%s' is not a subcommand", argv[3]);
        /* Without a subcommand the second "--help" lies past argc and is never read. */
        char *args[] = {argv[2], sub ? argv[3] : (char *)"--help", (char *)"--help", NULL};
        return c->run(sub ? 3 : 2, args);
    }
    /* Only a real command gets the handlers: they name it in "amaze: CMD: interrupted". */
    const cli_command *c = find(name);
    if (c)
        cli_signals_install(c->name);
    if (!c) {
        fprintf(stderr, "amaze: %s: unknown command (see amaze --help)\n", name);
        return CLI_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}
