"""The command line in DICEHERO_LANG's language: every sub-command's --help (its options'
help and argparse's own words: usage, options, -h) and argparse's errors."""

from __future__ import annotations

import argparse
import re

import pytest

from dicehero import i18n
from dicehero.cli import COMMANDS, build_parser, main
from dicehero.cli_parser import said
from dicehero.commands.columns import width, wrap

# Every sub-command, and db's own ones.
HELPS = [[name] for name in COMMANDS] + [["db", action] for action in
                                          ("current", "upgrade", "revision")]


def shown_help(argv: list[str], capsys) -> str:
    # the parser alone: main("serve") would patch this process for gevent first
    with pytest.raises(SystemExit) as stop:
        build_parser(argv[0]).parse_args([*argv, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


WORD = re.compile(r"[A-Za-z][\w.]*")  # a word as the checks below read one


def typed_words(parser: argparse.ArgumentParser) -> set[str]:
    """What a person types or reads as a name, never translated: options, metavars,
    choices, defaults and the commands' names, of ``parser`` and its sub-parsers."""
    words = {"dicehero", *COMMANDS}
    for action in parser._actions:
        names = [*action.option_strings, action.metavar or action.dest.upper(),
                 *(action.choices or ())]
        if isinstance(action.default, str | int):
            names.append(str(action.default))
        words.update(w for name in names for w in WORD.findall(str(name)))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                words |= typed_words(sub)
    return words


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_every_help_is_in_the_pseudo_language(argv, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", i18n.PSEUDO)
    shown = shown_help(argv, capsys)
    # every translated text is bracketed; what is left is typed names and punctuation
    left = re.sub(r"\[[^\[\]]*\]", " ", shown)
    words = set(WORD.findall(left))
    assert words - typed_words(build_parser(argv[0])) == set(), shown


def helps(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """The help texts ``--help`` of ``argv`` shows: its parser's description and its
    options' helps, each as its longest piece between placeholders."""
    for name in argv:
        parser = next(a for a in parser._actions
                      if isinstance(a, argparse._SubParsersAction)).choices[name]
    texts = [parser.description or "", *(a.help or "" for a in parser._actions)]
    return [max(re.split(r"%\(\w+\)s", t), key=len).strip() for t in texts if t]


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_a_french_help_has_no_english_option_help(argv, monkeypatch, capsys) -> None:
    english = helps(build_parser(argv[0]), argv)
    assert len(english) >= 2  # a description and -h at least
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    french = " ".join(shown_help(argv, capsys).split())
    assert "utilisation : dicehero" in french and "afficher cette aide et quitter" in french
    for text in english:
        assert " ".join(text.split()) not in french, text


@pytest.mark.parametrize("lang", [*i18n.languages(), i18n.PSEUDO])
def test_every_help_shows_in_every_language(lang, monkeypatch, capsys) -> None:
    # a translation with a stray % or a lost %(default)s would stop argparse with an error
    monkeypatch.setenv("DICEHERO_LANG", lang)
    for argv in HELPS:
        assert "%(" not in shown_help(argv, capsys)


def test_an_argparse_error_is_in_french(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    with pytest.raises(SystemExit) as stop:
        main(["print", "--paper", "a5", "-o", str(tmp_path / "x.pdf")])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("utilisation : dicehero print")
    assert ("dicehero print : erreur : argument --paper : choix non valide : 'a5' "
            "(choisir parmi 'a4', 'letter')") in err
    assert "usage" not in err and "invalid" not in err


@pytest.mark.parametrize(("argv", "french"), [
    (["print"], "ces arguments sont obligatoires : -o/--output"),
    (["simulate", "--players", "deux"], "argument --players : 'deux' n’est pas un nombre entier"),
    (["simulate", "--players"], "argument --players : une valeur attendue"),
    (["simulate", "--nosuch"], "arguments inconnus : --nosuch"),
    (["nosuch"], "argument COMMANDE : choix non valide : 'nosuch'"),
    (["print", "--players", "2", "--names", "-", "-o", "x"],
     "argument --names : interdit avec --players"),
    (["print", "--rules=yes", "-o", "x"],
     "argument --rules : ne prend pas de valeur, pas même 'yes'"),
])
def test_argparse_errors_are_said_in_french(argv, french, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    with pytest.raises(SystemExit):
        build_parser(argv[0]).parse_args(argv)
    assert french in capsys.readouterr().err


def test_a_message_argparse_says_in_no_known_form_stays_as_it_is() -> None:
    assert said("something new from a later argparse") == "something new from a later argparse"


def test_wide_letters_wrap_between_letters_and_never_before_a_closing_mark() -> None:
    lines = wrap("ヒーロー名が空欄のシートを N 枚印刷する（既定値：1 枚、--game があれば）", 20)
    assert len(lines) > 1 and all(width(line) <= 20 for line in lines)
    assert not any(line[0] in "、。）：" for line in lines)
    assert wrap("print N sheets with the hero name", 12) == ["print N", "sheets with",
                                                             "the hero", "name"]


def test_dicehero_prints_messages_are_in_dicehero_lang(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "fr")
    assert main(["print", "--players", "3", "-o", str(tmp_path / "a.pdf")]) == 0
    assert "feuille 3/3" in capsys.readouterr().err
    assert main(["print", "--players", "1", "--game", "ABCD", "--url", "192.168.1.20:5000",
                 "-o", str(tmp_path / "b.pdf")]) == 1
    assert ("dicehero print: --url '192.168.1.20:5000' n’est pas une adresse que les "
            "téléphones peuvent ouvrir") in capsys.readouterr().err
    url = f"sqlite:///{tmp_path / 'none.sqlite'}"
    assert main(["print", "--game", "ABCD", "--database", url, "-o",
                 str(tmp_path / "c.pdf")]) == 1
    err = capsys.readouterr().err
    assert "le stockage des parties n’est pas disponible : pas de base de données à" in err


def test_a_wide_usage_prefix_lines_up_the_usage_s_next_lines(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DICEHERO_LANG", "ja")
    usage = shown_help(["print"], capsys).split("\n\n")[0].splitlines()
    start = width("使い方： dicehero print ")
    assert usage[0].startswith("使い方： dicehero print [-h]") and len(usage) > 1
    assert all(len(line) - len(line.lstrip()) == start for line in usage[1:])
