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
    // The dialog's "close" event is queued, not sent as it closes: keys pressed in between
    // (Escape, then Enter on "Roll") can open the next question before it comes. So the
    // question before is answered when the next is asked, from the returnValue its closing
    // left, and a close event that finds the dialog open again is that question's, not this.
    let answer = null;  // gives the answer of the question last asked, until it is given
    return function ask(title, line, o) {
      if (answer) answer();
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
      return new Promise((res) => {
        const given = () => {
          if (d.open) return;  // the late close event of the question before this one
          d.removeEventListener("close", given);
          answer = null;
          text($("ask-text"), "");  // a link shown in the dialog is gone from the page with it
          if (opener && opener.isConnected) opener.focus();
          res(d.returnValue === "ok" ? (o.input ? input.value.trim() || null : true) : null);
        };
        answer = given;
        d.addEventListener("close", given);
      });
    };
  };
})();
