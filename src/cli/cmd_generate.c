/* cmd_generate.c — `amaze generate`: make a maze with a registered generator and write it
 * as .amz, JSON or text art, or row by row with --stream (gen_stream.c). The maze options
 * are maze_args.c's, shared with animate, book and play; this file adds the output ones. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/maze_args.h"

/* The help in parts: the maze sections are the ones animate and book print too. */
static const char *const help[] = {
    "Usage: amaze generate [options]\n"
    "Make a random maze and write it (by default to standard output).\n"
    "\n"
    "Maze:\n"
    "  -s, --size WxH           width x height in cells (default 20x10)\n"
    ,
    CLI_MAZE_HELP,
    CLI_MAZE_TARGET_HELP,
    "\n"
    "Output:\n"
    "  -o, --output FILE        write to FILE ('-' = standard output), replaced\n"
    "                           atomically\n"
    "      --format FMT         amz, json or text (default: from the -o extension\n"
    "                           .amz, .json or .txt; else text on a terminal, amz\n"
    "                           otherwise)\n"
    "      --style STYLE        text style: ascii (default), unicode or blocks\n"
    CLI_GRAPH_HELP
    "      --color WHEN         colour text output: auto (default), always or never\n"
    "      --max-memory SIZE    refuse to start if the maze would need more (like\n"
    "                           2G); default: 90% of the available memory\n"
    "      --stream             row generators (see --list-algorithms), square grids:\n"
    "                           write each row as it is made, in memory that follows\n"
    "                           the width only, to a .amz file (streamed-rows layout)\n"
    "                           or a block-style PNG (-o FILE.amz|FILE.png, --format\n"
    "                           amz|png, or a pipe); the same maze as without\n"
    "                           --stream\n"
    "  -q, --quiet              no progress bar (shown on a terminal for long runs)\n"
    "      --list-algorithms    list the generators and exit\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "docs/ALGORITHMS.md describes each generator: texture, bias, memory and speed.\n",
    NULL};

/* One line per generator: name, the topologies it runs on, summary, then what it works
 * on and takes: the grid options (levels, wrap, weave), masks, its own options. The
 * buffers fit the registry's longest lists: all five topology names are 33 characters,
 * every generator option and --stream 60, the three grid flags 24. */
static void list_algorithms(void)
{
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        char topo[64] = "", takes[96] = "", grids[40] = "";
        for (int t = 0; t < AMZ_TOPO_COUNT; t++)
            if (amz_gen_supports(g, (amz_topology)t)) {
                if (topo[0])
                    strcat(topo, ",");
                strcat(topo, amz_topology_name((amz_topology)t));
            }
        size_t n = 0;
        for (int b = 0; b < AMZ_GEN_OPTIONS; b++)
            if (g->options & (1u << b))
                n += (size_t)snprintf(takes + n, sizeof takes - n, " --%s", amz_gen_option_name(1u << b));
        if (g->rows && n < sizeof takes)
            snprintf(takes + n, sizeof takes - n, " --stream");
        snprintf(grids, sizeof grids, "%s%s%s", g->grids & AMZ_GEN_LEVELS ? " --levels" : "",
                 g->grids & AMZ_GEN_WRAP ? " --wrap" : "", g->grids & AMZ_GEN_WEAVE ? " --weave" : "");
        printf("%-19s %-32s %s%s", g->name, topo, g->summary, g->masks ? "" : " [no masks]");
        if (grids[0])
            printf(" [grids%s]", grids);
        if (takes[0])
            printf(" [takes%s]", takes);
        printf("\n");
    }
}

/* `amaze generate`: options and pairs of options are refused as usage errors (exit 2)
 * before any work; what only the grid can tell (a --start or --goal that is no cell, a
 * bad mask file), the memory guard, a generator failure and a failed write are CLI_FAIL
 * (exit 1). Each refusal is one "amaze: <what>: <why>" line on standard error. */
int cmd_generate(int argc, char **argv)
{
    static const struct option longopts[] = {
        CLI_MAZE_LONGOPTS,
        CLI_MAZE_TARGET_LONGOPTS,
        {"output", required_argument, NULL, 'o'},     {"format", required_argument, NULL, 'F'},
        {"graph", no_argument, NULL, CLI_OPT_GRAPH},
        {"style", required_argument, NULL, 'y'},      {"color", required_argument, NULL, 'c'},
        {"max-memory", required_argument, NULL, 'M'}, {"list-algorithms", no_argument, NULL, 'L'},
        {"stream", no_argument, NULL, 'T'},           {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},             {NULL, 0, NULL, 0},
    };
    const char *cmd = "generate";
    uint64_t max_memory = 0;
    bool stream = false, quiet = false;
    cli_maze_args a;
    cli_maze_args_init(&a, 20, 10);
    cli_output out = {0};
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:o:qh", longopts, NULL)) != -1) {
        /* The maze options first: the shared parser claims its codes (CLI_NOT_MINE for the
         * rest), so that they are spelt and refused alike in every command taking them. */
        if ((rc = cli_maze_parse(cmd, &a, c, optarg)) != CLI_NOT_MINE) {
            if (rc)
                return rc;
            continue;
        }
        switch (c) {
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
        case CLI_OPT_GRAPH: out.graph = true; break;
        case 'y': out.style = optarg; break;
        case 'c': out.color = optarg; break;
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        case 'T': stream = true; break;
        case 'q': quiet = true; break;
        case 'L': list_algorithms(); return CLI_OK;
        case 'h': cli_print_help_parts(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);
    if ((rc = cli_maze_check(cmd, &a)))
        return rc;
    /* --stream has its own output rule (.amz or PNG, checked in gen_stream.c), so the maze
     * output rule below is for the in-memory path only. */
    if (stream && out.graph)
        return cli_usage(cmd, "--graph", "--stream writes .amz or PNG, not JSON");
    if (stream)
        return cli_generate_stream(cmd, &a, &out, max_memory, quiet);
    /* Text art draws flat square and hex grids (and unicode weaves) only: refused here,
     * before the maze is made, rather than by the writer after the work. */
    if ((rc = cli_output_check(cmd, &out)) ||
        (out.fmt == AMZ_FORMAT_TEXT && (rc = cli_maze_text(cmd, &a, out.text.style))))
        return rc;

    amz_maze m;
    /* Not watched: the generator gets no step observer (the progress bar asks for
     * PROGRESS only), so the plain memory estimate applies. m is initialised on success. */
    if ((rc = cli_maze_prepare(cmd, &a, max_memory, false, &m)))
        return rc;
    if ((rc = cli_maze_generate(cmd, &a, &m, quiet)) == CLI_OK)
        rc = cli_write_maze(cmd, &m, &out);
    amz_maze_deinit(&m);
    return rc;
}
