/* amaze/export.h — symbol visibility for libamaze's public functions.
 * The library is built with -fvisibility=hidden; only AMZ_API declarations are exported. */
#ifndef AMAZE_EXPORT_H
#define AMAZE_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define AMZ_API __attribute__((visibility("default")))
#else
#define AMZ_API
#endif

#endif
