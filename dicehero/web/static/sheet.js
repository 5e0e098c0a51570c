/* The hero sheet: draws a sheet_view onto the server-rendered sheet and turns taps
   into actions. It never decides a rule: the places that light up come from the
   engine's legal list, and a refused tap shows the engine's own reason. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});
  const USED = { move: "moved", help: "helped", minion: "robot", skip: "skipped" };

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
    add("Bystanders (" + score.bystanders + ")", score.bystander_honor);
    add("Robot Minions (" + score.minions + ")", score.minion_honor);
    add("Total", score.total);
  };

  /* root: the #sheet section. opts.send(action, {check}) resolves to
     {sheet, error}; with check it only asks why an action is refused.
     Optional: opts.rounds (a game shorter than the edition), opts.onRender(view),
     opts.describe(action, view) -> text or "", opts.over() -> true once the game has
     ended (a sheet entered afterwards then says so: its rounds are not live). */
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

    function dieWord(s) {
      if (s.wild) return "the Wild die";
      return "your " + view.dice[s.die].value;
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
          const line = own || words.describe(action, r.sheet, before, said);
          if (action.type === "undo") said.pop();
          else said.push(line);
          say(own || (began ? roundLine(r.sheet) : line));
          if (action.type === "choose") focusDice();
        }
      } catch (e) {
        say("Could not reach the server: " + e.message + ". Try again.", true);
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
        say("Could not reach the server: " + e.message + ".", true);
      }
    }

    function select(s) {
      sel = s;
      doneArmed = false;
      hidePicker();
      paintLegal();
      if (!s) { say("Tap a die, then a place."); return; }
      const n = legalFor(s).length;
      say(n ? "Yellow places take " + dieWord(s) + ". Tap one (or another die)."
        : "No place takes " + dieWord(s) + ".");
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
    }

    function labelAll() {
      $$("[data-label]").forEach((el) => {
        let state = "";
        if (el.classList.contains("marked")) state = el.dataset.state || "marked";
        else if (el.dataset.state) state = el.dataset.state;
        el.setAttribute("aria-label", el.dataset.label + (state ? ", " + state : ", empty") +
          (el.classList.contains("legal") ? ". You can play here." : ""));
      });
      $$("[data-move]").forEach((el) => {
        const n = +el.dataset.move;
        el.setAttribute("aria-label", "Location " + n + ", " + locName(n) +
          (view && view.position === n ? ", you are here" : "") +
          (el.classList.contains("legal") ? ". You can move here." : ""));
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
      return "Round " + v.round + ": " + (v.superpower || !v.legal.choose.length ? "tap a die." : "pick your superpower, then tap a die.");
    }

    // A new roll is unmistakable: the dice flash, the phone buzzes, the line says so
    // (role=status: a screen reader announces it).
    function announce() {
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
      if (began) announce();
      const of = " of " + (opts.rounds || ed.rounds);
      DH.text($("#s-round"), v.finished ? "Game over"
        : v.round && opts.over && opts.over() ? "Game over: enter round " + v.round + of
        : v.round ? "Round " + v.round + of : "Before the first roll");
      DH.text($("#s-total"), v.score.total + " Honor");
      // dice
      $$("[data-die]").forEach((b) => {
        const i = +b.dataset.die;
        const d = v.dice[i];
        b.hidden = !d && v.round > 0;
        b.classList.toggle("used", !!(d && d.used));
        b.classList.toggle("changed", !!(d && d.value !== d.rolled));
        b.disabled = !d;
        if (!d) { DH.text(b.querySelector(".pips"), "?"); DH.text(b.querySelector(".dnote"), ""); b.setAttribute("aria-label", "Die " + (i + 1) + ", not rolled yet"); return; }
        const pips = b.querySelector(".pips");
        DH.text(pips, d.value);
        pips.dataset.was = d.rolled;
        DH.text(b.querySelector(".dnote"), d.used ? USED[d.used] : d.value !== d.rolled ? "power" : "");
        b.setAttribute("aria-label", "Die " + (i + 1) + ": " + d.value +
          (d.value !== d.rolled ? ", changed from " + d.rolled + " by your superpower" : "") +
          (d.used ? ", used: " + USED[d.used] : ", not used yet"));
      });
      // wild dice
      $$("[data-wild]").forEach((b) => {
        const i = +b.dataset.wild;
        const spent = i < v.wild_spent;
        const ready = !spent && i < v.wild_earned;
        b.classList.toggle("spent", spent);
        b.classList.toggle("ready", ready);
        b.setAttribute("aria-label", "Wild die " + (i + 1) + ": " + (spent ? "spent" : ready ? "ready to use" : "locked"));
      });
      // superpower
      const p = power();
      DH.text($("#s-power"), p ? p.name + " · " + v.powers_left + " left" : "No superpower yet");
      $$("#s-uses i").forEach((el, k) => el.classList.toggle("x", k < v.powers_used));
      $("[data-power]").setAttribute("aria-label", p ? "Superpower " + p.name + ": " + p.text + " " + v.powers_left + " of " + ed.superpower_uses + " uses left." : "No superpower chosen yet");
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
      say("You are at " + locName(view.position) + ". To help at " + locName(n) +
        ", move there first (tap its name).", true);
      return true;
    }

    function tapBox(b) {
      const n = +b.dataset.loc;
      const slot = +b.dataset.slot;
      if (!sel) { say("Tap a die first, then a place.", true); return; }
      if (elsewhere(n)) return;
      const options = legalFor(sel).filter((a) => a.type === "help" && a.slot === slot);
      if (options.length === 1) { send(options[0]); return; }
      if (options.length > 1) {
        showPicker("Write which number?", options.map((a) => ({ label: String(a.value), action: a })));
        return;
      }
      const a = withDie({ type: "help", slot });
      if (sel.wild) a.value = DH.kinds[ed.locations[n - 1].kind].wildValue(b, view.marks[n - 1], slot);
      why(a);
    }

    function tapMove(n) {
      if (!sel) {
        const loc = ed.locations[n - 1];
        say(loc.number + " " + loc.name + ": " + loc.rule + " Tap a die first to move or help.");
        return;
      }
      const options = legalFor(sel).filter((a) => a.type === "move" && a.to === n);
      const plain = options.find((a) => !a.teleport);
      if (plain || options.length) { send(plain || options[0]); return; }
      why(withDie({ type: "move", to: n }));
    }

    function tapMinion(n) {
      if (!sel) { say("Tap a die first: any number can fight a Robot Minion where you are.", true); return; }
      if (elsewhere(n)) return;
      const a = legalFor(sel).find((x) => x.type === "minion");
      if (a) send(a); else why(withDie({ type: "minion" }));
    }

    function tapPower() {
      const p = power();
      if (!sel) {
        say(p ? p.name + ": " + p.text + " " + view.powers_left + " uses left. Tap a die first." : "Pick your superpower first.", !p);
        return;
      }
      const options = legalFor(sel).filter((a) => a.type === "power");
      if (options.length === 1) { send(options[0]); return; }
      if (options.length > 1) {
        showPicker("Copy which die?", options.map((a) => ({ label: "Die " + (a.copy + 1) + ": " + view.dice[a.copy].rolled, action: a })));
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
        say("You still have " + left + " unused " + (left === 1 ? "die" : "dice") + ". Tap Done again to leave " + (left === 1 ? "it" : "them") + ".");
        return;
      }
      doneArmed = false;
      send({ type: "done" });
    }

    root.addEventListener("click", (ev) => {
      const t = ev.target.closest("button");
      if (!t || !root.contains(t) || !view || t.closest("#picker")) {
        if (t && t.matches("[data-cancel]")) { hidePicker(); say("Cancelled."); }
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
          say(t.classList.contains("spent") ? "You already spent that Wild die."
            : "This Wild die is locked: earn it at a place marked with the W.", true);
        }
        return;
      }
      if (t.dataset.move) { tapMove(+t.dataset.move); return; }
      if (t.classList.contains("box")) { tapBox(t); return; }
      if (t.dataset.minion) { tapMinion(+t.dataset.minion); return; }
      if (t.hasAttribute("data-power")) { tapPower(); return; }
      if (t.hasAttribute("data-skip")) {
        if (!sel || sel.wild) { say("Tap a die first, then Skip to leave it unused.", true); return; }
        const a = legalFor(sel).find((x) => x.type === "skip");
        if (a) send(a); else why({ type: "skip", die: sel.die });
        return;
      }
      if (t.hasAttribute("data-undo")) { send({ type: "undo" }); return; }
      if (t.hasAttribute("data-done")) { tapDone(); return; }
    });
    root.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { hidePicker(); select(null); } });

    // The keyboard's place after joining or choosing: the first die to tap, or the tray
    // (announced as "This round's dice") while the roll is still to come.
    function focusDice() {
      const die = root.querySelector(".die:not(:disabled):not([hidden])");
      (die || root.querySelector(".tray")).focus();
    }

    return { render, say, roundLine, focusDice, get view() { return view; }, edition: ed };
  };
})();
