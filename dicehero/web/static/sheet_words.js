/* What the hero sheet says about an accepted action (the key of "Moved to %(place)s." and
   its placeholders, web/js_text.py) and, for Undo, what an action took back. Only words: sheet.js decides nothing here. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // ed: the edition view (edition-data). end: {finished: the last round is done, waiting:
  // the game goes on for others}. said: what the open round's accepted actions
  // did, newest last (Undo names the last one).
  DH.sheetWords = function (ed) {
    const locName = (n) => ed.locations[n - 1].name;

    // What an action did, as [key, params] of the page's words (an Undo says it of what it
    // took back with the key's "undone_" twin): DH.t(...what) is the line to say.
    function describe(a, v, before, said, end) {
      const die = !a.wild && a.die !== undefined;
      switch (a.type) {
        case "choose": return [v.round ? "you_are_round" : "you_are_wait", { power: ed.superpowers[a.superpower - 1].name, round: v.round }];
        case "move": return [a.teleport ? "teleported" : "moved", { place: locName(a.to) }];
        case "help": return ["helped", { place: locName(v.position), number: die ? v.dice[a.die].value : a.value }];
        case "minion": return ["minion_at", { place: locName(v.position) }];
        case "power": return ["power_changed", { power: ed.superpowers[v.superpower - 1].name, number: v.dice[a.die].value }];
        case "skip": return ["skipped", {}];
        case "undo": {
          const back = said.length ? said[said.length - 1] : tookBack(before, v);
          return back ? ["undone_" + back[0], back[1]] : ["undone", {}];
        }
        case "done": return [end.finished ? (end.waiting ? "finished_wait" : "game_over_bang") : "done_wait", {}];
      }
      return null;
    }

    // What an Undo took back, read off the sheets before and after it: after a reload this
    // page never saw the action, but the server's sheets show what it changed.
    function tookBack(b, a) {
      if (!b || !a) return null;
      if (b.superpower && !a.superpower) return ["chose", { power: ed.superpowers[b.superpower - 1].name }];
      const i = b.dice.findIndex((d, k) => d.used && a.dice[k] && !a.dice[k].used);
      const powered = b.powers_used > a.powers_used;
      if (b.position !== a.position) return [powered ? "teleported" : "moved", { place: locName(b.position) }];
      const at = b.position;
      if (at && b.minions[at - 1] > a.minions[at - 1]) return ["minion_at", { place: locName(at) }];
      if (at && JSON.stringify(b.marks[at - 1]) !== JSON.stringify(a.marks[at - 1])) {
        const loc = ed.locations[at - 1];
        const value = i >= 0 ? b.dice[i].value : DH.kinds[loc.kind].wrote(loc, b.marks[at - 1], a.marks[at - 1]);
        return value ? ["helped", { place: locName(at), number: value }] : ["helped_somehow", { place: locName(at) }];
      }
      const changed = b.dice.findIndex((d, k) => a.dice[k] && d.value !== a.dice[k].value);
      if (powered && changed >= 0) return ["power_changed", { power: ed.superpowers[b.superpower - 1].name, number: b.dice[changed].value }];
      if (i >= 0 && b.dice[i].used === "skip") return ["skipped", {}];
      return null;
    }

    return { describe, tookBack };
  };
})();
