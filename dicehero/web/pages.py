"""HTML pages: the host's projector screen and the player's phone sheet.

The pages are server-rendered from the game's edition (so a new edition needs no
new page code) and talk to the JSON API with small scripts; secrets stay in the
browser's localStorage and travel as ``Authorization: Bearer``.
"""

from __future__ import annotations

import io
import re
from http import HTTPStatus
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import pgettext
from markupsafe import Markup

from dicehero.addresses import is_loopback, only_this_machine, reachable_base
from dicehero.editions import DEFAULT_EDITION, available_editions, load_edition
from dicehero.engine.paper_rows import paper_offer
from dicehero.printing.layout import page_layout
from dicehero.store.names import NAME_MAX
from dicehero.web import games
from dicehero.web.device import give_device, this_device
from dicehero.web.errors import MissingPage
from dicehero.web.language import current_language, edition_shown

bp = Blueprint("pages", __name__)

_CODE = re.compile(r"^[A-Za-z0-9]{4,10}$")


def _game_state(code: str, front: bool = False) -> dict[str, Any]:
    """The game's public state (``front``: its row alone, ``Games.front``), or an HTML 404
    page for an unknown code."""
    from dicehero.store import StoreError

    try:
        if _CODE.match(code):
            return games().front(code) if front else games().state(code)
    except StoreError:
        pass
    raise MissingPage(code)


_INDENT = re.compile(r"\n\s+")


_BLANK_SHEETS: dict[tuple[str, str, str], Markup] = {}


@bp.app_template_global("blank_sheet")
def blank_sheet(edition: dict[str, Any]) -> Markup:
    """The blank sheet of ``edition`` (as shown, ``edition_shown``) for the phone, solo and
    paper pages: drawn once per edition and language, as it is the same for every reader.
    Drawing its hundred boxes was three quarters of a join page's CPU (11 ms), which any
    address could ask for as often as its read limit lets it (issue 26). Editions are loaded
    once per process (``load_edition``), so the name says which one it is."""
    key = (edition["name"], current_language(), request.script_root)
    html = _BLANK_SHEETS.get(key)
    if html is None:
        macro = current_app.jinja_env.get_template("_sheet.html").module.sheet  # type: ignore[attr-defined]
        html = _BLANK_SHEETS[key] = Markup(macro(edition))
    return html


@bp.app_template_filter("unindent")
def unindent(html: str) -> Markup:
    """Markup without the template's indentation and blank lines: the sheet's hundred boxes
    are a fifth lighter for a phone on school Wi-Fi, and render the same."""
    return Markup(_INDENT.sub("\n", str(html)))


def join_base() -> str:
    """The address phones should open: ``PUBLIC_URL`` when set, else this one, unless it is
    only this machine's loopback."""
    return reachable_base(request.host_url, current_app.config.get("PUBLIC_URL"),
                          current_app.config.get("LISTEN_HOST"))


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The die icon, for browsers that ask for /favicon.ico before reading the page's link."""
    return redirect(url_for("static", filename="favicon.svg"), code=HTTPStatus.MOVED_PERMANENTLY)


@bp.get("/")
def home() -> str:
    """Join a game with its code, host one, or play solo."""
    return render_template("home.html")


@bp.get("/join")
def join() -> Response:
    """The home page's form: go to the game's phone page."""
    code = request.args.get("code", "").strip().upper().replace(" ", "")
    if not _CODE.match(code):
        return redirect(url_for("pages.home", bad=1))
    return redirect(url_for("pages.play", code=code))


@bp.get("/play/<code>")
def play(code: str) -> Response:
    """A player's phone: join with a hero name, then the live sheet."""
    state = _game_state(code, front=True)
    edition = load_edition(state["edition"])
    # A finished game is said to be over before anyone types a name or draws.
    top = games().scores(code)["leaderboard"][:5] if state["status"] == "over" else []
    device = this_device()
    offers = (games().name_offers(code, device)["names"]
              if state["generated_names"] and state["status"] != "over" else [])
    page = render_template("play.html", game=state, edition=edition_shown(edition), top=top,
                           name_max=NAME_MAX, offers=offers)
    return give_device(make_response(page), device)


@bp.get("/paper/<code>")
def paper(code: str) -> str:
    """A paper player's page: enter the marks of a printed sheet, checked over the rolls."""
    state = _game_state(code)
    edition = load_edition(state["edition"])
    return render_template("paper.html", game=state, edition=edition_shown(edition))


@bp.get("/paper/<code>/marks")
def paper_marks(code: str) -> str:
    """A paper sheet entered as it is drawn: the printed sheet as a form of marks."""
    state = _game_state(code)
    edition = load_edition(state["edition"])
    # The locations in the printed sheet's reading order, so the form reads as the paper.
    order = [e.location - 1 for e in page_layout(edition).elements if e.kind == "location"]
    offer = state["offer"]["choices"] if state["offer"] else []
    offered = paper_offer(state["power_mode"], offer, edition) or range(1, edition.faces + 1)
    return render_template("paper_marks.html", game=state, edition=edition_shown(edition),
                           order=order, offered=set(offered))


@bp.get("/host")
def host_new() -> str:
    """Create a game."""
    # each edition by its key (the form's value) and its name in the reader's language
    editions = [(name, pgettext("edition name", load_edition(name).label))
                for name in available_editions()]
    return render_template("host_new.html", editions=editions,
                           default=DEFAULT_EDITION, rounds=load_edition().rounds)


@bp.get("/host/<code>")
def host(code: str) -> str:
    """The host's projector screen for one game."""
    state = _game_state(code)
    edition = load_edition(state["edition"])
    url = join_base() + "play/" + state["code"]
    # Inline, so the projector shows it with no second request; segno draws only modules.
    qr_svg = segno.make(url, error="m").svg_inline(scale=10, border=2, dark="#000",
                                                    light="#fff", svgclass="qr")
    listen = current_app.config.get("LISTEN_HOST")
    unreachable = only_this_machine(listen) and not current_app.config.get("PUBLIC_URL")
    # Listening on the network, yet the address shown is this machine's own: it has none
    # on a network (no Wi-Fi, no cable), so phones cannot join until it does.
    no_network = not unreachable and is_loopback(url)
    return render_template("host.html", game=state, edition=edition_shown(edition),
                           join_url=url, join_base=join_base(), qr_svg=qr_svg,
                           unreachable=unreachable, no_network=no_network, listen=listen,
                           name_max=NAME_MAX)


@bp.get("/overlay/<code>")
def overlay(code: str) -> str:
    """The stream overlay: a transparent page for a streaming program's browser source."""
    state = _game_state(code)
    edition = load_edition(state["edition"])
    return render_template("overlay.html", game=state, edition=edition_shown(edition),
                           join_base=join_base())


@bp.get("/qr/<code>.svg")
def qr(code: str) -> Response:
    """The QR code of a game's join link, as SVG drawn on the server."""
    state = _game_state(code)
    url = join_base() + "play/" + state["code"]
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=10, border=2, dark="#000",
                                    light="#fff", xmldecl=False)
    resp = Response(buf.getvalue(), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "max-age=3600"
    return resp
