"""The witness search's settings change how soon a verdict comes, never which: a sheet
of real play is never refused under any of them (docs/RULES.md, "A sheet from real play
is never refused"), and each setting does change the search."""

from __future__ import annotations

from witnesskit import bot_game, witness_draws

from dicehero.engine.bots import GreedyBot
from dicehero.engine.paper import UNDECIDED, VERIFIED, Settings, find_witness


def _never_refused(classic, seeds: range, settings: dict) -> dict:
    """Each greedy game of ``seeds`` searched under each of ``settings`` (by name): none is
    refused, each witness found draws the sheet; the states each search took."""
    states = {}
    for seed in seeds:
        game, paper = bot_game(classic, seed, GreedyBot)
        for name, setting in settings.items():
            verdict = find_witness(classic, game.offer, game.rolls, paper, setting)
            assert verdict.status in (VERIFIED, UNDECIDED), (seed, name)
            if verdict.verified:
                assert witness_draws(classic, game.offer, game.rolls, paper, verdict)
            states[seed, name] = verdict.nodes
    return states


def test_every_order_of_the_search_keeps_the_contract(classic):
    """``Settings.order_seed`` changes only the order the later passes try steps in: a sheet
    of real play is never refused in any order, and the order does change the search."""
    states = _never_refused(classic, range(12), {
        order: Settings(max_states=20_000, order_seed=order) for order in (0, 1, 2)})
    assert any(states[seed, 0] != states[seed, 1] for seed in range(12))


def test_every_ranking_of_tight_rounds_keeps_the_contract(classic):
    """``Settings.tight`` says which rounds have their endings walked layer by layer, the
    most dice to spare first: none (-1), only those with no die to spare (0), or every
    round (40). It changes how soon a verdict comes, never which: a sheet of real play is
    never refused, and the setting does change the search."""
    states = _never_refused(classic, range(10), {
        tight: Settings(max_states=20_000, tight=tight) for tight in (-1, 0, 40)})
    assert any(states[seed, -1] != states[seed, 40] for seed in range(10))


def test_every_breadth_of_the_passes_keeps_the_contract(classic):
    """``Settings.breadth`` says how many endings of each round the passes before the last
    try: every one (0), or the first one, then two, ... (1). A narrow pass that left
    endings untried proves nothing (it neither refuses a sheet nor marks a state as
    leading nowhere), so a sheet of real play is never refused, and the setting does
    change the search. Short first passes make most passes narrow ones here."""
    states = _never_refused(classic, range(12), {
        breadth: Settings(max_states=20_000, first_pass=50, breadth=breadth)
        for breadth in (0, 1, 3)})
    assert any(states[seed, 0] != states[seed, 1] for seed in range(12))
