"""``dicehero print``: the sheets it writes, and its errors (a message and a status, never a
traceback)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from dicehero import addresses
from dicehero.cli import main
from dicehero.printing import command, join_url
from dicehero.printing.command import GameLookupError, TerminalProgress, players_of_game


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(str(path)).pages]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dicehero.cli", "print", *args],
                          capture_output=True, text=True, timeout=120)


def test_players_n_prints_n_blank_sheets(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    assert main(["print", "--players", "3", "-o", str(out)]) == 0
    texts = page_texts(out)
    assert len(texts) == 3 and all("YOUR HERO'S NAME" in t for t in texts)


def test_without_players_or_names_one_blank_sheet_is_printed(tmp_path: Path) -> None:
    out = tmp_path / "one.pdf"
    assert main(["print", "-o", str(out)]) == 0
    assert len(page_texts(out)) == 1


@pytest.fixture
def on_a_network(monkeypatch: pytest.MonkeyPatch) -> str:
    """This machine at 192.168.1.20 on the class's network, no PUBLIC_URL set."""
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    return "http://192.168.1.20:5000/"


def test_names_file_gives_one_named_sheet_per_line(tmp_path: Path, on_a_network: str) -> None:
    names = tmp_path / "names.txt"
    names.write_text("Captain Comet\n\n  Night   Owl \nZoë Zap\n", encoding="utf-8")
    out = tmp_path / "class.pdf"
    assert main(["print", "--names", str(names), "--game", "ABCD", "-o", str(out)]) == 0
    texts = page_texts(out)
    assert len(texts) == 3
    for text, name in zip(texts, ["Captain Comet", "Night Owl", "Zoë Zap"], strict=True):
        assert name in text and "ABCD" in text and on_a_network + "play/ABCD" in text


def test_the_qr_code_leads_to_the_network_address_never_localhost(tmp_path: Path,
                                                                  on_a_network: str) -> None:
    out = tmp_path / "lan.pdf"
    assert main(["print", "--players", "1", "--game", "ABCD", "-o", str(out)]) == 0
    text = page_texts(out)[0]
    assert "http://192.168.1.20:5000/play/ABCD" in text and "localhost" not in text


