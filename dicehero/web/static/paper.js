/* A paper player re-enacts the marks of their printed sheet with the same sheet UI as the
   phones. The draft (superpower and, round by round, what each die did) is kept in
   localStorage; every tap is replayed and judged by the engine on the server over the
   game's real rolls, and each finished round is sent to the scoreboard, where the
   whole sheet is checked again. */
"use strict";
(function () {
  const main = document.getElementById("paper");
  const code = main.dataset.code;
  // The host opens this page for one paper hero (?hero=ID from the host screen) to check a
  // sheet the player sent, or to type one in; the host's sheets are approved as sent.
  const hero = +new URLSearchParams(location.search).get("hero") || 0;
  // The host's secret, or a co-host's key (host_stream.js): either may approve a sheet.
  const hostSecret = hero ? localStorage.getItem("dh.host." + code) || localStorage.getItem("dh.cohost." + code) : null;
  const asHost = !!hostSecret;
  const KEY = "dh.paper." + code;
  const DRAFT = asHost ? "dh.paper.draft." + code + ".host." + hero : "dh.paper.draft." + code;
  const $ = (id) => document.getElementById(id);
  let me = asHost ? { id: hero, secret: hostSecret } : read(KEY);
  let draft = read(DRAFT);
  let approved = false; // the host approved the sheet the server holds
  let checkedAs = null; // how the server checked it: "verified", "undecided" (by its marks), or null
  let sentKey = null; // the draft the server holds, as JSON
  let score = null; // its score and rank, from the last reply
  let count = 0; // heroes on the scoreboard
  let state = null; // the game's public state (rolls, status)
  let last = null; // the last /paper/check reply
  let sheet = null;

  function read(k) {
    try { return JSON.parse(localStorage.getItem(k)) || null; } catch (e) { return null; }
  }
  const keyOf = (d) => JSON.stringify({ superpower: d.superpower, rounds: d.rounds });
  function saveDraft() { localStorage.setItem(DRAFT, JSON.stringify(draft)); }

  const api = DH.api(code, () => me && me.secret);
  const errText = (r) => (r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }));

  function check(extra) {
    return api("POST", "/paper/check", Object.assign({ superpower: draft.superpower, rounds: draft.rounds }, extra));
  }

  // The sheet UI's tap: judged by the server; an accepted one becomes part of the draft.
  async function send(action, o) {
    const r = await check({ try: action, check: !!o.check });
    if (!r.ok) return { sheet: null, error: r.data && r.data.error ? r.data.error : { message: errText(r) } };
    const d = r.data;
    if (d.accepted && !o.check) {
      draft = d.draft;
      saveDraft();
      last = d;
      // A finished round (or the superpower) goes to the scoreboard at once.
      if (action.type === "done" || action.type === "choose") await submit();
    }
    showAll(d);
    return { sheet: d.sheet, error: d.error, applied: false };
  }

  // The last round of this game (it may have fewer rounds than the edition).
  const allIn = (v) => v.finished || (v.done && state && v.round >= state.rounds);

  function describe(a, v) {
    if (a.type === "done") {
      if (allIn(v)) return DH.t("all_in_done");
      if (!v.done) return DH.t("round_entered_now", { round: v.round - 1, next: v.round });
      return DH.t("round_entered_wait", { round: v.round, next: v.round + 1 });
    }
    if (a.type === "choose" && v.round > 0) return DH.t("power_entered", { round: v.round });
    if (a.type === "undo") return DH.t("took_back");
    return "";
  }

  function hint(v) {
    if (v.legal.choose.length) return DH.t("which_power");
    if (v.round === 0) return DH.t("no_dice_come_back");
    if (allIn(v)) return DH.t("all_in");
    if (v.done) return DH.t("round_is_entered", { round: v.round });
    return DH.t("enter_round", { round: v.round });
  }

  async function submit() {
    const r = await api("PUT", "/players/" + me.id + "/paper", { superpower: draft.superpower, rounds: draft.rounds });
    if (r.ok) {
      sentKey = keyOf(draft);
      approved = r.data.paper.approved;
      checkedAs = r.data.paper.check;
      score = r.data.score;
      count = r.data.player_count;
      state.status = r.data.status;
    } else {
      score = null;
      setSent(DH.t("not_sent", { error: errText(r) }), true);
      return false;
    }
    showSent();
    return true;
  }

  function setSent(s, bad) {
    const el = $("sent");
    DH.text(el, s);
    el.classList.toggle("err", !!bad);
  }

  // A sheet the host has not checked yet takes no place on the scoreboard (rank null).
  const scored = (sc) => sc.rank ? DH.t("score_rank", { honor: sc.total, rank: sc.rank }) : DH.t("score_to_check", { honor: sc.total });

  function showSent() {
    if (!last) return;
    const closed = !last.open;
    const locked = closed || (approved && !asHost); // only the host changes an approved sheet
    // Send shows only when this phone holds marks the scoreboard has not seen.
    $("b-send").hidden = locked || keyOf(draft) === sentKey;
    $("b-restart").disabled = locked;
    $("b-approve").hidden = !asHost || closed || approved || sentKey === null || keyOf(draft) !== sentKey;
    if (asHost && sentKey !== null && keyOf(draft) === sentKey) {
      const s = score ? scored(score) : "";
      if (approved) { setSent([DH.t("approved", { score: s }), DH.t(closed ? "entry_closed" : "still_correct")].join(" "), false); return; }
      const checked = DH.t(checkedAs === "undecided" ? "check_undecided" : "check_done");
      setSent([DH.t("sent_by_player"), checked, s, DH.t("compare_approve")].filter(Boolean).join(" "), false);
      return;
    }
    if (approved && !asHost && !closed && keyOf(draft) === sentKey) {
      setSent([DH.t("approved_by_host", { score: score ? scored(score) : "" }), DH.t("only_host")].join(" "), false);
      return;
    }
    if (closed) { setSent([DH.t("sheets_closed"), score ? DH.t("your_score_is", { score: scored(score) }) : ""].filter(Boolean).join(" "), !score); return; }
    let s;
    if (sentKey === null) s = DH.t("not_on_board");
    else if (keyOf(draft) !== sentKey) s = DH.t("changed_send");
    else if (score && score.rank) s = DH.tn("on_board_rank", count, { honor: score.total, rank: score.rank });
    else if (score) s = DH.t("on_board_to_check", { honor: score.total });
    else s = DH.t("on_board");
    if (sentKey !== null && keyOf(draft) === sentKey && !approved && !asHost) s += " " + DH.t("host_will_check");
    if (last.status === "over" && last.open_until) {
      const t = new Date(last.open_until * 1000);
      s += " " + DH.t("correct_until", { time: t.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" }) });
    }
    setSent(s, sentKey !== null && keyOf(draft) !== sentKey);
  }

  function showRolls(v) {
    const ol = $("rolls");
    ol.replaceChildren();
    const rolls = state ? state.rolls : [];
    const entered = v.done ? v.round : v.round - 1;
    if (!rolls.length) {
      const li = document.createElement("li");
      li.textContent = DH.t("no_rolls");
      ol.appendChild(li);
    }
    for (const r of rolls) {
      const li = document.createElement("li");
      const now = r.number === v.round && !v.done;
      li.className = now ? "now" : r.number <= entered ? "in" : "";
      const b = document.createElement("b");
      b.textContent = DH.t("round_short", { round: r.number });
      const dice = document.createElement("span");
      dice.textContent = r.dice.join(" ");
      li.append(b, dice);
      li.setAttribute("aria-label", DH.t(now ? "roll_entering" : r.number <= entered ? "roll_entered" : "roll_not_entered", { round: r.number, dice: r.dice.join(", ") }));
      ol.appendChild(li);
    }
  }

  function showAll(d) {
    last = d;
    showRolls(d.sheet);
    showSent();
  }

  // Re-read the game (a new roll, the end) and re-judge the draft.
  async function refresh() {
    const st = await api("GET", "");
    if (st.ok) { state = st.data; if (!stream.last) stream.last = state.last_event_id; }
    let r = await check({});
    if (!r.ok && r.status === 422) {
      // Marks kept on this phone that the game refuses: fall back to what the server holds.
      sheet.say(DH.t("saved_marks_misfit", { error: errText(r) }), true);
      draft = sentKey ? JSON.parse(sentKey) : { superpower: null, rounds: [] };
      saveDraft();
      r = await check({});
    }
    if (!r.ok) { sheet.say(errText(r), true); return; }
    sheet.render(r.data.sheet);
    showAll(r.data);
    if (!$("msg").classList.contains("no")) sheet.say(hint(r.data.sheet));
  }
  const soon = DH.coalesce(refresh, 150);

  const stream = DH.stream(code, {
    open: () => DH.text($("conn"), "● Live"),
    message: (e) => {
      let ev = null;
      try { ev = JSON.parse(e.data); } catch (err) { return; }
      if (["roll", "offer", "game_over", "snapshot"].includes(ev.type)) soon();
      if (ev.type === "paper_closed" || (ev.type === "paper_sheet" && ev.data.player.id === me.id)) reread();
    },
    error: () => DH.text($("conn"), "Reconnecting…"),
  });


  // What the server holds now (the host approved it, or changed it): shown, the draft kept.
  async function reread() {
    const p = await api("GET", "/players/" + me.id + "/paper");
    if (!p.ok) return;
    const held = { superpower: p.data.paper.superpower, rounds: p.data.paper.rounds };
    sentKey = p.data.paper.submitted_at ? keyOf(held) : null;
    approved = p.data.paper.approved;
    checkedAs = p.data.paper.check;
    score = sentKey ? p.data.score : null;
    if (approved && !asHost) { draft = held; saveDraft(); }
    soon();
  }

  async function start() {
    const p = await api("GET", "/players/" + me.id + "/paper");
    if (asHost && !p.ok) { showJoin(); $("join-form").hidden = true; DH.text($("join-closed"), errText(p)); $("join-closed").hidden = false; return; }
    if (p.status === 401 || p.status === 404 || (p.status === 409 && p.data && p.data.error.code === "not_paper")) {
      localStorage.removeItem(KEY); localStorage.removeItem(DRAFT); me = null; draft = null; showJoin(); return;
    }
    if (!p.ok) { showJoin(); DH.text($("join-err"), errText(p)); return; }
    const held = { superpower: p.data.paper.superpower, rounds: p.data.paper.rounds };
    sentKey = p.data.paper.submitted_at ? keyOf(held) : null;
    approved = p.data.paper.approved;
    checkedAs = p.data.paper.check;
    score = sentKey ? p.data.score : null;
    count = p.data.player_count;
    if (!draft || asHost || (approved && sentKey)) { draft = held; saveDraft(); }
    DH.text($("hero-title"), DH.t(asHost ? "title_paper_host" : "title_paper", { name: p.data.player.name }));
    $("back-host").hidden = !asHost;
    if (asHost) $("to-marks").href += "?hero=" + hero;
    $("join").hidden = true;
    $("status").hidden = false;
    $("game").hidden = false;
    if (!sheet) sheet = DH.Sheet($("sheet"), {
      send, describe, rounds: +main.dataset.rounds, over: () => !!state && state.status === "over",
    });
    await refresh();
    stream.connect();
  }

  // Paper heroes are written in by the host, before the first roll (later, the dice are
  // public); the host hands each one the link that opens this page as them.
  function showJoin() {
    $("join").hidden = false;
    $("status").hidden = true;
    $("game").hidden = true;
    $("join-closed").hidden = false;
    const late = state && (state.roll > 0 || state.status === "over");
    DH.text($("join-closed"), DH.t(state && state.status === "over" ? "join_over" : late ? "join_late" : "join_by_host"));
  }

  // The host's link for one paper hero: #hero=ID&key=SECRET, kept on this phone, then
  // taken out of the address bar (and of the history) so it is not shared by accident.
  function fromLink() {
    const h = new URLSearchParams(location.hash.slice(1));
    if (!h.get("hero") || !h.get("key")) return;
    me = { id: +h.get("hero"), secret: h.get("key") };
    localStorage.setItem(KEY, JSON.stringify(me));
    history.replaceState(null, "", location.pathname + location.search);
  }

  $("b-approve").addEventListener("click", async () => {
    const r = await api("POST", "/players/" + me.id + "/paper/approve", {});
    if (!r.ok) { setSent(errText(r), true); return; }
    approved = true;
    score = r.data.score;
    showSent();
    sheet.say(DH.t("approved_counts"));
  });
  $("b-send").addEventListener("click", async () => { if (await submit()) sheet.say(DH.t("sent_on_board")); });
  $("b-restart").addEventListener("click", async () => {
    if (!confirm(DH.t("clear_confirm"))) return;
    draft = { superpower: null, rounds: [] };
    saveDraft();
    $("msg").classList.remove("no");
    await refresh();
  });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && me && sheet) soon(); });

  // The link opened on a page already showing (only the part after # changed).
  window.addEventListener("hashchange", () => { if (!asHost && location.hash) { fromLink(); if (me) start(); } });

  (async function boot() {
    if (!asHost) fromLink();
    const st = await api("GET", "");
    if (st.ok) { state = st.data; stream.last = state.last_event_id; }
    if (me) start(); else showJoin();
  })();
})();
