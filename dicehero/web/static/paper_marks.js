/* Entering a paper sheet as it is drawn: the form holds the marks, the server finds a legal
   play over the game's real rolls that draws exactly them (the witness) and shows it round
   by round, or says in plain words why no play does. */
"use strict";
(function () {
  const main = document.getElementById("marks-page");
  const code = main.dataset.code;
  const $ = (id) => document.getElementById(id);
  const names = JSON.parse($("loc-names").textContent);
  // The host opens this page for one paper hero (?hero=ID); the player has their own secret.
  const hero = +new URLSearchParams(location.search).get("hero") || 0;
  // The host's secret, or a co-host's key (host_stream.js): either may approve a sheet.
  const hostSecret = hero ? localStorage.getItem("dh.host." + code) || localStorage.getItem("dh.cohost." + code) : null;
  let me = null;
  try { me = hostSecret ? { id: hero, secret: hostSecret } : JSON.parse(localStorage.getItem("dh.paper." + code)); } catch (e) { me = null; }
  let rolls = [];

  const api = DH.api(code, () => me && me.secret);
  const errText = (r) => (r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }));
  const sheetPath = () => "/players/" + me.id + "/paper";

  // The locations' fieldsets in the edition's order (the page draws them in the paper's).
  const locs = () => [...document.querySelectorAll(".loc-marks")].sort((a, b) => a.dataset.loc - b.dataset.loc);

  // Uses, Wild dice and Bystanders are rows of boxes ticked from the first, as on paper:
  // the count is how many are ticked; tapping the last ticked box unticks it.
  const ticked = (id) => $(id).querySelectorAll("[aria-pressed=true]").length;
  const tick = (id, n) => $(id).querySelectorAll(".mtick").forEach((b) => b.setAttribute("aria-pressed", String(+b.dataset.n <= n)));
  document.querySelectorAll(".ticks").forEach((g) => g.addEventListener("click", (e) => {
    const k = +(e.target.closest(".mtick") || { dataset: {} }).dataset.n;
    if (!k) return;
    tick(g.id, ticked(g.id) === k ? k - 1 : k);
    g.dataset.touched = "1";
  }));

  function collect() {
    const marks = locs().map((fs) => DH.kinds[fs.dataset.kind].read(fs));
    const out = {
      superpower: $("m-power").value ? +$("m-power").value : null,
      marks,
      minions: locs().map((fs) => +fs.querySelector(".mminions").value || 0),
      wild_used: ticked("m-wild"),
      powers_used: ticked("m-powers"),
    };
    // Bystanders untouched are not counted (the check then leaves them out), as before.
    if ($("m-bystanders").dataset.touched) out.bystanders = ticked("m-bystanders");
    // The ROUNDS box: a round with every die written, or none (null); trailing blanks left out.
    const rounds = [...document.querySelectorAll(".mround")].map((row) => {
      const dice = [...row.querySelectorAll("select")].map((s) => s.value).filter(Boolean).map(Number);
      return dice.length ? dice : null;
    });
    while (rounds.length && rounds[rounds.length - 1] === null) rounds.pop();
    if (rounds.length) out.rolls = rounds;
    return out;
  }

  // A round of the ROUNDS box half filled in: say which, before anything is sent.
  function halfRound() {
    for (const row of document.querySelectorAll(".mround")) {
      const sel = [...row.querySelectorAll("select")];
      const n = sel.filter((s) => s.value).length;
      if (n && n < sel.length) return DH.t("half_round", { round: row.dataset.round, n: String(n), count: String(sel.length) });
    }
    return "";
  }

  function fill(m) {
    $("m-power").value = m.superpower == null ? "" : String(m.superpower);
    tick("m-powers", m.powers_used || 0);
    tick("m-wild", m.wild_used || 0);
    locs().forEach((fs, i) => {
      DH.kinds[fs.dataset.kind].fill(fs, m.marks[i]);
      fs.querySelector(".mminions").value = String(m.minions[i] || 0);
    });
    tick("m-bystanders", m.bystanders || 0);
    $("m-bystanders").dataset.touched = m.bystanders == null ? "" : "1";
    document.querySelectorAll(".mround").forEach((row, r) => {
      const dice = (m.rolls || [])[r] || [];
      row.querySelectorAll("select").forEach((s, k) => { s.value = dice[k] ? String(dice[k]) : ""; });
    });
  }

  // One line per die: "die 2 (a 5): moved to Warehouse", following the hero from place to place.
  function showWitness(rounds) {
    const ol = $("witness");
    ol.textContent = "";
    let at = null;
    rounds.forEach((actions, r) => {
      const dice = rolls[r] || [];
      const parts = [];
      for (const a of actions) {
        if (a.type === "done") continue;
        const what = !a.wild ? DH.t("die_a", { die: String(a.die + 1), number: String(dice[a.die]) })
          : a.value ? DH.t("wild_as", { number: String(a.value) }) : DH.t("wild_die");
        if (a.type === "move") { at = a.to; parts.push(DH.t(a.teleport ? "w_teleported" : "w_moved", { what, place: names[a.to - 1] })); }
        else if (a.type === "help") parts.push(DH.t("w_helped", { what, place: names[at - 1] }));
        else if (a.type === "minion") parts.push(DH.t("w_robot", { what, place: names[at - 1] }));
        else if (a.type === "power") parts.push(DH.t("w_power", { what }));
        else if (a.type === "skip") parts.push(DH.t("w_unused", { what }));
      }
      const li = document.createElement("li");
      li.textContent = DH.t("w_round", { round: String(r + 1), dice: dice.join(" "), parts: parts.join("; ") });
      ol.appendChild(li);
    });
  }

  function showVerdict(d, scroll) {
    const p = d.paper;
    const said = [];
    if (p.check === "verified") said.push(DH.t("checked"));
    else if (p.check === "undecided") said.push(DH.t("not_decided"), DH.t(hostSecret ? "compare_first" : "host_compares"));
    else said.push(DH.t("received"));
    const honor = String(d.score.total);
    said.push(d.score.rank ? DH.tn("honor_rank", d.player_count, { honor, rank: String(d.score.rank) })
      : DH.t("honor_no_place", { honor }));
    said.push(DH.t(p.approved ? "host_approved" : "waiting_approval"));
    $("verdict-text").textContent = said.join(" ");
    $("verdict-text").className = "";
    $("verdict-text").removeAttribute("role");
    reveal(scroll);
    showWitness(p.check === "verified" ? p.rounds : []);
    $("b-approve-marks").hidden = !hostSecret || p.approved || p.submitted_at === null;
  }

  // The answer comes below a long form: bring it into view and to the screen reader.
  function reveal(scroll) {
    $("verdict").hidden = false;
    if (!scroll) return;
    $("verdict").scrollIntoView({ block: "start" });
    $("verdict").focus({ preventScroll: true });
  }

  // A refusal that names one wrong mark (wrong_mark) rings it on the form, so the child and
  // the host look at the right box; any other refusal, or a new check, clears the ring.
  function ringWrong(mark) {
    document.querySelectorAll(".wrong-mark").forEach((el) => el.classList.remove("wrong-mark"));
    const fs = mark ? locs()[mark.location] : null;
    if (!fs) return;
    // A fieldset holds one kind's boxes: its cells, its pairs or its track's boxes, by slot.
    const el = mark.minion ? fs.querySelector(".mminions") : fs.querySelectorAll(".mcell, .mpair, .mtrack select")[mark.slot];
    if (el) el.classList.add("wrong-mark");
  }

  function showError(message, mark) {
    ringWrong(mark);
    $("verdict-text").textContent = message;
    $("verdict-text").className = "err";
    $("verdict-text").setAttribute("role", "alert");
    $("witness").textContent = "";
    reveal(true);
  }

  document.addEventListener("click", (ev) => {
    const b = ev.target.closest(".mcell");
    if (b) b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
    const step = ev.target.closest(".step");
    if (step) { // the Robot Minions stepper, kept between 0 and its max
      const n = step.parentNode.querySelector("input");
      n.value = String(Math.min(+n.max, Math.max(0, (+n.value || 0) + +step.dataset.step)));
    }
  });

  $("marks-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const half = halfRound();
    if (half) { showError(half); return; }
    $("b-check").disabled = true;
    $("verdict-text").textContent = DH.t("checking_marks");
    $("verdict").hidden = false;
    let r = await api("PUT", sheetPath(), { marks: collect() });
    // 202: the check goes on in the background; its verdict comes on a later read.
    while (r.ok && r.data.checking && r.data.checking.status === "checking") {
      await new Promise((done) => setTimeout(done, 2000));
      r = await api("GET", sheetPath());
    }
    $("b-check").disabled = false;
    if (r.ok && r.data.checking) showError(r.data.checking.reason, r.data.checking.mark);
    else if (r.ok) { ringWrong(null); showVerdict(r.data, true); } else showError(errText(r), r.data && r.data.error && r.data.error.mark);
  });

  $("b-approve-marks").addEventListener("click", async () => {
    const r = await api("POST", sheetPath() + "/approve", {});
    if (r.ok) showVerdict(r.data, true); else showError(errText(r));
  });

  // The host approves (or the sheet changes) elsewhere: this page says so without a reload.
  const stream = DH.stream(code, {
    message: async (e) => {
      let ev = null;
      try { ev = JSON.parse(e.data); } catch (err) { return; }
      if (ev.type !== "paper_closed" && !(ev.type === "paper_sheet" && ev.data.player.id === me.id)) return;
      const r = await api("GET", sheetPath());
      if (r.ok && r.data.paper.marks && !$("verdict-text").classList.contains("err")) showVerdict(r.data);
    },
  });

  (async function boot() {
    if (hero) $("to-rounds").href += "?hero=" + hero;
    const st = await api("GET", "");
    rolls = st.ok ? st.data.rolls.map((x) => x.dice) : [];
    if (!me) { $("no-hero").hidden = false; $("who").hidden = true; return; }
    const r = await api("GET", sheetPath());
    if (!r.ok) { showError(errText(r)); return; }
    $("who").textContent = DH.t(hostSecret ? "entering_for" : "your_sheet_name", { name: r.data.player.name });
    $("m-name").textContent = r.data.player.name;
    $("marks-form").hidden = false;
    if (r.data.paper.marks) { fill(r.data.paper.marks); showVerdict(r.data); }
    stream.last = st.ok ? st.data.last_event_id : 0;
    stream.connect();
  })();
})();
