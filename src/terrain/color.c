/* color.c — tile and biome colours and hill-shading, shared by the terminal, the PNG
 * renderer, the terminal view and the web page.
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

/* The biome palette, indexed by amz_biome: muted map colours in the manner of
 * atlases (blue water, sand, greens from dry to wet, white snow). */
static const amz_rgb biome_palette[AMZ_BIOMES] = {
    {128, 128, 128}, /* none */
    {36, 78, 148},   /* ocean */
    {64, 128, 196},  /* lake */
    {230, 214, 160}, /* beach */
    {224, 192, 120}, /* desert */
    {186, 178, 92},  /* savanna */
    {142, 182, 84},  /* grassland */
    {56, 126, 58},   /* forest */
    {24, 96, 44},    /* rainforest */
    {86, 110, 76},   /* swamp */
    {74, 112, 96},   /* taiga */
    {168, 166, 138}, /* tundra */
    {242, 246, 250}, /* snow */
    {132, 122, 112}, /* mountain */
};
static const amz_rgb river_colour = {58, 118, 204};

amz_rgb amz_biome_color(unsigned biome)
{
    return biome < AMZ_BIOMES ? biome_palette[biome] : biome_palette[0];
}

static uint8_t scaled(uint8_t c, double f)
{
    double v = c * f;
    return (uint8_t)(v > 255.0 ? 255 : v + 0.5);
}

amz_rgb amz_tile_biome_color(uint16_t tile, double light)
{
    unsigned b = amz_tile_biome_of(tile), h = amz_tile_height_of(tile);
    if (b == AMZ_BIOME_NONE || b >= AMZ_BIOMES)
        return amz_tile_color(tile, light);
    amz_rgb c = amz_tile_river_of(tile) && b != AMZ_BIOME_OCEAN && b != AMZ_BIOME_LAKE ? river_colour : biome_palette[b];
    /* Deeper water is darker; land brightens a little with height, then the light. */
    double f = b == AMZ_BIOME_OCEAN ? 0.55 + 0.45 * h / 40.0 : 0.85 + 0.3 * h / (double)AMZ_TILE_HEIGHT_MAX;
    f *= light;
    amz_rgb out = {scaled(c.r, f), scaled(c.g, f), scaled(c.b, f)};
    return out;
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
