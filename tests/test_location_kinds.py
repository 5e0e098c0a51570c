"""One rule object per kind of location, and one renderer per kind in every layer that
draws one: a new kind of location is a class in the engine, an entry of kinds.js, a template
(templates/kinds/) and a ``PrintKind`` class (dicehero/printing/kinds/), with no ``if kind ==`` to
find and extend."""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pdfkit import dark_share
from rulekit import HOSPITAL

from dicehero.engine import (
    Action,
    Edition,
    RuleError,
    Sheet,
    new_sheet,
    parse_edition,
    score,
    start_round,
)
from dicehero.engine import locations as kinds
from dicehero.engine.bots import GreedyBot
from dicehero.engine.locations import Kind, Marks
from dicehero.engine.par import par_game
from dicehero.engine.par_reasons import reason
from dicehero.engine.rules import apply
from dicehero.engine.simulation import play_game, simulated_dice
from dicehero.engine.view import edition_view, sheet_view
from dicehero.printing import SheetHeader, icons, render_sheets
from dicehero.printing.geometry import Rect
from dicehero.printing.kinds import PRINT_KINDS
from dicehero.printing.kinds.base import PrintKind
from dicehero.printing.layout import page_layout
from dicehero.printing.panel import CHROME, PanelSize
from dicehero.printing.parts import panel_parts
from dicehero.words import english

ROOT = Path(__file__).resolve().parent.parent
KINDS_JS = ROOT / "dicehero" / "web" / "static" / "kinds.js"


def _js_kinds() -> set[str]:
    """The kinds kinds.js has an entry for: the keys of ``DH.kinds``."""
    source = KINDS_JS.read_text(encoding="utf-8")
    table = source[source.index("DH.kinds = {"):]
    table = table[:table.index("\n  };")]
    return set(re.findall(r"^    (\w+): \{", table, re.M))


def test_every_layer_draws_every_kind_of_location(app):
    engine = set(kinds.KINDS)
    assert engine == {"cells", "pairs", "track"}
    assert set(PRINT_KINDS) == engine
    assert _js_kinds() == engine
    with app.app_context():
        for kind in engine:  # the phone sheet's boxes and the paper marks form's
            module = app.jinja_env.get_template(f"kinds/{kind}.html").module
            assert callable(module.sheet) and callable(module.marks), kind


class Stamps(Kind):
    """A kind no edition has: boxes in any order, any number in each, each filled box
    scoring its Honor."""

    name = "stamps"

    def empty(self, loc) -> Marks:
        return (0,) * len(loc.boxes)

    def slots(self, loc, marks: Marks, value: int) -> list[int]:
        return [i for i, m in enumerate(marks) if not m]

    def put(self, marks: Marks, value: int, slot: int) -> Marks:
        return (*marks[:slot], value, *marks[slot + 1:])

    def refusal(self, loc, marks: Marks, value: int, slot: int | None,
                faces: int) -> RuleError:
        return RuleError("slot_taken", f"That {loc.name} box is already stamped.")

    def complete(self, loc, marks: Marks) -> list[bool]:
        return [bool(m) for m in marks]

    def honor(self, loc, marks: Marks) -> int:
        return sum(b.honor for b, m in zip(loc.boxes, marks, strict=True) if m)

    def parse(self, c, entry, path: str, faces: int) -> dict[str, Any]:
        return {"boxes": c.boxes(entry, "boxes", path)}


def _stamps_edition(monkeypatch) -> Edition:
    """Classic with a Post Office of the toy kind where the Hospital was."""
    monkeypatch.setitem(kinds.KINDS, "stamps", Stamps())
    with (ROOT / "sheets" / "classic.toml").open("rb") as f:
        data = tomllib.load(f)
    data["locations"][HOSPITAL - 1] = {
        "number": HOSPITAL, "name": "Post Office", "kind": "stamps", "rule": "Any number.",
        "boxes": [{"honor": 2}, {"honor": 3, "reward": "wild"}]}
    return parse_edition(data, "stamps.toml")


