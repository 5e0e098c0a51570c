/* Solo play: the game lives in localStorage (dice key and actions); the server replays
   it with the engine on every tap, so the rules exist only on the server. */
"use strict";
(function () {
  const KEY = "dh.solo.game";
  const BEST = "dh.solo.best";
  const DAYS = "dh.solo.days";  // date -> {total, share}: the first daily game finished that day
  const main = document.getElementById("solo");
  const today = main.dataset.today;
  const $ = (id) => document.getElementById(id);
  let game = load();
  let sheet = null;

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || null; } catch (e) { return null; }
  }
  function save() { localStorage.setItem(KEY, JSON.stringify(game)); }
  function bests() {
    try { return JSON.parse(localStorage.getItem(BEST)) || {}; } catch (e) { return {}; }
  }
  function days() {
    try { return JSON.parse(localStorage.getItem(DAYS)) || {}; } catch (e) { return {}; }
  }

  async function post(extra) {
    const body = Object.assign({ mode: game.mode, date: game.date, seed: game.seed, actions: game.actions, practice: !!game.practice }, extra);
    const r = await fetch("/api/solo/state", {
      method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang }, body: JSON.stringify(body),
    });
    const data = await r.json();
    if (!r.ok) throw new Error(data.error ? data.error.message : "HTTP " + r.status);
    return data;
  }

  async function send(action, o) {
    const data = await post({ try: action, check: !!o.check });
    if (data.accepted && !o.check) {
      game.actions.push(action);
      save();
      if (data.share) finish(data);
    }
    return { sheet: data.sheet, error: data.error };
  }

  // Par: the par bot plays the same dice (worked out on the server, in the background:
  // "working" until it is ready, so ask again a little later).
  async function askPar(g, extra, onWait) {
    const body = Object.assign({ mode: g.mode, date: g.date, seed: g.seed, actions: g.actions }, extra);
    for (let i = 0; i < 40; i++) {
      const r = await fetch("/api/solo/par", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang }, body: JSON.stringify(body) });
      const data = await r.json();
      if (!r.ok) throw new Error(data.error ? data.error.message : "HTTP " + r.status);
      const waiting = data.par.status === "working" || (data.coach && data.coach.status === "working");
      if (!waiting) return data;
      if (onWait) onWait();
      await new Promise((res) => setTimeout(res, 1000));
    }
    throw new Error(DH.t("par_slow"));
  }

  function newSeed() {
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The start page: today's score once the day's first game is finished; the button
  // then offers practice on the same dice, which cannot change that score.
  function bestLine() {
    const b = bests();
    const day = days()[today];
    DH.text($("daily-score"), day ? DH.t("score_today", { honor: day.total }) : "");
    DH.text($("b-daily"), DH.t(day ? "practise_today" : "play_today"));
    dailyPar();
    DH.text($("best-line"), b.all !== undefined ? DH.t("best_game", { honor: b.all }) : "");
  }

  // The day's par is the number to beat: shown before the game starts.
  async function dailyPar() {
    try {
      const data = await askPar({ mode: "daily", date: today, actions: [] }, {}, () => DH.text($("daily-par"), DH.t("par_working")));
      DH.text($("daily-par"), data.par.total === null ? "" : DH.t("par_today", { honor: data.par.total }));
    } catch (e) {
      DH.text($("daily-par"), "");
    }
  }

  // Coaching: after a round, what the par bot would have done with its dice, from the
  // sheet the hero had when the round began, each choice with its reason.
  let coachRound = 0;
  function coachFor(v) {
    const played = v.finished ? v.round : v.round - 1;
    $("coach").hidden = played < 1;
    if (played === coachRound) return;
    coachRound = played;
    DH.text($("b-coach"), DH.t("coach_round", { round: played }));
    $("b-coach").setAttribute("aria-expanded", "false");
    $("coach-out").replaceChildren();
  }
  $("b-coach").addEventListener("click", async () => {
    const out = $("coach-out");
    const round = coachRound;
    $("b-coach").setAttribute("aria-expanded", "true");
    const line = (t, cls) => { const p = document.createElement("p"); p.textContent = t; if (cls) p.className = cls; return p; };
    out.replaceChildren(line(DH.t("asking_par")));
    let data;
    try {
      data = await askPar(game, { round });
    } catch (e) {
      out.replaceChildren(line(e.message, "no")); return;
    }
    if (round !== coachRound) return;
    const c = data.coach;
    if (c.status !== "ready") { out.replaceChildren(line(DH.t("par_failed"), "no")); return; }
    const ul = document.createElement("ul");
    ul.className = "coachlist";
    for (const d of c.decisions) {
      const li = document.createElement("li");
      const die = document.createElement("b");
      die.textContent = d.wild ? DH.t(d.value ? "wild_as" : "wild_die", { number: d.value }) : d.die !== null ? DH.t("die_a", { die: d.die + 1, number: d.value }) : "";
      const what = document.createElement("span");
      what.textContent = DH.t(die.textContent ? "coach_what_after" : "coach_what", { what: d.what });
      const why = document.createElement("span"); why.className = "why"; why.textContent = d.reason;
      li.append(die, what, why);
      ul.appendChild(li);
    }
    out.replaceChildren(line(DH.t(c.decisions.length ? "coach_do" : "coach_skip", { round: c.round })), ul,
      line(DH.t("coach_makes", { honor: c.honor }), "small"));
  });

  function show(which) {
    $("start").hidden = which !== "start";
    $("game").hidden = which === "start";
    $("game-title").hidden = which === "start";
    $("b-new").hidden = which === "start";
    $("final").hidden = which !== "final";
    $("game-par").hidden = which === "start";
    if (which === "start") $("coach").hidden = true;
  }

  async function begin(g) {
    game = g;
    save();
    DH.text($("game-title"), g.mode === "daily" ? DH.t(g.practice ? "daily_practice" : "daily_title", { date: g.date }) : DH.t("random_game"));
    DH.text($("game-par"), "");
    if (g.mode === "daily") {
      askPar({ mode: "daily", date: g.date, actions: [] }, {}).then((d) => {
        if (game === g && d.par.total !== null) DH.text($("game-par"), DH.t("par_to_beat", { honor: d.par.total }));
      }, () => {});
    }
    show("game");
    coachRound = 0;
    if (!sheet) sheet = DH.Sheet(document.getElementById("sheet"), { send, onRender: coachFor });
    try {
      const data = await post({});
      sheet.render(data.sheet);
      if (data.share) finish(data, true);
      else sheet.say(data.sheet.round ? sheet.roundLine(data.sheet) : DH.t("pick_to_start"));
    } catch (e) {
      // A saved game the server refuses (an old version, say) cannot go on: start again.
      localStorage.removeItem(KEY);
      show("start");
      DH.text($("best-line"), DH.t("saved_lost", { error: e.message }));
    }
  }

  function finish(data, reloaded) {
    const s = data.sheet.score;
    const b = bests();
    const prevAll = b.all;
    if (!reloaded && !game.recorded) {
      b.all = Math.max(b.all || 0, s.total);
      localStorage.setItem(BEST, JSON.stringify(b));
      // The first daily game finished on a day's dice is that day's score, for good.
      const d = days();
      if (game.mode === "daily" && !game.practice && !d[game.date]) {
        d[game.date] = { total: s.total, share: data.share };
        localStorage.setItem(DAYS, JSON.stringify(d));
      }
      game.recorded = true;
      save();
    }
    DH.text($("f-total"), DH.t("honor", { honor: s.total }));
    const day = game.mode === "daily" ? days()[game.date] : null;
    DH.text($("final-title"), DH.t(game.practice ? "practice_over" : "game_over"));
    const best = prevAll === undefined || s.total > prevAll;
    DH.text($("f-best"), game.practice && day ? DH.t("practice_stays", { date: game.date, honor: day.total })
      : game.mode === "daily" ? DH.t(best ? "score_for_best" : "score_for", { date: game.date })
      : best ? DH.t("new_best") : DH.t("your_best", { honor: b.all }));
    DH.breakdown($("f-rows"), sheet.edition, s);
    finalPar(s);
    $("f-share").value = data.share;
    $("f-recipe").hidden = game.mode !== "daily";  // a random game's dice are not the day's
    show("final");
    window.scrollTo(0, 0);
    $("final").focus();
  }

  // The end screen: the hero beside the par bot, location by location.
  function finalPar(s) {
    const g = game;
    DH.showPar(async () => {
      if (g !== game) return null;
      try { return (await askPar(g, {})).par; } catch (e) { return null; }
    }, $("f-rows"), sheet.edition, s);
  }

  $("b-daily").addEventListener("click", () => begin({ mode: "daily", date: today, actions: [], practice: !!days()[today] }));
  $("b-random").addEventListener("click", () => begin({ mode: "random", seed: newSeed(), actions: [] }));
  $("b-again").addEventListener("click", () => { localStorage.removeItem(KEY); game = null; bestLine(); show("start"); });
  $("b-new").addEventListener("click", () => {
    if (sheet && sheet.view && !sheet.view.finished && game && game.actions.length &&
        !confirm(DH.t("leave_game"))) return;
    localStorage.removeItem(KEY); game = null; bestLine(); show("start");
  });
  // Share: the phone's share sheet where there is one, else the clipboard; if both are
  // refused, the line is selected for the player to copy.
  $("b-copy").addEventListener("click", async () => {
    const text = $("f-share").value;
    try {
      if (navigator.share) { await navigator.share({ text }); return; }
      await navigator.clipboard.writeText(text);
      DH.text($("share-said"), DH.t("copied"));
    } catch (e) {
      $("f-share").select();
      DH.text($("share-said"), DH.t("selected"));
    }
  });

  bestLine();
  if (game && game.actions) begin(game); else show("start");
})();
