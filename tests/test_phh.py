"""PHH hand histories (issue item 6): the codec's round trips, the action notation, and
interoperability with pokerkit in both directions (pokerkit writes, we read; we write, pokerkit
reads and replays to the same final stacks).

Real televised stud hands: pokerkit ships transcriptions of the 2023 WSOP $50,000 Poker
Players Championship (Event #43, day 5) and $10,000 H.O.R.S.E. (Event #54, day 4) as unit tests,
``pokerkit/tests/test_wsop/test_2023_43_5.py`` and ``test_2023_54_4.py`` (13 seven-card stud,
13 stud hi-lo and 10 razz hands). ``wsop_stud_hands`` below collects them through pokerkit's
own ``HandHistory.from_game_state``; the engine's replay tests can reuse it.
"""

from __future__ import annotations

import datetime
import re
import sys
import warnings
from collections import Counter
from decimal import Decimal
from typing import Any

import pokerkit
import pytest

from pokerkit_hands import (GAMES, play_pokerkit_hand, replay_in_pokerkit,  # noqa: E402
                            wsop_stud_hands)
from stud_fast.history import phh
from stud_fast.history.phh import Action, HandHistory, PHHError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# -- the documented example -----------------------------------------------------------------

def docstring_example() -> str:
    doc = phh.__doc__
    assert doc is not None
    block = doc.split("hand::\n\n", 1)[1].split("\n\n", 1)[0]
    return "\n".join(line[4:] for line in block.splitlines()) + "\n"


def test_docstring_example_is_a_complete_hand_pokerkit_replays() -> None:
    text = docstring_example()
    h = phh.loads(text)
    phh.validate(h)
    assert h.variant == "F7S" and h.player_count == 3
    assert h.finishing_stacks == [154, 97, 49]
    assert replay_in_pokerkit(text) == h.finishing_stacks
    assert replay_in_pokerkit(phh.dumps(h)) == h.finishing_stacks
    assert phh.loads(phh.dumps(h)) == h


# -- round trips of the model ---------------------------------------------------------------

def full_hand() -> HandHistory:
    return HandHistory(
        variant="_N5S",
        antes=[1, 1, Decimal("0.5")],
        starting_stacks=[100, Decimal("inf"), Decimal("250.25")],
        actions=["d dh p1 As7c", "d dh p2 ????", "d dh p3 Xx8d # a joker", "p1 cbr 10",
                 "p2 f", "p3 cc", "", "# a standalone commentary with \"quotes\" and \\"],
        min_bet=2,
        author="Ann O'Tator",
        event="Home game \"Thursday\"\nsecond line",
        url="https://example.org/stud?a=1&b=2",
        venue="Kitchen table", address="1 Main St", city="Montréal", region="Québec",
        postal_code="H2X 1Y4", country="Canada",
        time=datetime.time(21, 5, 30), time_zone="America/Toronto",
        time_zone_abbreviation="EDT", day=2, month=5, year=2024,
        hand="7b", level=3, seats=[1, 4, 6], seat_count=8, table=2,
        players=["Ann", "Bob", "Ünïcødé ♠"],
        finishing_stacks=[109, Decimal("inf"), Decimal("241.25")],
        winnings=[20, 0, 0], currency="CAD", currency_symbol="$",
        ante_trimming_status=True, time_limit=30, time_banks=[60, 60, Decimal("12.5")],
        extensions={
            "_deck": 32, "_jokers": 1, "_open_pair_big_bet": True, "_tiebreak": "unused_cards",
            "_note": "tab\there", "_list": [1, "two", Decimal("3.25"), [True, False]],
            "_table": {"a": 1, "b c": "d"}, "_when": datetime.date(2024, 5, 2),
        },
    )


def test_loads_dumps_round_trip_of_every_field() -> None:
    h = full_hand()
    text = phh.dumps(h)
    assert phh.loads(text) == h
    assert phh.dumps(phh.loads(text)) == text
    assert tomllib.loads(text)["players"] == h.players


@pytest.mark.parametrize("name", ["del\x7fete", "nul\x00", "bell\x07", "esc\x1b[0m",
                                  "unit\x1fsep", "tab\tand\nnewline", 'quote" back\\slash'])