def test_a_new_kind_of_location_is_one_class_in_the_engine(monkeypatch, classic):
    edition = _stamps_edition(monkeypatch)
    office = edition.location(HOSPITAL)
    stamps, pairs = kinds.kind_of(office), kinds.kind_of(classic.location(HOSPITAL))
    assert (stamps.size(office), stamps.reward_count(office, "wild")) == (2, 1)
    assert edition.reward_count("wild") == (classic.reward_count("wild") + 1 - pairs.reward_count(
        classic.location(HOSPITAL), "wild"))
    sheet: Sheet = start_round(new_sheet(edition, (1, 2)), [2, 5, 6, 1])
    for action in ({"type": "choose", "superpower": 1}, {"type": "move", "die": 0, "to": 2},
                   {"type": "help", "die": 1, "slot": 1}, {"type": "help", "die": 2}):
        sheet = apply(sheet, action)
    assert sheet.marks[HOSPITAL - 1] == (6, 5)
    assert sheet.wild_earned == 1 and score(sheet).locations[HOSPITAL - 1] == ("Post Office", 5)
    assert Sheet.from_dict(edition, sheet.to_dict()) == sheet
    assert edition_view(edition)["locations"][HOSPITAL - 1]["boxes"][1]["reward"] == "wild"
    assert sheet_view(sheet)["marks"][HOSPITAL - 1] == [6, 5]


def test_the_bots_and_par_play_a_new_kind_of_location_from_its_class_alone(monkeypatch):
    edition = _stamps_edition(monkeypatch)
    office = edition.location(HOSPITAL)
    assert kinds.kind_of(office).potential(office, (0, 0)) == 0.0  # no guess: worth its Honor
    greedy = play_game(edition, [GreedyBot(random.Random(3))], 3).players[0].sheet
    assert greedy.finished
    offer, rolls = simulated_dice(edition, 3)
    said = [english(d.reason) for r in par_game(edition, offer, rolls[:3]).rounds
            for d in r.decisions]
    assert said and all(text and "{" not in text for text in said)
    move = Action("move", die=0, to=HOSPITAL)
    sheet = apply(start_round(apply(new_sheet(edition, (1, 2)), Action("choose", superpower=1)),
                              [2, 5, 6, 1]), move)
    said = english(reason(sheet.previous, move, sheet))
    assert said == "Move to Post Office: it takes any number"
    helped = apply(sheet, Action("help", die=1, slot=1))
    assert (english(reason(sheet, Action("help", die=1, slot=1), helped))
            == "Post Office with the 5: 3 Honor now and 1 Wild die")


class StampsPrint(PrintKind):
    """The toy kind on paper: a row of boxes, each with its Honor."""

    name = "stamps"

    def size(self, loc) -> PanelSize:
        return PanelSize(56.0, CHROME + 12.0, CHROME + 16.0)

    def draw(self, c, loc, body: Rect) -> None:
        for box, spec in zip(stamp_boxes(loc, body), loc.boxes, strict=True):
            icons.box(c, box, weight=1.0)
            icons.honor(c, Rect(box.right + 0.5, box.y, 4.6, 4.6), spec.honor)

    def scoring(self, loc) -> str:
        return "Each stamped box scores its Honor."


def stamp_boxes(loc, body: Rect) -> list[Rect]:
    """Where the toy kind draws its boxes: 10 mm squares left to right."""
    return [Rect(body.x + 2.0 + 16.0 * i, body.cy - 5.0, 10.0, 10.0)
            for i in range(len(loc.boxes))]


@pytest.mark.usefixtures("pdftoppm")
def test_a_new_kind_of_location_prints_from_its_print_class_alone(monkeypatch, tmp_path):
    edition = _stamps_edition(monkeypatch)
    monkeypatch.setitem(PRINT_KINDS, "stamps", StampsPrint())
    out = io.BytesIO()
    render_sheets(edition, [SheetHeader(hero="Ada")], out, rules=True)
    pdf = tmp_path / "toy.pdf"
    pdf.write_bytes(out.getvalue())
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(pdf), str(tmp_path / "page")], check=True)
    (ROOT / "tests" / "artifacts").mkdir(exist_ok=True)
    shutil.copy(tmp_path / "page-1.png", ROOT / "tests" / "artifacts" / "print-toy-kind.png")
    office = edition.location(HOSPITAL)
    frame = page_layout(edition).find("location", HOSPITAL).frame
    body = panel_parts(office, frame, edition.minions_per_location).body
    for box in stamp_boxes(office, body):  # each box outlined, its inside left to write in
        assert dark_share(tmp_path / "page-1.png", box, "a4") > 0.05
        assert dark_share(tmp_path / "page-1.png", box.inset(1.5), "a4") == 0
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "POST OFFICE" in text and "Each stamped box scores its Honor." in text
