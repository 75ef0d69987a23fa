/* color.c — tile colours and hill-shading, shared by the terminal and PNG renderers.
 * Colours follow the article's demo: HSL with a hue per tile type and lightness from
 * height (HSL to RGB as in Foley & van Dam, "Computer Graphics", 2nd ed., 13.3.5);
 * hill-shading is Lambert's cosine law on the height surface's normal (Sobel gradient). */
#include <math.h>

#include "amaze/terrain.h"

typedef struct hsl_style {
    double hue, saturation;
} hsl_style;

/* Indexed by amz_tile_type; vegetation has its own. Rock is barely saturated so that
 * peaks go from brown-grey to snow. */
static const hsl_style styles[AMZ_TILE_TYPES] = {
    {210.0, 0.60}, /* water */
    {95.0, 0.45},  /* earth */
    {48.0, 0.60},  /* sand */
    {25.0, 0.15},  /* rock */
};
static const hsl_style vegetation_style = {130.0, 0.55};

static uint8_t channel(double v)
{
    v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return (uint8_t)(v * 255.0 + 0.5);
}

static amz_rgb hsl(double h, double s, double l)
{
    double c = (1.0 - fabs(2.0 * l - 1.0)) * s;
    double hp = h / 60.0;
    double x = c * (1.0 - fabs(fmod(hp, 2.0) - 1.0));
    double r = 0, g = 0, b = 0;
    if (hp < 1) {
        r = c;
        g = x;
    } else if (hp < 2) {
        r = x;
        g = c;
    } else if (hp < 3) {
        g = c;
        b = x;
    } else if (hp < 4) {
        g = x;
        b = c;
    } else if (hp < 5) {
        r = x;
        b = c;
    } else {
        r = c;
        b = x;
    }
    double m = l - c / 2.0;
    amz_rgb out = {channel(r + m), channel(g + m), channel(b + m)};
    return out;
}

amz_rgb amz_tile_color(uint16_t tile, double light)
{
    unsigned type = amz_tile_type_of(tile), h = amz_tile_height_of(tile);
    if (h > AMZ_TILE_HEIGHT_MAX)
        h = AMZ_TILE_HEIGHT_MAX;
    double l = (0.15 + 0.65 * (double)h / AMZ_TILE_HEIGHT_MAX) * light;
    l = l < 0.0 ? 0.0 : l > 1.0 ? 1.0 : l;
    if (type >= AMZ_TILE_TYPES)
        return hsl(0.0, 0.0, l);
    hsl_style st = styles[type];
    if (type == AMZ_TILE_EARTH && amz_tile_vegetation_of(tile)) {
        /* Darker and greener than the bare earth around it, so it stands out. */
        st = vegetation_style;
        l *= 0.8;
    }
    return hsl(st.hue, st.saturation, l);
}

/* Height at (x, y) with neighbours clamped to the edge, or wrapped on a torus. */
static double height_at(const amz_terrain *t, int32_t x, int32_t y)
{
    if (t->options.wrap) {
        x = (x % t->width + t->width) % t->width;
        y = (y % t->height + t->height) % t->height;
    } else {
        x = x < 0 ? 0 : x >= t->width ? t->width - 1 : x;
        y = y < 0 ? 0 : y >= t->height ? t->height - 1 : y;
    }
    return (double)amz_tile_height_of(amz_terrain_tile(t, x, y));
}

double amz_terrain_hillshade(const amz_terrain *t, int32_t x, int32_t y)
{
    if (amz_tile_type_of(amz_terrain_tile(t, x, y)) == AMZ_TILE_WATER)
        return 1.0;
    /* Sobel gradient (3x3, weights 1-2-1): integer heights make the plain central
     * difference speckled. k scales height units to tile widths: 0.25 shows relief
     * without turning slopes black. */
    const double k = 0.25;
    double hx = 0, hy = 0;
    for (int d = -1; d <= 1; d++) {
        double wgt = d == 0 ? 2.0 : 1.0;
        hx += wgt * (height_at(t, x + 1, y + d) - height_at(t, x - 1, y + d));
        hy += wgt * (height_at(t, x + d, y + 1) - height_at(t, x + d, y - 1));
    }
    double dx = k * hx / 8.0, dy = k * hy / 8.0;
    /* Light along (-1, -1, 1): from the north-west, 35 degrees up. n.l over the flat
     * ground's n.l, so that flat land keeps its colour; the 1/sqrt(3) cancels. */
    double f = (dx + dy + 1.0) / sqrt(1.0 + dx * dx + dy * dy);
    return f < 0.45 ? 0.45 : f > 1.45 ? 1.45 : f;
}
