/*
 * The peer side of bench_peers: thin extern "C" loops over SKPokerEval and OMPEval, compiled
 * only when run_peers.sh is given their checkouts (-DSF_WITH_SKPOKEREVAL / -DSF_WITH_OMPEVAL).
 * Nothing of theirs lives in this repository: their headers and sources come from the paths.
 *
 * Every loop takes the same random hands as the stud_fast loops, already translated to the
 * peer's own card ids (so no translation is timed), and writes one value per hand.
 */
#include <cstddef>
#include <cstdint>

#include "peers.h"

#ifdef SF_WITH_SKPOKEREVAL
#include "SevenEval.h"

extern "C" int peer_sk_available(void) { return 1; }

/* SKPokerEval numbers cards from the ace of spades (0) down to the two of clubs (51). */
extern "C" uint8_t peer_sk_card(uint8_t sf_card)
{
    return (uint8_t)(4 * (12 - sf_card / 4) + sf_card % 4);
}

extern "C" void peer_sk_eval(const uint8_t *hands, size_t n, uint16_t *out)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = hands + 7 * i;
        out[i] = SevenEval::GetRank(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
    }
}
#else
extern "C" int peer_sk_available(void) { return 0; }
extern "C" uint8_t peer_sk_card(uint8_t sf_card) { return sf_card; }
extern "C" void peer_sk_eval(const uint8_t *, size_t, uint16_t *) {}
#endif

#ifdef SF_WITH_OMPEVAL
#include "omp/HandEvaluator.h"

static omp::HandEvaluator *omp_eval;

extern "C" int peer_omp_available(void)
{
    if (!omp_eval)
        omp_eval = new omp::HandEvaluator();
    return 1;
}

/* OMPEval numbers cards as stud_fast does: 4 * rank + suit, deuce first. */
extern "C" void peer_omp_eval(const uint8_t *hands, size_t n, uint16_t *out)
{
    const omp::HandEvaluator &ev = *omp_eval;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *c = hands + 7 * i;
        omp::Hand h = omp::Hand::empty();
        h += omp::Hand(c[0]);
        h += omp::Hand(c[1]);
        h += omp::Hand(c[2]);
        h += omp::Hand(c[3]);
        h += omp::Hand(c[4]);
        h += omp::Hand(c[5]);
        h += omp::Hand(c[6]);
        out[i] = ev.evaluate(h);
    }
}

/* All 7-card hands in order, the way OMPEval's own sequential benchmark walks them. */
extern "C" uint64_t peer_omp_enumerate(void)
{
    const omp::HandEvaluator &ev = *omp_eval;
    uint64_t sum = 0;
    for (unsigned a = 0; a < 52; a++) {
        omp::Hand h1 = omp::Hand::empty() + omp::Hand(a);
        for (unsigned b = a + 1; b < 52; b++) {
            omp::Hand h2 = h1 + omp::Hand(b);
            for (unsigned c = b + 1; c < 52; c++) {
                omp::Hand h3 = h2 + omp::Hand(c);
                for (unsigned d = c + 1; d < 52; d++) {
                    omp::Hand h4 = h3 + omp::Hand(d);
                    for (unsigned e = d + 1; e < 52; e++) {
                        omp::Hand h5 = h4 + omp::Hand(e);
                        for (unsigned f = e + 1; f < 52; f++) {
                            omp::Hand h6 = h5 + omp::Hand(f);
                            for (unsigned g = f + 1; g < 52; g++)
                                sum += ev.evaluate(h6 + omp::Hand(g));
                        }
                    }
                }
            }
        }
    }
    return sum;
}
#else
extern "C" int peer_omp_available(void) { return 0; }
extern "C" void peer_omp_eval(const uint8_t *, size_t, uint16_t *) {}
extern "C" uint64_t peer_omp_enumerate(void) { return 0; }
#endif
