/* Host tools for a stream or a big class: the overlay's delay, the co-host link, and the
   host page as a co-host sees it. Loaded before host.js: a co-host's link (#cohost=KEY)
   is put away before host.js reads its secret, and taken out of the address bar.
   host.js hands it what it needs and calls the returned function with each state. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});
  const main = document.getElementById("host");
  const given = /#cohost=([\w-]+)/.exec(location.hash);
  if (main && given) {
    // Kept apart from a host secret this browser may hold (the host trying their own link).
    localStorage.setItem("dh.cohost." + main.dataset.code, given[1]);
    localStorage.setItem("dh.tools." + main.dataset.code, "1");
    history.replaceState(null, "", location.pathname + location.search);
  }

  // h: { $, main, api, say(text, bad), ask(title, line, options), refresh() }.
  DH.hostStream = function (h) {
    const { $, api, say } = h;
    function failed(r) {
      say(r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }), true);
    }
    $("delay-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await api("POST", "/overlay", { delay: +$("delay").value || 0 });
      if (!r.ok) { failed(r); return; }
      say(r.data.delay ? DH.tn("overlay_delay_set", r.data.delay) : DH.t("overlay_at_once"));
      h.refresh();
    });
    // The link is shown in the dialog only, and gone from the page once it closes.
    async function cohostLink(renew) {
      const r = await api("POST", "/cohost", renew ? { renew: true } : {});
      if (!r.ok) { failed(r); return; }
      const link = ($("host").dataset.join || location.origin + "/").replace(/\/$/, "") + r.data.path;
      const again = await h.ask(DH.t("cohost_link"), DH.t(renew ? "cohost_renewed" : "cohost_give", { link }),
        { ok: DH.t("new_link") });
      if (again) cohostLink(true);
    }
    $("b-cohost").addEventListener("click", () => cohostLink(false));
    // The host plays along: their own hero, on their phone or in the panel below; the
    // hero's page gets the hero's key only, never the host's secret.
    $("hero-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await api("POST", "/host-hero", { name: $("host-hero-name").value });
      if (!r.ok) { failed(r); return; }
      const link = ($("host").dataset.join || location.origin + "/").replace(/\/$/, "") + r.data.path;
      $("hero-link").textContent = DH.t("hero_link", { link });
      $("hero-link").hidden = false;
      $("hero-frame").hidden = false;
      $("hero-frame").src = r.data.path;
      h.refresh();
    });
    // Ranks only at the end: no standings between rounds, on any screen (issue 25.11).
    $("room-ranks").addEventListener("change", async () => {
      const r = await api("POST", "/room", { ranks_at_end: $("room-ranks").checked });
      if (!r.ok) failed(r);
      h.refresh();
    });
    // A hero's settings (issue 25.11), in Host tools only: the class never sees who has which.
    const SCREEN = ["big_text", "high_contrast", "less_motion"];
    let heroSettings = {};
    async function loadSettings() {
      const r = await api("GET", "/settings");
      if (!r.ok) return;
      heroSettings = Object.fromEntries(r.data.heroes.map((x) => [x.id, x.settings]));
      const sel = $("hs-hero"), was = sel.value;
      sel.replaceChildren(...r.data.heroes.map((x) => new Option(x.name, x.id)));
      if (was && heroSettings[was]) sel.value = was;
      showSettings();
    }
    function showSettings() {
      const s = heroSettings[$("hs-hero").value];
      if (!s) return;
      $("hs-extra").value = String(s.extra_time);
      for (const k of SCREEN) $("hs-" + k).checked = s[k];
    }
    $("hs-hero").addEventListener("change", showSettings);
    $("hs-hero").addEventListener("focus", loadSettings);  // heroes who joined since
    $("hs-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = { extra_time: +$("hs-extra").value };
      for (const k of SCREEN) body[k] = $("hs-" + k).checked;
      const r = await api("PUT", "/players/" + $("hs-hero").value + "/settings", body);
      if (!r.ok) { failed(r); return; }
      heroSettings[r.data.player_id] = r.data.settings;
    });
    loadSettings();
    // The host's own words kept out of hero names (issue 28.1): shown here only, never in
    // the room event every screen gets; the server keeps them folded (no case, no accents).
    const words = $("name-words");
    api("GET", "/room").then((r) => {
      if (r.ok && document.activeElement !== words) words.value = r.data.name_words.join(", ");
    });
    $("words-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const listed = words.value.split(/[,\n،、，;]/).map((w) => w.trim()).filter(Boolean);
      const r = await api("POST", "/room", { name_words: listed });
      if (!r.ok) { failed(r); return; }
      words.value = r.data.name_words.join(", ");
    });
    api("GET", "/me").then((r) => {
      if (r.ok && r.data.role === "cohost") { h.main.classList.add("cohost"); say(DH.t("cohost_here")); }
    });
    return function render(s) {
      if (document.activeElement !== $("delay")) $("delay").value = s.overlay_delay;
      $("room-ranks").checked = !!s.ranks_at_end;
    };
  };
})();
