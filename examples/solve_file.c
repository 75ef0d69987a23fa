/* solve_file.c — load a maze file (.amz, JSON or text art), solve it with breadth-first
 * search, and print the shortest path as one "x,y" cell per line.
 *
 *   solve_file MAZE        (MAZE "-" reads standard input)
 */
#include <stdio.h>

#include <amaze.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: solve_file MAZE\n");
        return 2;
    }
    amz_error err;
    amz_maze maze;
    /* The loader sniffs the format; NULL options mean no memory limit. */
    amz_status st = amz_io_load(argv[1], &maze, NULL, NULL, &err);
    if (st != AMZ_OK) {
        fprintf(stderr, "solve_file: %s\n", err.msg);
        return 1;
    }

    /* Solve from the maze's start to its goal; the path is a list of moves. */
    amz_solve_result result;
    st = amz_solve_run(&maze, "bfs", maze.start, maze.goal, NULL, NULL, &result, &err);
    if (st != AMZ_OK) {
        fprintf(stderr, "solve_file: %s\n", err.msg);
        amz_maze_deinit(&maze);
        return 1;
    }

    /* Walk the moves to print the cells; amz_path_cells would fill an array instead. */
    amz_cell cell = result.path.start;
    for (uint64_t i = 0;; i++) {
        int32_t x, y;
        amz_maze_cell_xy(&maze, cell, &x, &y);
        printf("%d,%d\n", x, y);
        if (i == result.path.len)
            break;
        cell = amz_maze_neighbor(&maze, cell, result.path.dirs[i]);
    }
    fprintf(stderr, "solve_file: %llu moves, %llu cells explored\n", (unsigned long long)result.path.len,
            (unsigned long long)result.explored);

    amz_path_deinit(&result.path);
    amz_maze_deinit(&maze);
    return 0;
}