def test_text_fields_holding_control_characters_are_escaped_as_toml_requires(name: str
                                                                            ) -> None:
    """TOML's basic strings may not hold U+0000-U+001F (tab aside) or U+007F as they are: a
    name, a free text field, an extension string and an action are escaped and read back."""
    h = HandHistory("FR", [1, 1], [50, 50], ["d dh p1 AsKs2c"], players=[name, "plain"],
                    event=name, extensions={"_note": name})
    text = phh.dumps(h)
    raw = {chr(c) for c in range(0x20) if c not in (0x09, 0x0A)} | {"\x7f"}
    assert not raw & set(text)          # nothing unescaped (the newlines end the lines)
    assert text.count("\n") == len(text.splitlines())
    table = tomllib.loads(text)         # a strict TOML reader takes it
    assert table["players"][0] == table["event"] == table["_note"] == name
    assert phh.loads(text) == h


def test_dumps_writes_phh_fields_in_spec_order_then_sorted_extensions() -> None:
    text = phh.dumps(full_hand())
    keys = [m.group(1) for m in re.finditer(r"^([A-Za-z_\"][^ ]*) = ", text, re.MULTILINE)]
    assert keys[:9] == ["variant", "antes", "min_bet", "starting_stacks", "actions", "author",
                        "event", "url", "venue"]
    assert keys[keys.index("time_banks") + 1:] == sorted(full_hand().extensions)
    assert '  "p1 cbr 10",\n' in text  # one action a line
    assert text.endswith("\n") and not text.endswith("\n\n")


HANDWRITTEN = """\
# A hand typed by hand: comments, literal strings, a multi-line array, floats.
variant = 'FR'
antes = [0.25, 0.25]
bring_in = 0.5      # half a small bet
small_bet = 1.0
big_bet = 2.00
starting_stacks = [inf, 40]
actions = [
  # third street
  'd dh p1 ????8c',
  "d dh p2    Ad2d3c",   # extra spaces are allowed
  'p1 pb',
  'p2 cbr 1.00',
  'p1 f',
]
players = ['Zoë', "O'Hara"]
_deck = 52
"""


def test_dumps_of_a_handwritten_file_is_stable() -> None:
    h = phh.loads(HANDWRITTEN)
    assert h.antes == [Decimal("0.25")] * 2 and h.starting_stacks[0] == Decimal("inf")
    assert h.big_bet == Decimal("2.00") and h.extensions == {"_deck": 52}
    text = phh.dumps(h)
    assert phh.dumps(phh.loads(text)) == text
    assert phh.loads(text) == h
    assert "big_bet = 2.00\n" in text and "starting_stacks = [inf, 40]\n" in text
    assert [phh.format_action(a) for a in h.parsed_actions()][1] == "d dh p2 Ad2d3c"


def test_integral_decimals_stay_floats_in_toml() -> None:
    h = phh.loads(HANDWRITTEN)
    h.small_bet = Decimal("3")
    text = phh.dumps(h)
    assert "small_bet = 3.0\n" in text
    assert phh.loads(text).small_bet == 3


def test_several_hands_in_one_phhs_text(tmp_path: Any) -> None:
    hands = [full_hand(), phh.loads(docstring_example())]
    text = phh.dumps_all(hands)
    assert text.startswith("[1]\n") and "\n[2]\n" in text
    assert phh.loads_all(text) == hands
    with pytest.raises(PHHError, match="loads_all"):
        phh.loads(text)


def test_load_and_dump_files(tmp_path: Any) -> None:
    h = full_hand()
    path = tmp_path / "hand.phh"
    phh.dump(h, path)
    assert path.read_bytes().decode("utf-8") == phh.dumps(h)
    assert phh.load(path) == h
    assert phh.load(str(path)) == h


