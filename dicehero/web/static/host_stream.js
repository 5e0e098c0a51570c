/* Host tools for a stream: the overlay's delay (the overlay's address is in the page).
   host.js hands it what it needs and calls the returned function with each state. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // h: { $, api, say(text, bad), refresh() }.
  DH.hostStream = function (h) {
    const { $, api, say } = h;
    $("delay-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await api("POST", "/overlay", { delay: +$("delay").value || 0 });
      if (!r.ok) { say(r.data && r.data.error ? r.data.error.message : DH.t("server_said", { status: String(r.status) }), true); return; }
      say(r.data.delay ? DH.tn("overlay_delay_set", r.data.delay) : DH.t("overlay_at_once"));
      h.refresh();
    });
    return function render(s) {
      if (document.activeElement !== $("delay")) $("delay").value = s.overlay_delay;
    };
  };
})();
