/* The host's screen: players joining, the superpower choices, the rolls, who is done,
   the timer, and the results. Every change arrives as a Server-Sent Event and is
   answered by re-reading the game's state; names are only ever set as text. */
"use strict";
(function () {
  const main = document.getElementById("host");
  const code = main.dataset.code;
  const ed = JSON.parse(document.getElementById("edition-data").textContent);
  const $ = (id) => document.getElementById(id);
  const text = (el, s) => { el.textContent = s; };
  const KEY = "dh.host." + code;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let secret = localStorage.getItem(KEY);
  let state = null;
  let timerEnds = null;
  let rolling = false;

  const api = DH.api(code, () => secret);

  function say(s, bad) {
    const m = $("host-msg");
    text(m, s);
    m.classList.toggle("no", !!bad);
  }

  const spName = (n) => (n ? ed.superpowers[n - 1].name : "");

  // The paper page, opened by the host for one paper hero: the marks, checked, to approve or
  // type in. A sheet sent round by round opens there; any other on the page of its marks.
  function sheetLink(p, label) {
    const a = document.createElement("a");
    const sent = (state.results.sheets || []).find((x) => x.id === p.id);
    a.className = "mini linkbtn"; a.textContent = label;
    a.href = "/paper/" + code + (sent && sent.by === "rounds" ? "" : "/marks") + "?hero=" + p.id;
    a.setAttribute("aria-label", label + " of " + p.name);
    return a;
  }

  let pendingIds = new Set();

  // The projector shows the class what is theirs; renaming, removing and the roster's
  // flood controls are host tools, shown only when the host turns them on (remembered).
  const TOOLS_KEY = "dh.tools." + code;
  let tools = localStorage.getItem(TOOLS_KEY) === "1";
  function showTools() {
    $("b-tools").setAttribute("aria-pressed", String(tools));
    text($("b-tools"), tools ? "Hide host tools" : "Host tools");
    main.classList.toggle("tools", tools);
    $("roster-tools").hidden = !tools;
  }
  $("b-tools").addEventListener("click", () => {
    tools = !tools;
    localStorage.setItem(TOOLS_KEY, tools ? "1" : "0");
    showTools();
    if (state) render();
  });
  showTools();

  function render() {
    const s = state;
    pendingIds = new Set(s.results.pending.map((p) => p.id));
    $("paper-add").hidden = !tools || s.status === "over" || s.roll > 0 || s.roster_locked;
    const over = s.status === "over";
    text($("round-h"), over ? "Game over" : s.roll ? "Round " + s.roll + " of " + s.rounds : "Waiting for heroes · " + s.player_count + " joined");
    if (!rolling) showDice(s.dice);
    // After the game the podium takes the room; typed dice are listed with the dice check.
    $("bigdice").hidden = over;
    $("dice-typed").hidden = over || !(s.rolls.length && s.rolls[s.rolls.length - 1].typed);
    // superpower offer
    const offer = $("offer");
    if (over || s.roll > 1) offer.hidden = true;  // chosen in round 1; not a result
    else if (s.power_mode === "each") { offer.hidden = false; text(offer, "Every hero has their own two superpower choices."); }
    else if (s.offer) {
      offer.hidden = false;
      text(offer, "Superpower: choose " + s.offer.choices.map((n) => n + " " + spName(n)).join(" or "));
    } else offer.hidden = true;
    $("b-offer").hidden = !(s.power_mode === "table" && !s.offer && !over);
    const last = s.roll >= s.rounds;
    $("b-roll").hidden = over || last;
    text($("b-roll"), s.roll ? "Next round: roll " + (s.roll + 1) : "Roll the first dice");
    $("b-finish").hidden = over || !last;
    $("typed").hidden = over || last;
    // Between rounds the standings and the decision map need the room: no timer runs then.
    const between = s.roll > 0 && !over && s.player_count > 0 && s.done_count === s.player_count;
    document.querySelector(".timerrow").hidden = over || (between && !s.timer);
    // progress, and the standings once every hero is done with the round
    $("progress").hidden = s.roll === 0 || over || between;
    main.classList.toggle("between", between);
    standings(between ? s : null);
    parLine(s, over);
    text($("done-n"), s.done_count);
    text($("player-n"), s.player_count);
    $("done-bar").style.width = (s.player_count ? (100 * s.done_count / s.player_count) : 0) + "%";
    const waiting = s.players.filter((p) => !p.done).map((p) => p.name);
    text($("waiting-for"), waiting.length ? "Still playing: " + waiting.slice(0, 40).join(", ") + (waiting.length > 40 ? " and " + (waiting.length - 40) + " more" : "") : s.roll ? "Everyone is done." : "");
    // roster: who is joining, and the host's answers to a flood
    const recent = s.players.filter((p) => p.joined_at && p.joined_at >= s.server_time - 60).length;
    text($("joining"), (s.roster_locked ? "The list is locked: no one else can join. " : "") +
      (recent ? recent + (recent === 1 ? " hero" : " heroes") + " joined in the last minute." : ""));
    $("b-lock").setAttribute("aria-pressed", String(!!s.roster_locked));
    text($("b-lock"), s.roster_locked ? "Open the list again" : "Lock the list");
    $("b-lock").hidden = over;
    if ($("print").open) printCount();
    $("b-rm-burst").hidden = over || !s.players.length;
    $("b-rm-nopower").hidden = over || !s.players.some((p) => !p.paper && !p.superpower);
    text($("count"), s.player_count);
    text($("count-word"), s.player_count === 1 ? "hero" : "heroes");
    const ul = $("players");
    ul.replaceChildren();
    for (const p of s.players) {
      const li = document.createElement("li");
      li.className = p.done ? "pdone" : "";
      const img = doodle(p.id);
      const name = document.createElement("span");
      name.className = "pname";
      name.textContent = p.name;
      const tag = document.createElement("span");
      tag.className = "ptag";
      const waits = pendingIds.has(p.id);
      tag.textContent = [p.paper ? (waits ? "on paper · sheet to check" : "on paper") : p.done && s.roll ? "done" : s.roll ? "playing…" : "", p.superpower ? spName(p.superpower) : p.paper ? "" : "no superpower yet"].filter(Boolean).join(" · ");
      li.append(img, name, tag);
      if (tools && p.paper && s.results.paper_open) li.append(sheetLink(p, waits ? "Check sheet" : "Enter sheet"));
      if (tools && !over) {
        const ren = document.createElement("button");
        ren.type = "button"; ren.className = "mini"; ren.textContent = "Rename";
        ren.setAttribute("aria-label", "Rename " + p.name);
        ren.addEventListener("click", () => rename(p));
        const rem = document.createElement("button");
        rem.type = "button"; rem.className = "mini"; rem.textContent = "Remove"; rem.style.gridArea = "rem";
        rem.setAttribute("aria-label", "Remove " + p.name);
        rem.addEventListener("click", () => remove(p));
        li.append(ren, rem);
      }
      ul.appendChild(li);
    }
    // timer
    timerEnds = s.timer ? Date.now() / 1000 + s.timer.seconds_left : null;
    $("b-timer-stop").hidden = !timerEnds;
    tick();
    if (over) results();
  }

  // Par: the par bot's running total on the class's own dice, after each round the class
  // has closed. It is worked out in the background; until it is, ask again shortly.
  let parAgain = null;
  function parLine(s, over) {
    const p = s.par, el = $("par-line");
    el.hidden = over || p.status === "none" || p.status === "failed";
    if (p.status === "ready") text(el, "Par bot after round " + p.round + ": " + p.total + " Honor");
    else if (p.status === "working") text(el, "The par bot's score is being worked out…");
    clearTimeout(parAgain);
    if (p.status === "working") parAgain = setTimeout(soon, 1500);
  }

  // One image per hero, kept across renders: fetched once, and again only when a
  // player_doodle event says it changed. Shown only once it loads (most draw none).
  const doodles = new Map();
  function doodle(id, fresh) {
    let img = doodles.get(id);
    if (!img || fresh) {
      img = img || document.createElement("img");
      img.alt = ""; img.width = 48; img.height = 48;
      img.hidden = true;
      img.onload = () => { img.hidden = false; };
      img.src = "/api/games/" + code + "/players/" + id + "/doodle.png" + (fresh ? "?v=" + stream.last : "");
      doodles.set(id, img);
    }
    return img;
  }

  function showDice(dice) {
    const els = $("bigdice").querySelectorAll(".bigdie");
    els.forEach((el, i) => { text(el, dice ? dice[i] : "?"); el.classList.toggle("blank", !dice); });
    text($("dice-sr"), dice ? "The dice: " + dice.join(", ") : "No dice rolled yet");
  }

  function tick() {
    const el = $("timer");
    if (!timerEnds) { text(el, ""); return; }
    const left = Math.max(0, Math.round(timerEnds - Date.now() / 1000));
    text(el, Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + " left");
    el.classList.toggle("up", left === 0);
  }
  setInterval(tick, 1000);

  async function refresh() {
    const r = await api("GET", "");
    if (r.ok) { state = r.data; if (!stream.last) stream.last = state.last_event_id; render(); }
  }
  const soon = DH.coalesce(refresh, 150);

  const stream = DH.stream(code, {
    open: () => soon(),
    message: (e) => {
      const doodled = /^\{"type":"player_doodle","data":\{"player":\{"id":(\d+)/.exec(e.data);
      if (doodled) { doodle(+doodled[1], true); return; }
      // A paper sheet can come in after the end: the results are drawn again.
      if (/"type":"paper_(sheet|closed)"/.test(e.data)) resultsShown = false;
      soon();
    },
  });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") soon(); });

  async function hostPost(path, body) {
    const r = await api("POST", path, body);
    if (!r.ok) say(r.data && r.data.error ? r.data.error.message : "The server said " + r.status, true);
    return r;
  }

  async function doRoll(body) {
    if (state.roll) body.number = state.roll + 1;
    if (state.roll && state.done_count < state.player_count) {
      const n = state.player_count - state.done_count;
      if (!await ask("Roll anyway?", n + (n === 1 ? " hero is" : " heroes are") + " still playing. Their unused dice will be lost.", { ok: "Roll anyway" })) return;
      body.go_on = true;
    }
    rolling = true;
    let anim = null;
    if (!reduced && !body.dice) {
      const els = $("bigdice").querySelectorAll(".bigdie");
      $("bigdice").classList.add("rolling");
      anim = setInterval(() => els.forEach((el) => text(el, 1 + Math.floor(Math.random() * ed.faces))), 70);
    }
    const r = await hostPost("/rolls", body);
    if (anim) { await new Promise((res) => setTimeout(res, 500)); clearInterval(anim); $("bigdice").classList.remove("rolling"); }
    rolling = false;
    if (r.ok) {
      showDice(r.data.dice);
      say("Round " + r.data.number + ": " + r.data.dice.join(", ") + (r.data.typed ? " (typed in)" : ""));
    }
    await refresh();
  }

  $("b-roll").addEventListener("click", () => doRoll({}));
  $("typed-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const dice = Array.from(document.querySelectorAll("#typed-form .tdin"), (i) => parseInt(i.value, 10));
    doRoll({ dice }).then(() => document.querySelectorAll("#typed-form .tdin").forEach((i) => { i.value = ""; }));
  });
  $("b-offer").addEventListener("click", async () => {
    const r = await hostPost("/offer", {});
    if (r.ok) say("Superpower choices: " + r.data.choices.map((n) => n + " " + spName(n)).join(" or "));
    refresh();
  });
  $("b-finish").addEventListener("click", async () => {
    const body = {};
    if (state.done_count < state.player_count) {
      if (!await ask("Finish anyway?", "Some heroes are still playing. Their unused dice will be lost.", { ok: "Finish the game" })) return;
      body.go_on = true;
    }
    await hostPost("/finish", body);
    refresh();
  });
  $("b-timer").addEventListener("click", async () => { await hostPost("/timer", { seconds: parseInt($("timer-s").value, 10) }); refresh(); });
  $("b-timer-stop").addEventListener("click", async () => { await hostPost("/timer", { seconds: 0 }); refresh(); });

  // An in-page dialog instead of confirm()/prompt(): labelled for screen readers, styled
  // for the projector, and it never blocks the page's live updates. Resolves to true (or
  // the typed text) for OK, null for Cancel or Escape.
  function ask(title, line, o) {
    const d = $("ask"), input = $("ask-input");
    const opener = document.activeElement;
    text($("ask-title"), title);
    text($("ask-text"), line);
    text($("ask-ok"), o.ok || "OK");
    $("ask-field").hidden = !o.input;
    input.required = !!o.input;
    if (o.input) { text($("ask-label"), o.input); input.value = o.value || ""; }
    d.returnValue = "";
    d.showModal();
    if (o.input) input.select(); else $("ask-ok").focus();
    return new Promise((res) => d.addEventListener("close", () => {
      if (opener && opener.isConnected) opener.focus();
      res(d.returnValue === "ok" ? (o.input ? input.value.trim() || null : true) : null);
    }, { once: true }));
  }

  async function rename(p) {
    const name = await ask("Rename " + p.name, "The hero's phone shows the new name at once.", { input: "New name", value: p.name, ok: "Rename" });
    if (!name) return;
    const r = await api("PATCH", "/players/" + p.id, { name });
    if (!r.ok) say(r.data.error.message, true); else say("Renamed to " + r.data.player.name + ".");
    refresh();
  }
  async function remove(p) {
    if (!await ask("Remove " + p.name + "?", p.name + " leaves the game and the scores. Their phone says so.", { ok: "Remove" })) return;
    const r = await api("DELETE", "/players/" + p.id);
    if (!r.ok) say(r.data.error.message, true); else say(p.name + " was removed.");
    refresh();
  }

  // -- results ---------------------------------------------------------------------------
  // Between rounds the projector carries the room: the top five, and who climbed most.
  let standingsKey = "";
  async function standings(s) {
    const box = $("standings");
    if (!s) { box.hidden = true; standingsKey = ""; return; }
    const key = s.roll + ":" + s.last_event_id + ":" + s.par.status;
    if (key === standingsKey) return;
    standingsKey = key;
    const r = await api("GET", "/scores");
    if (!r.ok || standingsKey !== key) return;
    const board = r.data.leaderboard;
    text($("standings-h"), "Standings after round " + s.roll);
    const ol = $("top5");
    ol.replaceChildren();
    for (const e of board.slice(0, 5)) {
      const li = document.createElement("li");
      const rank = document.createElement("b"); rank.className = "srank"; rank.textContent = "#" + e.rank;
      const name = document.createElement("span"); name.className = "sname"; name.textContent = e.name;
      const total = document.createElement("span"); total.className = "stotal"; total.textContent = e.total + " Honor";
      const face = document.createElement("span"); face.className = "sface";
      face.append(doodle(e.player_id).cloneNode());
      li.append(rank, face, name, total);
      const up = e.rank_before_roll - e.rank;
      if (s.roll > 1 && up > 0) {
        const c = document.createElement("span"); c.className = "sup";
        c.textContent = "▲" + up; c.setAttribute("aria-label", "up " + up);
        li.append(c);
      }
      ol.appendChild(li);
    }
    // Round 1 starts everyone level: nobody climbed yet.
    const best = s.roll > 1 ? Math.max(0, ...board.map((e) => e.rank_before_roll - e.rank)) : 0;
    const climbers = board.filter((e) => best > 0 && e.rank_before_roll - e.rank === best);
    decisions(await api("GET", "/rounds/" + s.roll + "/decisions"));
    text($("climber"), climbers.length ? "Biggest climb this round: " + climbers.slice(0, 3).map((e) => e.name + " (now #" + e.rank + ")").join(", ") + ", up " + best + (best === 1 ? " place" : " places") : "");
    box.hidden = false;
  }

  // The decision map: for each die, the share of heroes who helped at each location with
  // it, moved, fought a Robot Minion or skipped it; the most common choice stands out.
  function decisions(r) {
    const table = $("decisions");
    if (!r.ok || !r.data.heroes) { table.hidden = true; return; }
    const m = r.data;
    const body = $("decisions-body");
    body.replaceChildren();
    const pct = (n) => Math.round(100 * n / m.heroes);
    for (const d of m.dice) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row"; th.className = "ddie"; th.textContent = d.value;
      th.setAttribute("aria-label", "Die " + d.die + ": a " + d.value);
      tr.appendChild(th);
      const moved = Object.values(d.move).reduce((a, b) => a + b, 0);
      const cells = [...m.locations.map((_, i) => d.help[String(i + 1)] || 0), moved, d.minion, d.skip];
      const most = Math.max(...cells);
      // par's column: the location it helped at, or Move, Minion, Skip
      const parAt = !d.par ? -1 : d.par.use === "help" ? d.par.location - 1
        : m.locations.length + ["move", "minion", "skip"].indexOf(d.par.use);
      cells.forEach((n, i) => {
        const td = document.createElement("td");
        td.textContent = n ? pct(n) + "%" : "";
        if (n && n === most) td.className = "most";
        // marked by a frame and a generated "PAR" (the cell's own text stays the share)
        if (i === parAt) {
          td.classList.add("par");
          if (d.par.use === "move") td.title = "Par moved to " + m.locations[d.par.location - 1];
        }
        if (i === m.locations.length && moved) {
          td.title = Object.entries(d.move).map(([to, c]) => pct(c) + "% to " + m.locations[+to - 1]).join(", ");
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    $("par-key").hidden = !m.dice.some((d) => d.par);
    table.hidden = false;
  }

  let resultsShown = false;
  let resultsFocused = false;
  async function results() {
    if (resultsShown) return;
    resultsShown = true;
    const r = await api("GET", "/scores");
    if (!r.ok) { resultsShown = false; return; }
    const board = r.data.leaderboard;
    $("results").hidden = false;
    showPaper(r.data);
    text($("seed"), state.seed || "");
    // The rolls derived from the seed are re-derived by the line; the typed ones are listed apart.
    const derived = state.rolls.filter((r) => !r.typed).map((r) => r.number);
    const typed = state.rolls.filter((r) => r.typed);
    text($("check-py"), "python3 -c \"import hashlib,hmac;s='" + state.seed + "';print(hashlib.sha256(s.encode()).hexdigest());" +
      "print({n: [b%6+1 for b in hmac.new(bytes.fromhex(s),f'roll:{n}#0'.encode(),'sha256').digest() if b<252][:4] for n in [" + derived.join(",") + "]})\"");
    text($("check-typed"), typed.length ? "Typed in by the host, not from the seed: " + typed.map((r) => "round " + r.number + ": " + r.dice.join(" ")).join("; ") + "." : "Every roll came from the seed.");
    const pod = $("podium");
    pod.replaceChildren();
    board.slice(0, 3).forEach((e, i) => {
      const li = document.createElement("li");
      li.className = "place p" + (i + 1);
      const n = document.createElement("span"); n.className = "pn"; n.textContent = e.name + (e.paper ? (e.pending ? " (paper, to check)" : " (paper)") : "");
      const t = document.createElement("span"); t.className = "pt"; t.textContent = e.total + " Honor";
      const k = document.createElement("span"); k.className = "pk"; k.textContent = "#" + e.rank;
      li.append(k, n, t);
      pod.appendChild(li);
    });
    const tb = $("board");
    tb.replaceChildren();
    const par = r.data.par;
    // Par is a row of its own, marked as the bot: below every hero it ties, never ranked.
    const rows = board.slice();
    if (par.status === "ready" && par.score) {
      const at = rows.findIndex((e) => e.total < par.score.total);
      rows.splice(at < 0 ? rows.length : at, 0, Object.assign({ bot: true, name: "Par bot (not a hero)" }, par.score));
    }
    for (const e of rows) {
      const tr = document.createElement("tr");
      if (e.bot) tr.className = "parrow";
      const cells = [e.bot ? "bot" : e.rank, e.name + (e.paper ? (e.pending ? " (paper, to check)" : " (paper)") : ""), ...ed.locations.map((l) => e.locations[l.name]), e.bystander_honor + " (" + e.bystanders + ")", e.minion_honor, e.total];
      cells.forEach((c, i) => {
        const td = document.createElement(i === 1 ? "th" : "td");
        if (i === 1) td.scope = "row";
        td.textContent = c;
        tr.appendChild(td);
      });
      tb.appendChild(tr);
    }
    parResult(par);
    chart(board.map((e) => e.total));
    // Focus once: the results are drawn again when par or a paper sheet comes in.
    if (!resultsFocused) { resultsFocused = true; $("results").focus(); }
  }

  // "Par 74: 12 heroes beat the bot"; until par is worked out, the results are drawn again.
  function parResult(par) {
    const el = $("par-result");
    el.hidden = par.status === "none" || par.status === "failed";
    if (par.status !== "ready" || !par.score) {
      text(el, "The par bot's score is being worked out…");
      setTimeout(() => { resultsShown = false; soon(); }, 1500);
      return;
    }
    const n = par.beaten_by;
    text(el, "Par " + par.score.total + ": " + (n === 0 ? "no hero beat the bot" : n === 1 ? "1 hero beat the bot" : n + " heroes beat the bot") +
      (par.tied ? " (" + par.tied + " tied)" : ""));
  }

  // Paper sheets after the end: provisional until each is approved and the host closes entry.
  function showPaper(scores) {
    const res = state.results;
    const paperHeroes = state.players.filter((p) => p.paper);
    $("paper-box").hidden = !paperHeroes.length;
    text($("results-h"), scores.final ? "Final scores" : "Scores so far (provisional)");
    text($("provisional"), scores.final ? "Paper entry is closed: these scores are final."
      : res.pending.length ? "Provisional: " + res.pending.length + (res.pending.length === 1 ? " paper sheet waits" : " paper sheets wait") + " for you to check it against the paper."
      : "Provisional: paper sheets can still come in. Close paper entry when every sheet is in.");
    const ul = $("pending");
    ul.replaceChildren();
    for (const p of res.pending) {
      const li = document.createElement("li");
      const n = document.createElement("span"); n.className = "pname"; n.textContent = p.name;
      li.append(n, sheetLink(p, "Check sheet"));
      ul.appendChild(li);
    }
    $("b-close-paper").hidden = scores.final || !res.paper_open;
    $("b-close-paper").disabled = res.pending.length > 0;
  }

  function chart(totals) {
    const NS = "http://www.w3.org/2000/svg";
    const el = (name, attrs, content) => {
      const n = document.createElementNS(NS, name);
      for (const k in attrs) n.setAttribute(k, attrs[k]);
      if (content !== undefined) n.textContent = content;
      return n;
    };
    const max = Math.max(10, ...totals);
    const width = max <= 60 ? 5 : max <= 150 ? 10 : 20;
    const bins = Math.floor(max / width) + 1;
    const counts = new Array(bins).fill(0);
    totals.forEach((t) => counts[Math.floor(t / width)]++);
    const top = Math.max(1, ...counts);
    const W = 760, H = 300, L = 40, B = 40;
    const bw = (W - L - 10) / bins;
    const svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img", class: "chart" });
    svg.appendChild(el("title", {}, "How many heroes scored in each band of " + width + " Honor"));
    svg.appendChild(el("line", { x1: L, y1: H - B, x2: W - 5, y2: H - B, stroke: "#111", "stroke-width": 2 }));
    counts.forEach((c, i) => {
      const h = (H - B - 20) * c / top;
      const x = L + i * bw;
      const g = el("g", {});
      g.appendChild(el("title", {}, (i * width) + "–" + (i * width + width - 1) + " Honor: " + c + (c === 1 ? " hero" : " heroes")));
      g.appendChild(el("rect", { x: x + 2, y: H - B - h, width: Math.max(1, bw - 4), height: h, fill: "#0b2a66", stroke: "#111" }));
      if (c) g.appendChild(el("text", { x: x + bw / 2, y: H - B - h - 4, "text-anchor": "middle", "font-size": 16, "font-weight": 700 }, String(c)));
      if (bins <= 20 || i % 2 === 0) g.appendChild(el("text", { x: x + bw / 2, y: H - B + 20, "text-anchor": "middle", "font-size": 14 }, String(i * width)));
      svg.appendChild(g);
    });
    svg.appendChild(el("text", { x: W / 2, y: H - 2, "text-anchor": "middle", "font-size": 14 }, "Honor"));
    $("chart").replaceChildren(svg);
  }

  $("b-lock").addEventListener("click", async () => {
    const r = await hostPost("/roster", { locked: !state.roster_locked });
    if (r.ok) { say(r.data.locked ? "The list is locked: no one else can join." : "The list is open again."); refresh(); }
  });
  // The bulk removals name who they take out before the host confirms.
  async function removeMany(criteria, what, who) {
    const names = state ? state.players.filter(who).map((p) => p.name) : [];
    if (!names.length) { say("No hero matches: nobody was removed."); return; }
    const list = names.slice(0, 30).join(", ") + (names.length > 30 ? " and " + (names.length - 30) + " more" : "");
    if (!await ask("Remove " + what + "?", list + ". They leave the game and the scores. Their phones say so.", { ok: "Remove " + names.length })) return;
    const r = await hostPost("/players/remove", criteria);
    if (r.ok) { say(r.data.removed.length === 1 ? "1 hero was removed." : r.data.removed.length + " heroes were removed."); refresh(); }
  }
  $("b-rm-burst").addEventListener("click", () => removeMany({ joined_within: 120 }, "everyone who joined in the last 2 minutes", (p) => p.joined_at && p.joined_at >= state.server_time - 120));
  $("b-rm-nopower").addEventListener("click", () => removeMany({ never_chose: true }, "every phone hero who has no superpower yet", (p) => !p.paper && !p.superpower));

  $("paper-add").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("paper-name").value;
    const r = await api("POST", "/players", { name, paper: true });
    if (!r.ok) { say(r.data && r.data.error ? r.data.error.message : "The server said " + r.status, true); return; }
    $("paper-name").value = "";
    // The hero's own link to enter their sheet (their secret, shown this once).
    const link = (main.dataset.join || location.origin + "/").replace(/\/$/, "") + "/paper/" + code + "#hero=" + r.data.player.id + "&key=" + encodeURIComponent(r.data.secret);
    say(r.data.player.name + " plays on paper. Their link to enter the sheet (give it to them, shown once): " + link);
    refresh();
  });
  $("b-close-paper").addEventListener("click", async () => {
    if (!await ask("Close paper entry?", "No paper sheet can come in or change after this, and the scores become final.", { ok: "Close" })) return;
    const r = await hostPost("/paper/close", {});
    if (r.ok) { say("Paper entry is closed. The scores are final."); resultsShown = false; refresh(); }
  });

  // Printed sheets: the PDF is fetched with the host secret, then saved as a download.
  // Letter is the paper of the Americas' Letter countries; everyone else prints on A4.
  const LETTER = /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|DO|PR|SV|NI|HN)$/i;
  const paperKey = "dh.paper";
  const paper = localStorage.getItem(paperKey) || (LETTER.test(navigator.language || "") ? "letter" : "a4");
  document.querySelector('#print-form input[name="paper"][value="' + paper + '"]').checked = true;
  function printCount() {
    const n = state ? state.player_count : 0;
    text($("print-count"), n === 1 ? "A sheet with their name for the hero who joined, and:"
      : n ? "A sheet with their name for each of the " + n + " heroes who joined, and:"
      : "No hero has joined yet: print blank sheets for players on paper.");
    if (!n && $("print-blank").value === "0" && !$("print-form").dataset.touched) $("print-blank").value = "30";
  }
  $("print").addEventListener("toggle", printCount);
  $("print-blank").addEventListener("input", () => { $("print-form").dataset.touched = "1"; });
  $("print-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const chosen = document.querySelector('#print-form input[name="paper"]:checked').value;
    localStorage.setItem(paperKey, chosen);
    const query = new URLSearchParams({ blank: $("print-blank").value || "0", paper: chosen, rules: $("print-rules").checked ? "1" : "0" });
    const msg = $("print-msg");
    text(msg, "Preparing the sheets…");
    $("b-print").disabled = true;
    try {
      const r = await fetch("/api/games/" + code + "/sheets.pdf?" + query, { headers: { Authorization: "Bearer " + secret }, cache: "no-store" });
      if (!r.ok) {
        let why = "The server said " + r.status;
        try { why = (await r.json()).error.message; } catch (e) { /* not JSON */ }
        text(msg, why); msg.classList.add("no");
        return;
      }
      const url = URL.createObjectURL(await r.blob());
      const a = document.createElement("a");
      a.href = url; a.download = "dicehero-" + code + "-sheets.pdf";
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      msg.classList.remove("no");
      text(msg, "Downloaded " + a.download + ": open it and print.");
    } catch (e) {
      text(msg, "The sheets could not be downloaded: is the server still running?"); msg.classList.add("no");
    } finally {
      $("b-print").disabled = false;
    }
  });

  $("auth").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    secret = $("secret").value.trim();
    const r = await api("GET", "/me");
    if (r.ok && r.data.role === "host") { localStorage.setItem(KEY, secret); $("auth").hidden = true; say("Welcome back, host."); }
    else say("That is not this game's host secret.", true);
  });

  (async function start() {
    if (!secret) { $("auth").hidden = false; }
    await refresh();
    stream.connect();
  })();
})();
