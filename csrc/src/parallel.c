/*
 * Private: a fork-join over POSIX threads (see parallel.h).
 */
#include "parallel.h"

#include <pthread.h>

typedef struct task {
    void (*work)(void *item);
    void *item;
} task_t;

static void *run_task(void *arg)
{
    task_t *t = arg;
    t->work(t->item);
    return NULL;
}

void sf__run_parallel(void *items, size_t size, int count, void (*work)(void *item))
{
    pthread_t tid[SF__MAX_THREADS];
    task_t tasks[SF__MAX_THREADS];
    int started[SF__MAX_THREADS] = {0};
    char *base = items;
    if (count > SF__MAX_THREADS)
        count = SF__MAX_THREADS;
    for (int i = 1; i < count; i++) {
        tasks[i] = (task_t){work, base + (size_t)i * size};
        started[i] = pthread_create(&tid[i], NULL, run_task, &tasks[i]) == 0;
    }
    if (count > 0)
        work(base);
    for (int i = 1; i < count; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            work(base + (size_t)i * size); /* no thread to be had: do it here */
    }
}
