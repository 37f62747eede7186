/*
 * stud_fast/best.h -- the cards a hand plays.
 *
 * sf_best_five() returns the five cards (all of them for a hand of one to four) whose value is
 * the hand's value under an evaluator, every wild card replaced by the concrete card it stands
 * for. A stand-in is a card of the ranking's deck; it differs from every other card of the
 * five except where only a duplicate reaches the value (docs/rules.md D4: five of a kind, and a
 * flush such as A-A-9-7-4 of one suit, which beats A-K-9-7-4), and it avoids the hand's other
 * cards where the value allows. Among equal choices the higher cards are shown
 * (the lower ones under the low rankings), so the answer is fixed for a given hand.
 */
#ifndef STUD_FAST_BEST_H
#define STUD_FAST_BEST_H

#include <stdint.h>

#include "stud_fast/eval.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The cards n cards (1 to 7) play under ev: writes min(n, 5) card ids, in no particular order,
 * to five[] and their number to *nfive. Returns SF_OK or the status sf_eval() gives the hand.
 */
int sf_best_five(const sf_evaluator *ev, const uint8_t *cards, int n, uint8_t five[5],
                 int *nfive);

#ifdef __cplusplus
}
#endif
#endif
