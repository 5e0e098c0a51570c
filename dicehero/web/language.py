"""Each person's language: Flask-Babel, with the catalogs of :mod:`dicehero.i18n`.

A page is in the language its reader picked (the ``lang`` cookie, set by the picker
on the join page and in the sheet's menu), else the browser's (``Accept-Language``).
The API answers in the ``Accept-Language`` of the request: the pages' scripts send
their page's language, so a refusal reaches a phone in the phone's language. The
projector is the host's browser, so it follows the host's choice.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, redirect, render_template, request
from flask_babel import Babel, Domain, gettext, pgettext
from markupsafe import Markup

from dicehero import i18n
from dicehero.engine import Edition
from dicehero.engine.view import edition_view
from dicehero.web.js_text import page_text

bp = Blueprint("language", __name__)

YEAR = 365 * 24 * 3600


def current_language() -> str:
    """The language of this request's reader (see the module's docstring)."""
    lang = g.get("dicehero_lang")
    if lang is None:
        lang = g.dicehero_lang = _chosen()
    return lang


def _offered() -> tuple[str, ...]:
    return (*i18n.languages(), i18n.PSEUDO)


def _chosen() -> str:
    offered = _offered()
    if not request.path.startswith("/api/"):
        cookie = request.cookies.get(i18n.COOKIE, "")
        if cookie in offered:
            return cookie
    wanted = [tag for tag, _q in request.accept_languages]
    return i18n.negotiate(wanted, offered) or i18n.SOURCE


class _CatalogDomain(Domain):
    """The messages domain, its catalogs compiled from ``.po`` files in memory."""

    def get_translations(self) -> Any:
        """The catalog of the request's language (none outside a request: English)."""
        if not g:
            return i18n.translations(i18n.SOURCE)
        return i18n.translations(current_language())


class _Babel(Babel):
    @cached_property
    def domain_instance(self) -> Domain:
        return _CatalogDomain(domain=i18n.DOMAIN)


def _locale() -> str:
    return str(i18n.babel_locale(current_language()))


def picker_languages() -> list[tuple[str, str]]:
    """``(code, name in itself)`` of each language the picker offers (the pseudo-language
    too where ``PSEUDO_LOCALE`` is set: for testing and for translators)."""
    offered = i18n.languages()
    if current_app.config.get("PSEUDO_LOCALE"):
        offered = (*offered, i18n.PSEUDO)
    return [(lang, i18n.native_name(lang)) for lang in offered]


def shown_edition(view: dict[str, Any]) -> dict[str, Any]:
    """An edition view (``edition_view``) with its texts in the reader's language; each
    location keeps its English name as ``key``, the name scores are listed by."""
    def tr(context: str, text: str) -> str:
        return pgettext(context, text) if text else text

    shown = {**view, "title": tr("edition", view["title"])}
    shown["superpowers"] = [{**p, "name": tr("superpower", p["name"]),
                             "text": tr("superpower rule", p["text"])}
                            for p in view["superpowers"]]
    shown["locations"] = [
        {**loc, "key": loc["name"], "name": tr("location", loc["name"]),
         "rule": tr("location rule", loc["rule"]),
         **{part: [{**item, "key": item["label"], "label": tr(context, item["label"])}
                  for item in loc[part]]
            for part, context in (("lines", "line"), ("rewards", "reward")) if part in loc}}
        for loc in view["locations"]]
    return shown


def edition_shown(edition: Edition) -> dict[str, Any]:
    """The view of ``edition`` the pages draw, in the reader's language."""
    return shown_edition(edition_view(edition))


def duration(seconds: int) -> str:
    """A timer's length as the host picks it: 30 s, 1 min, 1 min 30."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        # Translators: a timer's length in seconds, as 30 s.
        return gettext("%(s)s s", s=rest)
    if not rest:
        # Translators: a timer's length in minutes, as 2 min.
        return gettext("%(m)s min", m=minutes)
    # Translators: a timer's length in minutes and seconds, as 1 min 30.
    return gettext("%(m)s min %(s)s", m=minutes, s=rest)


def css_string(text: str) -> Markup:
    """``text`` as a CSS string in single quotes, safe in a double-quoted HTML attribute:
    words the stylesheets draw (``content: var(--h)``) come from the catalogs too."""
    safe = "".join(f"\\{ord(c):x} " if c in "'\"\\<>&" else c for c in text)
    return Markup(f"'{safe}'")


@bp.get("/lang")
def choose() -> Response | str:
    """The picker: the list of languages; one chosen is remembered in a cookie, and the
    reader goes back to the page they came from (a path on this site only)."""
    lang = request.args.get("lang", "")
    back = request.args.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    if lang not in _offered():
        return render_template("language.html", back=back)
    resp = redirect(back)
    resp.set_cookie(i18n.COOKIE, lang, max_age=YEAR, samesite="Lax")
    return resp


def init_app(app: Flask) -> None:
    """Flask-Babel over the package's catalogs, and each page's ``lang`` and ``dir``."""
    _Babel(app, locale_selector=_locale)
    app.register_blueprint(bp)
    app.add_template_global(page_text)
    app.add_template_filter(duration)
    app.add_template_filter(css_string)

    @app.context_processor
    def _language() -> dict[str, Any]:
        lang = current_language()
        return {"lang": lang, "lang_tag": i18n.html_lang(lang),
                "current_language_name": i18n.native_name(lang),
                "text_dir": "rtl" if i18n.is_rtl(lang) else "ltr",
                "languages": picker_languages}
