// Release timings for the notes: the page served locally, and an answer on the page to the
// terminal questionnaire closing (tmux). Not a test: run by hand with ASK_USER_QUESTION_BIN set to
// a release build: node tests/web/measure.mjs
import { request } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { inTmux, fixture, until } from "./harness.mjs";

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    request(url, { headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, timing: res.headers["server-timing"] }));
    }).on("error", reject).end();
  });
}

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const file = fixture("types.json");
const closes = [];
const served = [];
for (let run = 0; run < 5; run++) {
  const term = inTmux(file);
  try {
    const url = await term.url();
    await until("the questionnaire", () => term.screen().includes("Which database?"));
    for (let i = 0; i < 20; i++) served.push((await get(url)).ms);
    const origin = new URL(url).origin;
    const t0 = process.hrtime.bigint();
    await fetch(url + "answer", {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: "q.0=1&q.1=0&t.2=svc&q.3=0",
    });
    // The exit status is written as the process ends; look every millisecond.
    while (!(existsSync(term.rc) && readFileSync(term.rc, "utf8").trim())) await new Promise((r) => setTimeout(r, 1));
    closes.push(Number(process.hrtime.bigint() - t0) / 1e6);
  } finally {
    term.kill();
  }
}
console.log(`page served (request to last byte, ${served.length} requests): median ${median(served).toFixed(2)} ms, max ${Math.max(...served).toFixed(2)} ms`);
console.log(`answer on the page to the terminal closing (${closes.length} runs): median ${median(closes).toFixed(1)} ms, max ${Math.max(...closes).toFixed(1)} ms`);
