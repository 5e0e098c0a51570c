/* How every page talks to the server: JSON calls to the game's API, and the game's live
   event stream, resumed after the last event seen and reopened when the server refused it.
   Loaded before each page's own script. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // api(method, path, body) for game `code`; `secret()` gives the bearer secret, or nothing.
  DH.api = function (code, secret) {
    return async function (method, path, body) {
      // A refusal comes in the page's language.
      const headers = { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang };
      const s = secret();
      if (s) headers.Authorization = "Bearer " + s;
      const r = await fetch("/api/games/" + code + path, { method, headers, cache: "no-store", body: body ? JSON.stringify(body) : undefined });
      let data = null;
      try { data = await r.json(); } catch (e) { data = null; }
      return { ok: r.ok, status: r.status, data };
    };
  };

  // The page's words in its language (web/js_text.py): DH.t("key", {name: value}), and
  // DH.tn("key", n, {...}) for a count; numbers are written the reader's way.
  // The words are read at the first use: they come in the page's body, after this script.
  let words = null, numbers = null, plural = null;
  function word(key) {
    if (!words) {
      words = JSON.parse(document.getElementById("dh-text").textContent);
      numbers = new Intl.NumberFormat(document.documentElement.lang);
      plural = new Function("n", "return +(" + words._plural + ")");
    }
    return words[key];
  }
  function fill(text, p) {
    return text.replace(/%\((\w+)\)s|%%/g, (m, k) => (!k ? "%" : typeof p[k] === "number" ? numbers.format(p[k]) : String(p[k])));
  }
  DH.t = (key, p) => fill(word(key), p || {});
  DH.tn = function (key, n, p) {
    const forms = word(key);
    return fill(forms[Math.min(plural(n), forms.length - 1)], Object.assign({ n }, p));
  };

  // `fn` run `ms` after it is asked for, one run at a time. Asked for again while it runs,
  // it runs once more afterwards: an event that arrives during a read is never lost in it.
  DH.coalesce = function (fn, ms) {
    let pending = null;
    let again = false;
    function run() {
      if (pending) { again = true; return pending; }
      pending = new Promise((res) => setTimeout(res, ms))
        .then(() => { again = false; return fn(); })
        .finally(() => { pending = null; if (again) { again = false; run(); } });
      return pending;
    }
    return run;
  };

  // The game's events: on.open(), on.message(event) with the raw MessageEvent, on.error().
  // `last` is the id of the last event seen (a page may set it from the state it read);
  // `closed()` says whether the stream is down for good (the page may open it again);
  // `stop()` closes it (the page knows the network is gone).
  DH.stream = function (code, on) {
    let es = null;
    const stream = { last: 0, query: "", connect, stop: () => es && es.close(), closed: () => !es || es.readyState === EventSource.CLOSED };
    function connect() {
      if (es) es.close();
      es = new EventSource("/api/games/" + code + "/events?last_event_id=" + stream.last + stream.query);
      es.onopen = () => { if (on.open) on.open(); };
      es.onmessage = (e) => {
        if (e.lastEventId) stream.last = +e.lastEventId;
        on.message(e);
      };
      es.onerror = () => {
        if (on.error) on.error();
        // The browser retries by itself unless the stream was refused; then we do.
        if (es.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
      };
    }
    return stream;
  };
})();
