/* cmd_render.c — `amaze render`: draw a maze read from a file as text art (the maze
 * writers of output.c) or as a PNG, SVG or PDF picture (render_image.c, on
 * libamaze-render). The geometry and its limits are amaze/image.h's, quoted in the help. */
#include <getopt.h>
#include <string.h>

#include "cli/cli.h"

static const char help[] =
    "Usage: amaze render [options] [FILE]\n"
    "Draw a maze (.amz, JSON or text art; FILE '-' or none = standard input) as text\n"
    "or as a PNG, SVG or PDF picture.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE        write to FILE instead of standard output; a .png,\n"
    "                           .svg or .pdf name asks for that picture format\n"
    "      --format FMT         text, png, svg or pdf (default: from the -o\n"
    "                           extension, else text)\n"
    "      --solution           draw the solution if the maze has one (default)\n"
    "      --no-solution        do not draw the solution\n"
    "      --max-memory SIZE    refuse inputs that would need more memory (like 2G)\n"
    "  -q, --quiet              no progress bar (shown on a terminal while a big PNG\n"
    "                           is written row by row)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Text (flat square and hex mazes):\n"
    "      --style STYLE        ascii (default: +--+ and | walls), unicode (box\n"
    "                           drawing) or blocks (the JS1K picture, one character\n"
    "                           per block)\n"
    "      --color WHEN         auto (default: on a terminal), always or never\n"
    "\n"
    "Pictures (every grid; removed cells are left out):\n"
    "      --cell PX            cell size, 2..1024 (hex 4..1024); default: the grid\n"
    "                           drawn 2048 px on its longer side, at most 16 (hex 20,\n"
    "                           triangle 24: the same area), at least 2 (hex 4)\n"
    "      --wall PX            wall thickness, 1..cell-1 (default cell/8, at least\n"
    "                           1)\n"
    "      --margin PX          space around the maze, 0..4096 (default cell/2)\n"
    "      --colors LIST        NAME=COLOUR,... with NAME one of background (bg),\n"
    "                           wall, floor, path, start, goal and COLOUR #rgb,\n"
    "                           #rrggbb, #rrggbbaa, a name (red) or none; default\n"
    "                           look: wall=#122,floor=#eff,path=#d21,\n"
    "                           start=#4c6,goal=#5af,bg=#fff\n"
    "      --distances          colour each cell by its distance from the start (heat\n"
    "                           map)\n"
    "      --no-openings        no gaps in the outer wall at a start or goal on the\n"
    "                           border\n"
    "      --page SIZE          PDF only: an a4 or letter page, the maze centred and\n"
    "                           scaled to fit, with a caption (size, algorithm, seed)\n"
    "      --stream             write the PNG row by row even if it is small\n"
    "      --answer-key         the puzzle and its solved copy (solved here if the\n"
    "                           maze has no solution): two PDF pages, or FILE.png\n"
    "                           and FILE-key.png (likewise .svg)\n"
    "\n"
    "Huge mazes: a square-maze PNG larger than 64 Mpx (8192x8192) or 32767 px on a\n"
    "side is written row by row in the block style in bounded memory (a WxH maze at\n"
    "the default 2 px cells is (2W+3)x(2H+3) px: 2 px a cell, a 1 px wall and a 1 px\n"
    "margin each side; 20000x20000 gives 40003x40003). Other grids must fit 64 Mpx;\n"
    "SVG and PDF allow 1 Mi cells (1024x1024).\n"
    "\n"
    "S marks the start, G the goal, '.' (or '•' in unicode) the solution. Every text\n"
    "style reads back as input to amaze solve, render and stats.\n"
    "\n"
    "Examples:\n"
    "  amaze generate -s 30x20 --seed 7 | amaze solve - | amaze render - -o maze.png\n"
    "  amaze render maze.amz --page a4 -o maze.pdf\n"
    "  amaze render maze.amz --page letter --answer-key -o maze.pdf\n";

/* `amaze render [FILE]`: the output format, a picture option given for text, for text
 * art the style and colour, and for pictures --colors and --page are refused (usage,
 * exit 2) before the maze is read. A maze
 * that cannot be read, a picture past --max-memory and a failed write are CLI_FAIL
 * (exit 1). --style and --color with a picture are a usage error, as picture
 * options with text art are. */
