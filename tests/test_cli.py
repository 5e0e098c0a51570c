"""The command line: simulate, score (with its exit statuses), balance, and what `serve`
announces."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from dicehero.cli import main
from dicehero.editions import load_edition
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.par import par_game
from dicehero.engine.simulation import play_game
from dicehero.words import english


@pytest.fixture
def game_log(tmp_path: Path) -> tuple[Path, dict]:
    game = play_game(load_edition("classic"), [GreedyBot(random.Random(1)),
                                               RandomBot(random.Random(2))], 3)
    log = game.to_log()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    return path, log


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "log.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_simulate_prints_the_leaderboard_and_location_averages(capsys) -> None:
    assert main(["simulate", "--players", "3", "--seed", "5", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "Leaderboard" in out and "1. Bot" in out and "3. Bot" in out
    for name in ("City Hall", "Hospital", "Downtown", "Powerplant", "Warehouse", "Church"):
        assert name in out


def test_simulate_with_the_same_seed_plays_the_same_game(capsys) -> None:
    main(["simulate", "--players", "2", "--seed", "9"])
    first = capsys.readouterr().out
    main(["simulate", "--players", "2", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_simulate_plays_another_edition_by_name(capsys) -> None:
    assert main(["simulate", "--players", "1", "--seed", "1", "--edition", "marathon"]) == 0
    assert "round 12" in capsys.readouterr().out


def test_simulate_writes_a_log_that_score_accepts(tmp_path: Path, capsys) -> None:
    log = tmp_path / "sim.json"
    main(["simulate", "--players", "2", "--seed", "4", "--log", str(log)])
    capsys.readouterr()
    assert main(["score", str(log)]) == 0
    assert "Honor" in capsys.readouterr().out


def test_score_prints_each_players_breakdown(game_log, capsys) -> None:
    path, _ = game_log
    assert main(["score", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["name"] for r in rows} == {"Bot 1", "Bot 2"}
    for r in rows:
        assert r["total"] == (sum(r["locations"].values()) + r["bystander_honor"]
                              + r["minion_honor"])


def test_score_names_the_player_round_action_and_rule_of_an_illegal_action(
        tmp_path: Path, game_log, capsys) -> None:
    _, log = game_log
    first = log["rolls"][0][0]
    elsewhere = 1 if first != 1 else 2
    log["players"][1]["rounds"][0] = [{"type": "move", "die": 0, "to": elsewhere}]
    assert main(["score", write(tmp_path, log)]) == 1
    err = capsys.readouterr().err
    assert "Bot 2, round 1" in err and f"move (die 1, to location {elsewhere})" in err
    assert f"From the middle circle a {first} moves you to" in err


def test_a_commands_words_follow_dicehero_lang(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    assert main(["simulate", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Classement" in out and "Honneur moyen par lieu" in out and "Mairie" in out
    assert "Leaderboard" not in out and "City Hall" not in out


def test_an_illegal_action_is_told_in_dicehero_lang(tmp_path: Path, game_log, monkeypatch,
                                                    capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    _, log = game_log
    elsewhere = 1 if log["rolls"][0][0] != 1 else 2
    log["players"][1]["rounds"][0] = [{"type": "move", "die": 0, "to": elsewhere}]
    assert main(["score", write(tmp_path, log)]) == 1
    err = capsys.readouterr().err
    assert "dicehero score : action interdite : Bot 2, manche 1 : move (dé 1 " in err
    assert f"vers le lieu {elsewhere})" in err
    assert "From the middle circle" not in err  # the rule in French too


def test_a_log_of_the_wrong_shape_is_told_in_dicehero_lang(tmp_path: Path, monkeypatch,
                                                         capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "de")
    log = {"rolls": [[1, 2, 3, 4]], "players": [{"superpower": 2}]}
    assert main(["score", write(tmp_path, log)]) == 2
    assert "players[0] hat kein 'name'." in capsys.readouterr().err


@pytest.mark.parametrize("bad, words", [
    ("{not json", "not JSON"),
    ([1, 2], "JSON object"),
    ({"edition": "classic", "players": []}, "no 'rolls'"),
    ({"rolls": [[1, 2, 3, 7]], "players": [{"name": "A"}]}, "not 7"),
    ({"rolls": [[1, 2, 3, 4, 5]], "players": [{"name": "A"}]}, "A roll is 4 dice"),
    ({"rolls": [[1, 2, 3, 4]], "players": [{"name": "A", "rounds": [[{"type": "fly"}]]}]},
     "Unknown action 'fly'"),
    ({"rolls": [[1, 2, 3, 4]], "players": [{"superpower": 2}]}, "has no 'name'"),
    ({"edition": "nope", "rolls": [], "players": [{"name": "A"}]}, "no such edition"),
    ({"edition": 5, "rolls": [], "players": [{"name": "A"}]}, "edition name"),
    ({"rolls": [[1, 2, 3, 4]], "players": [{"name": "A", "rounds": [
        [{"type": "help", "wild": True, "value": 7}]]}]}, "not 7"),
    ({"rolls": [[1, 2, 3, 4]], "players": [{"name": "A", "rounds": [
        [{"type": "move", "die": 4, "to": 2}]]}]}, "There is no die 5 ('die': 4"),
    ({"rolls": [[1, 2, 3, 4]], "players": [{"name": "A", "superpower": 1, "rounds": [
        [{"type": "move", "die": 0, "to": 9}]]}]}, "There is no location 9"),
])
def test_score_refuses_a_log_of_the_wrong_shape_with_status_2(tmp_path: Path, capsys, bad,
                                                              words) -> None:
    assert main(["score", write(tmp_path, bad)]) == 2
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err


def test_score_of_a_missing_file_is_status_2(tmp_path: Path, capsys) -> None:
    assert main(["score", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_balance_prints_each_locations_mean_and_the_ratio(capsys) -> None:
    assert main(["balance", "--games", "4", "--jobs", "1", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "Church" in out and "Total" in out and "highest / lowest location mean" in out


def _serve(tmp_path: Path, public_url: str = "") -> subprocess.Popen:
    env = {**os.environ, "PUBLIC_URL": public_url}
    env.pop("DATABASE_URL", None)
    return subprocess.Popen([sys.executable, "-m", "dicehero.cli", "serve", "--no-qr",
                             "--host", "127.0.0.1", "--port", "0", "--instance", str(tmp_path)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_serve_behind_a_proxy_announces_the_public_url(tmp_path: Path) -> None:
    server = _serve(tmp_path, "https://dice.example.org")
    try:
        said = [server.stdout.readline() for _ in range(2)]
        assert said[1] == "Phones on the same network open: https://dice.example.org/\n"
    finally:
        server.terminate()
        server.communicate(timeout=10)


def test_serve_on_this_machine_only_says_phones_cannot_open_it(tmp_path: Path) -> None:
    server = _serve(tmp_path)
    try:
        said = [server.stdout.readline() for _ in range(2)]
        assert said[1].startswith("Only this computer can open: http://127.0.0.1:")
        assert "phones cannot" in said[1] and "--host 127.0.0.1" in said[1]
    finally:
        server.terminate()
        server.communicate(timeout=10)


def test_serve_refuses_a_public_url_phones_cannot_open_in_one_line(tmp_path: Path) -> None:
    server = _serve(tmp_path, "dice.example.org")
    _, err = server.communicate(timeout=60)
    assert server.returncode == 2
    assert err.startswith("dicehero serve: PUBLIC_URL 'dice.example.org' is not an address")
    assert "Traceback" not in err


@pytest.mark.parametrize("bot", ["par", "hindsight"])
def test_balance_plays_the_par_bot_and_the_hindsight_bound(bot, capsys) -> None:
    assert main(["balance", "--games", "1", "--jobs", "1", "--bot", bot]) == 0
    out = capsys.readouterr().out
    assert f"1 game, {bot} bot" in out and "Total" in out


def test_simulate_seats_par_bots(capsys) -> None:
    assert main(["simulate", "--players", "1", "--seed", "5", "--bot", "par"]) == 0
    assert "1 par bot, seed 5" in capsys.readouterr().out


def test_par_prints_the_par_score_of_a_logged_game_beside_the_players(game_log, capsys) -> None:
    path, log = game_log
    assert main(["par", str(path), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    game = par_game(load_edition("classic"), log["superpower_offer"], log["rolls"])
    assert said["par"]["total"] == game.total
    assert said["par"]["rounds"] == [r.total for r in game.rounds]
    assert said["beat_par"] == sum(1 for p in said["players"] if p["total"] > game.total)
    assert main(["par", str(path), "--reasons"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Par {game.total} (10 rounds")
    assert english(game.rounds[0].decisions[0].reason) in out and "heroes beat par" in out


def test_par_of_a_file_that_is_not_a_game_log_is_status_2(tmp_path: Path, capsys) -> None:
    assert main(["par", write(tmp_path, "{not json")]) == 2
    assert "dicehero par:" in capsys.readouterr().err


def test_par_of_a_game_still_being_played_without_an_offer(tmp_path: Path, game_log,
                                                           capsys) -> None:
    _, log = game_log
    del log["superpower_offer"]  # a paper game: the choice was free
    log["rolls"] = log["rolls"][:2]
    for player in log["players"]:
        player["rounds"] = player["rounds"][:2]
    assert main(["par", write(tmp_path, log), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert len(said["par"]["rounds"]) == 2 and said["par"]["superpower"] in range(1, 7)


def screen_width(line: str) -> int:
    """The columns a terminal gives ``line``: Chinese and Japanese letters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)


