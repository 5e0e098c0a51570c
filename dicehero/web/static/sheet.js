/* The hero sheet: draws a sheet_view onto the server-rendered sheet and turns taps
   into actions. It never decides a rule: the places that light up come from the
   engine's legal list, and a refused tap shows the engine's own reason. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});
  const USED = { move: "used_move", help: "used_help", minion: "used_minion", skip: "used_skip" };

  DH.text = function (el, s) { if (el) el.textContent = s; };

  // The end-of-game breakdown: one row per location, then Bystanders, Minions, Total.
  DH.breakdown = function (tbody, edition, score) {
    tbody.replaceChildren();
    const add = (label, value) => {
      const tr = document.createElement("tr");
      const a = document.createElement("td"); a.textContent = label;
      const b = document.createElement("td"); b.textContent = value;
      tr.append(a, b); tbody.appendChild(tr);
    };
    for (const loc of edition.locations) add(loc.name, score.locations[loc.key]);
    add(DH.t("bystanders_n", { n: score.bystanders }), score.bystander_honor);
    add(DH.t("minions_n", { n: score.minions }), score.minion_honor);
    add(DH.t("total"), score.total);
  };

  /* root: the #sheet section. opts.send(action, {check}) resolves to
     {sheet, error}; with check it only asks why an action is refused.
     Optional: opts.rounds (a game shorter than the edition), opts.onRender(view),
     opts.describe(action, view) -> text or "", opts.over() -> true once the game has
     ended (a sheet entered afterwards then says so: its rounds are not live),
     opts.waiting() -> true while the game goes on for others (a hero who played every
     round is not told "Game over" before the host finishes it). */
  DH.Sheet = function (root, opts) {
    const ed = JSON.parse(document.getElementById("edition-data").textContent);
    const $ = (sel) => root.querySelector(sel);
    const $$ = (sel) => Array.from(root.querySelectorAll(sel));
    const msg = $("#msg");
    const picker = $("#picker");
    let view = null;
    let sel = null; // {die: i} or {wild: true}
    let busy = false;
    let doneArmed = false;
    let shownRound = null; // the round whose dice this sheet last showed
    const said = []; // what the accepted actions of the open round did, for Undo to name
    const words = DH.sheetWords(ed);

    const locName = (n) => ed.locations[n - 1].name;
    const waiting = () => !!(opts.waiting && opts.waiting());
    // the game's last round done (a game may be shorter than the edition: opts.rounds)
    const finished = (v) => v.finished || (!!opts.rounds && v.done && v.round >= opts.rounds);
    const power = () => (view && view.superpower ? ed.superpowers[view.superpower - 1] : null);

    function say(text, refused) {
      msg.textContent = text;
      msg.classList.toggle("no", !!refused);
    }

    function legalFor(s) {
      if (!view || !s) return [];
      return s.wild ? view.legal.wild : view.legal.dice[s.die] || [];
    }

    function withDie(action) {
      if (sel && sel.wild) action.wild = true; else if (sel) action.die = sel.die;
      return action;
    }


    async function send(action) {
      if (busy) return;
      busy = true;
      const before = view;
      root.setAttribute("aria-busy", "true");
      try {
        const r = await opts.send(action, {});
        if (r.error) {
          say(r.error.message, true);
          if (r.sheet) render(r.sheet);
        } else {
          sel = null;
          const began = render(r.sheet);
          // A page may word what happened its own way (paper entry: "Round 3 entered").
          const own = opts.describe && opts.describe(action, r.sheet);
          const what = words.describe(action, r.sheet, before, said, { finished: finished(r.sheet), waiting: waiting() });
          if (action.type === "undo") said.pop();
          else said.push(action.type === "choose" ? ["chose", { power: ed.superpowers[action.superpower - 1].name }] : what);
          say(own || (began ? roundLine(r.sheet) : what ? DH.t(what[0], what[1]) : ""));
          if (action.type === "choose") focusDice(); else keys.back();
        }
      } catch (e) {
        say(DH.t("unreachable_again", { error: e.message }), true);
      } finally {
        busy = false;
        root.removeAttribute("aria-busy");
      }
    }

    // A tap on a place that did not light up: a dry run asks the engine why (nothing is
    // stored). If the engine takes it after all (a value the legal list left out), play it.
    async function why(action) {
      try {
        const r = await opts.send(action, { check: true });
        if (r.error) say(r.error.message, true);
        else await send(action);
      } catch (e) {
        say(DH.t("unreachable_dot", { error: e.message }), true);
      }
    }

    function select(s) {
      sel = s;
      doneArmed = false;
      hidePicker();
      paintLegal();
      if (!s) { say(DH.t("tap_die_place")); return; }
      const n = legalFor(s).length;
      const number = s.wild ? null : view.dice[s.die].value;
      say(DH.t((n ? "yellow_" : "no_place_") + (s.wild ? "wild" : "die"), { number }));
      revealLegal();
    }

    // On a small phone most of the sheet is below the pinned dice: if no place the die may
    // go is in sight, scroll the nearest one to just under the pinned bar.
    function revealLegal() {
      const places = $$(".locs .legal");
      if (!places.length) return;
      const top = root.querySelector(".hud").getBoundingClientRect().bottom;
      const bottom = window.innerHeight;
      const seen = (r) => r.top >= top && r.bottom <= bottom;
      if (places.some((el) => seen(el.getBoundingClientRect()))) return;
      const nearest = places.reduce((a, b) => (Math.abs(b.getBoundingClientRect().top - top)
        < Math.abs(a.getBoundingClientRect().top - top) ? b : a));
      window.scrollBy({ top: nearest.getBoundingClientRect().top - top - 8, behavior: "instant" });
    }

    function paintLegal() {
      $$(".legal").forEach((el) => el.classList.remove("legal"));
      $$("[data-die]").forEach((b) => b.setAttribute("aria-pressed", String(!!sel && !sel.wild && sel.die === +b.dataset.die)));
      $$("[data-wild]").forEach((b) => b.setAttribute("aria-pressed", String(!!sel && !!sel.wild && b.classList.contains("ready"))));
      for (const a of legalFor(sel)) {
        let el = null;
        if (a.type === "move") el = $('[data-move="' + a.to + '"]');
        else if (a.type === "help") el = $('.box[data-loc="' + view.position + '"][data-slot="' + a.slot + '"]');
        else if (a.type === "minion") el = $('[data-minion="' + view.position + '"][data-k="' + view.minions[view.position - 1] + '"]');
        else if (a.type === "power") el = $("[data-power]");
        else if (a.type === "skip") el = $("[data-skip]");
        if (el) el.classList.add("legal");
      }
      labelAll();
      keys.tabStops();
    }

    function labelAll() {
      $$("[data-label]").forEach((el) => {
        let state = "";
        if (el.classList.contains("marked")) state = el.dataset.state || "marked";
        else if (el.dataset.state) state = el.dataset.state;
        el.setAttribute("aria-label", DH.t((state ? "label_state" : "label_empty") + (el.classList.contains("legal") ? "_legal" : ""), { label: el.dataset.label, state }));
      });
      $$("[data-move]").forEach((el) => {
        const n = +el.dataset.move;
        el.setAttribute("aria-label", DH.t("location_label" + (view && view.position === n ? "_here" : "") + (el.classList.contains("legal") ? "_legal" : ""), { n, place: locName(n) }));
      });
    }

    function showPicker(title, items) {
      DH.text($("#picker-title"), title);
      const box = picker.querySelector(".picks");
      box.replaceChildren();
      for (const it of items) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = it.label;
        b.addEventListener("click", () => { hidePicker(); send(it.action); });
        box.appendChild(b);
      }
      picker.hidden = false;
      box.firstChild && box.firstChild.focus();
    }
    function hidePicker() { picker.hidden = true; }

    // "Round N: tap a die", with what still stands before the first tap.
    function roundLine(v) {
      return DH.t(v.superpower || !v.legal.choose.length ? "round_tap" : "round_pick", { round: v.round });
    }

    // A new roll is unmistakable: the dice flash, the phone buzzes, the line says so
    // (role=status: a screen reader announces it), and a screen reader reads the dice
    // (unless the page says them its own way: the phone's #sr, with the round).
    function announce(v) {
      const list = new Intl.ListFormat(document.documentElement.lang, { type: "unit", style: "short" });
      if (opts.readDice !== false) DH.text($("#sr-dice"), DH.t("sr_dice", { dice: list.format(v.dice.map((d) => String(d.value))) }));
      const tray = $(".tray");
      tray.classList.remove("flash");
      void tray.offsetWidth; // restart the animation
      tray.classList.add("flash");
      if (navigator.vibrate) navigator.vibrate(80);
    }

    // Show a sheet; true when it opens a round this sheet had not shown yet.
    function render(v) {
      view = v;
      const playing = v.round > 0 && !v.done;
      const began = playing && v.round !== shownRound;
      if (v.round !== shownRound) said.length = 0;
      shownRound = v.round;
      if (began) announce(v);
      const of = { round: v.round, rounds: opts.rounds || ed.rounds };
      DH.text($("#s-round"), finished(v) ? DH.t(waiting() ? "all_played" : "game_over")
        : v.round && opts.over && opts.over() ? DH.t("over_enter_round", of)
        : v.round ? DH.t("round_of", of) : DH.t("before_first"));
      DH.text($("#s-total"), DH.t("honor", { honor: v.score.total }));
      // dice
      $$("[data-die]").forEach((b) => {
        const i = +b.dataset.die;
        const d = v.dice[i];
        b.hidden = !d && v.round > 0;
        b.classList.toggle("used", !!(d && d.used));
        b.classList.toggle("changed", !!(d && d.value !== d.rolled));
        b.disabled = !d;
        if (!d) { DH.text(b.querySelector(".pips"), "?"); DH.text(b.querySelector(".dnote"), ""); b.setAttribute("aria-label", DH.t("die_not_rolled", { die: i + 1 })); return; }
        const pips = b.querySelector(".pips");
        DH.text(pips, d.value);
        pips.dataset.was = d.rolled;
        DH.text(b.querySelector(".dnote"), d.used ? DH.t(USED[d.used]) : d.value !== d.rolled ? DH.t("die_power") : "");
        const about = { die: i + 1, number: d.value, rolled: d.rolled, used: d.used ? DH.t(USED[d.used]) : "" };
        b.setAttribute("aria-label", DH.t("die_label" + (d.value !== d.rolled ? "_changed" : "") + (d.used ? "_used" : ""), about));
      });
      // wild dice
      $$("[data-wild]").forEach((b) => {
        const i = +b.dataset.wild;
        const spent = i < v.wild_spent;
        const ready = !spent && i < v.wild_earned;
        b.classList.toggle("spent", spent);
        b.classList.toggle("ready", ready);
        b.setAttribute("aria-label", DH.t(spent ? "wild_spent" : ready ? "wild_ready" : "wild_locked", { die: i + 1 }));
      });
      // superpower
      const p = power();
      DH.text($("#s-power"), p ? DH.t("power_left", { power: p.name, n: v.powers_left }) : DH.t("no_power_yet"));
      $$("#s-uses i").forEach((el, k) => el.classList.toggle("x", k < v.powers_used));
      $("[data-power]").setAttribute("aria-label", p ? DH.t("power_label", { power: p.name, text: p.text, n: v.powers_left, uses: ed.superpower_uses }) : DH.t("no_power_chosen"));
      $("[data-undo]").disabled = !v.can_undo;
      $("[data-done]").disabled = !v.legal.done;
      $("[data-skip]").disabled = !playing;
      // superpower choice
      const choose = $("#choose");
      choose.hidden = !v.legal.choose.length;
      $$("[data-choose]").forEach((b) => { b.hidden = !v.legal.choose.includes(+b.dataset.choose); });
      // locations
      ed.locations.forEach((loc, idx) => {
        const n = loc.number;
        const card = $("#loc-" + n);
        const here = v.position === n;
        card.classList.toggle("is-here", here);
        card.querySelector(".here").hidden = !here;
        DH.text(card.querySelector(".lhonor .hv"), v.score.locations[loc.key]);
        const kind = DH.kinds[loc.kind];
        card.querySelectorAll(".box").forEach((b) => kind.paint(b, v.marks[idx], +b.dataset.slot));
        card.querySelectorAll("[data-minion]").forEach((b) => {
          const done = +b.dataset.k < v.minions[idx];
          b.classList.toggle("marked", done);
          b.dataset.state = done ? "defeated" : "";
        });
      });
      DH.text($("#t-by"), v.score.bystanders);
      DH.text($("#t-mi"), v.score.minions);
      DH.text($("#t-wi"), v.wild_earned);
      root.classList.toggle("waiting", !playing);
      if (sel && !legalFor(sel).length) sel = null;
      paintLegal();
      if (opts.onRender) opts.onRender(v);
      return began;
    }

    // A tap at a location where the hero is not: helping happens where you stand.
    function elsewhere(n) {
      if (view.position === null) return false;
      if (view.position === n) return false;
      say(DH.t("elsewhere", { here: locName(view.position), place: locName(n) }), true);
      return true;
    }

    function tapBox(b) {
      const n = +b.dataset.loc;
      const slot = +b.dataset.slot;
      if (!sel) { say(DH.t("tap_die_first_place"), true); return; }
      if (elsewhere(n)) return;
      const options = legalFor(sel).filter((a) => a.type === "help" && a.slot === slot);
      if (options.length === 1) { send(options[0]); return; }
      if (options.length > 1) {
        showPicker(DH.t("which_number"), options.map((a) => ({ label: String(a.value), action: a })));
        return;
      }
      const a = withDie({ type: "help", slot });
      if (sel.wild) a.value = DH.kinds[ed.locations[n - 1].kind].wildValue(b, view.marks[n - 1], slot);
      why(a);
    }

    function tapMove(n) {
      if (!sel) {
        const loc = ed.locations[n - 1];
        say(DH.t("location_rule", { n: loc.number, place: loc.name, rule: loc.rule }));
        return;
      }
      const options = legalFor(sel).filter((a) => a.type === "move" && a.to === n);
      const plain = options.find((a) => !a.teleport);
      if (plain || options.length) { send(plain || options[0]); return; }
      why(withDie({ type: "move", to: n }));
    }

    function tapMinion(n) {
      if (!sel) { say(DH.t("tap_die_minion"), true); return; }
      if (elsewhere(n)) return;
      const a = legalFor(sel).find((x) => x.type === "minion");
      if (a) send(a); else why(withDie({ type: "minion" }));
    }

    function tapPower() {
      const p = power();
      if (!sel) {
        say(p ? DH.tn("power_tap", view.powers_left, { power: p.name, text: p.text }) : DH.t("pick_power_first"), !p);
        return;
      }
      const options = legalFor(sel).filter((a) => a.type === "power");
      if (options.length === 1) { send(options[0]); return; }
      if (options.length > 1) {
        showPicker(DH.t("which_die"), options.map((a) => ({ label: DH.t("die_is", { die: a.copy + 1, number: view.dice[a.copy].rolled }), action: a })));
        return;
      }
      if (sel.wild) { why({ type: "power", wild: true }); return; }
      const a = { type: "power", die: sel.die };
      if (p && p.effect === "copy") a.copy = sel.die === 0 ? 1 : 0;
      why(a);
    }

    function tapDone() {
      const left = view.dice.filter((d) => !d.used).length;
      if (left && !doneArmed) {
        doneArmed = true;
        say(DH.tn("dice_left", left));
        return;
      }
      doneArmed = false;
      send({ type: "done" });
    }

    root.addEventListener("click", (ev) => {
      const t = ev.target.closest("button");
      if (!t || !root.contains(t) || !view || t.closest("#picker")) {
        if (t && t.matches("[data-cancel]")) { hidePicker(); say(DH.t("cancelled")); }
        return;
      }
      if (t.dataset.choose) { send({ type: "choose", superpower: +t.dataset.choose }); return; }
      if (t.dataset.die !== undefined) {
        const i = +t.dataset.die;
        if (sel && !sel.wild && sel.die === i) { select(null); return; }
        if ((view.legal.dice[i] || []).length) select({ die: i });
        else { select(null); why({ type: "skip", die: i }); }
        return;
      }
      if (t.dataset.wild !== undefined) {
        if (t.classList.contains("ready")) {
          if (sel && sel.wild) select(null);
          else if (view.legal.wild.length) select({ wild: true });
          else why({ type: "minion", wild: true });
        } else {
          say(DH.t(t.classList.contains("spent") ? "wild_already_spent" : "wild_is_locked"), true);
        }
        return;
      }
      if (t.dataset.move) { tapMove(+t.dataset.move); return; }
      if (t.classList.contains("box")) { tapBox(t); return; }
      if (t.dataset.minion) { tapMinion(+t.dataset.minion); return; }
      if (t.hasAttribute("data-power")) { tapPower(); return; }
      if (t.hasAttribute("data-skip")) {
        if (!sel || sel.wild) { say(DH.t("tap_die_skip"), true); return; }
        const a = legalFor(sel).find((x) => x.type === "skip");
        if (a) send(a); else why({ type: "skip", die: sel.die });
        return;
      }
      if (t.hasAttribute("data-undo")) { send({ type: "undo" }); return; }
      if (t.hasAttribute("data-done")) { tapDone(); return; }
    });
    root.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { hidePicker(); select(null); } });

    // The keyboard's place after joining, choosing or playing: the first die left to play,
    // Done once every die is used, or the tray (announced as "This round's dice") while the
    // roll is still to come.
    function focusDice(how) {
      const free = ".die:not(:disabled):not([hidden])";
      const el = root.querySelector(free + ":not(.used)") || root.querySelector("[data-done]:not(:disabled)");
      (el || root.querySelector(free) || root.querySelector(".tray")).focus(how);
    }
    const keys = DH.sheetKeys(root, focusDice);

    return { render, say, roundLine, focusDice, get view() { return view; }, edition: ed };
  };
})();
