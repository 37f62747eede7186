/*
 * Private: a fork-join over POSIX threads, or Windows threads under MSVC (see parallel.h).
 */
#include "parallel.h"

typedef struct task {
    void (*work)(void *item);
    void *item;
} task_t;

#ifdef _WIN32
#include <process.h>
#include <windows.h>

typedef HANDLE thread_t;

static unsigned __stdcall run_task(void *arg)
{
    task_t *t = arg;
    t->work(t->item);
    return 0;
}

static int start_thread(thread_t *tid, task_t *t)
{
    uintptr_t handle = _beginthreadex(NULL, 0, run_task, t, 0, NULL);
    *tid = (HANDLE)handle;
    return handle != 0;
}

static void join_thread(thread_t tid)
{
    WaitForSingleObject(tid, INFINITE);
    CloseHandle(tid);
}
#else
#include <pthread.h>

typedef pthread_t thread_t;

static void *run_task(void *arg)
{
    task_t *t = arg;
    t->work(t->item);
    return NULL;
}

static int start_thread(thread_t *tid, task_t *t)
{
    return pthread_create(tid, NULL, run_task, t) == 0;
}

static void join_thread(thread_t tid)
{
    pthread_join(tid, NULL);
}
#endif

void sf__run_parallel(void *items, size_t size, int count, void (*work)(void *item))
{
    thread_t tid[SF__MAX_THREADS];
    task_t tasks[SF__MAX_THREADS];
    int started[SF__MAX_THREADS] = {0};
    char *base = items;
    if (count > SF__MAX_THREADS)
        count = SF__MAX_THREADS;
    for (int i = 1; i < count; i++) {
        tasks[i] = (task_t){work, base + (size_t)i * size};
        started[i] = start_thread(&tid[i], &tasks[i]);
    }
    if (count > 0)
        work(base);
    for (int i = 1; i < count; i++) {
        if (started[i])
            join_thread(tid[i]);
        else
            work(base + (size_t)i * size); /* no thread to be had: do it here */
    }
}
