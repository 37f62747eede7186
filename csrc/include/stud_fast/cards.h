/*
 * stud_fast/cards.h -- the card encoding shared by every stud_fast C module.
 *
 * A card is one byte: id = rank_index * 4 + suit_index.
 *
 *   rank_index   0  1  2  3  4  5  6  7  8  9  10 11 12
 *   rank         2  3  4  5  6  7  8  9  T  J  Q  K  A
 *
 *   suit_index   0 clubs   1 diamonds   2 hearts   3 spades
 *
 *   id           2c=0  2d=1  2h=2  2s=3  3c=4 ... Ac=48  Ad=49  Ah=50  As=51
 *   joker        52 (always wild; several jokers may be held at once)
 *
 * The suit order is also the bring-in order of docs/rules.md F2 (clubs lowest).
 * The 32-card deck (docs/rules.md D2) is the subset of ids whose rank is 7 or higher (id >= 20).
 */
#ifndef STUD_FAST_CARDS_H
#define STUD_FAST_CARDS_H

#ifdef __cplusplus
extern "C" {
#endif

#define SF_NUM_RANKS 13
#define SF_NUM_SUITS 4
#define SF_DECK_SIZE 52
#define SF_JOKER 52
/* First rank index of the 32-card deck (the seven). */
#define SF_SHORT32_FIRST_RANK 5

#define SF_CARD(rank_index, suit_index) ((rank_index) * 4 + (suit_index))
#define SF_RANK_OF(card) ((card) >> 2)
#define SF_SUIT_OF(card) ((card) & 3)

/* Bit i set means rank_index i is wild (e.g. nines wild: 1u << 7). */
typedef unsigned short sf_rank_mask;

#ifdef __cplusplus
}
#endif
#endif
