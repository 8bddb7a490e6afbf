// Keeps the inbox's list as the store has it: its rows as JSON every second, each row updated
// in place (a tap on a row is not lost to a redraw), every text set as text, never as markup.
// Without it the page reloads itself (a <noscript> refresh).
"use strict";
(function () {
  const rows = document.getElementById("rows");
  if (!rows) return;
  const count = document.getElementById("count");
  const empty = document.getElementById("empty");
  const problem = document.getElementById("problem");

  function say(text) {
    problem.textContent = text;
    problem.hidden = text === "";
  }

  // The markup the server draws for a row (list.rs): a link to its page when it can be
  // answered here, else a box, holding the title, who asks and where, and its state.
  function fill(li, row) {
    if (li.dataset.kind !== row.kind) {
      li.dataset.kind = row.kind;
      li.className = "row " + row.kind;
      const box = document.createElement(row.kind === "open" ? "a" : "div");
      if (row.kind === "open") box.href = "q/" + Number(row.id) + "/";
      for (const part of ["title", "who", "state"]) {
        const span = document.createElement("span");
        span.className = part;
        box.append(span);
      }
      li.replaceChildren(box);
    }
    const [title, who, state] = li.firstElementChild.children;
    for (const [span, text] of [[title, row.title], [who, row.who], [state, row.state]]) {
      if (span.textContent !== text) span.textContent = text;
    }
  }

  function render(list) {
    const old = new Map([...rows.children].map((li) => [li.dataset.id, li]));
    let previous = null;
    for (const row of list.rows) {
      const id = String(Number(row.id));
      let li = old.get(id);
      if (li) old.delete(id);
      else {
        li = document.createElement("li");
        li.dataset.id = id;
      }
      fill(li, row);
      const at = previous ? previous.nextElementSibling : rows.firstElementChild;
      if (at !== li) rows.insertBefore(li, at);
      previous = li;
    }
    for (const li of old.values()) li.remove();
    empty.hidden = list.rows.length > 0;
    count.textContent = list.count;
    document.title = list.heading;
  }

  function poll() {
    fetch("list", { credentials: "same-origin", cache: "no-store" })
      .then((r) => r.json())
      .then((list) => {
        if (list.error) return say("store: " + list.error + " (retrying)");
        say("");
        render(list);
      })
      // The server ends with the inbox: nothing answers any more.
      .catch(() => say("The inbox has stopped: this list no longer changes."));
  }

  setInterval(poll, 1000);
})();
