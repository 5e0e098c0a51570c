/* The host's screen, what it draws of the results: between rounds the standings and the
   decision map; after the game the podium, the table with par's row, par's line, the paper
   sheets still to check, and the chart of the scores. host.js hands it what they share. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // h: { $, text, api, ed, state(), doodle(id), sheetLink(hero, label), soon() }.
  // standings(state or null) draws or hides the between-rounds box; results() draws the
  // results once, and again after again() (par or a paper sheet came in).
  DH.hostResults = function (h) {
    const { $, text, api, ed } = h;

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
      const board = r.data.leaderboard.filter((e) => !e.pending);  // a sheet to check: no place
      text($("standings-h"), DH.t("standings_after", { round: s.roll }));
      $("ranks-later").hidden = !r.data.ranks_hidden;  // the die map still shows
      const ol = $("top5");
      ol.replaceChildren();
      for (const e of board.slice(0, 5)) {
        const li = document.createElement("li");
        const rank = document.createElement("b"); rank.className = "srank"; rank.textContent = "#" + e.rank;
        const name = document.createElement("span"); name.className = "sname"; name.textContent = e.name;
        const total = document.createElement("span");
        total.className = "stotal"; total.textContent = DH.t("honor", { honor: e.total });
        const face = document.createElement("span"); face.className = "sface";
        face.append(h.doodle(e.player_id).cloneNode());
        li.append(rank, face, name, total);
        const up = e.rank_before_roll - e.rank;
        if (s.roll > 1 && up > 0) {
          const c = document.createElement("span"); c.className = "sup";
          c.textContent = "▲" + up; c.setAttribute("aria-label", DH.t("up_n", { n: up }));
          li.append(c);
        }
        ol.appendChild(li);
      }
      // Round 1 starts everyone level: nobody climbed yet.
      const best = s.roll > 1 ? Math.max(0, ...board.map((e) => e.rank_before_roll - e.rank)) : 0;
      const climbers = board.filter((e) => best > 0 && e.rank_before_roll - e.rank === best);
      decisions(await api("GET", "/rounds/" + s.roll + "/decisions"));
      // Who has not said done: listed small, the standings are the room's.
      const late = s.players.filter((p) => !p.done).map((p) => p.name);
      text($("stragglers"), !late.length ? ""
        : late.length > 40 ? DH.t("not_done_more", { names: late.slice(0, 40).join(", "), more: late.length - 40 })
          : DH.t("not_done", { names: late.join(", ") }));
      const who = climbers.slice(0, 3).map((e) => DH.t("now_rank", { name: e.name, rank: e.rank })).join(", ");
      text($("climber"), climbers.length ? DH.tn("biggest_climb", best, { who }) : "");
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
        th.setAttribute("aria-label", DH.t("die_a_value", { die: d.die, number: d.value }));
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
            if (d.par.use === "move") td.title = DH.t("par_moved", { place: ed.locations[d.par.location - 1].name });
          }
          if (i === m.locations.length && moved) {
            td.title = Object.entries(d.move)
              .map(([to, c]) => DH.t("share_to", { share: pct(c), place: ed.locations[+to - 1].name })).join(", ");
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
      const state = h.state();
      // A paper sheet the host has not checked yet takes no place: listed apart, "to check".
      const board = r.data.leaderboard.filter((e) => !e.pending);
      const unchecked = r.data.leaderboard.filter((e) => e.pending);
      $("results").hidden = false;
      showPaper(r.data);
      text($("seed"), state.seed || "");
      // The rolls derived from the seed are re-derived by the line; the typed ones are listed apart.
      const derived = state.rolls.filter((r) => !r.typed).map((r) => r.number);
      const typed = state.rolls.filter((r) => r.typed);
      text($("check-py"), "python3 -c \"import hashlib,hmac;s='" + state.seed + "';" +
        "print(hashlib.sha256(s.encode()).hexdigest());" +
        "print({n: [b%6+1 for b in hmac.new(bytes.fromhex(s),f'roll:{n}#0'.encode(),'sha256').digest()" +
        " if b<252][:4] for n in [" + derived.join(",") + "]})\"");
      const rounds = typed.map((r) => DH.t("typed_one", { round: r.number, dice: r.dice.join(" ") })).join("; ");
      text($("check-typed"), typed.length ? DH.t("typed_list", { rounds }) : DH.t("all_seeded"));
      const pod = $("podium");
      pod.replaceChildren();
      board.slice(0, 3).forEach((e, i) => {
        const li = document.createElement("li");
        li.className = "place p" + (i + 1);
        const n = document.createElement("span");
        n.className = "pn"; n.textContent = e.paper ? DH.t("name_paper", { name: e.name }) : e.name;
        const t = document.createElement("span"); t.className = "pt"; t.textContent = DH.t("honor", { honor: e.total });
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
        rows.splice(at < 0 ? rows.length : at, 0, Object.assign({ bot: true, name: DH.t("par_row") }, par.score));
      }
      for (const e of rows.concat(unchecked)) {
        const tr = document.createElement("tr");
        if (e.bot) tr.className = "parrow";
        if (e.pending) tr.className = "tocheck";
        const cells = [e.bot ? DH.t("bot") : e.pending ? DH.t("rank_to_check") : e.rank,
          e.paper ? DH.t(e.pending ? "name_paper_check" : "name_paper", { name: e.name }) : e.name,
          ...ed.locations.map((l) => e.locations[l.key]),
          DH.t("honor_count", { honor: e.bystander_honor, n: e.bystanders }), e.minion_honor, e.total];
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
        text(el, DH.t("par_working"));
        setTimeout(() => { resultsShown = false; h.soon(); }, 1500);
        return;
      }
      const n = par.beaten_by;
      const beat = n === 0 ? DH.t("none_beat") : DH.tn("n_beat", n);
      text(el, DH.t(par.tied ? "par_result_tied" : "par_result", { honor: par.score.total, beat, tied: par.tied }));
    }

    // Paper sheets after the end: provisional until each is approved and the host closes entry.
    function showPaper(scores) {
      const state = h.state();
      const res = state.results;
      const paperHeroes = state.players.filter((p) => p.paper);
      $("paper-box").hidden = !paperHeroes.length;
      text($("results-h"), DH.t(scores.final ? "final_scores" : "scores_so_far"));
      text($("provisional"), scores.final ? DH.t("scores_final")
        : res.pending.length ? DH.tn("sheets_wait", res.pending.length)
        : DH.t("sheets_can_come"));
      const ul = $("pending");
      ul.replaceChildren();
      for (const p of res.pending) {
        const li = document.createElement("li");
        const n = document.createElement("span"); n.className = "pname"; n.textContent = p.name;
        li.append(n, h.sheetLink(p, DH.t("check_sheet")));
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
      svg.appendChild(el("title", {}, DH.t("chart_title", { width })));
      svg.appendChild(el("line", { x1: L, y1: H - B, x2: W - 5, y2: H - B, stroke: "#111", "stroke-width": 2 }));
      counts.forEach((c, i) => {
        const h = (H - B - 20) * c / top;
        const x = L + i * bw;
        const g = el("g", {});
        g.appendChild(el("title", {}, DH.tn("chart_band", c, { low: i * width, high: i * width + width - 1 })));
        g.appendChild(el("rect", { x: x + 2, y: H - B - h, width: Math.max(1, bw - 4), height: h,
          fill: "#0b2a66", stroke: "#111" }));
        const label = { x: x + bw / 2, "text-anchor": "middle" };
        if (c) {
          g.appendChild(el("text", { ...label, y: H - B - h - 4, "font-size": 16, "font-weight": 700 }, String(c)));
        }
        if (bins <= 20 || i % 2 === 0) {
          g.appendChild(el("text", { ...label, y: H - B + 20, "font-size": 14 }, String(i * width)));
        }
        svg.appendChild(g);
      });
      svg.appendChild(el("text", { x: W / 2, y: H - 2, "text-anchor": "middle", "font-size": 14 }, DH.t("honor_word")));
      $("chart").replaceChildren(svg);
    }

    return { standings, results, again: () => { resultsShown = false; } };
  };
})();
