/* The stream overlay: the round's dice, how many heroes are ready, the standings at the
   break and the podium, from the game's event stream. Every view the server gives is held
   back the host's delay (seconds) before it is drawn, the first one too: a stream whose
   viewers see the game late shows them the dice, and the round's closing, when they can
   follow it. Names are only ever set as text. */
"use strict";
(function () {
  const main = document.getElementById("overlay");
  const code = main.dataset.code;
  const $ = (id) => document.getElementById(id);
  const text = (el, s) => { el.textContent = s; };
  const api = DH.api(code, () => null);

  function row(cls, ...parts) {
    const li = document.createElement("li");
    li.className = cls;
    for (const [c, s] of parts) {
      const span = document.createElement("span"); span.className = c; span.textContent = s;
      li.append(span);
    }
    return li;
  }

  function draw(v) {
    const over = v.status === "over";
    $("o-join").hidden = v.stream;  // a "stream" game: the code only for whom the host gives it
    text($("o-round"), over ? DH.t("game_over") : v.roll ? DH.t("round_of", { round: v.roll, rounds: v.rounds }) : DH.tn("waiting_joined", v.heroes));
    main.querySelectorAll(".odie").forEach((el, i) => {
      text(el, v.dice ? v.dice[i] : "?");
      el.classList.toggle("blank", !v.dice);
    });
    text($("o-dice-sr"), v.dice ? DH.t("the_dice", { dice: v.dice.join(", ") }) : DH.t("no_dice_yet"));
    $("o-typed").hidden = !v.typed;
    $("o-ready").hidden = !v.roll || over || v.between;
    text($("done-n"), v.ready);
    text($("player-n"), v.heroes);
    main.classList.toggle("between", v.between);
    main.classList.toggle("over", over);
    $("o-standings").hidden = !v.between;
    if (v.between) {
      text($("o-standings-h"), DH.t("standings_after", { round: v.roll }));
      $("o-top").replaceChildren(...v.standings.map((e) => row("orow", ["orank", "#" + e.rank], ["oname", e.name], ["ototal", DH.t("honor", { honor: e.total })])));
    }
    $("o-podium").hidden = !over;
    if (over) {
      $("o-places").replaceChildren(...v.standings.slice(0, 3).map((e) => row("oplace", ["orank", "#" + e.rank], ["oname", e.name], ["ototal", DH.t("honor", { honor: e.total })])));
    }
  }

  // The latest view to draw, and when; a newer view replaces one still held (it is drawn
  // the delay after it came, so the overlay stays exactly the delay behind).
  const held = [];
  function hold(v) {
    const at = Date.now() + 1000 * v.delay;
    held.push({ at, v });
    main.dataset.held = held.length;  // how many views wait their turn, and the round of
    main.dataset.latest = v.roll;  // the newest (tests read them)
    setTimeout(release, Math.max(0, at - Date.now()));
  }
  function release() {
    const now = Date.now();
    let due = null;
    while (held.length && held[0].at <= now) due = held.shift().v;
    main.dataset.held = held.length;
    if (due) draw(due);
  }

  async function refresh() {
    const r = await api("GET", "/overlay");
    if (!r.ok) return;
    if (!stream.last) stream.last = r.data.last_event_id;
    hold(r.data);
  }
  const soon = DH.coalesce(refresh, 300);
  const stream = DH.stream(code, { open: () => soon(), message: () => soon() });
  refresh().then(() => stream.connect());
})();
