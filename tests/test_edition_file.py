"""The edition file: the classic sheet matches the rulebook; a broken file names file and field."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from rulekit import do, hero, roll

from dicehero.cli import main
from dicehero.editions import available_editions, load_edition
from dicehero.engine import EditionError, RuleError, parse_edition, score, start_round
from dicehero.words import english
from dicehero.words.editions import edition_words

CLASSIC = Path(__file__).resolve().parent.parent / "sheets" / "classic.toml"


@pytest.fixture
def raw() -> dict:
    """The classic edition file as plain data, to be broken one field at a time."""
    with CLASSIC.open("rb") as f:
        return tomllib.load(f)


# -- the classic sheet holds the rulebook's numbers ------------------------------------------

def test_classic_holds_the_numbers_the_rulebook_fixes(classic):
    assert (classic.rounds, classic.dice_per_round, classic.faces) == (10, 4, 6)
    assert (classic.superpower_uses, classic.minions_per_location) == (3, 3)
    assert (classic.minion_honor, classic.bystander_honor) == (1, 5)


def test_classic_locations_and_superpowers_in_rulebook_order(classic):
    assert [loc.name for loc in classic.locations] == [
        "City Hall", "Hospital", "Downtown", "Powerplant", "Warehouse", "Church"]
    assert [sp.name for sp in classic.superpowers] == [
        "Shrink", "Teleport", "Ice", "Fire", "Shapeshift", "Grow"]


def test_classic_city_hall_is_nine_cells_with_4_honor_rows_and_columns(classic):
    city_hall = classic.location(1)
    assert city_hall.rows == ((1, 2, 3),) * 3
    assert sorted(line.cells for line in city_hall.lines) == sorted(
        [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)])
    assert {line.honor for line in city_hall.lines} == {4}


def test_classic_church_columns_read_1_to_6_and_6_to_1_for_15_honor(classic):
    church = classic.location(6)
    numbers = church.cell_numbers
    assert sorted((tuple(numbers[c] for c in line.cells), line.honor) for line in church.lines) \
        == [((1, 2, 3, 4, 5, 6), 15), ((6, 5, 4, 3, 2, 1), 15)]


def test_classic_tracks_follow_their_location_rules(classic):
    assert [(classic.location(n).step, classic.location(n).layout) for n in (3, 4, 5)] == [
        ("same", "up"), ("adjacent", "right"), ("not_lower", "right")]


def test_classic_loads_by_name_and_by_path(classic):
    assert load_edition(str(CLASSIC)) == classic
    assert "classic" in available_editions()


# -- a broken file names the file, the field and the problem ---------------------------------

def _set(data: dict, path: list, value) -> None:
    for key in path[:-1]:
        data = data[key]
    if value is ...:
        del data[path[-1]]
    else:
        data[path[-1]] = value


BROKEN = [
    (["edition"], ..., "edition", "is missing"),
    (["edition", "rounds"], ..., "edition.rounds", "is missing"),
    (["edition", "rounds"], "ten", "edition.rounds", "expected a whole number, got 'ten'"),
    (["edition", "rounds"], 0, "edition.rounds", "must be between 1 and 100, got 0"),
    (["edition", "rounds"], True, "edition.rounds", "expected a whole number"),
    (["edition", "name"], " ", "edition.name", "expected some text"),
    (["edition", "dice_per_round"], 40, "edition.dice_per_round", "must be between 1 and 12"),
    (["superpowers", 2, "effect"], "freeze", "superpowers[2].effect",
     "must be one of set, step, copy, teleport, got 'freeze'"),
    (["superpowers", 2, "step"], 0, "superpowers[2].step", "must be -1 or 1"),
    (["superpowers", 2, "number"], 4, "superpowers[2].number", "listed in order; expected 3"),
    (["superpowers", 0, "value"], 9, "superpowers[0].value", "must be between 1 and 6, got 9"),
    (["superpowers", 5], ..., "superpowers", "one superpower per die face (6), got 5"),
    (["locations", 0, "rows", 0, 2], 7, "locations[0].rows[0][2]",
     "expected a die face 1-6, got 7"),
    (["locations", 0, "rows", 1], [], "locations[0].rows[1]", "expected a non-empty list"),
    (["locations", 0, "lines", 0, "cells"], [0, 1, 9], "locations[0].lines[0].cells[2]",
     "expected a cell number from 0 to 8, got 9"),
    (["locations", 0, "lines", 0, "cells"], [0, 1, 1], "locations[0].lines[0].cells",
     "names a cell twice"),
    (["locations", 0, "rewards", 0, "reward"], "gold", "locations[0].rewards[0].reward",
     "must be one of wild, bystander, got 'gold'"),
    (["locations", 1, "pairs", 2, "reward"], "gold", "locations[1].pairs[2].reward",
     "must be one of wild, bystander"),
    (["locations", 1, "pairs", 2, "honor"], -1, "locations[1].pairs[2].honor",
     "must be between 0 and 1000, got -1"),
    (["locations", 1, "pairs"], [], "locations[1].pairs", "expected a non-empty list"),
    (["locations", 3, "kind"], "spiral", "locations[3].kind",
     "must be one of cells, pairs, track, got 'spiral'"),
    (["locations", 2, "step"], "diagonal", "locations[2].step", "must be one of same"),
    (["locations", 4, "boxes"], ..., "locations[4].boxes", "is missing"),
    (["locations", 4, "name"], 5, "locations[4].name", "expected some text, got 5"),
    (["locations", 5], ..., "locations", "one location per die face (6), got 5"),
]


@pytest.mark.parametrize(("path", "value", "field", "problem"), BROKEN)
def test_a_broken_edition_names_the_file_the_field_and_the_problem(raw, path, value, field,
                                                                   problem):
    data = copy.deepcopy(raw)
    _set(data, path, value)
    with pytest.raises(EditionError) as info:
        parse_edition(data, "sheets/classic.toml")
    message = edition_words(info.value, "en")
    assert message.startswith(f"sheets/classic.toml: {field}: "), message
    assert problem in message


def test_an_edition_that_is_not_a_table_is_refused():
    with pytest.raises(EditionError) as info:
        parse_edition([1, 2], "x.toml")
    assert edition_words(info.value, "en") == "x.toml: the file: expected a table, got list"


def test_an_edition_files_error_is_said_in_the_readers_language():
    with pytest.raises(EditionError) as info:
        parse_edition([1, 2], "x.toml")
    assert info.value.code == "not_table" and info.value.params["got"] == "list"
    assert "expected a table" not in edition_words(info.value, "fr")
    assert "x.toml" in edition_words(info.value, "fr")


def test_a_file_that_is_not_toml_names_the_file(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[edition\nname = 'x'\n")
    with pytest.raises(EditionError) as info:
        load_edition(str(path))
    assert "broken.toml" in str(info.value)
    assert "not valid TOML" in str(info.value)


def test_a_file_with_a_bad_field_names_the_file_and_the_field(tmp_path, monkeypatch):
    text = CLASSIC.read_text(encoding="utf-8").replace("rounds = 10", "rounds = -3")
    (tmp_path / "wrongrounds.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("DICEHERO_SHEETS", str(tmp_path))
    with pytest.raises(EditionError) as info:
        load_edition("wrongrounds")
    message = edition_words(info.value, "en")
    assert "wrongrounds.toml: edition.rounds: must be between 1 and 100, got -3" in message


def test_an_unknown_edition_names_the_known_ones(tmp_path, monkeypatch):
    (tmp_path / "mine.toml").write_text(CLASSIC.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("DICEHERO_SHEETS", str(tmp_path))
    assert available_editions() == ["mine"]
    with pytest.raises(EditionError, match=r"no such edition file \(known editions: mine\)"):
        load_edition("nosuch")


@pytest.mark.parametrize("name", ["../classic", "a b", "x;y"])
def test_an_edition_name_is_a_plain_word(name):
    with pytest.raises(EditionError, match="is not an edition name"):
        load_edition(name)


# -- a new edition is a new file, not new code -----------------------------------------------

def test_a_12_round_edition_with_other_values_plays_through_the_same_engine(raw):
    data = copy.deepcopy(raw)
    data["edition"].update(name="long", rounds=12, minion_honor=2, bystander_honor=7)
    long = parse_edition(data, "long.toml")
    sheet = hero(long)
    for _ in range(12):
        sheet = do(roll(sheet, 3, 3, 3, 3), "done")
    assert sheet.finished
    with pytest.raises(RuleError) as over:
        start_round(sheet, [1, 1, 1, 1])
    assert "only 12 rounds" in english(over.value)
    minions = do(do(roll(hero(long), 2, 2, 2, 2), "move", die=0, to=2), "minion", die=1)
    assert score(minions).minion_honor == 2


def test_print_says_a_broken_edition_file_in_the_readers_language(tmp_path, monkeypatch, capsys):
    path = tmp_path / "wrong.toml"
    path.write_text(CLASSIC.read_text(encoding="utf-8").replace("rounds = 10", "rounds = -3"),
                    encoding="utf-8")
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    assert main(["print", "--edition", str(path), "-o", str(tmp_path / "out.pdf")]) == 1
    assert "edition.rounds : doit être entre 1 et 100, trouvé -3" in capsys.readouterr().err
