/* The host's screen: players joining, the superpower choices, the rolls, who is done,
   the timer, and the results. Every change arrives as a Server-Sent Event and is
   answered by re-reading the game's state; names are only ever set as text. What it
   draws lives beside it: the round (host_round.js), the roster and its tools
   (host_roster.js), the results, the printed sheets and the stream tools. */
"use strict";
(function () {
  const main = document.getElementById("host");
  const code = main.dataset.code;
  const ed = JSON.parse(document.getElementById("edition-data").textContent);
  const $ = (id) => document.getElementById(id);
  const text = (el, s) => { el.textContent = s; };
  const KEY = "dh.host." + code;
  let secret = localStorage.getItem(KEY) || localStorage.getItem("dh.cohost." + code);
  let state = null;

  const api = DH.api(code, () => secret);

  function say(s, bad) {
    const m = $("host-msg");
    text(m, s);
    m.classList.toggle("no", !!bad);
  }
  function failed(r) {
    say(r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }), true);
  }
  async function hostPost(path, body) {
    const r = await api("POST", path, body);
    if (!r.ok) failed(r);
    return r;
  }

  const spName = (n) => (n ? ed.superpowers[n - 1].name : "");
  const ask = DH.hostAsk({ $, text });
  const shared = { $, text, main, code, ed, api, spName, say, ask, hostPost, failed, state: () => state,
    refresh: () => refresh(), soon: () => soon(), render: () => render() };

  const round = DH.hostRound(shared);
  const roster = DH.hostRoster({ ...shared, again: () => drawn.again(), last: () => stream.last });
  const drawn = DH.hostResults({ $, text, api, ed, state: () => state, doodle: roster.doodle,
    sheetLink: roster.sheetLink, soon: () => soon() });
  const printCount = DH.hostPrint({ $, text, code, secret: () => secret, state: () => state });
  const streamTools = DH.hostStream({ $, main, api, say, ask, refresh: () => soon() });

  function render() {
    const s = state;
    const pendingIds = new Set(s.results.pending.map((p) => p.id));
    $("paper-add").hidden = !roster.tools() || s.status === "over" || s.roll > 0 || s.roster_locked;
    const over = s.status === "over";
    round.head(s, over);
    // Between rounds the standings and the decision map need the room: no timer runs then.
    // The break: the class is through with the round (all done, or the rest left behind when
    // the host went on); one absent child does not hide the standings for the rest.
    const between = s.roll > 0 && !over && s.round_closed;
    document.querySelector(".timerrow").hidden = over || (between && !s.timer);
    // progress, and the standings at the break
    $("progress").hidden = s.roll === 0 || over || between;
    main.classList.toggle("between", between);
    main.classList.toggle("over", over);
    drawn.standings(between ? s : null);
    round.par(s, over);
    text($("done-n"), s.done_count);
    text($("player-n"), s.player_count);
    $("done-bar").style.width = (s.player_count ? (100 * s.done_count / s.player_count) : 0) + "%";
    const waiting = s.players.filter((p) => !p.done).map((p) => p.name);
    // at most 24 names, at 24 px: the list stays on the screen beside the dice
    const names = { names: waiting.slice(0, 24).join(", "), more: waiting.length - 24 };
    text($("waiting-for"), waiting.length ? DH.t(waiting.length > 24 ? "still_playing_more" : "still_playing", names)
      : s.roll ? DH.t("everyone_done") : "");
    if ($("print").open) printCount();
    streamTools(s);
    roster.draw(s, over, pendingIds);
    round.timer(s);
    if (over) drawn.results();
  }

  async function refresh() {
    const r = await api("GET", "");
    if (r.ok) { state = r.data; if (!stream.last) stream.last = state.last_event_id; render(); }
  }
  const soon = DH.coalesce(refresh, 150);

  const stream = DH.stream(code, {
    open: () => soon(),
    message: (e) => {
      const doodled = /^\{"type":"player_doodle","data":\{"player":\{"id":(\d+)/.exec(e.data);
      if (doodled) { roster.doodle(+doodled[1], true); return; }
      // A paper sheet can come in after the end: the results are drawn again.
      if (/"type":"paper_(sheet|closed)"/.test(e.data)) drawn.again();
      soon();
    },
  });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") soon(); });

  $("auth").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    secret = $("secret").value.trim();
    const r = await api("GET", "/me");
    if (r.ok && r.data.role === "host") {
      localStorage.setItem(KEY, secret);
      $("auth").hidden = true;
      say(DH.t("welcome_back"));
    } else say(DH.t("not_host_secret"), true);
  });

  (async function start() {
    if (!secret) { $("auth").hidden = false; }
    await refresh();
    stream.connect();
  })();
})();