@pytest.mark.parametrize("text, message", [
    ("variant = \"F7S\"\nantes = [", "not valid TOML"),
    ("variant = \"F7S\"\nantes = [1]\nactions = []", "starting_stacks"),
    ("variant = \"F7S\"\nantes = [1, 1]\nstarting_stacks = [1, 1]\nactions = []\nfoo = 1",
     "unknown field 'foo'"),
    ("variant = \"F7S\"\nantes = [1, true]\nstarting_stacks = [1, 1]\nactions = []", "antes"),
    ("variant = \"F7S\"\nantes = [1, 1]\nstarting_stacks = [1, 1]\nactions = [1]", "actions"),
    ("variant = 7\nantes = [1, 1]\nstarting_stacks = [1, 1]\nactions = []", "variant"),
    ("variant = \"F7S\"\nantes = [1, 1]\nstarting_stacks = [1, 1]\nactions = []\nday = 1.5",
     "'day' must be an integer"),
    ("variant = \"F7S\"\nantes = [1, 1]\nstarting_stacks = [1, 1]\nactions = []\n"
     "time = \"12:00\"", "local time"),
    ("variant = \"F7S\"\nantes = [1, 1]\nstarting_stacks = [nan, 1]\nactions = []",
     "starting_stacks"),
])
def test_loads_reports_bad_files(text: str, message: str) -> None:
    with pytest.raises(PHHError, match=re.escape(message)):
        phh.loads(text)


def test_unknown_fields_are_kept_when_not_strict() -> None:
    text = "variant = \"F7S\"\nantes = [1, 1]\nstarting_stacks = [1, 1]\nactions = []\nfoo = 1"
    assert phh.loads(text, strict=False).extensions == {"foo": 1}


def test_dumps_refuses_what_it_cannot_write_back() -> None:
    h = phh.loads(docstring_example())
    h.extensions["deck"] = 32
    with pytest.raises(PHHError, match="must start with '_'"):
        phh.dumps(h)
    h.extensions = {"_x": object()}
    with pytest.raises(PHHError, match="cannot write"):
        phh.dumps(h)
    h.extensions = {}
    h.antes = [1, 1.5, 1]  # type: ignore[list-item]
    with pytest.raises(PHHError, match="antes"):
        phh.dumps(h)


# -- actions --------------------------------------------------------------------------------

CANONICAL_ACTIONS = [
    "d dh p1 Ah7c4c", "d dh p2 ????7s", "d dh p10 9h", "d dh p3 ??", "d db Kd",
    "p1 pb", "p2 f", "p3 cc", "p4 cbr 20", "p1 cbr 2.50", "p2 sd", "p2 sd 7h??",
    "p1 sm Ah7c4c7dJc7s9h", "p2 sm", "p3 sm -", "p4 sm ????Kd", "p1 _tu 7s", "p2 _bp 45",
    "d dh p1 Xx", "", "# a standalone commentary", "p1 cc # calls, hesitantly", "# ",
    "d dh p2 Td # up card # with a hash inside",
]


@pytest.mark.parametrize("text", CANONICAL_ACTIONS)
def test_action_strings_round_trip(text: str) -> None:
    action = phh.parse_action(text)
    assert phh.format_action(action) == text
    assert phh.parse_action(phh.format_action(action)) == action


def test_parsed_action_fields() -> None:
    parse = phh.parse_action
    assert parse("d dh p2 ????7s") == Action("d", "dh", player=1, cards=(None, None, "7s"))
    assert parse("p3 cbr 20") == Action(2, "cbr", amount=20)
    assert parse("p1 cbr 2.50").amount == Decimal("2.50")
    assert parse("p1 sm").mucked and not parse("p1 sm").shown
    assert parse("p1 sm -") == Action(0, "sm", shown=True)
    assert parse("p1 sm As??").cards == ("As", None) and not parse("p1 sm As??").mucked
    assert parse("p1 pb # brings in") == Action(0, "pb", commentary="brings in")
    assert parse("   p1   cc   ") == Action(0, "cc")
    assert parse("#x") == Action(None, commentary="x")
    assert parse("") == Action(None)
    assert parse("d db 7c").is_dealing and not parse("p1 f").is_dealing


