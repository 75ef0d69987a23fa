/* inline.h — ALWAYS_INLINE, for the few hot helpers that must be inlined whatever the
 * compiler's budget says: into every caller of the walks' step functions, and into
 * each target_clones version of a loop (a helper left out of line would run the
 * portable code). */
#ifndef AMZ_CORE_INLINE_H
#define AMZ_CORE_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#endif
