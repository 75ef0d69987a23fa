/* wasi_shim.c — the one POSIX call libamaze makes that wasi-libc lacks. madvise is
 * advice only (huge pages for big tables); WASI has no virtual memory to advise, so it
 * fails with ENOSYS, which the library already treats as "no huge pages". */
#define _DEFAULT_SOURCE /* madvise */
#include <errno.h>
#include <stddef.h>
#include <sys/mman.h>

int madvise(void *addr, size_t len, int advice)
{
    (void)addr;
    (void)len;
    (void)advice;
    errno = ENOSYS;
    return -1;
}
