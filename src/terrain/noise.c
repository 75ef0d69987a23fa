/* noise.c — endless worlds: fractal Brownian motion of 2D gradient noise, in integers,
 * as a pure function of (seed, x, y). Gradient noise after Perlin, "An image
 * synthesizer" (SIGGRAPH 1985) with the quintic fade of "Improving noise" (SIGGRAPH
 * 2002); octaves summed as in Musgrave's fBm (Ebert et al., "Texturing and Modeling",
 * 3rd ed., ch. 16). Integer arithmetic keeps every machine's worlds identical, and a
 * row is evaluated lattice cell by lattice cell, so each cell's four gradients are
 * hashed once for all the tiles it covers. */
#include "amaze/terrain.h"
#include "terrain/terrain_impl.h"

/* Eight gradient directions, picked by the top 3 bits of a lattice point's hash. */
static const int8_t grad_x[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int8_t grad_y[8] = {0, 0, 1, -1, 1, 1, -1, -1};

/* floor(v / 2^s) for any sign (>> of a negative number is implementation-defined). */
static inline int64_t floor_shift(int64_t v, int s)
{
    return v >= 0 ? v >> s : -((-v - 1) >> s) - 1;
}

/* 6u^5 - 15u^4 + 10u^3 for u in [0, 1), in 16.16 fixed point: 0 -> 0, rising to 65536.
 * Exact integer steps, so the same on every machine. */
static inline int64_t fade(int64_t u)
{
    int64_t u2 = (u * u) >> 16, u3 = (u2 * u) >> 16;
    int64_t inner = ((u * (6 * u - 15 * 65536)) >> 16) + 10 * 65536;
    return (u3 * inner) >> 16;
}

static inline int64_t lerp(int64_t a, int64_t b, int64_t f)
{
    return a + (((b - a) * f) >> 16);
}

/* Adds amp * noise of one octave (wavelength 2^s tiles, key) over the row to acc. */
static void octave_row(int64_t *acc, int64_t x0, int64_t y, int32_t n, int s, uint64_t key, int64_t amp)
{
    /* Lattice coordinates may be negative: scaled by multiplying (shifting a negative
     * value left is undefined in C), offsets within a cell are never negative. */
    int64_t cell = (int64_t)1 << s;
    int64_t cy = floor_shift(y, s);
    int64_t fy = (y - cy * cell) << (16 - s); /* 0..65535: position in the cell */
    int64_t fade_y = fade(fy);
    int64_t i = 0;
    while (i < n) {
        int64_t x = x0 + i, cx = floor_shift(x, s);
        /* Tiles of this row inside lattice cell cx. */
        int64_t end = (cx + 1) * cell - x0;
        if (end > n)
            end = n;
        unsigned g00 = (unsigned)(terrain_hash(key, cx, cy) >> 61), g10 = (unsigned)(terrain_hash(key, cx + 1, cy) >> 61);
        unsigned g01 = (unsigned)(terrain_hash(key, cx, cy + 1) >> 61);
        unsigned g11 = (unsigned)(terrain_hash(key, cx + 1, cy + 1) >> 61);
        /* Each corner's dot product is linear in the tile's x offset fx:
         * d = gx * (fx - cornerx) + gy * (fy - cornery). */
        int64_t b00 = grad_y[g00] * fy, b10 = grad_y[g10] * fy - grad_x[g10] * 65536;
        int64_t b01 = grad_y[g01] * (fy - 65536), b11 = grad_y[g11] * (fy - 65536) - grad_x[g11] * 65536;
        for (; i < end; i++) {
            int64_t fx = (x0 + i - cx * cell) << (16 - s), fade_x = fade(fx);
            int64_t d00 = grad_x[g00] * fx + b00, d10 = grad_x[g10] * fx + b10;
            int64_t d01 = grad_x[g01] * fx + b01, d11 = grad_x[g11] * fx + b11;
            int64_t v = lerp(lerp(d00, d10, fade_x), lerp(d01, d11, fade_x), fade_y);
            acc[i] += amp * v;
        }
    }
}

/* log2 of a power of two. */
static int log2_exact(int32_t p)
{
    int s = 0;
    while ((1 << s) < p)
        s++;
    return s;
}

void amz_terrain_fbm(int32_t *out, int64_t x, int64_t y, int32_t width, const amz_terrain_options *o)
{
    /* The sum goes through out as int64 pairs would need memory: accumulate per chunk
     * of 256 tiles on the stack instead. */
    enum { CHUNK = 256 };
    int64_t acc[CHUNK];
    int s0 = log2_exact(o->period);
    int64_t amps[16], total = 0;
    int octaves = 0;
    double amp = 4096;
    for (int k = 0; k < o->octaves && k < 16 && s0 - k >= 1; k++) {
        amps[k] = (int64_t)amp;
        total += amps[k];
        octaves++;
        amp *= o->roughness;
    }
    if (total == 0)
        total = 1;
    for (int32_t c = 0; c < width; c += CHUNK) {
        int32_t n = width - c < CHUNK ? width - c : CHUNK;
        for (int32_t i = 0; i < n; i++)
            acc[i] = 0;
        for (int k = 0; k < octaves; k++)
            octave_row(acc, x + c, y, n, s0 - k, amz_terrain_key(o->seed + (uint64_t)k, SALT_FBM), amps[k]);
        /* A noise value is at most about 65536 in magnitude; the weighted mean is
         * halved into int16 range and clamped there. */
        for (int32_t i = 0; i < n; i++) {
            int64_t v = acc[i] / total / 2;
            out[c + i] = (int32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
        }
    }
}

/* The fixed height rule of fbm worlds: noise values rarely pass +-3/4 of their range,
 * so that part is stretched over the 16-bit heights and the rest clamped. */
void terrain_fbm_h16(uint16_t *out, int32_t *tmp, int64_t x, int64_t y, int32_t n, const amz_terrain_options *o)
{
    amz_terrain_fbm(tmp, x, y, n, o);
    for (int32_t i = 0; i < n; i++) {
        int32_t h = 32768 + tmp[i] * 8 / 3;
        out[i] = (uint16_t)(h < 0 ? 0 : h > 65535 ? 65535 : h);
    }
}

/* The working heights are the 16-bit ones' top 12 bits, as the generator's reduction
 * after erosion makes them: chunks and windows must agree bit for bit. */
void terrain_fbm_h12(uint16_t *out, int32_t *tmp, int64_t x, int64_t y, int32_t n, const amz_terrain_options *o)
{
    terrain_fbm_h16(out, tmp, x, y, n, o);
    for (int32_t i = 0; i < n; i++)
        out[i] = (uint16_t)(out[i] >> 4);
}
