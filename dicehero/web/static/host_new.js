/* Create a game; keep the host secret in this browser and open the host screen. */
"use strict";
(function () {
  const form = document.getElementById("create");
  const err = document.getElementById("create-err");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    const body = {
      edition: form.edition.value,
      rounds: parseInt(form.rounds.value, 10),
      power_mode: form.querySelector("[name=power_mode]:checked").value,
      stream: form.stream.checked,
      generated_names: form.generated_names.checked,
    };
    if (form.password.value.trim()) body.password = form.password.value.trim();
    try {
      const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang }, body: JSON.stringify(body) });
      const data = await r.json();
      if (!r.ok) { err.textContent = data.error.message; return; }
      localStorage.setItem("dh.host." + data.code, data.host_secret);
      location.href = "/host/" + data.code;
    } catch (e) {
      err.textContent = DH.t("unreachable", { error: e.message });
    }
  });
  const mine = Object.keys(localStorage).filter((k) => k.startsWith("dh.host.")).map((k) => k.slice(8));
  if (mine.length) {
    document.getElementById("mine").hidden = false;
    const ul = document.getElementById("mine-list");
    for (const code of mine.slice(-10)) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "/host/" + encodeURIComponent(code);
      a.textContent = code;
      li.appendChild(a);
      ul.appendChild(li);
    }
  }
})();
