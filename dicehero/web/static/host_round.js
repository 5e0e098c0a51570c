/* The host's screen, the round: the big dice and their roll, the superpower offer, the
   round's buttons, the par bot's line and the timer. host.js hands it what they share
   and calls what it returns as it draws each state. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // h: { $, text, ed, spName(n), say(text, bad), ask(...), hostPost(path, body), state(),
  //      refresh(), soon() }; returns { head(s, over), par(s, over), timer(s) }.
  DH.hostRound = function (h) {
    const { $, text, ed, spName, say, ask, hostPost } = h;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const offerWords = (choices) => ({
      first: choices[0] + " " + spName(choices[0]), second: choices[1] + " " + spName(choices[1]),
    });
    let timerEnds = null;
    let rolling = false;

    // The round's title, dice, offer and buttons.
    function head(s, over) {
      text($("round-h"), over ? DH.t("game_over")
        : s.roll ? DH.t("round_of", { round: s.roll, rounds: s.rounds })
          : DH.tn("waiting_joined", s.player_count));
      if (!rolling) showDice(s.dice);
      // After the game the podium takes the room; typed dice are listed with the dice check.
      $("bigdice").hidden = over;
      $("dice-typed").hidden = over || !(s.rolls.length && s.rolls[s.rolls.length - 1].typed);
      const offer = $("offer");
      if (over || s.roll > 1) offer.hidden = true;  // chosen in round 1; not a result
      else if (s.power_mode === "each") { offer.hidden = false; text(offer, DH.t("each_own_choices")); }
      else if (s.offer) {
        offer.hidden = false;
        text(offer, DH.t("choose_offer", offerWords(s.offer.choices)));
      } else offer.hidden = true;
      $("b-offer").hidden = !(s.power_mode === "table" && !s.offer && !over);
      const last = s.roll >= s.rounds;
      $("b-roll").hidden = over || last;
      text($("b-roll"), s.roll ? DH.t("next_roll", { round: s.roll + 1 }) : DH.t("first_roll"));
      $("b-finish").hidden = over || !last;
      $("typed").hidden = over || last;
    }

    // Par: the par bot's running total on the class's own dice, after each round the class
    // has closed. It is worked out in the background; until it is, ask again shortly.
    let parAgain = null;
    function par(s, over) {
      const p = s.par, el = $("par-line");
      el.hidden = over || p.status === "none" || p.status === "failed";
      if (p.status === "ready") text(el, DH.t("par_after", { round: p.round, honor: p.total }));
      else if (p.status === "working") text(el, DH.t("par_working"));
      clearTimeout(parAgain);
      if (p.status === "working") parAgain = setTimeout(h.soon, 1500);
    }

    function timer(s) {
      // extra time: waits longer
      timerEnds = s.timer ? Date.now() / 1000 + Math.max(s.timer.seconds_left, s.timer.extra_left || 0) : null;
      $("b-timer-stop").hidden = !timerEnds;
      tick();
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
      const time = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      text(el, DH.t("time_left", { time }));
      el.classList.toggle("up", left === 0);
    }
    setInterval(tick, 1000);

    async function doRoll(body) {
      const state = h.state();
      if (state.roll) body.number = state.roll + 1;
      if (state.roll && state.done_count < state.player_count) {
        const n = state.player_count - state.done_count;
        const go = await ask(DH.t("roll_anyway_q"), DH.tn("still_playing_lost", n), { ok: DH.t("roll_anyway") });
        if (!go) return;
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
      if (anim) {
        await new Promise((res) => setTimeout(res, 500));
        clearInterval(anim);
        $("bigdice").classList.remove("rolling");
      }
      rolling = false;
      if (r.ok) {
        showDice(r.data.dice);
        say(DH.t(r.data.typed ? "rolled_typed" : "rolled", { round: r.data.number, dice: r.data.dice.join(", ") }));
      }
      await h.refresh();
    }

    $("b-roll").addEventListener("click", () => doRoll({}));
    $("typed-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const inputs = () => document.querySelectorAll("#typed-form .tdin");
      const dice = Array.from(inputs(), (i) => parseInt(i.value, 10));
      doRoll({ dice }).then(() => inputs().forEach((i) => { i.value = ""; }));
    });
    $("b-offer").addEventListener("click", async () => {
      const r = await hostPost("/offer", {});
      if (r.ok) say(DH.t("offered", offerWords(r.data.choices)));
      h.refresh();
    });
    $("b-finish").addEventListener("click", async () => {
      const body = {};
      if (h.state().done_count < h.state().player_count) {
        const go = await ask(DH.t("finish_anyway_q"), DH.t("some_still_playing"), { ok: DH.t("finish_game") });
        if (!go) return;
        body.go_on = true;
      }
      await hostPost("/finish", body);
      h.refresh();
    });
    $("b-timer").addEventListener("click", async () => {
      await hostPost("/timer", { seconds: parseInt($("timer-s").value, 10) });
      h.refresh();
    });
    $("b-timer-stop").addEventListener("click", async () => { await hostPost("/timer", { seconds: 0 }); h.refresh(); });

    return { head, par, timer };
  };
})();
