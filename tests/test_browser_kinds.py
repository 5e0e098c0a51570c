"""A new kind of location on the phone page: one Python class (the toy ``Stamps`` of
test_location_kinds), one entry of DH.kinds and one template, and the phone draws it and
takes a mark there. Nothing else in the pages is told of it."""

from __future__ import annotations

import shutil
import threading
import tomllib
from pathlib import Path

import pytest
from browser_support import PHONE, api_post, browser, join_phone, shot, wait_idle  # noqa: F401
from jinja2 import ChoiceLoader, DictLoader
from rulekit import HOSPITAL
from test_location_kinds import Stamps
from werkzeug.serving import make_server

from dicehero.engine import locations

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent

# The kind's template: its boxes on the phone sheet, its part of the paper marks form.
STAMPS_HTML = """
{% macro sheet(loc) %}
  <div class="track">
  {% for b in loc.boxes %}
    <button type="button" class="box stamp" data-loc="{{ loc.number }}"
            data-slot="{{ loop.index0 }}" data-label="{{ loc.name }}, stamp {{ loop.index }}">
      <span class="v"></span><span class="th">{{ b.honor }}</span>
    </button>
  {% endfor %}
  </div>
{% endmacro %}
{% macro marks(loc, faces) %}
  {% for b in loc.boxes %}<input class="mstamp" type="number" min="0" max="{{ faces }}">{% endfor %}
{% endmacro %}
"""

# The kind's entry of DH.kinds (marks: one number per box, 0 while it is empty).
STAMPS_JS = """
DH.kinds.stamps = {
  paint(b, marks, s) {
    DH.text(b.querySelector(".v"), marks[s] || "");
    b.classList.toggle("marked", !!marks[s]);
    b.dataset.state = marks[s] ? "stamped " + marks[s] : "";
  },
  wildValue() { return 1; },
  wrote(loc, was, now) { return was.find((v, s) => v && !now[s]) || null; },
  read: (fs) => [...fs.querySelectorAll(".mstamp")].map((i) => +i.value || 0),
  fill(fs, marks) {
    fs.querySelectorAll(".mstamp").forEach((i, s) => { i.value = marks[s] || ""; });
  },
};
"""


@pytest.fixture(scope="module")
def toy_url(tmp_path_factory):
    """The app in a thread, with an edition whose Hospital is a Post Office of the toy kind."""
    from dicehero.web import create_app

    folder = tmp_path_factory.mktemp("toy")
    sheets = folder / "sheets"
    sheets.mkdir()
    shutil.copy(ROOT / "sheets" / "classic.toml", sheets / "classic.toml")
    classic = (ROOT / "sheets" / "classic.toml").read_text(encoding="utf-8")
    data = tomllib.loads(classic)
    hospital = data["locations"][HOSPITAL - 1]["name"]
    start = classic.index(f'name = "{hospital}"')
    start = classic.rindex("[[locations]]", 0, start)
    end = classic.find("[[locations]]", start + 1)
    post_office = (f'[[locations]]\nnumber = {HOSPITAL}\nname = "Post Office"\n'
                   f'kind = "stamps"\nrule = "Any number, in any box."\n'
                   f'boxes = [{{ honor = 2 }}, {{ honor = 3, reward = "wild" }}]\n\n')
    toy = classic[:start] + post_office + (classic[end:] if end >= 0 else "")
    toy = toy.replace(f'name = "{data["edition"]["name"]}"', 'name = "toy"', 1)
    (sheets / "toy.toml").write_text(toy, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DICEHERO_SHEETS", str(sheets))
        mp.setitem(locations.KINDS, "stamps", Stamps())
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'toy.sqlite'}"})
        app.jinja_env.loader = ChoiceLoader([DictLoader({"kinds/stamps.html": STAMPS_HTML}),
                                             app.jinja_env.loader])
        srv = make_server("127.0.0.1", 0, app, threaded=True)
        t = threading.Thread(target=srv.serve_forever, daemon=True)
        t.start()
        yield f"http://127.0.0.1:{srv.server_port}"
        srv.shutdown()


def _with_the_toy_entry(route) -> None:
    """kinds.js as served, with the toy kind's entry after it."""
    reply = route.fetch()
    route.fulfill(response=reply, body=reply.text() + STAMPS_JS)


def test_a_new_kind_of_location_draws_and_takes_a_mark_on_the_phone(browser, toy_url):  # noqa: F811
    game = api_post(toy_url, "/api/games", {"edition": "toy"})
    code, host = game["code"], game["host_secret"]
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/static/kinds.js*", _with_the_toy_entry)
    join_phone(page, toy_url, code, "Ada")
    api_post(toy_url, f"/api/games/{code}/offer", {"choices": [1, 3]}, host)
    page.locator('[data-choose="1"]').click()
    wait_idle(page)
    api_post(toy_url, f"/api/games/{code}/rolls", {"dice": [HOSPITAL, 5, 6, 1]}, host)
    page.wait_for_selector(".die:not(:disabled)")
    office = page.locator(f"#loc-{HOSPITAL}")
    assert office.locator(".stamp").count() == 2  # drawn by the kind's own template

    page.locator('.die[data-die="0"]').click()
    page.locator(f'[data-move="{HOSPITAL}"].legal').click()
    wait_idle(page)
    page.locator('.die[data-die="1"]').click()
    stamp = office.locator('.stamp[data-slot="1"]')
    assert "legal" in stamp.get_attribute("class")  # the engine's legal list lights it up
    stamp.click()
    wait_idle(page)
    shot(page, "kinds-toy-kind-360")
    assert "marked" in stamp.get_attribute("class")
    assert stamp.locator(".v").inner_text() == "5"  # painted by the kind's JS entry
    assert office.locator(".lhonor .hv").inner_text() == "3"
    assert page.locator("#t-wi").inner_text() == "1"  # the stamp's Wild die
    assert errors == []
    ctx.close()
