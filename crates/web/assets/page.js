// Adds to the plain form what it cannot do alone: drafts saved as they are typed, the
// countdown, and the "answered elsewhere" state. The page works without it.
"use strict";
(function () {
  const form = document.getElementById("questionnaire");
  if (!form) return;
  const banner = document.getElementById("closed");
  const countdown = document.getElementById("countdown");
  let closed = false;
  let timer = null;

  function close(message) {
    if (closed) return;
    closed = true;
    banner.textContent = message;
    banner.hidden = false;
    for (const field of form.elements) field.disabled = true;
    if (countdown) countdown.hidden = true;
  }

  function body() {
    const data = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (name !== "action") data.append(name, value);
    }
    return data;
  }

  function saveDraft() {
    timer = null;
    if (closed) return;
    fetch("draft", { method: "POST", body: body(), credentials: "same-origin" })
      .then((r) => { if (r.status === 410) poll(); })
      .catch(() => {});
  }

  form.addEventListener("input", (event) => {
    // Typing free text picks "Type something." as on the terminal.
    const target = event.target;
    if (target.tagName === "TEXTAREA" || target.type === "password") {
      const custom = target.closest(".custom");
      const choice = custom && custom.querySelector("input[value=custom]");
      if (choice && target.value.trim() !== "") choice.checked = true;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveDraft, 300);
  });
  form.addEventListener("change", () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveDraft, 300);
  });

  let seconds = countdown ? Number(countdown.dataset.seconds) : null;
  function clock(s) {
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h > 0 ? h + ":" + two(m) + ":" + two(r) : m + ":" + two(r);
  }

  function poll() {
    fetch("state", { credentials: "same-origin", cache: "no-store" })
      .then((r) => r.json())
      .then((state) => {
        if (!state.open) return close(state.message);
        if (countdown) {
          if (state.seconds === null) countdown.hidden = true;
          else seconds = state.seconds;
        }
      })
      // The server ends with its questionnaire: nobody answering means it is over.
      .catch(() => close(banner.dataset.closed));
  }

  setInterval(() => {
    if (closed) return;
    if (countdown && !countdown.hidden && seconds !== null) {
      seconds = Math.max(0, seconds - 1);
      countdown.textContent = clock(seconds);
    }
    poll();
  }, 1000);
})();
