/*
 * The peer evaluators bench_peers times next to stud_fast (see peers.cpp). Each *_available()
 * says whether run_peers.sh was given that peer's checkout; the other calls are no-ops if not.
 */
#ifndef SF_BENCH_PEERS_H
#define SF_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int peer_sk_available(void);
uint8_t peer_sk_card(uint8_t sf_card);
void peer_sk_eval(const uint8_t *hands, size_t n, uint16_t *out);

int peer_omp_available(void);
void peer_omp_eval(const uint8_t *hands, size_t n, uint16_t *out);
uint64_t peer_omp_enumerate(void);

#ifdef __cplusplus
}
#endif
#endif
