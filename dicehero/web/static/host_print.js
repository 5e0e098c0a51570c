/* The host's screen, the printed sheets: how many are drawn, on which paper, and the
   download of the PDF. host.js hands it what they share. */
"use strict";
(function () {
  const DH = (window.DH = window.DH || {});

  // h: { $, text, code, secret(), state() }; returns printCount(), which says what will print.
  DH.hostPrint = function (h) {
    const { $, text, code } = h;
    // The PDF is fetched with the host secret, then saved as a download.
    // Letter is the paper of the Americas' Letter countries; everyone else prints on A4.
    const LETTER = /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|DO|PR|SV|NI|HN)$/i;
    const paperKey = "dh.paper";
    const paper = localStorage.getItem(paperKey) || (LETTER.test(navigator.language || "") ? "letter" : "a4");
    document.querySelector('#print-form input[name="paper"][value="' + paper + '"]').checked = true;
    function printCount() {
      const state = h.state();
      const n = state ? state.player_count : 0;
      text($("print-count"), n ? DH.tn("print_named", n) : DH.t("print_none"));
      if (!n && $("print-blank").value === "0" && !$("print-form").dataset.touched) $("print-blank").value = "30";
    }
    $("print").addEventListener("toggle", printCount);
    $("print-blank").addEventListener("input", () => { $("print-form").dataset.touched = "1"; });
    $("print-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const chosen = document.querySelector('#print-form input[name="paper"]:checked').value;
      localStorage.setItem(paperKey, chosen);
      const query = new URLSearchParams({ blank: $("print-blank").value || "0", paper: chosen,
        rules: $("print-rules").checked ? "1" : "0", lang: $("print-lang").value });
      const msg = $("print-msg");
      text(msg, DH.t("preparing"));
      $("b-print").disabled = true;
      try {
        const headers = { Authorization: "Bearer " + h.secret(), "Accept-Language": document.documentElement.lang };
        const r = await fetch("/api/games/" + code + "/sheets.pdf?" + query, { headers, cache: "no-store" });
        if (!r.ok) {
          let why = DH.t("server_said", { status: String(r.status) });
          try { why = (await r.json()).error.message; } catch (e) { /* not JSON */ }
          text(msg, why); msg.classList.add("no");
          return;
        }
        const url = URL.createObjectURL(await r.blob());
        const a = document.createElement("a");
        a.href = url; a.download = "dicehero-" + code + "-sheets.pdf";
        document.body.appendChild(a); a.click(); a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);
        msg.classList.remove("no");
        text(msg, DH.t("downloaded", { file: a.download }));
      } catch (e) {
        text(msg, DH.t("download_failed")); msg.classList.add("no");
      } finally {
        $("b-print").disabled = false;
      }
    });

    return printCount;
  };
})();