@pytest.mark.parametrize("lang", ["zh_Hans", "ja"])
def test_the_average_table_lines_up_in_chinese_and_japanese(lang, monkeypatch,
                                                            capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", lang)
    assert main(["simulate", "--players", "2", "--seed", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[-9:]  # 6 locations, Bystanders, Minions, Total
    assert any(screen_width(row) != len(row) for row in rows)  # the labels are wide letters
    assert len({screen_width(row) for row in rows}) == 1


@pytest.mark.parametrize("lang", ["zh_Hans", "ja"])
def test_the_score_breakdown_lines_up_in_chinese_and_japanese(game_log, lang, monkeypatch,
                                                              capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", lang)
    assert main(["score", str(game_log[0])]) == 0
    rows = capsys.readouterr().out.splitlines()[1:7]  # the first hero's six locations
    assert len({screen_width(row) for row in rows}) == 1


def test_an_edition_that_does_not_exist_is_told_in_dicehero_lang(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "de")
    assert main(["simulate", "--players", "1", "--edition", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "nosuch.toml: Diese Editionsdatei gibt es nicht (bekannte Editionen: " in err
    assert "classic" in err and "no such edition file" not in err


def test_dicehero_help_lists_the_commands_in_dicehero_langs_language(monkeypatch, capsys):
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "imprimer des feuilles en PDF" in shown and "print sheets as a PDF" not in shown
