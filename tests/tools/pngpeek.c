/* pngpeek.c — test helper for the CLI scripts: decodes a PNG with libpng (not with
 * amaze) and prints "WIDTH HEIGHT", then "R G B" for each X,Y argument.
 *   pngpeek FILE [X,Y ...]    exit 1 if the file is not a readable 8-bit RGB PNG */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: pngpeek FILE [X,Y ...]\n");
        return 2;
    }
    png_image img = {0};
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, argv[1])) {
        fprintf(stderr, "pngpeek: %s: %s\n", argv[1], img.message);
        return 1;
    }
    img.format = PNG_FORMAT_RGB;
    png_bytep px = malloc(PNG_IMAGE_SIZE(img));
    if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        fprintf(stderr, "pngpeek: %s: %s\n", argv[1], img.message);
        free(px);
        return 1;
    }
    printf("%u %u\n", img.width, img.height);
    for (int i = 2; i < argc; i++) {
        unsigned x, y;
        if (sscanf(argv[i], "%u,%u", &x, &y) != 2 || x >= img.width || y >= img.height) {
            fprintf(stderr, "pngpeek: bad pixel '%s'\n", argv[i]);
            free(px);
            return 2;
        }
        png_bytep p = px + ((size_t)y * img.width + x) * 3;
        printf("%u %u %u\n", p[0], p[1], p[2]);
    }
    free(px);
    return 0;
}
