/*
 * Private: run independent pieces of work on threads (the batch loop and the equity engine).
 */
#ifndef SF_PRIVATE_PARALLEL_H
#define SF_PRIVATE_PARALLEL_H

#include <stddef.h>

/* The most pieces one call runs at once; callers clamp their thread counts to it. */
enum { SF__MAX_THREADS = 64 };

/*
 * Call work(item) for each of `count` items of `size` bytes (count <= SF__MAX_THREADS): the
 * first on the calling thread, every other on a thread of its own. An item whose thread cannot
 * be started runs on the calling thread instead, so every item is always done; returns when
 * all are.
 */
void sf__run_parallel(void *items, size_t size, int count, void (*work)(void *item));

#endif
