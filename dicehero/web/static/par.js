/* Par, the par bot's play on the same dice, beside a hero: the end screen's table of
   location, you, par. Loaded by the solo page, and by the phone only once its game is over
   (the phone's sheet stays small). */
"use strict";
(function () {
  // The hero's breakdown beside par's: a row per location, then Bystanders, Minions, Total;
  // the better of the two is marked with a triangle as well as a colour.
  DH.compare = function (tbody, edition, score, par) {
    tbody.replaceChildren();
    const table = tbody.parentElement;
    table.classList.add("vspar");
    if (!table.tHead) {
      const tr = table.createTHead().insertRow();
      for (const t of [DH.t("col_where"), DH.t("col_you"), DH.t("col_par")]) {
        const th = document.createElement("th"); th.scope = "col"; th.textContent = t; tr.appendChild(th);
      }
    }
    const add = (label, you, bot) => {
      const tr = tbody.insertRow();
      for (const v of [label, you, bot]) tr.insertCell().textContent = v;
      if (bot > you) tr.cells[2].className = "parwins"; else if (you > bot) tr.cells[1].className = "youwin";
    };
    for (const loc of edition.locations) add(loc.name, score.locations[loc.key], par.locations[loc.key]);
    add(DH.t("bystanders_n", { n: score.bystanders }), score.bystander_honor, par.bystander_honor);
    add(DH.t("minions_n", { n: score.minions }), score.minion_honor, par.minion_honor);
    add(DH.t("total"), score.total, par.total);
  };

  // One line comparing a hero's total with par's.
  DH.parVerdict = function (mine, par) {
    if (mine > par) return DH.t("beat_par", { honor: mine - par });
    if (mine === par) return DH.t("tied_par", { honor: par });
    return DH.t("par_more", { honor: par, more: par - mine });
  };

  // Par is worked out on the server in the background: ask(), which resolves to par
  // ({status, score}), is called again until it is ready; then a line above the table
  // says who won, and the table compares.
  DH.showPar = async function (ask, tbody, edition, mine) {
    const table = tbody.parentElement;
    let line = table.previousElementSibling;
    if (!line || !line.classList.contains("parline")) {
      line = document.createElement("p");
      line.className = "parline"; line.setAttribute("aria-live", "polite");
      table.before(line);
    }
    for (let i = 0; i < 40; i++) {
      const par = await ask();
      if (!par || par.status === "failed") { line.textContent = ""; return; }
      if (par.status === "ready" && par.score) {
        line.textContent = DH.parVerdict(mine.total, par.score.total);
        DH.compare(tbody, edition, mine, par.score);
        return;
      }
      line.textContent = DH.t("par_working");
      await new Promise((res) => setTimeout(res, 1500));
    }
  };
})();
