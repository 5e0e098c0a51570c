/* The phone: join, then the live sheet. The secret stays in localStorage; Server-Sent
   Events bring each roll, and after sleep, lost Wi-Fi or a reload the page reconnects
   and re-reads the sheet by itself. */
"use strict";
(function () {
  const main = document.getElementById("play");
  const code = main.dataset.code;
  const KEY = "dh.player." + code;
  const $ = (id) => document.getElementById(id);
  let me = load();
  // The hero's own link (the host playing along: Host tools): the hero's key after "#".
  const given = /#hero=(\d+)&key=([\w-]+)/.exec(location.hash);
  if (given) {
    me = { id: +given[1], secret: given[2] };
    localStorage.setItem(KEY, JSON.stringify(me));
    history.replaceState(null, "", location.pathname + location.search);
  }
  let sheet = null;
  let roll = 0;
  let over = false;
  let timer = null;
  let extra = 0;
  let counts = { done: 0, players: 0 };
  let shownForfeit = 0;
  let focusAfterJoin = false; // a hero who just joined: the keyboard goes to the dice
  let saidRound = 0; // the last round whose "tap a die" was said
  const lastDone = (v) => v.done && v.round >= +main.dataset.rounds; // this hero played every round

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || null; } catch (e) { return null; }
  }

  function randomKey() {
    const a = new Uint8Array(12);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const api = DH.api(code, () => me && me.secret);

  function setConn(on) {
    const c = $("conn");
    c.textContent = DH.t(on ? "live" : "reconnecting");
    c.classList.toggle("off", !on);
  }

  function liveLine() {
    const parts = [];
    if (!over) {
      if (roll === 0) parts.push(DH.t("wait_roll"));
      else parts.push(DH.tn("heroes_done", counts.players, { done: counts.done }));
      if (timer) {
        const left = Math.max(0, Math.round(timer.ends + timer.s * extra / 100 - Date.now() / 1000));
        parts.push(DH.t("timer", { time: Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") }));
      }
    }
    DH.text($("live"), parts.join(" "));
  }
  setInterval(() => { if (timer) liveLine(); }, 1000);

  // Every action carries the roll it answers and a fresh idempotency key; a request
  // lost on bad Wi-Fi is sent again with the same key, so it is stored once.
  // With o.check it is a dry run: the server judges the action and stores nothing.
  async function send(action, o) {
    const body = o.check ? { action, roll, check: true } : { action, roll, idempotency_key: randomKey() };
    let r;
    for (let attempt = 0; ; attempt++) {
      try { r = await api("POST", "/players/" + me.id + "/actions", body); break; } catch (e) {
        if (attempt >= 2) throw e;
        await new Promise((res) => setTimeout(res, 800));
      }
    }
    if (r.ok && action.type === "done" && !o.check) refresh();  // the end screen, the ranking
    if (r.ok) return { sheet: o.check ? null : r.data.sheet };
    const error = r.data && r.data.error ? r.data.error : { message: DH.t("server_said", { status: String(r.status) }) };
    if (r.status === 409 || r.status === 403) refresh();
    return { sheet: null, error };
  }

  // A burst of events: one read (one more if during a read). A failed read (no Wi-Fi) is
  // no error: the 'online' event or the stream's reconnect reads again.
  const refresh = DH.coalesce(() => doRefresh().catch(() => setConn(false)), 60);

  async function doRefresh() {
    if (!me) return;
    const r = await api("GET", "/players/" + me.id + "?edition=0");
    if (r.status === 401 || r.status === 404) { localStorage.removeItem(KEY); me = null; showJoin(); return; }
    if (!r.ok) return;
    show(r.data);
  }

  let pushWait = null;  // the sheet as read, or as the stream sent it with a roll
  function show(d) {
    clearTimeout(pushWait);
    stream.query = "&hero=" + me.id + "&key=" + d.player.stream_key;
    if (d.player.removed) { $("game").hidden = true; $("removed").hidden = false; return; }
    roll = d.game.roll;
    mySettings(d.player.settings);
    if (!stream.last) stream.last = d.game.last_event_id;
    DH.text($("hero-title"), d.player.name);
    $("join").hidden = true;
    $("game").hidden = false;
    if (!sheet) sheet = DH.Sheet($("sheet"), { send, rounds: +main.dataset.rounds, waiting: () => !over, readDice: false });
    sheet.render(d.sheet);
    showRolls(d.game.rolls, d.sheet);
    showMissed(d.sheet.missed_rounds || 0);
    const f = d.sheet.forfeited || [];
    // Each warning once, even after a reload: the count shown is kept on this phone.
    const seenKey = "dh.forfeit." + code + "." + me.id;
    const seen = Math.max(shownForfeit, +localStorage.getItem(seenKey) || 0);
    let lost = "";
    if (f.length > seen) {
      const last = f[f.length - 1];
      lost = DH.t("dice_lost", { round: last.round, dice: last.dice.join(", ") });
      shownForfeit = f.length;
      localStorage.setItem(seenKey, String(f.length));
    }
    if (d.game.status !== "over") {
      // The new round's line first, then the warning: the roll that lost the dice is news too.
      const v = d.sheet;
      const now = d.game.rolls[v.round - 1];
      const note = now && now.typed ? " " + DH.t("typed_now") : "";
      let line = "";
      if (v.round === 0) line = DH.t(v.legal.choose.length && !v.superpower ? "pick_power" : "wait_first");
      else if (lastDone(v)) line = v.round > saidRound || lost ? DH.t("finished_wait") : "";
      else if (v.done) line = DH.t("done_round", { round: v.round });
      else if (v.round > saidRound || lost) line = sheet.roundLine(v) + note;
      saidRound = Math.max(saidRound, v.round);
      if (line) sheet.say(line + (lost ? "\n" + lost : ""));
    } else if (!over || lost) sheet.say(over ? lost : DH.t("game_over_bang") + (lost ? "\n" + lost : ""), !!lost);
    srSay(d);
    if (d.game.status === "over") { over = true; showFinal(d); }
    else if (lastDone(d.sheet)) showFinal(d);  // the others and the host still to finish
    else if (focusAfterJoin) { focusAfterJoin = false; sheet.focusDice(); }
    liveLine();
  }

  // Said to a screen reader (#sr): each roll's round and dice once, and between rounds this
  // hero's place (none while the host keeps ranks for the end). The place comes with the
  // sheet read once the hero is done, from a ranking the server keeps: any class hears it.
  let srRound = 0, srRanked = 0;
  function srSay(d) {
    const v = d.sheet, r = d.game.rolls[v.round - 1];
    if (r && !v.done && v.round > srRound) {
      srRound = v.round;
      DH.text($("sr"), DH.t("roll_label" + (r.typed ? "_typed" : ""), { round: r.number, dice: r.dice.join(", ") }));
    } else if (v.done && v.round > srRanked && !lastDone(v) && d.game.status !== "over") {
      srRanked = v.round;
      if (d.place) DH.text($("sr"), place(d.place));
    }
  }
  const place = (p) => p.rank ? DH.tn("your_place", p.of, { rank: p.rank }) : "";

  // Settings: classes on <html>, drawn by settings.css.
  function mySettings(s) {
    s = s || {};
    extra = s.extra_time || 0;
    const c = document.documentElement.classList, on = s.less_motion || s.high_contrast || s.big_text || innerWidth < 251;
    c.toggle("s-motion", !!s.less_motion); c.toggle("s-contrast", !!s.high_contrast); c.toggle("s-big", !!s.big_text);
    if (on && !$("s-css")) document.head.append(Object.assign(document.createElement("link"), { id: "s-css", rel: "stylesheet", href: main.dataset.sCss }));
  }

  // A hero who joined late is told which rounds were rolled before they came: those rows
  // stay empty on their sheet, and the strip of rolls marks them.
  function showMissed(missed) {
    const p = $("missed");
    p.hidden = !missed;
    if (!missed) return;
    DH.text(p, DH.tn("joined_late", missed, { round: missed + 1 }));
  }

  // The rolls so far; dice the host typed in are marked, so everyone sees them.
  function showRolls(rolls, v) {
    const ol = $("rolls");
    ol.hidden = !rolls.length;
    ol.replaceChildren();
    for (const r of rolls) {
      const li = document.createElement("li");
      const now = r.number === v.round && !v.done;
      const missed = r.number <= (v.missed_rounds || 0);
      li.className = (now ? "now" : "") + (r.typed ? " typed" : "") + (missed ? " missed" : "");
      const b = document.createElement("b");
      b.textContent = DH.t("round_short", { round: r.number });
      const dice = document.createElement("span");
      dice.textContent = r.dice.join(" ");
      li.append(b, dice);
      for (const [on, note] of [[r.typed, DH.t("typed_by_host")], [missed, DH.t("before_joined")]]) {
        if (!on) continue;
        const t = document.createElement("small");
        t.textContent = note;
        li.append(t);
      }
      li.setAttribute("aria-label", DH.t("roll_label" + (r.typed ? "_typed" : "") + (missed ? "_missed" : ""), { round: r.number, dice: r.dice.join(", ") }));
      ol.appendChild(li);
    }
  }

  // The ranking on the phone follows the server's: the end screen appears once this hero
  // played every round, says it is not final while the host has not finished the game or
  // paper sheets may still come in, and is read again on every event that can move it.
  let finalShown = false;
  async function showFinal(d) {
    finalShown = true;
    DH.text($("final-title"), DH.t(over ? "game_over" : "all_played"));
    const typed = d.game.rolls.filter((r) => r.typed);
    $("f-typed").hidden = !typed.length;
    DH.text($("f-typed"), typed.length ? DH.t("typed_rounds", { rounds: typed.map((r) => DH.t("typed_round", { round: r.number, dice: r.dice.join(" ") })).join(", ") }) : "");
    const s = d.sheet.score;
    DH.text($("f-total"), DH.t("honor", { honor: s.total }));
    DH.breakdown($("f-rows"), sheet.edition, s);
    $("final").hidden = false;
    if (over) showPar(s);
    await showRanking(d.place);
    window.scrollTo(0, 0);
  }

  const rankAgain = DH.coalesce(() => showRanking().catch(() => setConn(false)), 800);
  // The place as the sheet read brought it, or read again (an event moved the ranking).
  async function showRanking(given) {
    const r = given ? { ok: true, data: given } : await api("GET", "/players/" + me.id + "/place");
    if (r.ok) {
      // Paper sheets the host has not checked yet take no place: ranked among the rest.
      const p = r.data;
      const open = p.status !== "over" ? DH.t("not_final_game")
        : p.to_check ? DH.tn("to_check", p.to_check) : p.provisional ? DH.t("not_final_paper") : "";
      DH.text($("f-place"), place(p));
      DH.text($("f-final"), open);
      $("f-final").hidden = !open;
      const top = $("f-top");
      top.replaceChildren();
      for (const e of p.top) {
        const li = document.createElement("li");
        li.textContent = DH.t("top_line", { rank: e.rank, name: e.name, honor: e.total });
        top.appendChild(li);
      }
    }
  }

  // Par beside the hero: its script and style come only now, once the game is over.
  function showPar(mine) {
    const run = () => DH.showPar(async () => { const r = await api("GET", "/players/" + me.id + "/place"); return r.ok && r.data.par; }, $("f-rows"), sheet.edition, mine);
    if (DH.showPar) { run(); return; }
    const d = main.dataset, css = document.createElement("link"), js = document.createElement("script");
    css.rel = "stylesheet"; css.href = d.parCss; js.src = d.parJs; js.onload = run;
    document.head.append(css, js);
  }

  function handle(ev) {
    const d = ev.data || {};
    if (d.player_count !== undefined) counts.players = d.player_count;
    if (d.done_count !== undefined) counts.done = d.done_count;
    switch (ev.type) {
      case "roll": counts.done = 0; timer = null; clearTimeout(pushWait); pushWait = setTimeout(refresh, stream.query ? 4000 : 0); break;
      case "sheet": if (me && d.player.id === me.id) show(d); break;
      case "offer": case "game_over": case "snapshot": refresh(); break;
      // what moves the ranking once this hero's end screen is up: heroes done, a paper
      // sheet approved or sent, paper entry closed, a hero removed or renamed
      case "player_done": if (finalShown) rankAgain(); break;
      case "paper_sheet": case "paper_closed": if (finalShown) rankAgain(); break;
      case "timer": timer = d.ends_at ? { ends: d.ends_at - d.server_time + Date.now() / 1000, s: d.seconds } : null; break;
      case "player_removed": case "player_renamed": case "hero_settings": if (d.player && me && d.player.id === me.id) refresh(); else if (finalShown) rankAgain(); break;
      case "players_removed": if (me && (d.players || []).some((p) => p.id === me.id)) refresh(); else if (finalShown) rankAgain(); break;
    }
    liveLine();
  }

  const stream = DH.stream(code, {
    open: () => { setConn(true); refresh(); },
    message: (e) => {
      try { handle(JSON.parse(e.data)); } catch (err) { /* a malformed event is ignored */ }
    },
    error: () => setConn(false),
  });


  // After sleep or a lost network, catch up at once instead of waiting for a retry.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && me) { refresh(); if (stream.closed()) stream.connect(); }
  });
  window.addEventListener("online", () => { if (me) { refresh(); stream.connect(); } });
  // Offline, a stream the browser has not noticed is dead is closed: nothing half-arrived
  // is shown, and "online" opens it again and reads the sheet.
  window.addEventListener("offline", () => { if (me) { setConn(false); stream.stop(); } });

  async function start() {
    const st = await api("GET", "");
    if (st.ok) {
      counts = { done: st.data.done_count, players: st.data.player_count };
      if (st.data.timer) timer = { ends: Date.now() / 1000 + st.data.timer.seconds_left, s: st.data.timer.seconds || 0 };
    }
    await doRefresh();
    if (me) stream.connect();
  }

  // -- joining
  function showJoin() {
    $("game").hidden = true;
    setConn(true);
    DH.text($("conn"), "");
    if (main.dataset.status === "over") { showEnded(); return; }
    $("join").hidden = false;
    $("hero-name").focus();
  }

  // A game that is over takes no one: the page says so instead of asking for a name.
  function showEnded() {
    $("join").hidden = true;
    $("ended").hidden = false;
    $("ended-title").focus();
  }

  const canvas = $("doodle");
  const ctx = canvas.getContext("2d");
  let drawn = false;
  let drawing = false;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.lineWidth = 4; ctx.lineCap = "round"; ctx.strokeStyle = "#111";
  const at = (e) => {
    const r = canvas.getBoundingClientRect();
    return [(e.clientX - r.left) * canvas.width / r.width, (e.clientY - r.top) * canvas.height / r.height];
  };
  canvas.addEventListener("pointerdown", (e) => { drawing = true; drawn = true; canvas.setPointerCapture(e.pointerId); ctx.beginPath(); ctx.moveTo(...at(e)); });
  canvas.addEventListener("pointermove", (e) => { if (drawing) { ctx.lineTo(...at(e)); ctx.stroke(); } });
  canvas.addEventListener("pointerup", () => { drawing = false; });
  $("doodle-clear").addEventListener("click", () => { ctx.fillRect(0, 0, canvas.width, canvas.height); drawn = false; });

  // The name's limit is said while typing, never cut silently (the server counts letters
  // as code points, as [...s] does; an emoji is one).
  const NAME_MAX = +main.dataset.nameMax;
  $("hero-name").addEventListener("input", () => {
    const n = [...$("hero-name").value.trim()].length, over = n - NAME_MAX;
    DH.text($("name-count"), over > 0 ? DH.tn("name_over", over, { max: NAME_MAX }) : DH.tn("name_count", n, { max: NAME_MAX }));
    $("name-count").classList.toggle("err", over > 0);
  });

  $("join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    DH.text($("join-err"), "");
    let r;
    const body = { name: $("join-form").elements.namedItem("name").value };
    if (!$("pw-row").hidden) body.password = $("room-password").value;
    try { r = await api("POST", "/players", body); } catch (e) {
      DH.text($("join-err"), DH.t("unreachable", { error: e.message })); return;
    }
    if (r.status === 409 && r.data && r.data.error && r.data.error.code === "game_over") { location.reload(); return; }
    if (r.data && r.data.error && r.data.error.code.startsWith("password_")) $("pw-row").hidden = false;
    if (!r.ok) { DH.text($("join-err"), r.data && r.data.error ? r.data.error.message : DH.t("join_failed")); return; }
    me = { id: r.data.player.id, secret: r.data.secret, name: r.data.player.name };
    localStorage.setItem(KEY, JSON.stringify(me));
    focusAfterJoin = true;
    if (drawn) {
      const res = await api("PUT", "/players/" + me.id + "/doodle", { png: canvas.toDataURL("image/png") });
      if (!res.ok) DH.text($("live"), DH.t("drawing_not_saved", { error: res.data ? res.data.error.message : String(res.status) }));
    }
    start();
  });

  if (me) start(); else showJoin();
})();
