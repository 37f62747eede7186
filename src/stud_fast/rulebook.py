"""The rulebook in the package: every rule ID the code cites (D1-D6, F1-F5, B1-B9, S1-S8,
I1-I2, E1-E4) with a title, a short statement of its default and options, and where the full
text is (the documentation's rules page, one anchor per ID; ``stud-fast rules ID`` prints it).

>>> pointer("b3")
'B3 (raise cap): stud-fast rules B3, docs rules.md#b3'
>>> RULES["D2"].title
'32-card deck'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Rule", "RULES", "DOCS_PAGE", "lookup", "pointer", "rule_text"]

#: the documentation page holding every rule; each rule's anchor is its ID in lower case
DOCS_PAGE = "rules.md"


@dataclass(frozen=True)
class Rule:
    """One rule: its ID (``"B3"``), a short title and a statement of the default and options."""

    id: str
    title: str
    text: str

    @property
    def anchor(self) -> str:
        """The rule's anchor on the rules page, e.g. ``"b3"``."""
        return self.id.lower()


_TEXTS: tuple[tuple[str, str, str], ...] = (
    # D: decks and rankings
    ("D1", "52-card deck, high hands",
     "Deuce to ace. A player's best five cards out of all they hold make the hand; kickers "
     "count; identical best fives split the pot."),
    ("D2", "32-card deck",
     "Sevens to aces (five-card stud 32). A flush beats a full house there; the ace is low only "
     "in A-7-8-9-T, the lowest straight; there is no A-2-3-4-5."),
    ("D3", "tie-break by unused cards",
     "Default: equal best fives split. Option tiebreak='unused_cards' (seven-card stud): the "
     "two cards left out of the best five decide, higher first."),
    ("D4", "wild cards",
     "A wild card (baseball's nines and threes, jokers) becomes any card its holder likes, even "
     "a copy of a card already held; five of a kind tops a straight flush."),
    ("D5", "showing hands",
     "Up cards alone decide who acts: pairs, two pair, trips and quads count, straights and "
     "flushes do not; higher cards break ties (K-A beats Q-J); wild up cards stay wild."),
    ("D6", "low rankings",
     "Razz and the low half of hi-lo use ace-to-five low: aces are low, straights and flushes "
     "do not count. The hi-lo low half needs five different ranks of eight or lower."),
    # F: antes and forced bets
    ("F1", "ante",
     "Every player posts the same ante before the deal; its amount is configured (ante=, zero "
     "allowed, the default)."),
    ("F2", "bring-in",
     "Seven-card games: the lowest up card (razz: the highest) must bring in; equal ranks go by "
     "suit, clubs lowest, then diamonds, hearts, spades. It may complete to the small bet "
     "instead; completing is not a raise. bring_in= defaults to twice the ante."),
    ("F3", "all in on the ante",
     "A player whose ante put them all in cannot bring in: the duty passes to the next "
     "lowest up card."),
    ("F4", "five-card stud first round",
     "No bring-in; the highest up card acts first, the seat dealt first on equal cards. "
     "Default first_round='check': it may check. 'must_open': it bets or folds, and on a fold "
     "the duty passes to the next highest. 'bring_in': a low-card bring-in as in F2."),
    ("F5", "who acts first later",
     "From the second round on, the best showing hand (D5) acts first; on equal showing hands, "
     "the seat dealt first."),
    # B: betting
    ("B1", "betting actions",
     "Fold; check only with nothing bet in the round; bet only with nothing bet; call or raise "
     "only facing a bet; plus the bring-in and completing (F2)."),
    ("B2", "betting structures",
     "betting='fixed' (default), 'pot' or 'no'. Fixed limit: the small bet on the first two "
     "rounds, the big bet after (seven-card: 3rd and 4th street small, 5th to 7th big)."),
    ("B3", "raise cap",
     "Fixed limit: a bet and at most three raises per round (max_raises=3). Option "
     "unlimited_heads_up=True: no cap once only two players are left."),
    ("B4", "open pair on fourth street",
     "Option open_pair_big_bet=True (seven-card fixed limit): an open pair on 4th street lets "
     "anyone bet or raise the big bet. Default off, as in pokerkit."),
    ("B5", "end of a round",
     "A round ends once every player who can still act has acted and matched the highest bet; "
     "from the second round on, checking is allowed."),
    ("B6", "all-in players",
     "An all-in player acts no more; the turn passes to the next active player on the left, "
     "who also opens when the best showing hand is all in."),
    ("B7", "short all-in raise",
     "Fixed limit: an all-in raise under half a bet does not reopen the betting for those who "
     "already acted; half a bet or more is a full raise. Pot and no limit: an all-in below a "
     "full raise does not reopen."),
    ("B8", "side pots",
     "A player who cannot match a bet plays for the main pot only; the others contest side "
     "pots, smallest first."),
    ("B9", "folding when a check is free",
     "Allowed; the hand is dead. Option dead_seat_keeps_cards=True: the folded seat keeps "
     "being dealt until the next bet so the others' cards do not change. Default off."),
    # S: streets, variants, showdown
    ("S1", "five-card stud",
     "One down and one up card, betting, then three more up cards each followed by betting: "
     "four rounds, then the showdown. 52 cards, or 32 (D2)."),
    ("S2", "seven-card stud",
     "Two down and one up card, one at a time clockwise from the dealer's left; betting; 4th, "
     "5th and 6th street up, 7th down, each followed by betting: five rounds, then the "
     "showdown."),
    ("S3", "shared last card",
     "When the stub cannot give every remaining player a card, one card goes face up in the "
     "middle for everyone: the next card of the stub, or the first card burned in the hand "
     "when the stub is empty. The best hand without it opens. Default: betting as usual; option "
     "community_card_betting=False: no betting on that card."),
    ("S4", "Mexican stud",
     "Five-card stud dealt all face down: after each card from the second on, every player "
     "turns up one down card before the betting; one card stays down."),
    ("S5", "baseball",
     "Seven-card stud (baseball_cards=5: five-card) where nines and down threes are wild. An up "
     "three forces its owner to buy the pot (match it) or fold; after a buy, every three is "
     "wild. Option four_up_extra_card=True: an up four earns an extra down card."),
    ("S6", "showdown order",
     "The last bettor or raiser of the final round shows first; if nobody bet, the best showing "
     "hand; then clockwise. A hand that cannot win may be mucked and stays hidden (option "
     "show_all=True shows every hand)."),
    ("S7", "awarding the pot",
     "The best hand wins, equal hands split (see D3). An odd chip goes to the tied winner with "
     "the highest card by suit. Hi-lo: half to the best high, half to the best qualifying low, "
     "all to high with no low."),
    ("S8", "razz and stud hi-lo",
     "Razz: seven-card stud for low (D6), the highest up card brings in, the best low board "
     "acts first. Stud hi-lo: seven-card stud with an eight-or-better low half (S7)."),
    # I: dealer errors
    ("I1", "card exposed too early",
     "Default premature_card='bury': the card goes back into the deck, the next card goes to "
     "the player who should have had it, and that deal stops at the exposed seat. "
     "'keep_capped': the card stays in play and no bet in the round may exceed the largest "
     "already made."),
    ("I2", "seventh-street card dealt up",
     "If the first 7th-street card is dealt face up, all are, and the previous round's opener "
     "opens. A later exposed card gives its owner the choice of playing on or being treated as "
     "all in for the round (all in once significant action has happened)."),
    # E: engine guarantees
    ("E1", "chips are conserved",
     "Stacks and pots always add up to the chips at the start of the hand."),
    ("E2", "illegal actions change nothing",
     "An illegal action raises an error naming the broken rule; the hand is left exactly as it "
     "was."),
    ("E3", "hidden cards stay hidden",
     "A player's view never shows other players' down cards, the stub or burned cards, until "
     "cards are shown at showdown."),
    ("E4", "reproducible hands",
     "The same seed and actions give the same hand; without a seed the shuffle uses the "
     "operating system's secure randomness."),
)

