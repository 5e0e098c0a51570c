/* What the hero sheet says about an accepted action ("Moved to Church.") and, for Undo,
   what an action took back. Only words: sheet.js decides nothing here. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // ed: the edition view (edition-data). said: what the open round's accepted actions
  // did, newest last (Undo names the last one).
  DH.sheetWords = function (ed) {
    const locName = (n) => ed.locations[n - 1].name;

    function describe(a, v, before, said) {
      const src = a.wild ? "Wild die" : a.die !== undefined ? "die" : "";
      switch (a.type) {
        case "choose": return "You are " + ed.superpowers[a.superpower - 1].name + "! " +
          (v.round ? "Round " + v.round + ": tap a die." : "Wait for the first roll.");
        case "move": return (a.teleport ? "Teleported to " : "Moved to ") + locName(a.to) + ".";
        case "help": return "Helped at " + locName(v.position) + " with a " + (src === "die" ? v.dice[a.die].value : a.value) + ".";
        case "minion": return "Robot Minion defeated at " + locName(v.position) + "!";
        case "power": return ed.superpowers[v.superpower - 1].name + ": that die is now a " + v.dice[a.die].value + ".";
        case "skip": return "Die left unused.";
        case "undo": {
          const back = said.length ? said[said.length - 1] : tookBack(before, v);
          return back ? "Undone: " + back.charAt(0).toLowerCase() + back.slice(1) : "Undone.";
        }
        case "done": return v.finished ? "Game over!" : "Done. Wait for the next roll.";
      }
      return "";
    }

    // What an Undo took back, read off the sheets before and after it: after a reload this
    // page never saw the action, but the server's sheets show what it changed.
    function tookBack(b, a) {
      if (!b || !a) return "";
      if (b.superpower && !a.superpower) return "Chose " + ed.superpowers[b.superpower - 1].name + " as your superpower.";
      const i = b.dice.findIndex((d, k) => d.used && a.dice[k] && !a.dice[k].used);
      const powered = b.powers_used > a.powers_used;
      if (b.position !== a.position) return (powered ? "Teleported to " : "Moved to ") + locName(b.position) + ".";
      const at = b.position;
      if (at && b.minions[at - 1] > a.minions[at - 1]) return "Robot Minion defeated at " + locName(at) + "!";
      if (at && JSON.stringify(b.marks[at - 1]) !== JSON.stringify(a.marks[at - 1])) {
        const loc = ed.locations[at - 1];
        const value = i >= 0 ? b.dice[i].value : DH.kinds[loc.kind].wrote(loc, b.marks[at - 1], a.marks[at - 1]);
        return "Helped at " + locName(at) + (value ? " with a " + value : "") + ".";
      }
      const changed = b.dice.findIndex((d, k) => a.dice[k] && d.value !== a.dice[k].value);
      if (powered && changed >= 0) return ed.superpowers[b.superpower - 1].name + ": that die is now a " + b.dice[changed].value + ".";
      if (i >= 0 && b.dice[i].used === "skip") return "Die left unused.";
      return "";
    }

    return { describe, tookBack };
  };
})();
