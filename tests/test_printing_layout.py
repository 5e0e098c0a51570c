"""Page geometry of the printed sheet, checked as numbers without drawing anything."""

from __future__ import annotations

import itertools
import tomllib

import pytest

from dicehero.editions import available_editions, load_edition, sheets_dir
from dicehero.engine.edition import Edition, parse_edition
from dicehero.printing.cells import line_kind, line_summary
from dicehero.printing.geometry import PAPERS, Rect
from dicehero.printing.kinds.cells import grid_parts
from dicehero.printing.kinds.pairs import pair_parts
from dicehero.printing.kinds.track import track_parts
from dicehero.printing.layout import MARGIN, page_layout
from dicehero.printing.parts import (
    header_parts,
    hero_parts,
    panel_parts,
    round_parts,
    score_parts,
    tally_parts,
)


def contains(outer: Rect, inner: Rect, tolerance: float = 1e-6) -> bool:
    """Whether ``inner`` lies wholly inside ``outer``."""
    return (inner.x >= outer.x - tolerance and inner.y >= outer.y - tolerance
            and inner.right <= outer.right + tolerance and inner.top <= outer.top + tolerance)


def overlaps(a: Rect, b: Rect, tolerance: float = 1e-6) -> bool:
    """Whether the two rectangles share any area (touching edges do not count)."""
    return (a.x < b.right - tolerance and b.x < a.right - tolerance
            and a.y < b.top - tolerance and b.y < a.top - tolerance)

MIN_BOX = 4.5  # mm: the smallest box a child can write a digit in


def variant() -> Edition:
    """Classic with 12 rounds, a 14-box Powerplant and a 6-box Warehouse."""
    data = tomllib.loads((sheets_dir() / "classic.toml").read_text())
    data["edition"]["rounds"] = 12
    data["locations"][3]["boxes"] = [{"honor": 3 * i + 1} for i in range(13)] + [
        {"honor": 77, "reward": "bystander"}]
    data["locations"][4]["boxes"] = data["locations"][4]["boxes"][:6]
    return parse_edition(data, "variant")


def editions() -> list[Edition]:
    return [load_edition(name) for name in available_editions()] + [variant()]


CASES = [pytest.param(e, paper, id=f"{e.name}-{paper}")
         for e, paper in itertools.product(editions(), PAPERS)]


def location_panels(edition: Edition, paper: str):
    layout = page_layout(edition, paper)
    for loc in edition.locations:
        frame = layout.find("location", loc.number).frame
        yield loc, frame, panel_parts(loc, frame, edition.minions_per_location)


def assert_apart(rects: list[Rect]) -> None:
    for a, b in itertools.combinations(rects, 2):
        assert not overlaps(a, b), (a, b)


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_every_element_lies_inside_the_margins(edition: Edition, paper: str) -> None:
    layout = page_layout(edition, paper)
    width, height = PAPERS[paper]
    inner = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    for element in layout.elements:
        assert contains(inner, element.frame), element


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_no_two_elements_overlap(edition: Edition, paper: str) -> None:
    assert_apart([e.frame for e in page_layout(edition, paper).elements])


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_every_location_has_exactly_one_panel(edition: Edition, paper: str) -> None:
    layout = page_layout(edition, paper)
    numbers = sorted(e.location for e in layout.elements if e.kind == "location")
    assert numbers == list(edition.location_numbers)


def test_an_unknown_paper_is_refused(classic: Edition) -> None:
    with pytest.raises(ValueError, match="a3"):
        page_layout(classic, "a3")


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_grid_cells_and_badges_sit_apart_inside_their_panel(edition: Edition, paper: str) -> None:
    for loc, frame, parts in location_panels(edition, paper):
        if loc.kind != "cells":
            continue
        g = grid_parts(loc, parts.body)
        assert len(g.cells) == len(loc.cell_numbers)
        shapes = [*g.cells, *g.row_badges.values(), *g.column_badges.values()]
        assert_apart(shapes)
        for shape in shapes:
            assert contains(frame, shape), (loc.name, shape)
        assert min(c.h for c in g.cells) >= MIN_BOX


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_pairs_have_two_boxes_a_badge_and_room_for_the_reward(edition: Edition,
                                                             paper: str) -> None:
    for loc, _frame, parts in location_panels(edition, paper):
        if loc.kind != "pairs":
            continue
        pairs = pair_parts(loc, parts.body)
        assert len(pairs) == len(loc.boxes)
        shapes = [r for p in pairs for r in (p.first, p.second, p.badge, p.reward)]
        assert_apart(shapes)
        assert all(contains(parts.body, r) for r in shapes)
        assert min(p.first.h for p in pairs) >= MIN_BOX


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_track_boxes_are_in_their_panel_one_per_box(edition: Edition, paper: str) -> None:
    for loc, _frame, parts in location_panels(edition, paper):
        if loc.kind != "track":
            continue
        t = track_parts(loc, parts.body)
        assert len(t.boxes) == len(loc.boxes)
        shapes = [*t.boxes, *t.badges, *(r for r, b in zip(t.rewards, loc.boxes, strict=True)
                                         if b.reward)]
        assert_apart(shapes)
        assert all(contains(parts.body, r) for r in shapes), loc.name
        assert min(b.h for b in t.boxes) >= MIN_BOX


