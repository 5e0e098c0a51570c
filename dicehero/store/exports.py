"""What a game shows: its state for every screen, the leaderboard, the exports
(JSON, CSV), the printed roster and the editions."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

from sqlalchemy import select

from dicehero.editions import load_edition
from dicehero.engine.edition import EditionError
from dicehero.engine.paper_rows import is_paper_row, paper_offer
from dicehero.engine.view import edition_view
from dicehero.i18n import N_
from dicehero.store.access import player_json, round_closed
from dicehero.store.dice import offer_label
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import normalise_code
from dicehero.store.hero_settings import extra_until, ranks_hidden
from dicehero.store.models import ActionRow, Game, Player, Roll
from dicehero.store.moderation import moderation_log
from dicehero.store.paper import PAPER_DONE
from dicehero.store.paper_keys import holds_derived_key, paper_key, paper_path
from dicehero.store.par_desk import ParDesk
from dicehero.store.projection import player_offer
from dicehero.store.room import room_json


def _csv_safe(text: str) -> str:
    """Keep a spreadsheet from running a name as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class ExportDesk(ParDesk):
    """Reading a game: state, scores, exports."""

    def state(self, code: str) -> dict[str, Any]:
        """The whole current state of a game, for a fresh page (no secrets)."""
        with self.store.read() as s:
            game = self._game(s, code)
            players = self._active(s, game)
            rolls = list(s.scalars(select(Roll).where(Roll.game_id == game.id)
                                   .order_by(Roll.number)))
            fold = self._fold(s, game)
            with fold.lock:
                powers = {p.id: fold.players[p.id].sheet.superpower
                          for p in players if p.id in fold.players}
            now = time.time()
            plist = [{**player_json(p, game), "superpower": powers.get(p.id)} for p in players]
            return {
                "code": game.code, "edition": game.edition, "rounds": game.rounds,
                "power_mode": game.power_mode, "status": game.status,
                "roll": game.roll_count,
                "dice": list(rolls[-1].dice) if rolls else None,
                "rolls": [{"number": r.number, "dice": list(r.dice), "typed": r.typed}
                          for r in rolls],
                "offer": ({"choices": list(game.offer), "typed": game.offer_typed}
                          if game.offer is not None else None),
                "seed_sha256": game.seed_sha256,
                "seed": game.seed if game.status == "over" else None,
                "timer": self._timer_json(game, players, now),
                "server_time": now,
                "players": plist,
                "player_count": len(plist),
                "done_count": sum(1 for p in plist if p["done"]),
                # the break: the standings show once the class is through with the round
                "round_closed": game.status != "over" and round_closed(game.roll_count, players),
                "roster_locked": game.roster_locked,
                "roster_cap": game.roster_cap,
                **room_json(game),
                "overlay_delay": game.overlay_delay,
                "results": self._results(s, game, players),
                "par": self._par_json(s, game),
                "last_event_id": game.last_event_id,
            }

    def front(self, code: str) -> dict[str, Any]:
        """What the phone's join page draws before its script reads the state: the game's row
        alone, no hero and no sheet, so the page costs the same in a game of 5,000 heroes as
        in one of 5 (any address may ask for it as often as its read limit lets it; issue 26).
        ``results`` holds only ``paper_open``."""
        with self.store.read() as s:
            game = self._game(s, code)
            return {"code": game.code, "edition": game.edition, "rounds": game.rounds,
                    "status": game.status, **room_json(game),
                    "results": {"paper_open": self._paper_open(game)}}

    @staticmethod
    def _timer_json(game: Game, players: list[Player], now: float) -> dict[str, Any] | None:
        """The round's timer; ``extra_left``: how long it then still waits for the heroes
        with extra time who are playing (who they are is not said)."""
        if not game.timer_ends_at:
            return None
        extra = extra_until(game, players)
        return {"ends_at": game.timer_ends_at, "seconds": game.timer_seconds,
                "seconds_left": max(0.0, round(game.timer_ends_at - now, 1)),
                "extra_until": extra,
                "extra_left": max(0.0, round(extra - now, 1)) if extra else None}

    def event_position(self, code: str) -> tuple[int, int, dict[str, Any]]:
        """A game's id, its last event id, and its phase (for a stream's snapshot)."""
        with self.store.read() as s:  # five columns, no ORM object: every stream asks
            row = s.execute(select(Game.id, Game.last_event_id, Game.status, Game.roll_count,
                                   Game.rounds).where(Game.code == normalise_code(code))).first()
            if row is None:
                self._game(s, code)  # the 404 every reader gives
            game_id, last, status, roll, rounds = row
            return game_id, last, {"status": status, "roll": roll, "rounds": rounds}

    def print_roster(self, code: str, secret: str | None, by_host: bool = False
                     ) -> dict[str, Any]:
        """Host: what the game's printed sheets carry: the heroes' names in the order they
        joined, the edition and the number of rounds, and for each paper hero the path of
        their own page for entering their sheet, key and all (``paper_paths``, None for a
        phone hero): the paper in their hand is their key. ``by_host``: the caller holds
        the database (``dicehero print --game``)."""
        with self.store.read() as s:
            game = self._game(s, code)
            if not by_host:
                self._host(s, game, secret)
            heroes = self._active(s, game)
            return {"code": game.code, "edition": game.edition, "rounds": game.rounds,
                    "names": [p.name for p in heroes],
                    "paper_paths": [paper_path(game.code, p, paper_key(game, p))
                                    if p.done_roll == PAPER_DONE and holds_derived_key(game, p)
                                    else None for p in heroes]}

    def scores(self, code: str) -> dict[str, Any]:
        """The leaderboard with every player's breakdown (final once the game is over)."""
        with self.store.read() as s:
            game = self._game(s, code)
            results = self._results(s, game)
            hidden = ranks_hidden(game)  # no ranks, nor totals that give them away
            board = [] if hidden else self._leaderboard(s, game)
            return {"code": game.code, "status": game.status, "roll": game.roll_count,
                    "rounds": game.rounds, "final": results["final"],
                    "provisional": results["provisional"], "leaderboard": board,
                    "ranks_hidden": hidden,
                    "par": self._par_json(s, game, [r["total"] for r in board
                                                    if not r["pending"]])}

    def export(self, code: str) -> dict[str, Any]:
        """The whole game as JSON: settings, rolls, seed (when over), scores and every action."""
        with self.store.read() as s:
            game = self._game(s, code)
            over = game.status == "over"
            rolls = [list(r.dice) for r in s.scalars(
                select(Roll).where(Roll.game_id == game.id).order_by(Roll.number))]
            players = list(s.scalars(select(Player).where(Player.game_id == game.id)
                                     .order_by(Player.id)))
            actions: dict[int, list[dict[str, Any]]] = {p.id: [] for p in players}
            paper: dict[int, dict[str, Any]] = {}
            for row in s.scalars(select(ActionRow).where(ActionRow.game_id == game.id)
                                 .order_by(ActionRow.id)):
                actions[row.player_id].append({"id": row.id, "roll": row.roll,
                                               "action": row.action})
                if is_paper_row(row.action):  # the newest sheet counts
                    paper[row.player_id] = {"superpower": row.action.get("superpower"),
                                            "rounds": row.action.get("rounds") or []}
            board = ({} if ranks_hidden(game)
                     else {r["player_id"]: r for r in self._leaderboard(s, game)})
            edition = load_edition(game.edition)
            return {
                "code": game.code, "edition": game.edition, "rounds": game.rounds,
                "power_mode": game.power_mode, "status": game.status,
                "seed_sha256": game.seed_sha256, "seed": game.seed if over else None,
                "offer": game.offer, "rolls": rolls,
                "players": [{"id": p.id, "name": p.name, "removed": p.removed,
                             "joined_roll": p.joined_roll,
                             "offer": list(paper_offer(game.power_mode, game.offer, edition)
                                           if p.done_roll == PAPER_DONE
                                           else player_offer(game, p.id, edition, p.offer_key)),
                             "offer_label": (p.offer_key or offer_label(p.id)
                                             if game.power_mode == "each"
                                             and p.done_roll != PAPER_DONE else None),
                             "score": board.get(p.id), "actions": actions[p.id],
                             "paper": p.done_roll == PAPER_DONE,
                             **({"paper_sheet": paper[p.id]} if p.id in paper else {})}
                            for p in players],
                "leaderboard": list(board.values()),
                "moderation": moderation_log(s, game),
            }

    def export_csv(self, code: str) -> str:
        """The leaderboard as CSV, one row per player with the breakdown."""
        data = self.scores(code)
        edition = load_edition(self._edition_of(code))
        out = io.StringIO()
        w = csv.writer(out)
        locs = [loc.name for loc in edition.locations]
        w.writerow(["rank", "player_id", "name", *locs, "bystanders", "bystander_honor",
                    "minions", "minion_honor", "total"])
        for r in data["leaderboard"]:
            w.writerow([r["rank"], r["player_id"], _csv_safe(r["name"]),
                        *[r["locations"].get(n, 0) for n in locs], r["bystanders"],
                        r["bystander_honor"], r["minions"], r["minion_honor"], r["total"]])
        return out.getvalue()

    def _edition_of(self, code: str) -> str:
        with self.store.read() as s:
            return self._game(s, code).edition

    def edition(self, name: str) -> dict[str, Any]:
        """The printed sheet of an edition."""
        try:
            return edition_view(load_edition(name))
        except EditionError:
            raise StoreError(Refusal.NOT_FOUND, "unknown_edition",
                             N_("There is no edition %(name)s."), name=repr(name)) from None