@pytest.mark.parametrize("text", [
    "p0 f", "q1 f", "p1", "p1 xx", "p1 cbr", "p1 cbr -5", "p1 cbr 1,000", "p1 cbr 1e3",
    "p1 f 3", "d dh p1", "d dh p1 Ah7", "d dh p1 1c", "d dh p1 AH", "d dh p1 A?",
    "d xx p1 As", "d db", "p1 _tu AsKs", "p1 _bp", "p1 sm As Kd", "p1 zz", "p1 f f # x",
])
def test_bad_action_strings_raise(text: str) -> None:
    with pytest.raises(PHHError):
        phh.parse_action(text)


@pytest.mark.parametrize("action", [
    Action("d", "cc"), Action(0, "dh", player=0, cards=("As",)), Action("d", "dh", player=-1,
                                                                         cards=("As",)),
    Action(0, "cbr"), Action(0, "cbr", amount=Decimal("inf")), Action(True, "f"),
    Action(0, "_tu", cards=("As", "Kd")), Action(0, "zz"), Action(0, ""),
    Action("d", "db", cards=()), Action("d", "db", cards=("AA",)),
])
def test_format_action_refuses_inconsistent_records(action: Action) -> None:
    with pytest.raises(PHHError):
        phh.format_action(action)


def test_cards_helpers() -> None:
    assert phh.split_cards("As??Xx") == ("As", None, "Xx")
    assert phh.join_cards(("As", None, "Xx")) == "As??Xx"
    for bad in ("", "A", "Asx", "1s", "as", "?s"):
        with pytest.raises(PHHError):
            phh.split_cards(bad)


# -- variant codes and validation -----------------------------------------------------------

def test_variant_codes() -> None:
    assert phh.parse_variant("F7S") == phh.VariantCode("7S", "fixed-limit", True)
    assert phh.parse_variant("F7S/8").game == "7S/8"
    assert phh.parse_variant("_N7S") == phh.VariantCode("7S", "no-limit", False)
    assert phh.parse_variant("_F5M").seven_card is False
    assert phh.parse_variant("_P7B").seven_card and phh.parse_variant("FR").seven_card
    for bad in ("F5S", "_X7S", "_F6S", "NT", "_F7S/9", ""):
        with pytest.raises(PHHError):
            phh.parse_variant(bad)
    assert phh.variant_code("R") == "FR"
    assert phh.variant_code("R", "pot-limit") == "_PR"
    assert phh.variant_code("5S") == "_F5S"
    assert phh.variant_code("7S", extensions={"_deck": 52, "_players_note": 1}) == "F7S"
    assert phh.variant_code("7S", extensions={"_deck": 32}) == "_F7S"
    with pytest.raises(PHHError):
        phh.variant_code("7S", "spread-limit")


def test_validate_accepts_the_example_and_extension_hands() -> None:
    phh.validate(phh.loads(docstring_example()))
    five = phh.loads(
        "variant = \"_F5S\"\nantes = [1, 1]\nsmall_bet = 2\nbig_bet = 4\n"
        "starting_stacks = [50, 50]\n_deck = 32\n_first_round = \"must_open\"\nactions = [\n"
        "  \"d dh p1 7cAs\", \"d dh p2 8dKs\", \"p1 cbr 2\", \"p2 f\",\n]\n"
        "finishing_stacks = [52, 48]\n")
    phh.validate(five)
    mexican = HandHistory(variant="_P5M", antes=[1, 1], min_bet=2, starting_stacks=[9, 9],
                          actions=["d dh p1 7c7d", "d dh p2 8d8s", "p1 _tu 7d", "p2 _tu 8s"])
    phh.validate(mexican)
    baseball = HandHistory(variant="_F7B", antes=[1, 1], bring_in=1, small_bet=2, big_bet=4,
                           starting_stacks=[9, 9], actions=["d dh p1 7c7d3s", "p1 _bp 2"])
    phh.validate(baseball)


def broken(**changes: Any) -> HandHistory:
    h = phh.loads(docstring_example())
    for name, value in changes.items():
        setattr(h, name, value)
    return h


