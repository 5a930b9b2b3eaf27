//===- omp.h - Fallback OpenMP API declarations for parsing --------------===//
//
// Part of KLineage. nvcc passes host code to the host compiler, which finds
// omp.h; Clang's device-side parse has no omp.h on its path (libomp-dev is
// not installed with clang-22), so `#include <omp.h>` in host code stops the
// whole parse. This in-memory header is searched last (-idirafter): a real
// omp.h still wins. Host declarations of the OpenMP 5 runtime API that host
// code calls; `#pragma omp` is ignored without -fopenmp
// (test/tool/prelude-omp.cu).
//
//===----------------------------------------------------------------------===//
#ifndef __KLINEAGE_FALLBACK_OMP_H
#define __KLINEAGE_FALLBACK_OMP_H
#pragma clang system_header
#ifdef __cplusplus
extern "C" {
#endif
typedef struct { void *_lk; } omp_lock_t;
typedef struct { void *_lk; } omp_nest_lock_t;
typedef enum omp_sched_t { omp_sched_static = 1, omp_sched_dynamic = 2, omp_sched_guided = 3, omp_sched_auto = 4 } omp_sched_t;
void omp_set_num_threads(int);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int);
int omp_get_dynamic(void);
void omp_set_nested(int);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t, int);
void omp_get_schedule(omp_sched_t *, int *);
int omp_get_thread_limit(void);
int omp_get_level(void);
int omp_get_team_size(int);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(omp_lock_t *);
void omp_destroy_lock(omp_lock_t *);
void omp_set_lock(omp_lock_t *);
void omp_unset_lock(omp_lock_t *);
int omp_test_lock(omp_lock_t *);
void omp_init_nest_lock(omp_nest_lock_t *);
void omp_destroy_nest_lock(omp_nest_lock_t *);
void omp_set_nest_lock(omp_nest_lock_t *);
void omp_unset_nest_lock(omp_nest_lock_t *);
int omp_test_nest_lock(omp_nest_lock_t *);
#ifdef __cplusplus
}
#endif
#endif
