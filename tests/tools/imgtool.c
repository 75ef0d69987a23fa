/* imgtool.c — test helper for the CLI scripts' picture checks, on libpng and zlib (not
 * on amaze):
 *   imgtool claim OUT W H [interlace]   a PNG header claiming W x H grey pixels, with a
 *                                        10-byte IDAT: what a hostile file needs
 *   imgtool plain OUT W H [interlace]   a real W x H 1-bit white PNG with a black frame
 *   imgtool ppm2png IN OUT               a binary PPM (P6, 8-bit) as an RGB PNG
 *   imgtool peak FILE CMD [ARGS...]      runs CMD, writes its peak resident size in KB
 *                                        (getrusage of the child) to FILE, exits as CMD */
#define _DEFAULT_SOURCE /* wait4 */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

static void put32(FILE *f, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8),
                          (unsigned char)v};
    fwrite(b, 1, 4, f);
}

static void chunk(FILE *f, const char *type, const unsigned char *data, uint32_t len)
{
    put32(f, len);
    fwrite(type, 1, 4, f);
    if (len)
        fwrite(data, 1, len, f);
    uLong crc = crc32(0, (const Bytef *)type, 4);
    put32(f, (uint32_t)crc32(crc, data, len));
}

static int claim(const char *out, uint32_t w, uint32_t h, int interlace)
{
    FILE *f = fopen(out, "wb");
    if (!f)
        return 1;
    fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
    unsigned char ihdr[13] = {0};
    for (int i = 0; i < 4; i++) {
        ihdr[i] = (unsigned char)(w >> (24 - 8 * i));
        ihdr[4 + i] = (unsigned char)(h >> (24 - 8 * i));
    }
    ihdr[8] = 8, ihdr[12] = (unsigned char)interlace;
    chunk(f, "IHDR", ihdr, 13);
    unsigned char idat[10] = {0x78, 0x01};
    chunk(f, "IDAT", idat, 10);
    chunk(f, "IEND", NULL, 0);
    return fclose(f) != 0;
}

static int plain(const char *out, uint32_t w, uint32_t h, int interlace)
{
    FILE *f = fopen(out, "wb");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!f || !png || !info || setjmp(png_jmpbuf(png)))
        return 1;
    png_init_io(png, f);
    png_set_compression_level(png, 9);
    png_set_IHDR(png, info, w, h, 1, PNG_COLOR_TYPE_GRAY, interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t rb = (w + 7) / 8;
    unsigned char *edge = calloc(rb, 1), *mid = malloc(rb);
    memset(mid, 0xff, rb);
    mid[0] &= 0x7f;                                   /* black first pixel */
    mid[(w - 1) / 8] &= (unsigned char)~(0x80 >> ((w - 1) % 8)); /* and last */
    int passes = png_set_interlace_handling(png);
    for (int p = 0; p < passes; p++)
        for (uint32_t y = 0; y < h; y++)
            png_write_row(png, y == 0 || y + 1 == h ? edge : mid);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(edge);
    free(mid);
    return fclose(f) != 0;
}

static int ppm2png(const char *in, const char *out)
{
    FILE *f = fopen(in, "rb");
    unsigned w, h, max;
    if (!f || fscanf(f, "P6 %u %u %u", &w, &h, &max) != 3 || max != 255 || fgetc(f) == EOF)
        return 1;
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = w, img.height = h, img.format = PNG_FORMAT_RGB;
    unsigned char *px = malloc((size_t)w * h * 3);
    if (!px || fread(px, 3, (size_t)w * h, f) != (size_t)w * h)
        return 1;
    fclose(f);
    int ok = png_image_write_to_file(&img, out, 0, px, 0, NULL);
    free(px);
    return !ok;
}

static int peak(const char *file, char **argv)
{
    pid_t pid = fork();
    if (pid < 0)
        return 125;
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0)
        return 125;
    FILE *f = fopen(file, "w");
    if (!f)
        return 125;
    fprintf(f, "%ld\n", ru.ru_maxrss);
    fclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
    if (argc >= 5 && (strcmp(argv[1], "claim") == 0 || strcmp(argv[1], "plain") == 0)) {
        uint32_t w = (uint32_t)strtoul(argv[3], NULL, 10), h = (uint32_t)strtoul(argv[4], NULL, 10);
        int il = argc > 5 && strcmp(argv[5], "interlace") == 0;
        return argv[1][0] == 'c' ? claim(argv[2], w, h, il) : plain(argv[2], w, h, il);
    }
    if (argc == 4 && strcmp(argv[1], "ppm2png") == 0)
        return ppm2png(argv[2], argv[3]);
    if (argc >= 4 && strcmp(argv[1], "peak") == 0)
        return peak(argv[2], argv + 3);
    fprintf(stderr, "usage: imgtool claim|plain OUT W H [interlace] | ppm2png IN OUT | peak FILE CMD...\n");
    return 2;
}
