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
  let secret = localStorage.getItem(KEY) || localStorage.getItem("dh.cohost." + code);
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
    a.target = "_blank"; a.rel = "noopener";  // a new tab: never on the projected one
    a.href = "/paper/" + code + (sent && sent.by === "rounds" ? "" : "/marks") + "?hero=" + p.id;
    a.setAttribute("aria-label", DH.t("sheet_of", { what: label, name: p.name }));
    return a;
  }

  let pendingIds = new Set();

  // What the screen draws of the results and of the printed sheets lives in its own file.
  const drawn = DH.hostResults({ $, text, api, ed, state: () => state, doodle, sheetLink, soon: () => soon() });
  const printCount = DH.hostPrint({ $, text, code, secret: () => secret, state: () => state });
  const streamTools = DH.hostStream({ $, main, api, say, ask, refresh: () => soon() });

  // The projector shows the class what is theirs; renaming, removing and the roster's
  // flood controls are host tools, shown only when the host turns them on (remembered).
  const TOOLS_KEY = "dh.tools." + code;
  let tools = localStorage.getItem(TOOLS_KEY) === "1";
  function showTools() {
    $("b-tools").setAttribute("aria-pressed", String(tools));
    text($("b-tools"), DH.t(tools ? "hide_tools" : "host_tools"));
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
    text($("round-h"), over ? DH.t("game_over") : s.roll ? DH.t("round_of", { round: s.roll, rounds: s.rounds }) : DH.tn("waiting_joined", s.player_count));
    if (!rolling) showDice(s.dice);
    // After the game the podium takes the room; typed dice are listed with the dice check.
    $("bigdice").hidden = over;
    $("dice-typed").hidden = over || !(s.rolls.length && s.rolls[s.rolls.length - 1].typed);
    // superpower offer
    const offer = $("offer");
    if (over || s.roll > 1) offer.hidden = true;  // chosen in round 1; not a result
    else if (s.power_mode === "each") { offer.hidden = false; text(offer, DH.t("each_own_choices")); }
    else if (s.offer) {
      offer.hidden = false;
      text(offer, DH.t("choose_offer", { first: s.offer.choices[0] + " " + spName(s.offer.choices[0]), second: s.offer.choices[1] + " " + spName(s.offer.choices[1]) }));
    } else offer.hidden = true;
    $("b-offer").hidden = !(s.power_mode === "table" && !s.offer && !over);
    const last = s.roll >= s.rounds;
    $("b-roll").hidden = over || last;
    text($("b-roll"), s.roll ? DH.t("next_roll", { round: s.roll + 1 }) : DH.t("first_roll"));
    $("b-finish").hidden = over || !last;
    $("typed").hidden = over || last;
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
    parLine(s, over);
    text($("done-n"), s.done_count);
    text($("player-n"), s.player_count);
    $("done-bar").style.width = (s.player_count ? (100 * s.done_count / s.player_count) : 0) + "%";
    const waiting = s.players.filter((p) => !p.done).map((p) => p.name);
    // at most 24 names, at 24 px: the list stays on the screen beside the dice
    text($("waiting-for"), waiting.length ? DH.t(waiting.length > 24 ? "still_playing_more" : "still_playing", { names: waiting.slice(0, 24).join(", "), more: waiting.length - 24 }) : s.roll ? DH.t("everyone_done") : "");
    // roster: who is joining, and the host's answers to a flood
    const recent = s.players.filter((p) => p.joined_at && p.joined_at >= s.server_time - 60).length;
    if (document.activeElement !== $("cap")) $("cap").value = s.roster_cap || "";
    $("cap-form").hidden = over;
    text($("joining"), [s.roster_locked ? DH.t("list_locked") : "", s.roster_cap ? DH.tn("roster_cap", s.roster_cap) : "", recent ? DH.tn("joined_last_minute", recent) : ""].filter(Boolean).join(" "));
    main.classList.toggle("stream", !!s.stream);
    $("room-stream").checked = !!s.stream;
    $("b-lock").setAttribute("aria-pressed", String(!!s.roster_locked));
    text($("b-lock"), DH.t(s.roster_locked ? "open_list" : "lock_list"));
    $("b-lock").hidden = over;
    if ($("print").open) printCount();
    streamTools(s);
    $("b-rm-burst").hidden = over || !s.players.length;
    $("b-rm-nopower").hidden = over || !s.players.some((p) => !p.paper && !p.superpower);
    text($("count"), s.player_count);
    text($("count-word"), DH.tn("hero_word", s.player_count));
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
      const doing = p.paper ? (waits ? "tag_paper_check" : "tag_paper") : p.done && s.roll ? "tag_done" : s.roll ? "tag_playing" : "";
      tag.textContent = [doing ? DH.t(doing) : "", p.superpower ? spName(p.superpower) : p.paper ? "" : DH.t("tag_no_power")].filter(Boolean).join(" · ");
      li.append(img, name, tag);
      if (tools && p.paper && s.results.paper_open) li.append(sheetLink(p, DH.t(waits ? "check_sheet" : "enter_sheet")));
      if (tools && !over) {
        const ren = document.createElement("button");
        ren.type = "button"; ren.className = "mini"; ren.textContent = DH.t("rename");
        ren.setAttribute("aria-label", DH.t("rename_who", { name: p.name }));
        ren.addEventListener("click", () => rename(p));
        const rem = document.createElement("button");
        rem.type = "button"; rem.className = "mini"; rem.textContent = DH.t("remove"); rem.style.gridArea = "rem";
        rem.setAttribute("aria-label", DH.t("remove_who", { name: p.name }));
        rem.addEventListener("click", () => remove(p));
        li.append(ren, rem);
      }
      if (tools && p.paper) {
        const key = document.createElement("button");
        key.type = "button"; key.className = "mini plink"; key.textContent = DH.t("their_link");
        key.setAttribute("aria-label", DH.t("their_link_who", { name: p.name }));
        key.addEventListener("click", () => paperLink(p, false));
        li.append(key);
      }
      ul.appendChild(li);
    }
    fitRoster();
    // timer
    timerEnds = s.timer ? Date.now() / 1000 + Math.max(s.timer.seconds_left, s.timer.extra_left || 0) : null; // extra time: waits longer
    $("b-timer-stop").hidden = !timerEnds;
    tick();
    if (over) drawn.results();
  }

  // Every hero on the projector, no panel to scroll: the names a step smaller (host.css)
  // while the list runs below the screen; beside the stage it must end above the screen's
  // bottom, below it (a narrow screen) take no more than one screen.
  function fitRoster() {
    const ul = $("players"), box = ul.closest(".roster");
    const beside = matchMedia("(min-width: 1301px)").matches && !main.classList.contains("over");
    const room = () => beside ? innerHeight - box.getBoundingClientRect().top - scrollY : innerHeight;
    ul.className = "players";
    for (let step = 1; !tools && step <= 4 && box.offsetHeight > room(); step++) ul.className = "players s" + step;
  }
  window.addEventListener("resize", () => { if (state) fitRoster(); });

  // Par: the par bot's running total on the class's own dice, after each round the class
  // has closed. It is worked out in the background; until it is, ask again shortly.
  let parAgain = null;
  function parLine(s, over) {
    const p = s.par, el = $("par-line");
    el.hidden = over || p.status === "none" || p.status === "failed";
    if (p.status === "ready") text(el, DH.t("par_after", { round: p.round, honor: p.total }));
    else if (p.status === "working") text(el, DH.t("par_working"));
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
    text($("dice-sr"), dice ? DH.t("the_dice", { dice: dice.join(", ") }) : DH.t("no_dice_yet"));
  }

  function tick() {
    const el = $("timer");
    if (!timerEnds) { text(el, ""); return; }
    const left = Math.max(0, Math.round(timerEnds - Date.now() / 1000));
    text(el, DH.t("time_left", { time: Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") }));
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
      if (/"type":"paper_(sheet|closed)"/.test(e.data)) drawn.again();
      soon();
    },
  });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") soon(); });

  async function hostPost(path, body) {
    const r = await api("POST", path, body);
    if (!r.ok) say(r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }), true);
    return r;
  }

  async function doRoll(body) {
    if (state.roll) body.number = state.roll + 1;
    if (state.roll && state.done_count < state.player_count) {
      const n = state.player_count - state.done_count;
      if (!await ask(DH.t("roll_anyway_q"), DH.tn("still_playing_lost", n), { ok: DH.t("roll_anyway") })) return;
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
      say(DH.t(r.data.typed ? "rolled_typed" : "rolled", { round: r.data.number, dice: r.data.dice.join(", ") }));
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
    if (r.ok) say(DH.t("offered", { first: r.data.choices[0] + " " + spName(r.data.choices[0]), second: r.data.choices[1] + " " + spName(r.data.choices[1]) }));
    refresh();
  });
  $("b-finish").addEventListener("click", async () => {
    const body = {};
    if (state.done_count < state.player_count) {
      if (!await ask(DH.t("finish_anyway_q"), DH.t("some_still_playing"), { ok: DH.t("finish_game") })) return;
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
    text($("ask-ok"), o.ok || DH.t("ok"));
    $("ask-field").hidden = !o.input;
    $("ask-ban-row").hidden = !o.ban;
    $("ask-ban").checked = $("ask-ban-address").checked = false;
    input.required = !!o.input;
    if (o.input) { text($("ask-label"), o.input); input.value = o.value || ""; }
    d.returnValue = "";
    d.showModal();
    if (o.input) input.select(); else $("ask-ok").focus();
    return new Promise((res) => d.addEventListener("close", () => {
      text($("ask-text"), "");  // a link shown in the dialog is gone from the page with it
      if (opener && opener.isConnected) opener.focus();
      res(d.returnValue === "ok" ? (o.input ? input.value.trim() || null : true) : null);
    }, { once: true }));
  }

  async function rename(p) {
    const name = await ask(DH.t("rename_who", { name: p.name }), DH.t("rename_note"), { input: DH.t("new_name"), value: p.name, ok: DH.t("rename") });
    if (!name) return;
    const r = await api("PATCH", "/players/" + p.id, { name });
    if (!r.ok) say(r.data.error.message, true); else say(DH.t("renamed", { name: r.data.player.name }));
    refresh();
  }
  // Removing may also ban: the server keeps the phone (and, if asked, its network) out.
  async function remove(p) {
    if (!await ask(DH.t("remove_who_q", { name: p.name }), DH.t("remove_note", { name: p.name }), { ok: DH.t("remove"), ban: true })) return;
    const ban = $("ask-ban").checked || $("ask-ban-address").checked;
    const r = ban ? await api("POST", "/players/" + p.id + "/ban", { address: $("ask-ban-address").checked }) : await api("DELETE", "/players/" + p.id);
    if (!r.ok) say(r.data.error.message, true); else say(DH.t(ban ? "banned" : "removed", { name: p.name }));
    refresh();
  }

  $("b-lock").addEventListener("click", async () => {
    const r = await hostPost("/roster", { locked: !state.roster_locked });
    if (r.ok) { say(DH.t(r.data.locked ? "list_locked" : "list_open")); refresh(); }
  });
  $("cap-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = $("cap").value.trim();
    const r = await hostPost("/roster", { cap: v ? +v : null });
    if (r.ok) { say(r.data.cap ? DH.tn("cap_set", r.data.cap) : DH.t("cap_lifted")); refresh(); }
  });
  // The room's password (never shown again: only whether there is one) and stream mode.
  $("room-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const r = await hostPost("/room", { password: $("room-pw").value.trim() || null });
    if (r.ok) { $("room-pw").value = ""; say(DH.t(r.data.password_required ? "password_set" : "password_none")); refresh(); }
  });
  $("room-stream").addEventListener("change", async () => { if ((await hostPost("/room", { stream: $("room-stream").checked })).ok) refresh(); });
  // The bulk removals name who they take out before the host confirms.
  async function removeMany(criteria, what, who) {
    const names = state ? state.players.filter(who).map((p) => p.name) : [];
    if (!names.length) { say(DH.t("none_match")); return; }
    const list = { names: names.slice(0, 30).join(", "), more: names.length - 30 };
    if (!await ask(DH.t(what), DH.t(names.length > 30 ? "remove_many_more" : "remove_many", list), { ok: DH.t("remove_n", { n: names.length }) })) return;
    const r = await hostPost("/players/remove", criteria);
    if (r.ok) { say(DH.tn("n_removed", r.data.removed.length)); refresh(); }
  }
  $("b-rm-burst").addEventListener("click", () => removeMany({ joined_within: 120 }, "remove_burst_q", (p) => p.joined_at && p.joined_at >= state.server_time - 120));
  $("b-rm-nopower").addEventListener("click", () => removeMany({ never_chose: true }, "remove_nopower_q", (p) => !p.paper && !p.superpower));

  $("paper-add").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("paper-name").value;
    const r = await api("POST", "/players", { name, paper: true });
    if (!r.ok) { say(r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }), true); return; }
    $("paper-name").value = "";
    // Their key is never drawn on the projected page: it is in their printed sheet's QR code.
    say(DH.t("paper_added", { name: r.data.player.name }));
    refresh();
  });
  // A paper hero's own link, shown in the dialog only when the host asks (Host tools), and
  // gone from the page once it closes; a new one makes the old link and QR code worthless.
  async function paperLink(p, renew) {
    const r = await hostPost("/players/" + p.id + "/paper/link", renew ? { renew: true } : {});
    if (!r.ok) return;
    const url = (main.dataset.join || location.origin + "/").replace(/\/$/, "") + r.data.path;
    const again = await ask(DH.t("link_of", { name: p.name }), DH.t(renew ? "link_renewed" : "link_give", { name: p.name, link: url }), { ok: DH.t("new_link") });
    if (again && await ask(DH.t("new_link_q", { name: p.name }), DH.t("new_link_note", { name: p.name }), { ok: DH.t("new_link") })) paperLink(p, true);
  }
  $("b-close-paper").addEventListener("click", async () => {
    if (!await ask(DH.t("close_paper_q"), DH.t("close_paper_note"), { ok: DH.t("close") })) return;
    const r = await hostPost("/paper/close", {});
    if (r.ok) { say(DH.t("paper_closed")); drawn.again(); refresh(); }
  });


  $("auth").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    secret = $("secret").value.trim();
    const r = await api("GET", "/me");
    if (r.ok && r.data.role === "host") { localStorage.setItem(KEY, secret); $("auth").hidden = true; say(DH.t("welcome_back")); }
    else say(DH.t("not_host_secret"), true);
  });

  (async function start() {
    if (!secret) { $("auth").hidden = false; }
    await refresh();
    stream.connect();
  })();
})();
