/* The host's screen, its questions: an in-page dialog instead of confirm()/prompt(),
   labelled for screen readers, styled for the projector, and it never blocks the page's
   live updates. host.js and the host tools ask through the function it returns. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // h: { $, text }; returns ask(title, line, { ok, input, value, ban }), which resolves to
  // true (or the typed text) for OK, null for Cancel or Escape.
  DH.hostAsk = function (h) {
    const { $, text } = h;
    return function ask(title, line, o) {
      const d = $("ask"), input = $("ask-input");
      const opener = document.activeElement;
      text($("ask-title"), title);
      text($("ask-text"), line);
      text($("ask-ok"), o.ok || DH.t("ok"));
      $("ask-field").hidden = !o.input;
      $("ask-ban-row").hidden = !o.ban;
      $("ask-ban").checked = $("ask-ban-address").checked = false;
      input.required = !!o.input;
      if (o.input) { text($("ask-label"), o.input); input.value = o.value || ""; }
      d.returnValue = "";
      d.showModal();
      if (o.input) input.select(); else $("ask-ok").focus();
      return new Promise((res) => d.addEventListener("close", () => {
        text($("ask-text"), "");  // a link shown in the dialog is gone from the page with it
        if (opener && opener.isConnected) opener.focus();
        res(d.returnValue === "ok" ? (o.input ? input.value.trim() || null : true) : null);
      }, { once: true }));
    };
  };
})();
