/* noise.c — endless worlds: fractal Brownian motion of 2D gradient noise, in integers,
 * as a pure function of (seed, x, y). Gradient noise after Perlin, "An image
 * synthesizer" (SIGGRAPH 1985) with the quintic fade of "Improving noise" (SIGGRAPH
 * 2002); octaves summed as in Musgrave's fBm (Ebert et al., "Texturing and Modeling",
 * 3rd ed., ch. 16). Integer arithmetic keeps every machine's worlds identical, and a
 * row is evaluated lattice cell by lattice cell, so each cell's four gradients are
 * hashed once for all the tiles it covers. */
#include <string.h>

#include "amaze/terrain.h"
#include "core/inline.h"
#include "terrain/terrain_impl.h"

/* Eight gradient directions, picked by the top 3 bits of a lattice point's hash. */
static const int8_t grad_x[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int8_t grad_y[8] = {0, 0, 1, -1, 1, 1, -1, -1};

/* floor(v / 2^s) for any sign (>> of a negative number is implementation-defined). */
static ALWAYS_INLINE int64_t floor_shift(int64_t v, int s)
{
    return v >= 0 ? v >> s : -((-v - 1) >> s) - 1;
}

/* 6u^5 - 15u^4 + 10u^3 for u in [0, 1), in 16.16 fixed point: 0 -> 0, rising to 65535.
 * Exact integer steps, so the same on every machine, and all in 32 bits so a row
 * vectorises: u*u < 2^32, and floor(u(6u - 15*2^16) / 2^16) is split as
 * floor(6u^2 / 2^16) - 15u with u^2's halves taken apart (the last product stays
 * below 2^32 for every u, checked in tests/unit/test_terrain_fbm.c against the
 * 64-bit form). */
static ALWAYS_INLINE int32_t fade(int32_t x)
{
    uint32_t u = (uint32_t)x, uu = u * u, u2 = uu >> 16, u3 = (u2 * u) >> 16;
    uint32_t inner = 6 * u2 + ((6 * (uu & 0xffffu)) >> 16) + 10 * 65536u - 15 * u;
    return (int32_t)((u3 * inner) >> 16);
}

/* a + floor((b - a) f / 2^16) for f in [0, 65535] and |b - a| < 2^20, in 32 bits:
 * f's two bytes multiply apart, and floor((q 2^8 + p) / 2^16) = (q + (p >> 8)) >> 8. */
static ALWAYS_INLINE int32_t lerp(int32_t a, int32_t b, int32_t f)
{
    int32_t d = b - a;
    return a + ((d * (f >> 8) + ((d * (f & 255)) >> 8)) >> 8);
}

/* The fade of each tile's x offset in its lattice cell (wavelength 2^s), tiles x0 ..
 * x0+n-1: the same for every row, so a window computes it once a piece of its rows. */
static ALWAYS_INLINE void octave_fades(int32_t *fades, int64_t x0, int32_t n, int s)
{
    uint64_t mask = ((uint64_t)1 << s) - 1;
    for (int32_t i = 0; i < n; i++)
        fades[i] = fade((int32_t)((((uint64_t)x0 + (uint64_t)i) & mask) << (16 - s)));
}

/* Adds amp * noise of one octave (wavelength 2^s tiles, key) over the row to acc;
 * fades from octave_fades. */
static ALWAYS_INLINE void octave_row(int64_t *acc, int32_t *v, const int32_t *fades, int64_t x0, int64_t y, int32_t n,
                                     int s, uint64_t key, int64_t amp)
{
    /* Lattice coordinates may be negative: scaled by multiplying (shifting a negative
     * value left is undefined in C), offsets within a cell are never negative. */
    int64_t cell = (int64_t)1 << s;
    int64_t cy = floor_shift(y, s);
    int32_t fy = (int32_t)((y - cy * cell) << (16 - s)); /* 0..65535: position in the cell */
    int32_t fade_y = fade(fy), step = 1 << (16 - s);
    int64_t cx = floor_shift(x0, s);
    /* A cell's right corners are the next one's left: each lattice point is hashed once. */
    unsigned g00 = (unsigned)(terrain_hash(key, cx, cy) >> 61), g01 = (unsigned)(terrain_hash(key, cx, cy + 1) >> 61);
    for (int32_t i = 0; i < n; cx++) {
        /* Tiles of this row inside lattice cell cx. */
        int32_t end = (int32_t)((cx + 1) * cell - x0 < n ? (cx + 1) * cell - x0 : n);
        unsigned g10 = (unsigned)(terrain_hash(key, cx + 1, cy) >> 61);
        unsigned g11 = (unsigned)(terrain_hash(key, cx + 1, cy + 1) >> 61);
        /* Each corner's dot product is linear in the tile's x offset fx:
         * d = gx * (fx - cornerx) + gy * (fy - cornery), all within +-2^17. */
        int32_t a00 = grad_x[g00], a10 = grad_x[g10], a01 = grad_x[g01], a11 = grad_x[g11];
        int32_t b00 = grad_y[g00] * fy, b10 = grad_y[g10] * fy - a10 * 65536;
        int32_t b01 = grad_y[g01] * (fy - 65536), b11 = grad_y[g11] * (fy - 65536) - a11 * 65536;
        int32_t fx0 = (int32_t)((x0 + i - cx * cell) << (16 - s));
        for (int32_t k = 0; k < end - i; k++) {
            int32_t fx = fx0 + k * step, fade_x = fades[i + k];
            int32_t e0 = lerp(a00 * fx + b00, a10 * fx + b10, fade_x);
            int32_t e1 = lerp(a01 * fx + b01, a11 * fx + b11, fade_x);
            v[i + k] = lerp(e0, e1, fade_y);
        }
        i = end;
        g00 = g10;
        g01 = g11;
    }
    /* Apart from the segments: that loop stays 32-bit (8 lanes), this one widens. The
     * segments cover 0..n-1, which the analyzer does not follow. */
    for (int32_t i = 0; i < n; i++)
        acc[i] += amp * v[i]; // NOLINT(clang-analyzer-core.UndefinedBinaryOperatorResult)
}

/* log2 of a power of two. */
static int log2_exact(int32_t p)
{
    int s = 0;
    while ((1 << s) < p)
        s++;
    return s;
}

/* Rows y .. y+height-1 (stride apart) in pieces of FBM_PIECE tiles: the sum's int64
 * per tile and each octave's fades on the stack, the fades made once a piece for all
 * the rows. Writes to dst the noise (int32) when shift < 0, else 16-bit heights
 * >> shift (uint16). Cloned (core/inline.h) for AVX2's eight 32-bit multiplies an
 * instruction; the helpers above are inlined into each version. The tile
 * loops are written to vectorise (CMakeLists.txt turns gcc's vectoriser on for this
 * file); the results are the same integers either way. */
enum { FBM_PIECE = 256 };
static AMZ_CLONED void fbm_rows(void *dst, size_t stride, int shift, int64_t x, int64_t y, int32_t width,
                                int32_t height, const amz_terrain_options *o)
{
    int s0 = log2_exact(o->period);
    int64_t amps[16], total = 0;
    uint64_t keys[16];
    int octaves = 0;
    double amp = 4096;
    for (int k = 0; k < o->octaves && k < 16 && s0 - k >= 1; k++) {
        amps[k] = (int64_t)amp;
        keys[k] = amz_terrain_key(o->seed + (uint64_t)k, SALT_FBM);
        total += amps[k];
        octaves++;
        amp *= o->roughness;
    }
    /* A noise value is at most about 65536 in magnitude; the weighted mean is halved
     * into int16 range and clamped there: acc / total / 2 truncated, which is
     * acc / (2 total) truncated, done in double (a 64-bit division costs tens of cycles
     * a tile). Exact: |acc| < 2^35 and the quotient's rounding error, below
     * |acc| / d 2^-53, never reaches the 1/d from the next integer. */
    double d = 2.0 * (double)(total ? total : 1);
    int64_t acc[FBM_PIECE];
    int32_t v[FBM_PIECE], fades[16][FBM_PIECE];
    for (int32_t c = 0; c < width; c += FBM_PIECE) {
        int32_t n = width - c < FBM_PIECE ? width - c : FBM_PIECE;
        for (int k = 0; k < octaves; k++)
            octave_fades(fades[k], x + c, n, s0 - k);
        for (int32_t r = 0; r < height; r++) {
            for (int32_t i = 0; i < n; i++)
                acc[i] = 0;
            for (int k = 0; k < octaves; k++)
                octave_row(acc, v, fades[k], x + c, y + r, n, s0 - k, keys[k], amps[k]);
            for (int32_t i = 0; i < n; i++) {
                int64_t q = (int64_t)((double)acc[i] / d);
                v[i] = (int32_t)(q < -32768 ? -32768 : q > 32767 ? 32767 : q);
            }
            if (shift < 0) {
                memcpy((int32_t *)dst + (size_t)r * stride + (size_t)c, v, (size_t)n * sizeof *v);
                continue;
            }
            /* The fixed height rule of fbm worlds: noise values rarely pass +-3/4 of
             * their range, so that part is stretched over the 16-bit heights and the
             * rest clamped; >> shift then keeps the top bits (12 for working heights). */
            uint16_t *row = (uint16_t *)dst + (size_t)r * stride + (size_t)c;
            for (int32_t i = 0; i < n; i++) {
                int32_t h = 32768 + v[i] * 8 / 3;
                row[i] = (uint16_t)((uint32_t)(h < 0 ? 0 : h > 65535 ? 65535 : h) >> (unsigned)shift);
            }
        }
    }
}

void amz_terrain_fbm(int32_t *out, int64_t x, int64_t y, int32_t width, const amz_terrain_options *o)
{
    fbm_rows(out, 0, -1, x, y, width, 1, o);
}

void terrain_fbm_h16(uint16_t *out, size_t stride, int64_t x, int64_t y, int32_t width, int32_t height,
                     const amz_terrain_options *o)
{
    fbm_rows(out, stride, 0, x, y, width, height, o);
}

/* The working heights are the 16-bit ones' top 12 bits, as the generator's reduction
 * after erosion makes them: chunks and windows must agree bit for bit. */
void terrain_fbm_h12(uint16_t *out, size_t stride, int64_t x, int64_t y, int32_t width, int32_t height,
                     const amz_terrain_options *o)
{
    fbm_rows(out, stride, 4, x, y, width, height, o);
}