def test_downtown_is_filled_from_the_bottom_up(classic: Edition) -> None:
    downtown = next(loc for loc in classic.locations if loc.layout == "up")
    body = panel_parts(downtown, page_layout(classic).find("location", downtown.number).frame,
                       3).body
    ys = [b.y for b in track_parts(downtown, body).boxes]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)


def test_left_to_right_tracks_are_filled_from_the_left(classic: Edition) -> None:
    for loc in classic.locations:
        if loc.kind == "track" and loc.layout == "right":
            frame = page_layout(classic).find("location", loc.number).frame
            xs = [b.x for b in track_parts(loc, panel_parts(loc, frame, 3).body).boxes]
            assert xs == sorted(xs) and len(set(xs)) == len(xs)


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_each_panel_has_a_minion_per_minion_of_the_edition(edition: Edition, paper: str) -> None:
    for _, _, parts in location_panels(edition, paper):
        assert len(parts.minions) == edition.minions_per_location
        assert all(contains(parts.head, m) for m in parts.minions)


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_a_row_per_round_with_a_box_per_die(edition: Edition, paper: str) -> None:
    frame = page_layout(edition, paper).find("rounds").frame
    rows = round_parts(edition, frame)
    assert [r.number for r in rows] == list(range(1, edition.rounds + 1))
    assert all(len(r.dice) == edition.dice_per_round for r in rows)
    boxes = [d for r in rows for d in r.dice]
    assert_apart(boxes)
    assert all(contains(frame, b) for b in boxes)
    assert min(b.h for b in boxes) >= MIN_BOX


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_tallies_match_the_rewards_and_minions_of_the_edition(edition: Edition,
                                                              paper: str) -> None:
    frame = page_layout(edition, paper).find("tallies").frame
    t = tally_parts(edition, frame)
    assert len(t.wild) == edition.reward_count("wild")
    assert len(t.bystanders) == edition.reward_count("bystander")
    assert [len(icons) for _, icons in t.minions] == [edition.minions_per_location] * len(
        edition.locations)
    shapes = [*t.wild, *t.bystanders, *(r for label, icons in t.minions for r in (label, *icons))]
    assert_apart(shapes)
    assert all(contains(frame, r) for r in shapes)


def test_score_strip_has_a_box_per_location_bystanders_minions_and_total(
        classic: Edition) -> None:
    boxes = score_parts(classic, page_layout(classic).find("scores").frame)
    labels = [b.label for b in boxes]
    assert labels[:6] == [f"{loc.number} {loc.name}" for loc in classic.locations]
    assert labels[6].startswith("Bystanders") and labels[7].startswith("Minions")
    assert labels[-1] == "TOTAL" and boxes[-1].sign == "="
    assert_apart([b.frame for b in boxes])


@pytest.mark.parametrize(("edition", "paper"), CASES)
def test_the_hero_circle_holds_the_superpower_boxes(edition: Edition, paper: str) -> None:
    h = hero_parts(edition, page_layout(edition, paper).find("hero").frame)
    assert len(h.uses) == edition.superpower_uses
    for box in (h.power, *h.uses, h.name):
        for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.top), (box.right, box.top)):
            assert (x - h.cx) ** 2 + (y - h.cy) ** 2 < h.r ** 2, box


def test_the_qr_code_square_sits_right_of_the_game_code(classic: Edition) -> None:
    parts = header_parts(page_layout(classic).find("header").frame)
    assert parts.qr.w == parts.qr.h and parts.game.right < parts.qr.x
    assert parts.title.right < parts.game.x


def test_city_hall_lines_are_its_rows_and_columns(classic: Edition) -> None:
    city_hall = classic.location(1)
    kinds = [line_kind(city_hall, line) for line in city_hall.lines]
    assert sorted(kinds) == [("column", 0), ("column", 1), ("column", 2),
                             ("row", 0), ("row", 1), ("row", 2)]


def test_line_honors_are_summed_up_in_words(classic: Edition) -> None:
    assert line_summary(classic.location(1)) == ["4 Honor per row/column"]
    assert line_summary(classic.location(6)) == ["15 Honor per column"]