#: rule ID -> Rule, in rulebook order
RULES: dict[str, Rule] = {rid: Rule(rid, title, text) for rid, title, text in _TEXTS}


def lookup(rule_id: str) -> Rule:
    """The rule with that ID, in any case (``"b3"`` or ``"B3"``).

    Raises KeyError naming the known IDs for an unknown one.
    """
    key = rule_id.strip().upper()
    try:
        return RULES[key]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r}: the rules are {', '.join(RULES)}") from None


def pointer(rule_id: str) -> str:
    """A short pointer to a rule's full text, for error messages: its title, the command that
    prints it and its anchor in the documentation. An unknown ID gives the bare rules page.

    >>> pointer("E2")
    'E2 (illegal actions change nothing): stud-fast rules E2, docs rules.md#e2'
    >>> pointer("Z9")
    'see stud-fast rules, docs rules.md'
    """
    try:
        rule = lookup(rule_id)
    except KeyError:
        return f"see stud-fast rules, docs {DOCS_PAGE}"
    return f"{rule.id} ({rule.title}): stud-fast rules {rule.id}, docs {DOCS_PAGE}#{rule.anchor}"


def rule_text(rule_id: str) -> str:
    """``"B3 raise cap: ..."``: the rule's ID, title and statement on one line."""
    rule = lookup(rule_id)
    return f"{rule.id} {rule.title}: {rule.text}"
