/* inline.h — ALWAYS_INLINE, for the few hot helpers that must be inlined whatever the
 * compiler's budget says: into every caller of the walks' step functions, and into
 * each version of an AMZ_CLONED loop (a helper left out of line would run the
 * portable code). AMZ_CLONED: two versions of a function on x86-64 Linux with gcc,
 * the portable one and one for x86-64-v3 (popcnt, BMI, AVX2: 2013 and later), picked
 * when the program starts (an ifunc); elsewhere the portable one alone. */
#ifndef AMZ_CORE_INLINE_H
#define AMZ_CORE_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__)
#define AMZ_CLONED __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define AMZ_CLONED
#endif

#endif
