/* The host's screen, the roster: the heroes who joined, their doodles, and the host tools
   that answer a class or a flood (rename, remove, ban, lock, cap, room, paper heroes and
   their links). host.js hands it what they share and calls draw with each state. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // h: { $, text, main, code, api, spName(n), say(text, bad), ask(...), hostPost(path, body),
  //      state(), render(), refresh(), again(), last() };
  // returns { tools(), draw(s, over, pendingIds), doodle(id, fresh), sheetLink(p, label) }.
  DH.hostRoster = function (h) {
    const { $, text, main, code, api, spName, say, ask, hostPost } = h;

    // The projector shows the class what is theirs; renaming, removing and the roster's
    // flood controls are host tools, shown only when the host turns them on (remembered).
    const TOOLS_KEY = "dh.tools." + code;
    let tools = localStorage.getItem(TOOLS_KEY) === "1";
    function showTools() {
      $("b-tools").setAttribute("aria-pressed", String(tools));
      text($("b-tools"), DH.t(tools ? "hide_tools" : "host_tools"));
      main.classList.toggle("tools", tools);
      $("roster-tools").hidden = !tools;
    }
    $("b-tools").addEventListener("click", () => {
      tools = !tools;
      localStorage.setItem(TOOLS_KEY, tools ? "1" : "0");
      showTools();
      if (h.state()) h.render();
    });
    showTools();

    // The paper page, opened by the host for one paper hero: the marks, checked, to approve or
    // type in. A sheet sent round by round opens there; any other on the page of its marks.
    function sheetLink(p, label) {
      const a = document.createElement("a");
      const sent = (h.state().results.sheets || []).find((x) => x.id === p.id);
      a.className = "mini linkbtn"; a.textContent = label;
      a.target = "_blank"; a.rel = "noopener";  // a new tab: never on the projected one
      a.href = "/paper/" + code + (sent && sent.by === "rounds" ? "" : "/marks") + "?hero=" + p.id;
      a.setAttribute("aria-label", DH.t("sheet_of", { what: label, name: p.name }));
      return a;
    }

    // One image per hero, kept across renders: fetched once, and again only when a
    // player_doodle event says it changed. Shown only once it loads (most draw none).
    const doodles = new Map();
    function doodle(id, fresh) {
      let img = doodles.get(id);
      if (!img || fresh) {
        img = img || document.createElement("img");
        img.alt = ""; img.width = 48; img.height = 48;
        img.hidden = true;
        img.onload = () => { img.hidden = false; };
        img.src = "/api/games/" + code + "/players/" + id + "/doodle.png" + (fresh ? "?v=" + h.last() : "");
        doodles.set(id, img);
      }
      return img;
    }

    function button(label, aria, click, className) {
      const b = document.createElement("button");
      b.type = "button"; b.className = className || "mini"; b.textContent = label;
      b.setAttribute("aria-label", aria);
      b.addEventListener("click", click);
      return b;
    }

    // Who is joining, the host's answers to a flood, and the list of heroes.
    function draw(s, over, pendingIds) {
      const recent = s.players.filter((p) => p.joined_at && p.joined_at >= s.server_time - 60).length;
      if (document.activeElement !== $("cap")) $("cap").value = s.roster_cap || "";
      $("cap-form").hidden = over;
      text($("joining"), [s.roster_locked ? DH.t("list_locked") : "",
        s.roster_cap ? DH.tn("roster_cap", s.roster_cap) : "",
        recent ? DH.tn("joined_last_minute", recent) : ""].filter(Boolean).join(" "));
      main.classList.toggle("stream", !!s.stream);
      $("room-stream").checked = !!s.stream;
      $("b-lock").setAttribute("aria-pressed", String(!!s.roster_locked));
      text($("b-lock"), DH.t(s.roster_locked ? "open_list" : "lock_list"));
      $("b-lock").hidden = over;
      $("b-rm-burst").hidden = over || !s.players.length;
      $("b-rm-nopower").hidden = over || !s.players.some((p) => !p.paper && !p.superpower);
      text($("count"), s.player_count);
      text($("count-word"), DH.tn("hero_word", s.player_count));
      $("players").replaceChildren(...s.players.map((p) => hero(s, over, p, pendingIds.has(p.id))));
      fitRoster();
    }

    function hero(s, over, p, waits) {
      const li = document.createElement("li");
      li.className = p.done ? "pdone" : "";
      const name = document.createElement("span");
      name.className = "pname";
      name.textContent = p.name;
      const tag = document.createElement("span");
      tag.className = "ptag";
      const doing = p.paper ? (waits ? "tag_paper_check" : "tag_paper")
        : p.done && s.roll ? "tag_done" : s.roll ? "tag_playing" : "";
      tag.textContent = [doing ? DH.t(doing) : "",
        p.superpower ? spName(p.superpower) : p.paper ? "" : DH.t("tag_no_power")].filter(Boolean).join(" · ");
      li.append(doodle(p.id), name, tag);
      if (tools && p.paper && s.results.paper_open) {
        li.append(sheetLink(p, DH.t(waits ? "check_sheet" : "enter_sheet")));
      }
      if (tools && !over) {
        const rem = button(DH.t("remove"), DH.t("remove_who", { name: p.name }), () => remove(p));
        rem.style.gridArea = "rem";
        li.append(button(DH.t("rename"), DH.t("rename_who", { name: p.name }), () => rename(p)), rem);
      }
      if (tools && p.paper) {
        li.append(button(DH.t("their_link"), DH.t("their_link_who", { name: p.name }),
          () => paperLink(p, false), "mini plink"));
      }
      return li;
    }

    // Every hero on the projector, no panel to scroll: the names a step smaller (host.css)
    // while the list runs below the screen; beside the stage it must end above the screen's
    // bottom, below it (a narrow screen) take no more than one screen.
    function fitRoster() {
      const ul = $("players"), box = ul.closest(".roster");
      const beside = matchMedia("(min-width: 1301px)").matches && !main.classList.contains("over");
      const room = () => beside ? innerHeight - box.getBoundingClientRect().top - scrollY : innerHeight;
      ul.className = "players";
      for (let step = 1; !tools && step <= 4 && box.offsetHeight > room(); step++) ul.className = "players s" + step;
    }
    window.addEventListener("resize", () => { if (h.state()) fitRoster(); });

    async function rename(p) {
      const name = await ask(DH.t("rename_who", { name: p.name }), DH.t("rename_note"),
        { input: DH.t("new_name"), value: p.name, ok: DH.t("rename") });
      if (!name) return;
      const r = await api("PATCH", "/players/" + p.id, { name });
      if (!r.ok) say(r.data.error.message, true); else say(DH.t("renamed", { name: r.data.player.name }));
      h.refresh();
    }
    // Removing may also ban: the server keeps the phone (and, if asked, its network) out.
    async function remove(p) {
      const sure = await ask(DH.t("remove_who_q", { name: p.name }), DH.t("remove_note", { name: p.name }),
        { ok: DH.t("remove"), ban: true });
      if (!sure) return;
      const ban = $("ask-ban").checked || $("ask-ban-address").checked;
      const r = ban ? await api("POST", "/players/" + p.id + "/ban", { address: $("ask-ban-address").checked })
        : await api("DELETE", "/players/" + p.id);
      if (!r.ok) say(r.data.error.message, true); else say(DH.t(ban ? "banned" : "removed", { name: p.name }));
      h.refresh();
    }
    // A paper hero's own link, shown in the dialog only when the host asks (Host tools), and
    // gone from the page once it closes; a new one makes the old link and QR code worthless.
    async function paperLink(p, renew) {
      const r = await hostPost("/players/" + p.id + "/paper/link", renew ? { renew: true } : {});
      if (!r.ok) return;
      const url = (main.dataset.join || location.origin + "/").replace(/\/$/, "") + r.data.path;
      const again = await ask(DH.t("link_of", { name: p.name }),
        DH.t(renew ? "link_renewed" : "link_give", { name: p.name, link: url }), { ok: DH.t("new_link") });
      if (again && await ask(DH.t("new_link_q", { name: p.name }), DH.t("new_link_note", { name: p.name }),
        { ok: DH.t("new_link") })) paperLink(p, true);
    }

    $("b-lock").addEventListener("click", async () => {
      const r = await hostPost("/roster", { locked: !h.state().roster_locked });
      if (r.ok) { say(DH.t(r.data.locked ? "list_locked" : "list_open")); h.refresh(); }
    });
    $("cap-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const v = $("cap").value.trim();
      const r = await hostPost("/roster", { cap: v ? +v : null });
      if (r.ok) { say(r.data.cap ? DH.tn("cap_set", r.data.cap) : DH.t("cap_lifted")); h.refresh(); }
    });
    // The room's password (never shown again: only whether there is one) and stream mode.
    $("room-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await hostPost("/room", { password: $("room-pw").value.trim() || null });
      if (!r.ok) return;
      $("room-pw").value = "";
      say(DH.t(r.data.password_required ? "password_set" : "password_none"));
      h.refresh();
    });
    $("room-stream").addEventListener("change", async () => {
      if ((await hostPost("/room", { stream: $("room-stream").checked })).ok) h.refresh();
    });
    // The bulk removals name who they take out before the host confirms.
    async function removeMany(criteria, what, who) {
      const state = h.state();
      const names = state ? state.players.filter(who).map((p) => p.name) : [];
      if (!names.length) { say(DH.t("none_match")); return; }
      const list = { names: names.slice(0, 30).join(", "), more: names.length - 30 };
      const sure = await ask(DH.t(what), DH.t(names.length > 30 ? "remove_many_more" : "remove_many", list),
        { ok: DH.t("remove_n", { n: names.length }) });
      if (!sure) return;
      const r = await hostPost("/players/remove", criteria);
      if (r.ok) { say(DH.tn("n_removed", r.data.removed.length)); h.refresh(); }
    }
    $("b-rm-burst").addEventListener("click", () => removeMany({ joined_within: 120 }, "remove_burst_q",
      (p) => p.joined_at && p.joined_at >= h.state().server_time - 120));
    $("b-rm-nopower").addEventListener("click", () => removeMany({ never_chose: true }, "remove_nopower_q",
      (p) => !p.paper && !p.superpower));

    $("paper-add").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const name = $("paper-name").value;
      const r = await api("POST", "/players", { name, paper: true });
      if (!r.ok) { h.failed(r); return; }
      $("paper-name").value = "";
      // Their key is never drawn on the projected page: it is in their printed sheet's QR code.
      say(DH.t("paper_added", { name: r.data.player.name }));
      h.refresh();
    });
    $("b-close-paper").addEventListener("click", async () => {
      if (!await ask(DH.t("close_paper_q"), DH.t("close_paper_note"), { ok: DH.t("close") })) return;
      const r = await hostPost("/paper/close", {});
      if (r.ok) { say(DH.t("paper_closed")); h.again(); h.refresh(); }
    });

    return { tools: () => tools, draw, doodle, sheetLink };
  };
})();