int cmd_render(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"style", required_argument, NULL, 'y'},  {"solution", no_argument, NULL, 'P'},
        {"no-solution", no_argument, NULL, 'N'},  {"color", required_argument, NULL, 'c'},
        {"output", required_argument, NULL, 'o'}, {"format", required_argument, NULL, 'F'},
        {"max-memory", required_argument, NULL, 'M'}, {"help", no_argument, NULL, 'h'},
        {"cell", required_argument, NULL, 1},     {"wall", required_argument, NULL, 2},
        {"margin", required_argument, NULL, 3},   {"colors", required_argument, NULL, 4},
        {"distances", no_argument, NULL, 5},      {"page", required_argument, NULL, 6},
        {"no-openings", no_argument, NULL, 7},    {"stream", no_argument, NULL, 8},
        {"quiet", no_argument, NULL, 'q'},        {"answer-key", no_argument, NULL, 9},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "render";
    uint64_t max_memory = 0;
    cli_output out = {0};
    cli_image_args img;
    cli_image_args_init(&img);
    bool picture_only = false, text_only = false;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'y': out.style = optarg; text_only = true; break;
        case 'P': out.no_solution = img.no_solution = false; break;
        case 'N': out.no_solution = img.no_solution = true; break;
        case 'c': out.color = optarg; text_only = true; break;
        case 'o': out.path = optarg; break;
        case 'F': out.format = optarg; break;
        case 'M': if ((rc = cli_parse_max_memory(cmd, optarg, &max_memory))) return rc; break;
        /* The widest ranges only: the layout (amz_image_layout_get) refuses what depends on
         * the grid, hex cells below 4 px and a wall not thinner than the cell. */
        case 1: if ((rc = cli_parse_int_range(cmd, "--cell", optarg, 2, 1024, &img.cell))) return rc; picture_only = true; break;
        case 2: if ((rc = cli_parse_int_range(cmd, "--wall", optarg, 1, 1023, &img.wall))) return rc; picture_only = true; break;
        case 3: if ((rc = cli_parse_int_range(cmd, "--margin", optarg, 0, 4096, &img.margin))) return rc; picture_only = true; break;
        case 4: img.colors = optarg; picture_only = true; break;
        case 5: img.distances = true; picture_only = true; break;
        case 6: img.page = optarg; picture_only = true; break;
        case 7: img.no_openings = true; picture_only = true; break;
        case 8: img.stream = true; picture_only = true; break;
        case 9: img.answer_key = true; picture_only = true; break;
        case 'q': img.quiet = true; break;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    /* Text art, or a picture: the same output rule as every command. picture_of maps a
     * format's index to the image writer; entry 0 (text) is never read. */
    static const cli_format fmts[] = {
        {"text", ".txt", false}, {"png", ".png", true}, {"svg", ".svg", false}, {"pdf", ".pdf", true}};
    static const amz_image_format picture_of[] = {AMZ_IMAGE_PNG, AMZ_IMAGE_PNG, AMZ_IMAGE_SVG, AMZ_IMAGE_PDF};
    const char *input;
    int k;
    if ((rc = cli_input(cmd, argc, argv, optind, &input)) ||
        (rc = cli_output_format(cmd, out.path, out.format, fmts, 4, 0, &k)))
        return rc;
    const bool picture = k > 0;
    if (!picture && picture_only)
        return cli_usage(cmd, cmd, "picture options need a picture: -o FILE.png|.svg|.pdf or --format png|svg|pdf");
    if (picture && text_only)
        return cli_usage(cmd, cmd, "--style and --color are for text art, not pictures (pictures take --colors)");
    /* Text art whatever stdout is: render never writes .amz, which cli_output_check
     * would otherwise pick for a pipe. (Unused for a picture.) */
    out.format = "text";
    if (!picture && (rc = cli_output_check(cmd, &out)))
        return rc;
    /* --colors and --page are checked here too, so that a bad one is refused before
     * the maze is read (cli_render_image parses them again, cheaply). */
    amz_image_options early;
    if (picture && (rc = cli_image_options(cmd, &img, &early)))
        return rc;
    amz_maze m;
    amz_format in_fmt;
    if ((rc = cli_load_maze(input, max_memory, &m, &in_fmt)))
        return rc;
    /* Text art over its own text file is safe (read whole first, replaced atomically);
     * anything else over the input would destroy it. */
    if (!(rc = cli_output_not_input(cmd, input, out.path, !picture && in_fmt == AMZ_FORMAT_TEXT)))
        rc = picture ? cli_render_image(cmd, &m, picture_of[k], out.path, &img, max_memory) : cli_write_maze(cmd, &m, &out);
    amz_maze_deinit(&m);
    return rc;
}
