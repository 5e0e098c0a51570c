/* One entry per kind of location, as the engine has one class per kind
   (dicehero/engine/locations/): the only script that knows what a kind's marks look like.
   A location's entry is DH.kinds[loc.kind] (edition_view names the kind); the boxes
   themselves are drawn by the kind's template, templates/kinds/<kind>.html. Each entry:
     paint(b, marks, s)     the phone sheet: how box b (slot s) shows the location's marks;
     wildValue(b, marks, s) the number a Wild die offers a box the legal list left out
                            (the engine then says why it does not fit);
     wrote(loc, was, now)   the number a help wrote, read off the marks before and after;
     read(fs)               the paper marks form: the marks drawn in the kind's fieldset;
     fill(fs, marks)        and back: show marks in the fieldset.
   A new kind of location is one more entry. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});
  const number = (s) => (s.value ? +s.value : null);
  const show = (s, v) => { s.value = v ? String(v) : ""; };

  // The number in was that is not in now (marks that are lists of numbers).
  function wroteNumber(loc, was, now) {
    const left = now.flat();
    for (const x of was.flat()) {
      const j = left.indexOf(x);
      if (j < 0) return x;
      left.splice(j, 1);
    }
    return null;
  }

  DH.kinds = {
    cells: { // marks: one true or false per printed cell
      paint(b, marks, s) {
        b.classList.toggle("marked", !!marks[s]);
        b.dataset.state = marks[s] ? DH.t("state_marked") : "";
      },
      wildValue(b) { return +b.dataset.printed; },
      wrote(loc, was, now) {
        const k = was.findIndex((m, s) => m && !now[s]);
        return k >= 0 ? loc.rows.flat()[k] : null;
      },
      read: (fs) => [...fs.querySelectorAll(".mcell")].map((b) => b.getAttribute("aria-pressed") === "true"),
      fill(fs, marks) { fs.querySelectorAll(".mcell").forEach((b, c) => b.setAttribute("aria-pressed", String(!!marks[c]))); },
    },
    pairs: { // marks: one list of up to two numbers per pair
      paint(b, marks, s) {
        const pr = marks[s] || [];
        b.querySelectorAll(".half").forEach((h, k) => DH.text(h, pr[k] !== undefined ? pr[k] : ""));
        b.classList.toggle("marked", pr.length > 0);
        b.classList.toggle("done", pr.length === 2);
        b.dataset.state = pr.length === 2 ? DH.t("state_pair", { number: pr[0] }) : pr.length ? DH.t("state_half", { number: pr[0] }) : "";
      },
      wildValue(b, marks, s) { return (marks[s] || [])[0] || 1; },
      wrote: wroteNumber,
      read: (fs) => [...fs.querySelectorAll(".mpair")].map((p) => [...p.querySelectorAll("select")].map(number).filter(Boolean)),
      fill(fs, marks) { fs.querySelectorAll(".mpair").forEach((p, k) => p.querySelectorAll("select").forEach((s, h) => show(s, marks[k][h]))); },
    },
    track: { // marks: the numbers written so far, from the first box on
      paint(b, marks, s) {
        const val = marks[s];
        DH.text(b.querySelector(".v"), val !== undefined ? val : "");
        b.classList.toggle("marked", val !== undefined);
        b.classList.toggle("top", s === marks.length - 1);
        b.dataset.state = val !== undefined ? DH.t("state_written", { number: val }) : "";
      },
      wildValue(b, marks) { return marks[marks.length - 1] || 1; },
      wrote: wroteNumber,
      read(fs) {
        const out = [];
        for (const s of fs.querySelectorAll(".mtrack select")) { if (!s.value) break; out.push(+s.value); }
        return out;
      },
      fill(fs, marks) { fs.querySelectorAll(".mtrack select").forEach((s, k) => show(s, marks[k])); },
    },
  };
})();
