# Included by _core.pyx (one extension module): the equity bindings, exact and sampled, one
# spot at a time or as plans and tallies for the Dask layer, and weighted ranges. Every C call
# runs in pieces of EQUITY_PIECE evaluations without the GIL, looking for Ctrl-C in between.

cdef int _equity_spot(list known, list dead, uint8_t *known_buf, int *counts,
                      uint8_t *dead_buf) except -1:
    """Copy the players' known cards and the dead cards into the C arrays; returns ndead."""
    cdef int players = len(known), ndead = len(dead), p, i
    if players < 2 or players > csf.SF_EQUITY_MAX_PLAYERS:
        _raise(csf.SF_E_PLAYERS, f"equity needs 2 to 8 players, got {players}")
    if ndead > 52:
        raise ValueError(f"{ndead} dead cards is more than a deck")
    for p in range(players):
        if len(known[p]) > 7:
            _raise(csf.SF_E_TOO_MANY)
        counts[p] = len(known[p])
        for i in range(counts[p]):
            known_buf[p * 7 + i] = <uint8_t>_to_card(known[p][i])
    for i in range(ndead):
        dead_buf[i] = <uint8_t>_to_card(dead[i])
    return ndead


cdef void _equity_game(csf.sf_equity_game *game, int ranking, bint hilo, int cards_per_player,
                       int wild_mask, int jokers):
    game.ranking = <csf.sf_ranking>ranking
    game.hilo = hilo
    game.cards_per_player = cards_per_player
    game.wild_ranks = <csf.sf_rank_mask>wild_mask
    game.jokers = jokers


cdef dict _equity_result(const csf.sf_equity_result *out, int players):
    return {
        "deals": out.deals, "exact": bool(out.exact),
        "equity": [out.equity[p] for p in range(players)],
        "win": [out.win[p] for p in range(players)],
        "tie": [out.tie[p] for p in range(players)],
        "high": [out.high[p] for p in range(players)],
        "low": [out.low[p] for p in range(players)],
        "std_error": [out.std_error[p] for p in range(players)],
    }