def test_public_url_is_the_address_behind_a_proxy(tmp_path: Path, on_a_network: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUBLIC_URL", "https://dice.school.example/heroes")
    out = tmp_path / "proxy.pdf"
    assert main(["print", "--players", "1", "--game", "ABCD", "-o", str(out)]) == 0
    assert "https://dice.school.example/heroes/play/ABCD" in page_texts(out)[0]


def test_a_url_phones_cannot_open_is_refused(tmp_path: Path, capsys) -> None:
    out = tmp_path / "bad.pdf"
    assert main(["print", "--players", "1", "--game", "ABCD", "--url", "192.168.1.20:5000",
                 "-o", str(out)]) == 1
    assert "not an address phones can open" in capsys.readouterr().err
    assert not out.exists()


def test_without_a_network_the_print_warns_that_phones_cannot_open_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.setattr(addresses, "lan_ip", lambda: "127.0.0.1")
    assert main(["print", "--players", "1", "--game", "ABCD", "-o",
                 str(tmp_path / "alone.pdf")]) == 0
    assert "phones cannot open; pass --url" in capsys.readouterr().err


def test_url_sets_the_address_of_the_qr_code(tmp_path: Path) -> None:
    out = tmp_path / "url.pdf"
    assert main(["print", "--players", "1", "--game", "ABCD", "--url", "https://sdh.example/",
                 "-o", str(out)]) == 0
    assert "https://sdh.example/play/ABCD" in page_texts(out)[0]


def test_rules_adds_a_page(tmp_path: Path) -> None:
    out = tmp_path / "rules.pdf"
    assert main(["print", "--players", "2", "--rules", "-o", str(out)]) == 0
    texts = page_texts(out)
    assert len(texts) == 3 and "rules summary" in texts[-1]


def test_letter_paper_is_letter_sized(tmp_path: Path) -> None:
    out = tmp_path / "letter.pdf"
    assert main(["print", "--paper", "letter", "-o", str(out)]) == 0
    box = pypdf.PdfReader(str(out)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_edition_is_chosen_by_name(tmp_path: Path) -> None:
    out = tmp_path / "classic.pdf"
    assert main(["print", "--edition", "classic", "-o", str(out)]) == 0
    assert "Classic edition" in page_texts(out)[0]


def test_progress_goes_to_stderr(tmp_path: Path, capsys) -> None:
    assert main(["print", "--players", "20", "-o", str(tmp_path / "p.pdf")]) == 0
    err = capsys.readouterr().err
    assert "sheet 2/20" in err and "sheet 20/20" in err and "20 page(s)" in err


def test_progress_on_a_terminal_rewrites_one_line() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    progress = TerminalProgress(stream)
    for done in range(1, 4):
        progress(done, 3)
    assert stream.getvalue() == "\rsheet 1/3\rsheet 2/3\rsheet 3/3\n"


# --- errors -----------------------------------------------------------------


def test_a_bad_paper_is_an_error_without_traceback(tmp_path: Path) -> None:
    result = run_cli("--paper", "a3", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode != 0
    assert "invalid choice: 'a3'" in result.stderr and "Traceback" not in result.stderr


def test_a_missing_output_is_an_error_without_traceback() -> None:
    result = run_cli("--players", "2")
    assert result.returncode != 0
    assert "-o/--output" in result.stderr and "Traceback" not in result.stderr


def test_an_unreadable_names_file_is_an_error_without_traceback(tmp_path: Path) -> None:
    result = run_cli("--names", str(tmp_path / "missing.txt"), "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 1
    assert "cannot read names file" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_names_file_that_is_not_text_is_an_error(tmp_path: Path, capsys) -> None:
    names = tmp_path / "names.bin"
    names.write_bytes(b"\xff\xfe\x00\x81\x82")
    assert main(["print", "--names", str(names), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "not UTF-8 text" in capsys.readouterr().err


def test_an_empty_names_file_is_an_error(tmp_path: Path, capsys) -> None:
    names = tmp_path / "names.txt"
    names.write_text("\n  \n")
    assert main(["print", "--names", str(names), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "has no names" in capsys.readouterr().err


def test_players_and_names_cannot_be_combined(tmp_path: Path) -> None:
    result = run_cli("--players", "2", "--names", "n.txt", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode != 0 and "not allowed with" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("count", ["0", "-3", "100000"])
def test_players_out_of_range_is_an_error(tmp_path: Path, capsys, count: str) -> None:
    assert main(["print", "--players", count, "-o", str(tmp_path / "x.pdf")]) == 1
    assert "--players must be between" in capsys.readouterr().err


def test_an_unknown_edition_is_an_error(tmp_path: Path, capsys) -> None:
    assert main(["print", "--edition", "nosuch", "-o", str(tmp_path / "x.pdf")]) == 1
    assert "no such edition" in capsys.readouterr().err


def test_a_bad_game_code_is_an_error(tmp_path: Path, capsys) -> None:
    assert main(["print", "--game", "<b>x</b>", "-o", str(tmp_path / "x.pdf")]) == 1
    assert "is not a game code" in capsys.readouterr().err


def test_an_unwritable_output_is_an_error(tmp_path: Path, capsys) -> None:
    out = tmp_path / "no" / "such" / "dir" / "x.pdf"
    assert main(["print", "-o", str(out)]) == 1
    assert "cannot write" in capsys.readouterr().err


# --- --game: the players come from the live server's store -------------------


def test_game_prints_one_sheet_per_player_of_the_game(api, app, tmp_path: Path) -> None:
    game = api.create(rounds=8)
    for name in ("Captain Comet", "Night Owl"):
        api.join(game, name)
    out = tmp_path / "game.pdf"
    assert main(["print", "--game", game.code.lower(), "--database",
                 app.config["DATABASE_URL"], "-o", str(out)]) == 0
    texts = page_texts(out)
    assert len(texts) == 2
    assert "Captain Comet" in texts[0] and "Night Owl" in texts[1]
    assert all(game.code in t and f"/play/{game.code}" in t for t in texts)
    assert "8 rounds" in texts[0]  # the game's rounds, not the edition's 10


def test_the_printed_url_opens_the_game_on_the_server(api, client) -> None:
    game = api.create()
    path = join_url("", game.code)
    assert client.get(path).status_code == 200


def test_players_of_game_reads_names_edition_and_rounds(api, app) -> None:
    game = api.create()
    api.join(game, "Mega Mouse")
    found = players_of_game(game.code, app.config["DATABASE_URL"])
    assert (found.code, found.edition, found.names) == (game.code, "classic", ["Mega Mouse"])


def test_an_unknown_game_says_no_such_game(app, tmp_path: Path, capsys) -> None:
    assert main(["print", "--game", "ZZZZZZ", "--database", app.config["DATABASE_URL"],
                 "-o", str(tmp_path / "x.pdf")]) == 1
    assert "no such game: ZZZZZZ" in capsys.readouterr().err


def test_a_game_without_players_suggests_blank_sheets(api, app) -> None:
    game = api.create()
    with pytest.raises(GameLookupError, match="no players yet; use --players N"):
        players_of_game(game.code, app.config["DATABASE_URL"])


def test_a_missing_database_says_the_store_is_not_available(tmp_path: Path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'none.sqlite'}"
    assert main(["print", "--game", "ABCD", "--database", url, "-o",
                 str(tmp_path / "x.pdf")]) == 1
    assert "the game store is not available" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists()


def test_a_store_that_cannot_be_imported_is_not_available(monkeypatch, tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    db.write_bytes(b"")
    monkeypatch.setitem(sys.modules, "dicehero.store", None)
    with pytest.raises(GameLookupError, match="the game store is not available"):
        players_of_game("ABCD", f"sqlite:///{db}")


def test_a_database_without_tables_is_not_available(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite"
    db.write_bytes(b"")
    with pytest.raises(GameLookupError, match="the game store is not available"):
        players_of_game("ABCD", f"sqlite:///{db}")


def test_the_default_database_follows_the_server(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DICEHERO_INSTANCE", str(tmp_path))
    assert command.default_database_url() == f"sqlite:///{tmp_path / 'dicehero.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", "postgresql://db/x")
    assert command.default_database_url() == "postgresql://db/x"


# --- --register: the printed names become the game's paper heroes ----------------------


def test_register_writes_the_printed_names_in_as_paper_heroes(api, app, tmp_path: Path) -> None:
    game = api.create()
    names = tmp_path / "class.txt"
    names.write_text("Ada\nBo\n", encoding="utf-8")
    assert main(["print", "--game", game.code, "--names", str(names), "--register",
                 "--database", app.config["DATABASE_URL"], "-o", str(tmp_path / "c.pdf")]) == 0
    players = api.state(game)["players"]
    assert [(p["name"], p["paper"]) for p in players] == [("Ada", True), ("Bo", True)]


def test_register_again_keeps_the_heroes_already_written_in(api, app, tmp_path: Path) -> None:
    game = api.create()
    names = tmp_path / "class.txt"
    names.write_text("Ada\n", encoding="utf-8")
    args = ["print", "--game", game.code, "--names", str(names), "--register",
            "--database", app.config["DATABASE_URL"], "-o", str(tmp_path / "c.pdf")]
    assert main(args) == 0 and main(args) == 0
    assert [p["name"] for p in api.state(game)["players"]] == ["Ada"]


def test_register_after_the_first_roll_is_refused_in_one_line(api, app, tmp_path: Path,
                                                               capsys) -> None:
    game = api.create()
    api.roll(game)
    names = tmp_path / "class.txt"
    names.write_text("Late\n", encoding="utf-8")
    assert main(["print", "--game", game.code, "--names", str(names), "--register",
                 "--database", app.config["DATABASE_URL"], "-o", str(tmp_path / "c.pdf")]) == 1
    assert "could not write in 'Late': Paper heroes are written in before the first roll" in \
        capsys.readouterr().err


def test_register_needs_a_game_and_names(tmp_path: Path, capsys) -> None:
    assert main(["print", "--register", "-o", str(tmp_path / "c.pdf")]) == 1
    assert "--register needs --game CODE and --names FILE" in capsys.readouterr().err
