/* imgtest.h — decoding helpers for the picture tests, written straight on libpng and
 * giflib (not on the library's own readers), so a test checks amaze's output against an
 * independent decoder. Header-only: included by the tests that need it. */
#ifndef AMZ_IMGTEST_H
#define AMZ_IMGTEST_H

#include <gif_lib.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An RGBA image, 4 bytes a pixel. */
typedef struct tu_image {
    int w, h;
    uint8_t *px;
} tu_image;

static inline void tu_image_free(tu_image *im)
{
    free(im->px);
    im->px = NULL;
}

static inline const uint8_t *tu_px(const tu_image *im, int x, int y)
{
    return im->px + ((size_t)y * (size_t)im->w + (size_t)x) * 4;
}

/* Decodes the PNG file at path with libpng's simplified API; false on failure. */
static inline bool tu_png_load(const char *path, tu_image *out)
{
    memset(out, 0, sizeof *out);
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path))
        return false;
    img.format = PNG_FORMAT_RGBA;
    out->w = (int)img.width;
    out->h = (int)img.height;
    out->px = malloc(PNG_IMAGE_SIZE(img));
    if (!out->px || !png_image_finish_read(&img, NULL, out->px, 0, NULL)) {
        png_image_free(&img);
        free(out->px);
        out->px = NULL;
        return false;
    }
    return true;
}

/* Same, from memory. */
static inline bool tu_png_load_mem(const void *data, size_t len, tu_image *out)
{
    memset(out, 0, sizeof *out);
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, data, len))
        return false;
    img.format = PNG_FORMAT_RGBA;
    out->w = (int)img.width;
    out->h = (int)img.height;
    out->px = malloc(PNG_IMAGE_SIZE(img));
    if (!out->px || !png_image_finish_read(&img, NULL, out->px, 0, NULL)) {
        png_image_free(&img);
        free(out->px);
        out->px = NULL;
        return false;
    }
    return true;
}

/* Writes an RGBA image as PNG with libpng's simplified API. */
static inline bool tu_png_save(const char *path, const tu_image *im)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = (png_uint_32)im->w;
    img.height = (png_uint_32)im->h;
    img.format = PNG_FORMAT_RGBA;
    return png_image_write_to_file(&img, path, 0, im->px, 0, NULL) != 0;
}

/* Pixel colour equals 0xRRGGBB (opaque). */
static inline bool tu_px_is(const tu_image *im, int x, int y, uint32_t rgb)
{
    const uint8_t *p = tu_px(im, x, y);
    return p[0] == (rgb >> 16 & 0xff) && p[1] == (rgb >> 8 & 0xff) && p[2] == (rgb & 0xff) && p[3] == 255;
}

static inline uint32_t tu_px_rgb(const tu_image *im, int x, int y)
{
    const uint8_t *p = tu_px(im, x, y);
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* A decoded GIF: every frame composited onto the canvas as a viewer shows it. */
typedef struct tu_gif {
    int w, h, nframes;
    tu_image *frames;       /* composited RGBA frames */
    int *delays;            /* centiseconds */
    int *rx, *ry, *rw, *rh; /* each frame's stored rectangle */
    bool loops;             /* has a NETSCAPE2.0 loop extension */
} tu_gif;

static inline void tu_gif_free(tu_gif *g)
{
    for (int i = 0; i < g->nframes; i++)
        tu_image_free(&g->frames[i]);
    free(g->frames);
    free(g->delays);
    free(g->rx);
    free(g->ry);
    free(g->rw);
    free(g->rh);
}

static inline bool tu_gif_load(const char *path, tu_gif *out)
{
    int err = 0;
    memset(out, 0, sizeof *out);
    GifFileType *gif = DGifOpenFileName(path, &err);
    if (!gif)
        return false;
    if (DGifSlurp(gif) != GIF_OK) {
        DGifCloseFile(gif, &err);
        return false;
    }
    memset(out, 0, sizeof *out);
    out->w = gif->SWidth;
    out->h = gif->SHeight;
    out->nframes = gif->ImageCount;
    out->frames = calloc((size_t)gif->ImageCount, sizeof(tu_image));
    out->delays = calloc((size_t)gif->ImageCount, sizeof(int));
    out->rx = calloc((size_t)gif->ImageCount, sizeof(int));
    out->ry = calloc((size_t)gif->ImageCount, sizeof(int));
    out->rw = calloc((size_t)gif->ImageCount, sizeof(int));
    out->rh = calloc((size_t)gif->ImageCount, sizeof(int));
    size_t npx = (size_t)out->w * (size_t)out->h * 4;
    uint8_t *canvas = calloc(npx, 1);
    for (int i = 0; i < gif->ImageCount; i++) {
        SavedImage *si = &gif->SavedImages[i];
        GraphicsControlBlock gcb;
        if (DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK)
            out->delays[i] = gcb.DelayTime;
        for (int k = 0; k < si->ExtensionBlockCount; k++)
            if (si->ExtensionBlocks[k].Function == APPLICATION_EXT_FUNC_CODE &&
                si->ExtensionBlocks[k].ByteCount == 11 && memcmp(si->ExtensionBlocks[k].Bytes, "NETSCAPE2.0", 11) == 0)
                out->loops = true;
        ColorMapObject *map = si->ImageDesc.ColorMap ? si->ImageDesc.ColorMap : gif->SColorMap;
        int fx = si->ImageDesc.Left, fy = si->ImageDesc.Top, fw = si->ImageDesc.Width, fh = si->ImageDesc.Height;
        out->rx[i] = fx, out->ry[i] = fy, out->rw[i] = fw, out->rh[i] = fh;
        for (int y = 0; y < fh; y++)
            for (int x = 0; x < fw; x++) {
                GifByteType ix = si->RasterBits[y * fw + x];
                uint8_t *p = canvas + ((size_t)(fy + y) * (size_t)out->w + (size_t)(fx + x)) * 4;
                p[0] = map->Colors[ix].Red;
                p[1] = map->Colors[ix].Green;
                p[2] = map->Colors[ix].Blue;
                p[3] = 255;
            }
        out->frames[i].w = out->w;
        out->frames[i].h = out->h;
        out->frames[i].px = malloc(npx);
        memcpy(out->frames[i].px, canvas, npx);
    }
    free(canvas);
    DGifCloseFile(gif, &err);
    return true;
}

/* Reads a whole file into memory (caller frees); NULL on failure. */
static inline uint8_t *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

#endif