def equity_raw(int ranking, bint hilo, int cards_per_player, list known, list dead,
               bint exact, uint64_t samples=0, uint64_t seed=0, int threads=1,
               int wild_mask=0, int jokers=0, progress=None):
    """Equity of a stud spot in C (see stud_fast.equity for the facade).

    ``known`` is a list of per-player lists of card ids, ``dead`` a list of ids. Returns a dict
    of per-player lists (equity, win, tie, high, low, std_error) and deals. The work goes to C
    in pieces of tens of milliseconds, without the GIL, with a look for Ctrl-C between them;
    ``progress(done, total)`` (deals) is called about every 2% of the run.
    """
    cdef csf.sf_equity_game game
    cdef csf.sf_equity_result out
    cdef csf.sf_equity_tally tally
    cdef uint8_t known_buf[8 * 7]
    cdef int counts[8]
    cdef uint8_t dead_buf[64]
    cdef int players = len(known), status = csf.SF_OK, p
    cdef int ndead = _equity_spot(known, dead, known_buf, counts, dead_buf)
    cdef uint64_t total, units = 0, done = 0, piece, tick, next_tick, work
    _equity_game(&game, ranking, hilo, cards_per_player, wild_mask, jokers)
    memset(&tally, 0, sizeof(tally))
    if exact:
        status = csf.sf_equity_exact_plan(&game, players, known_buf, counts, dead_buf, ndead,
                                          &units, &total)
        if status != csf.SF_OK:
            _raise(status)
        # units holding about EQUITY_PIECE evaluations per thread
        piece = EQUITY_PIECE * <uint64_t>max(threads, 1) // <uint64_t>(players * (1 + hilo))
        piece = max(<uint64_t>1, piece // max(<uint64_t>1, total // units))
        work = units
    else:
        total = samples
        # whole blocks of samples, so that the pieces add up to the one-call run
        piece = EQUITY_PIECE * <uint64_t>max(threads, 1) // <uint64_t>(players * (1 + hilo))
        piece = max(<uint64_t>csf.SF_EQUITY_BLOCK,
                    piece // csf.SF_EQUITY_BLOCK * csf.SF_EQUITY_BLOCK)
        work = samples
    if progress is not None:  # pieces of about 2% of the run, for a smooth progress bar
        if exact:  # but a unit for every thread at least
            piece = min(piece, max(<uint64_t>max(threads, 1), work // 50))
        else:
            piece = min(piece, max(<uint64_t>csf.SF_EQUITY_BLOCK,
                                   work // 50 // csf.SF_EQUITY_BLOCK * csf.SF_EQUITY_BLOCK))
    tick = max(<uint64_t>1, total // 50)
    next_tick = tick
    while done < <uint64_t>work:
        if piece > <uint64_t>work - done:
            piece = <uint64_t>work - done
        with nogil:
            if exact:
                status = csf.sf_equity_exact_into(&game, players, known_buf, counts, dead_buf,
                                                  ndead, done, piece, threads, &tally)
            else:
                status = csf.sf_equity_sample_into(&game, players, known_buf, counts,
                                                   dead_buf, ndead, done, piece, seed,
                                                   threads, &tally)
        if status != csf.SF_OK:
            _raise(status)
        done += piece
        if progress is not None and (tally.deals >= next_tick or done == <uint64_t>work):
            progress(int(tally.deals), int(total))
            next_tick = tally.deals + tick
        PyErr_CheckSignals()
    csf.sf_equity_finish(&tally, players, exact, &out)
    return _equity_result(&out, players)


def equity_count(int ranking, bint hilo, int cards_per_player, list known, list dead,
                 int wild_mask=0, int jokers=0, int threads=1):
    """The exact equity of a heads-up spot by counting (stud_fast/equity_count.h), as
    equity_raw gives it, or None for a spot counting does not take (more players, more than
    five cards to come, four in hi-lo, a shared last card). ``threads``: 2 or more sweeps a
    large high-only spot on two threads (the same result)."""
    cdef csf.sf_equity_game game
    cdef csf.sf_equity_result out
    cdef csf.sf_equity_tally tally
    cdef uint8_t known_buf[8 * 7]
    cdef int counts[8]
    cdef uint8_t dead_buf[64]
    cdef int players = len(known), status
    cdef int ndead = _equity_spot(known, dead, known_buf, counts, dead_buf)
    _equity_game(&game, ranking, hilo, cards_per_player, wild_mask, jokers)
    memset(&tally, 0, sizeof(tally))
    with nogil:
        status = csf.sf_equity_count_into(&game, players, known_buf, counts, dead_buf, ndead,
                                          threads, &tally)
    if status == csf.SF_E_NOT_COUNTED:
        return None
    if status != csf.SF_OK:
        _raise(status)
    csf.sf_equity_finish(&tally, players, 1, &out)
    return _equity_result(&out, players)


def equity_plan(int ranking, bint hilo, int cards_per_player, list known, list dead,
                int wild_mask=0, int jokers=0):
    """``(units, deals)``: the numbered units an exact run is cut into (of different sizes)
    and its number of deals; :func:`equity_tally` runs any range of the units."""
    cdef csf.sf_equity_game game
    cdef uint8_t known_buf[8 * 7]
    cdef int counts[8]
    cdef uint8_t dead_buf[64]
    cdef int ndead = _equity_spot(known, dead, known_buf, counts, dead_buf)
    cdef uint64_t units = 0, deals = 0
    _equity_game(&game, ranking, hilo, cards_per_player, wild_mask, jokers)
    cdef int status = csf.sf_equity_exact_plan(&game, len(known), known_buf, counts, dead_buf,
                                               ndead, &units, &deals)
    if status != csf.SF_OK:
        _raise(status)
    return units, deals


#: the integer sums of an equity tally, per player (see sf_equity_tally)
TALLY_FIELDS = ("share", "share_sq", "high", "low", "win", "tie")


cdef void _tally_sums(csf.sf_equity_tally *t, uint64_t **sums):
    """The per-player arrays of *t, in the order of TALLY_FIELDS."""
    sums[0] = t.share
    sums[1] = t.share_sq
    sums[2] = t.high
    sums[3] = t.low
    sums[4] = t.win
    sums[5] = t.tie


def equity_tally(int ranking, bint hilo, int cards_per_player, list known, list dead,
                 bint exact, uint64_t first, uint64_t count, uint64_t seed=0, int threads=1,
                 int wild_mask=0, int jokers=0):
    """The integer tally of a piece of a run: exact, units ``first .. first + count - 1`` of
    :func:`equity_plan`; sampled, samples ``first .. first + count - 1`` of the seed's run
    (``first`` a multiple of SF_EQUITY_BLOCK). A dict of per-player lists (TALLY_FIELDS) and
    deals; the tallies of a run's pieces add up to the tally of the whole run, and
    :func:`equity_finish` turns one into equity_raw's result."""
    cdef csf.sf_equity_game game
    cdef csf.sf_equity_tally tally
    cdef uint8_t known_buf[8 * 7]
    cdef int counts[8]
    cdef uint8_t dead_buf[64]
    cdef int players = len(known), status
    cdef int ndead = _equity_spot(known, dead, known_buf, counts, dead_buf)
    cdef uint64_t *sums[6]
    _equity_game(&game, ranking, hilo, cards_per_player, wild_mask, jokers)
    memset(&tally, 0, sizeof(tally))
    with nogil:
        if exact:
            status = csf.sf_equity_exact_into(&game, players, known_buf, counts, dead_buf,
                                              ndead, first, count, threads, &tally)
        else:
            status = csf.sf_equity_sample_into(&game, players, known_buf, counts, dead_buf,
                                               ndead, first, count, seed, threads, &tally)
    if status != csf.SF_OK:
        _raise(status)
    _tally_sums(&tally, sums)
    result = {name: [sums[f][p] for p in range(players)]
              for f, name in enumerate(TALLY_FIELDS)}
    result["deals"] = tally.deals
    return result


def equity_finish(dict tally, int players, bint exact):
    """equity_raw's result from an integer tally (pieces added up), as the C engine ends a
    run: the same doubles as a run in one piece."""
    cdef csf.sf_equity_tally t
    cdef csf.sf_equity_result out
    cdef uint64_t *sums[6]
    cdef int f, p
    if players < 2 or players > csf.SF_EQUITY_MAX_PLAYERS:
        _raise(csf.SF_E_PLAYERS, f"equity needs 2 to 8 players, got {players}")
    memset(&t, 0, sizeof(t))
    _tally_sums(&t, sums)
    for f, name in enumerate(TALLY_FIELDS):
        for p in range(players):
            sums[f][p] = tally[name][p]
    t.deals = tally["deals"]
    csf.sf_equity_finish(&t, players, exact, &out)
    return _equity_result(&out, players)


def equity_deal_count(int ranking, int cards_per_player, list known_counts, int nunseen):
    """How many deals an exact equity run would enumerate (a float: it may pass 2**64)."""
    cdef csf.sf_equity_game game
    cdef int counts[8]
    cdef int p, players = len(known_counts)
    if players < 2 or players > csf.SF_EQUITY_MAX_PLAYERS:
        _raise(csf.SF_E_PLAYERS, f"equity needs 2 to 8 players, got {players}")
    for p in range(players):
        counts[p] = known_counts[p]
    memset(&game, 0, sizeof(game))
    game.ranking = <csf.sf_ranking>ranking
    game.cards_per_player = cards_per_player
    return csf.sf_equity_deal_count(&game, players, counts, nunseen)


import array as _array

_RANGE_PIECE_DEALS = 4_000_000.0  # about a tenth of a second of one thread
_RANGE_PIECE_MAX = 50_000_000.0  # what one thread may do between looks for Ctrl-C
_RANGE_PIECE_DRAWS = 20_000_000  # the same for drawing the samples' combinations


def range_equity_raw(int ranking, bint hilo, int cards_per_player, list known, list ranges,
                     list dead, exact, double deals_per_combo, double exact_limit,
                     uint64_t samples=0, uint64_t seed=0, int threads=1, unsigned wild_mask=0,
                     int jokers=0, progress=None, double max_deals=1e300):
    """Equity of a spot where ``ranges[p]`` is None (player p's cards are ``known[p]``) or
    ``(card ids, weights)`` with one list of ids per holding. ``exact=None`` enumerates when
    the combinations times ``deals_per_combo`` are at most ``exact_limit``; ``exact=True`` on
    more than ``max_deals`` deals is refused before any work. Returns what
    :func:`equity_raw` returns plus ``combos``; ``progress(done, total)`` counts combinations.
    """
    cdef csf.sf_equity_game game
    cdef csf.sf_equity_result out
    cdef csf.sf_range cranges[8]
    cdef csf.sf_range_spot *spot = NULL
    cdef csf.sf_range_sums sums
    cdef csf.sf_equity_tally tally
    cdef uint8_t known_buf[8 * 7]
    cdef int counts[8]
    cdef uint8_t dead_buf[64]
    cdef int players = len(known), ndead = 0, status, p
    cdef uint64_t combos = 0, done = 0, piece, drawn = 0, draw
    cdef bint is_exact
    cdef bytes ids
    cdef double[:] weights
    keep = []  # the buffers cranges points into, alive until the spot has copied them
    if len(ranges) != players:
        _raise(csf.SF_E_PLAYERS, f"one range or None per player, got {len(ranges)} for {players}")
    ndead = _equity_spot(known, dead, known_buf, counts, dead_buf)  # the fixed players' cards
    memset(cranges, 0, sizeof(cranges))
    for p in range(players):
        if ranges[p] is not None:
            counts[p] = 0  # a range player's cards come from its holdings
            holdings, weight_list = ranges[p]
            if not holdings or any(len(h) != len(holdings[0]) for h in holdings):
                _raise(csf.SF_E_RANGE)
            ids = bytes([_to_card(c) for h in holdings for c in h])
            weights = _array.array("d", weight_list)
            keep += [ids, weights]
            cranges[p].holdings = len(holdings)
            cranges[p].cards = len(holdings[0])
            cranges[p].card_ids = <const uint8_t *>ids
            cranges[p].weights = &weights[0]
    _equity_game(&game, ranking, hilo, cards_per_player, wild_mask, jokers)
    status = csf.sf_range_spot_new(&game, players, known_buf, counts, cranges, dead_buf, ndead,
                                   &spot)
    keep.clear()
    if status != csf.SF_OK:
        _raise(status)
    try:
        combos = csf.sf_range_spot_combos(spot)
        if exact is None:
            exact = combos * deals_per_combo <= exact_limit
        elif exact and combos * deals_per_combo > max_deals:
            raise ValueError(
                f"an exact run of this spot enumerates about {combos * deals_per_combo:,.0f} "
                f"deals ({combos:,} combinations of holdings), more than max_deals="
                f"{max_deals:,.0f}: sample it (exact=False, samples=...) or raise max_deals")
        is_exact = bool(exact)
        # pieces on chunk boundaries of about _RANGE_PIECE_DEALS deals each, so that Ctrl-C is
        # seen between them, and at most 2% of the combinations when progress is reported
        if is_exact:  # a piece keeps every thread busy about as long as one deals-piece
            work = _RANGE_PIECE_DEALS * max(threads, 1) / max(deals_per_combo, 1.0)
            if 2 * deals_per_combo <= _RANGE_PIECE_MAX:  # two combinations a thread at least
                work = max(work, 2.0 * max(threads, 1))
        else:
            work = combos * (_RANGE_PIECE_DEALS / max(<double>samples, 1.0))
        piece = max(<uint64_t>csf.SF_RANGE_CHUNK,
                    <uint64_t>min(work, <double>combos) // csf.SF_RANGE_CHUNK * csf.SF_RANGE_CHUNK)
        if progress is not None:
            piece = min(piece, max(<uint64_t>csf.SF_RANGE_CHUNK,
                                   (combos // 50) // csf.SF_RANGE_CHUNK * csf.SF_RANGE_CHUNK))
        memset(&sums, 0, sizeof(sums))
        memset(&tally, 0, sizeof(tally))
        status = csf.SF_OK
        if not is_exact:  # which combination each sample uses, in pieces (Ctrl-C between)
            status = csf.sf_range_draw_start(spot, seed)
            while drawn < samples and status == csf.SF_OK:
                draw = min(samples - drawn, <uint64_t>_RANGE_PIECE_DRAWS)
                with nogil:
                    status = csf.sf_range_draw_more(spot, draw)
                drawn += draw
                PyErr_CheckSignals()
        while done < combos and status == csf.SF_OK:
            if piece > combos - done:
                piece = combos - done
            with nogil:
                if is_exact:
                    status = csf.sf_range_exact_into(spot, done, piece, threads, &sums)
                else:
                    status = csf.sf_range_sample_into(spot, done, piece, threads, &tally)
            done += piece
            PyErr_CheckSignals()  # Ctrl-C: KeyboardInterrupt, the spot freed below
            if progress is not None and status == csf.SF_OK:
                progress(done, combos)
        if status != csf.SF_OK:
            _raise(status)
        if is_exact:
            csf.sf_range_exact_finish(spot, &sums, &out)
        else:
            csf.sf_equity_finish(&tally, players, 0, &out)
    finally:
        csf.sf_range_spot_free(spot)
    result = _equity_result(&out, players)
    result["combos"] = combos
    return result


