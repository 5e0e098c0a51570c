/* The hero sheet by keyboard, a model a child learns in a minute (the sheet's "Keys" help):
   1-4 choose a die (or the arrows along the dice, then Enter), W the Wild die; the arrows
   then go round the lit places only, Enter plays there; U undoes, D is Done, Esc lets go.
   Only lit places and the dice are tab stops, so Tab never wanders through every box.
   Every key does what a tap on the same button does (it clicks it): the rules stay in
   sheet.js and the engine. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // root: the #sheet section; focusDice({preventScroll}) puts the keyboard on the dice.
  DH.sheetKeys = function (root, focusDice) {
    const $$ = (sel) => Array.from(root.querySelectorAll(sel));
    const seen = (el) => !el.hidden && !el.disabled && el.getClientRects().length > 0;
    const usable = () => $$(".die:not(.used)").filter(seen);
    // The lit places in the order Tab meets them: the sheet's, then Superpower and Skip.
    const lit = () => $$(".locs .legal").concat($$(".hud .legal")).filter(seen);
    let keyed = false; // the last thing the child used was the keyboard

    // Only lit boxes and minions take Tab; the rest are reached by the arrows' lit ring.
    function tabStops() {
      $$(".locs .box, .locs .minion").forEach((b) => { b.tabIndex = b.classList.contains("legal") ? 0 : -1; });
    }

    function toLit(step, from) {
      const places = lit();
      if (!places.length) return false;
      const at = places.indexOf(from);
      const next = at < 0 ? (step > 0 ? 0 : places.length - 1) : (at + step + places.length) % places.length;
      places[next].focus();
      return true;
    }

    // A die chosen: the keyboard goes to the first lit place (it stays on the die if none).
    function choose(button) {
      if (!button || !seen(button)) return;
      button.click();
      if (!toLit(1, null)) button.focus();
    }

    function alongDice(step, from) {
      const dice = usable();
      if (!dice.length) return;
      const at = dice.indexOf(from);
      dice[at < 0 ? 0 : (at + step + dice.length) % dice.length].focus();
    }

    function onKey(ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
      const t = ev.target;
      if (t !== document.body && !root.contains(t)) return;
      if (!root.getClientRects().length || root.closest("[hidden]")) return;
      if (t.closest("input, select, textarea, #picker, details")) return;
      const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
      const onDie = t.matches(".die, .wild, .tray");
      let handled = true;
      if (/^[1-9]$/.test(key)) choose(root.querySelector('[data-die="' + (+key - 1) + '"]'));
      else if (key === "w") choose(root.querySelector("[data-wild].ready"));
      else if (key === "u") root.querySelector("[data-undo]").click();
      else if (key === "d") root.querySelector("[data-done]").click();
      else if (onDie && (key === "Enter" || key === " ") && t.matches(".die, .wild")) choose(t);
      else if (key.startsWith("Arrow")) {
        const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
        if (t.classList.contains("legal")) toLit(step, t);
        else if (onDie && (key === "ArrowLeft" || key === "ArrowRight")) alongDice(step, t);
        else if (!toLit(step, null)) alongDice(step, null);
      } else handled = false;
      if (handled) ev.preventDefault();
    }

    document.addEventListener("keydown", (ev) => { keyed = true; onKey(ev); });
    document.addEventListener("pointerdown", () => { keyed = false; });
    root.addEventListener("keydown", (ev) => { if (ev.key === "Escape") focusDice({ preventScroll: !keyed }); });

    return {
      tabStops,
      // After a play (or Undo, or Done) the keyboard is back on the dice, if it was on the
      // sheet; a tap does not scroll the page to them.
      back() {
        const at = document.activeElement;
        if (at && at !== document.body && !root.contains(at)) return;
        focusDice({ preventScroll: !keyed });
      },
    };
  };
})();