@pytest.mark.parametrize("hand, message", [
    (broken(actions=broken().actions[:-1]), "p3 reached showdown without a show or muck"),
    (broken(actions=broken().actions[:-2]), "p1, p3 reached showdown"),
    (broken(actions=["d dh p1 As", "d dh p2 As"]), "As was already dealt"),
    (broken(actions=["d dh p4 As"]), "only 3 players"),
    (broken(actions=["d dh p1 Xx"]), "more jokers than _jokers = 0"),
    (broken(actions=["p1 _tu 7s"]), "Mexican stud's"),
    (broken(actions=["p1 _bp 7"]), "baseball's"),
    (broken(actions=["p1 xx"]), "bad action"),
    (broken(extensions={"_open_pair_big_bet": True}), "write _F7S"),
    (broken(extensions={"_deck": 36}), "_deck = 36 is not valid"),
    (broken(extensions={"_max_raises": "3"}), "_max_raises = '3' is not valid"),
    (broken(extensions={"deck": 32}), "must start with '_'"),
    (broken(variant="_F7S", extensions={"_deck": 32}), "2d is not in the 32-card deck"),
    (broken(variant="F5S"), "not a stud variant code"),
    (broken(bring_in=None), "needs field 'bring_in'"),
    (broken(min_bet=2), "'min_bet' does not belong"),
    (broken(variant="_N7S"), "'small_bet' does not belong"),
    (broken(blinds_or_straddles=[1, 2, 0]), "stud has no blinds"),
    (broken(antes=[1, 1]), "antes has 2 entries for 3 players"),
    (broken(players=["a"]), "players has 1 entries"),
    (broken(starting_stacks=[100, 0, 100]), "starting stacks must be positive"),
    (broken(starting_stacks=[100], antes=[1]), "at least two players"),
    (broken(finishing_stacks=[155, 97, -1]), "finishing stacks must not be negative"),
    (broken(variant="_F5S", bring_in=None, extensions={"_first_round": "bring_in"}),
     "needs field 'bring_in'"),
])
def test_validate_names_the_problem(hand: HandHistory, message: str) -> None:
    with pytest.raises(PHHError, match=re.escape(message)):
        phh.validate(hand)


def test_without_show_or_muck_lines_pokerkit_quietly_drops_the_pot() -> None:
    h = broken(actions=[a for a in broken().actions if " sm" not in a])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        states = list(pokerkit.HandHistory.loads(phh.dumps(h)))
    assert sum(states[-1].stacks) == 300 - 105  # the whole pot is gone, without a warning
    with pytest.raises(PHHError, match="p1, p3 reached showdown without a show or muck line"):
        phh.validate(h)


def test_a_hand_without_finishing_stacks_may_stop_anywhere() -> None:
    phh.validate(broken(actions=broken().actions[:-2], finishing_stacks=None))


def test_pokerkit_reads_our_extension_fields_without_warnings() -> None:
    h = phh.loads(docstring_example())
    h.extensions = {"_engine": "stud_fast", "_seed": 12345}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        theirs = pokerkit.HandHistory.loads(phh.dumps(h))
    assert theirs.user_defined_fields == {"_engine": "stud_fast", "_seed": 12345}
    assert theirs.finishing_stacks == [154, 97, 49]


def test_pokerkit_reads_every_metadata_field_we_write() -> None:
    h = full_hand()
    h.variant, h.min_bet, h.bring_in, h.small_bet, h.big_bet = "F7S", None, 1, 2, 4
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        theirs = pokerkit.HandHistory.loads(phh.dumps(h))
    # PHH 0.0.1 added time_zone_abbreviation; pokerkit 0.7.7 keeps it as a user field.
    assert all("time_zone_abbreviation" in str(w.message) for w in caught)
    for name in ("author", "event", "city", "time", "hand", "table", "players", "seats",
                 "finishing_stacks", "winnings", "time_banks", "ante_trimming_status"):
        assert getattr(theirs, name) == getattr(h, name), name


# -- hands played by pokerkit itself ---------------------------------------------------------

SEEDS = range(20)
POKERKIT_HANDS = [(code, seed) for code in GAMES for seed in SEEDS]


