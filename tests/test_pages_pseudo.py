"""Every page as the server writes it, in the pseudo-language: no plain English word in its
text or in the attributes a person reads (title, aria-label, placeholder, alt). Without a
browser, so it also walks the pages the Chromium walk (test_browser_pseudo) does not open:
the new-game form, the round-by-round paper page, the language picker, the stream overlay
and a missing game's page. Text the scripts write is the Chromium walk's."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from dicehero import i18n

READ = ("title", "aria-label", "placeholder", "alt")
# The same in every language: the game's name, names people typed, codes, addresses and
# units that are not words, and each language's own name in the picker.
NOT_WORDS = re.compile("|".join([r"Super Dice Heroes", r"https?://\S+", r"\b[A-Z0-9]{6}\b",
                                 r"\b[0-9a-f]{16,}\b", r"\bA4\b", r"\bQR\b", "Ada", "Pen",
                                 *(re.escape(i18n.native_name(lang))
                                   for lang in i18n.languages())]))


class _Text(HTMLParser):
    """The text nodes outside scripts and styles, and the attributes a person reads."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.texts += [value for name, value in attrs if name in READ and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data.strip())


def plain_english(html: str) -> list[str]:
    """The texts of ``html`` with a word left once the pseudo-language's brackets are out."""
    parser = _Text()
    parser.feed(html)
    left = []
    for text in parser.texts:
        rest = NOT_WORDS.sub(" ", text)
        while re.search(r"\[[^\[\]]*\]", rest):
            rest = re.sub(r"\[[^\[\]]*\]", " ", rest)
        if re.search(r"[A-Za-z]{2,}", rest):
            left.append(text)
    return left


def test_every_page_the_server_writes_is_in_the_pseudo_language(client) -> None:
    code = client.post("/api/games", json={}).json["code"]
    client.post(f"/api/games/{code}/players", json={"name": "Ada"})
    client.post(f"/api/games/{code}/players", json={"name": "Pen", "paper": True})
    client.set_cookie(i18n.COOKIE, i18n.PSEUDO)
    pages = ["/", "/host", f"/host/{code}", f"/play/{code}", "/solo", f"/paper/{code}",
             f"/paper/{code}/marks", "/lang?next=/", f"/overlay/{code}", "/play/NOPE42"]
    left = {}
    for page in pages:
        reply = client.get(page)
        assert reply.status_code in (200, 404), page
        left[page] = plain_english(reply.get_data(as_text=True))
    assert {page: words for page, words in left.items() if words} == {}


def test_the_scan_finds_a_plain_english_word() -> None:
    assert plain_english('<p>[Ŕöļļ] Letter</p><p title="Go">[Ŕöļļ]</p>') == ["[Ŕöļļ] Letter",
                                                                           "Go"]
    assert plain_english("<p>[Ŕöļļ [Çîţý Ĥàļļ]]</p><script>x = 'Hello'</script>") == []