@pytest.mark.parametrize("code, seed", POKERKIT_HANDS)
def test_hands_written_by_pokerkit_round_trip_through_our_codec(code: str, seed: int) -> None:
    their_text, final = play_pokerkit_hand(code, seed)
    h = phh.loads(their_text)
    theirs = pokerkit.HandHistory.loads(their_text)
    assert h.variant == code
    for name in ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions",
                 "players", "finishing_stacks", "ante_trimming_status"):
        assert getattr(h, name) == getattr(theirs, name), name
    assert [phh.format_action(a) for a in h.parsed_actions()] == h.actions
    phh.validate(h)

    our_text = phh.dumps(h)
    assert tomllib.loads(our_text)["actions"] == h.actions
    assert phh.loads(our_text) == h
    assert pokerkit.HandHistory.loads(our_text).dumps() == their_text
    assert replay_in_pokerkit(our_text) == final == h.finishing_stacks


def test_pokerkit_hands_cover_the_notation() -> None:
    """The generated hands are not trivial: they bring in, complete, raise, fold, go all in,
    show and muck, and carry commentaries."""
    verbs: Counter[str] = Counter()
    for code, seed in POKERKIT_HANDS:
        h = phh.loads(play_pokerkit_hand(code, seed)[0])
        for a in h.parsed_actions():
            verbs[a.verb + (" muck" if a.mucked else "") + (" #" if a.commentary else "")] += 1
    busted = 0
    for code, seed in POKERKIT_HANDS:
        busted += play_pokerkit_hand(code, seed)[1].count(0)
    for verb in ("dh", "pb", "cbr", "cc", "f", "sm", "sm muck", "cc #"):
        assert verbs[verb] > 0, verb
    assert busted > 0  # all-in hands, side pots


def hide_unshown_down_cards(h: HandHistory) -> HandHistory:
    """The hand as a spectator writes it: down cards of players who never show become ??."""
    shown = {a.actor for a in h.parsed_actions() if a.verb == "sm" and a.shown}
    seen = Counter[int]()
    actions = []
    for a in h.parsed_actions():
        if a.verb == "dh" and a.player is not None and a.player not in shown and a.cards:
            cards = list(a.cards)
            for i in range(len(cards)):
                dealt = seen[a.player] + i  # cards 1, 2 and 7 are down in seven-card stud
                if dealt in (0, 1, 6):
                    cards[i] = None
            seen[a.player] += len(cards)
            a = Action("d", "dh", player=a.player, cards=tuple(cards), commentary=a.commentary)
        elif a.verb == "dh" and a.player is not None and a.cards:
            seen[a.player] += len(a.cards)
        actions.append(phh.format_action(a))
    return HandHistory(**{**h.__dict__, "actions": actions})


@pytest.mark.parametrize("code", GAMES)
def test_pokerkit_replays_our_hands_with_unknown_down_cards(code: str) -> None:
    hidden = 0
    for seed in SEEDS:
        their_text, final = play_pokerkit_hand(code, seed)
        h = hide_unshown_down_cards(phh.loads(their_text))
        hidden += sum(a.count("??") for a in h.actions)
        phh.validate(h)
        assert phh.loads(phh.dumps(h)) == h
        assert replay_in_pokerkit(phh.dumps(h)) == final
    assert hidden > 0


# -- real televised hands transcribed by pokerkit ---------------------------------------------

@pytest.fixture(scope="module")
def wsop() -> list[tuple[str, Any, list[int]]]:
    return wsop_stud_hands()


def test_real_wsop_stud_hands_round_trip_and_replay_in_pokerkit(
        wsop: list[tuple[str, Any, list[int]]]) -> None:
    assert Counter(hh.variant for _, hh, _ in wsop) == {"F7S": 13, "F7S/8": 13, "FR": 10}
    for name, theirs, final in wsop:
        h = phh.loads(theirs.dumps())
        assert h.actions == theirs.actions, name
        assert [phh.format_action(a) for a in h.parsed_actions()] == h.actions, name
        h.finishing_stacks = list[phh.Amount](final)
        phh.validate(h)
        text = phh.dumps(h)
        assert phh.loads(text) == h, name
        assert replay_in_pokerkit(text) == final, name
