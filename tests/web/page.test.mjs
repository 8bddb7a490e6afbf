// The questionnaire's page in a real headless Chromium: answers, the race, refusals, hostile
// strings, accessibility and screenshots.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { createServer } from "node:http";
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { launch, serveOnly, replay, inTmux, withoutPlace, fixture, until, root } from "./harness.mjs";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const types = fixture("types.json");

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** Answers the four-type fixture on the page as the key script below does on the terminal. */
async function answerTypes(page) {
  await page.getByRole("radio", { name: "SQLite" }).check();
  await page.getByRole("checkbox", { name: "A", exact: true }).check();
  await page.getByRole("checkbox", { name: "C", exact: true }).check();
  await page.locator("textarea[name='t.2']").fill("svc");
  await page.getByRole("radio", { name: "Yes" }).check();
}
const typesKeys = "2 space down down space tab text:svc enter y enter";

test("every type answered on the page gives the terminal's result", async () => {
  const served = await serveOnly(types);
  const page = await browser.newPage();
  await page.goto(served.url);
  await answerTypes(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByText("Answered. You can close this page.").waitFor();
  const { code, result } = await served.ended;
  assert.equal(code, 0);
  assert.equal(result.details.answeredIn, "web");
  assert.deepEqual(withoutPlace(result), replay(types, typesKeys));
  await page.close();
});

test("notes and free text on the page match the terminal's", async () => {
  const served = await serveOnly(types);
  const page = await browser.newPage();
  await page.goto(served.url);
  await page.locator("textarea[name='t.0']").fill("Oracle");
  await page.locator("details.note summary").first().click();
  await page.locator("textarea[name='o.0.0']").fill("too-big");
  await page.getByRole("checkbox", { name: "B", exact: true }).check();
  await page.locator("textarea[name='t.2']").fill("api");
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  const { code, result } = await served.ended;
  assert.equal(code, 0);
  const keys = "n text:too-big enter down down down enter text:Oracle enter down space tab text:api enter n enter";
  assert.deepEqual(withoutPlace(result), replay(types, keys));
  await page.close();
});

test("a submit with unanswered questions shows the review; a second one sends", async () => {
  const served = await serveOnly(types);
  const page = await browser.newPage();
  await page.goto(served.url);
  await page.getByRole("radio", { name: "SQLite" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("heading", { name: "Review your answers" }).waitFor();
  assert.equal(await page.getByRole("radio", { name: "SQLite" }).isChecked(), true);
  await page.getByRole("button", { name: "Submit" }).click();
  const { code, result } = await served.ended;
  assert.equal(code, 0);
  assert.equal(result.details.answers.db.values[0], "lite");
  assert.equal(result.details.answers.tags.status, "skipped");
  await page.close();
});

test("the page works without JavaScript", async () => {
  const served = await serveOnly(types);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(served.url);
  await answerTypes(page);
  await page.getByRole("button", { name: "Submit" }).click();
  const { code, result } = await served.ended;
  assert.equal(code, 0);
  assert.deepEqual(withoutPlace(result), replay(types, typesKeys));
  await context.close();
});

test("code spans and strong text are drawn on the page; the answer quotes the label as sent", async () => {
  const served = await serveOnly(join(root, "tests", "fixtures", "marks.json"));
  const page = await browser.newPage();
  await page.goto(served.url);
  const prompt = page.locator(".prompt").first();
  assert.deepEqual(await prompt.locator("code").allTextContents(), [
    "parse_config()",
    "Result<Config, ConfigError>",
    "~/.config/tool.toml",
  ]);
  assert.match(await prompt.textContent(), /Press ` to see the file; ``` fences stay as written\./);
  assert.equal(await page.locator(".description strong").first().textContent(), "missing");
  await page.getByRole("radio", { name: "Return Result" }).check();
  await page.getByRole("radio", { name: "Remove it" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  const { code, result } = await served.ended;
  assert.equal(code, 0);
  assert.deepEqual(result.details.answers.Errors.labels, ["Return `Result`"]);
  await page.close();
});

test("cancel on the page cancels", async () => {
  const served = await serveOnly(types);
  const page = await browser.newPage();
  await page.goto(served.url);
  await page.getByRole("radio", { name: "SQLite" }).check();
  await page.getByRole("button", { name: "Cancel" }).click();
  const { code, result } = await served.ended;
  assert.equal(code, 130);
  assert.equal(result.details.cancelled, true);
  assert.equal(result.details.answeredIn, "web");
  await page.close();
});

test("the page answers first: the terminal questionnaire closes and says so", async () => {
  const term = inTmux(types);
  try {
    const page = await browser.newPage();
    await page.goto(await term.url());
    await until("the questionnaire on the terminal", () => term.screen().includes("Which database?"));
    await answerTypes(page);
    await page.getByRole("button", { name: "Submit" }).click();
    const { code, result, stderr } = await term.ended();
    assert.equal(code, 0);
    assert.equal(result.details.answeredIn, "web");
    assert.deepEqual(withoutPlace(result), replay(types, typesKeys));
    assert.match(stderr, /answered on the web page; the terminal questionnaire closed/);
    await page.close();
  } finally {
    term.kill();
  }
});

test("the terminal answers first: the open page shows it is closed", async () => {
  const term = inTmux(types);
  try {
    const page = await browser.newPage();
    await page.goto(await term.url());
    await until("the questionnaire on the terminal", () => term.screen().includes("Which database?"));
    term.keys("2", "Space", "Tab", "Tab", "y", "Enter", "Enter");
    const { code, result } = await term.ended();
    assert.equal(code, 0);
    assert.equal(result.details.answeredIn, "terminal");
    await page.locator("#closed").waitFor({ state: "visible" });
    assert.equal(await page.getByRole("button", { name: "Submit" }).isDisabled(), true);
    await page.close();
  } finally {
    term.kill();
  }
});

test("cancel on the terminal cancels, and keeps what the page typed", async () => {
  const term = inTmux(types);
  try {
    const page = await browser.newPage();
    await page.goto(await term.url());
    await until("the questionnaire on the terminal", () => term.screen().includes("Which database?"));
    const saved = page.waitForResponse((r) => r.url().endsWith("/draft"));
    await page.locator("textarea[name='t.2']").fill("typed on the phone");
    await saved;
    term.keys("C-c");
    const { code, result } = await term.ended();
    assert.equal(code, 130);
    assert.equal(result.details.cancelled, true);
    assert.equal(result.details.answers.name.draft.text, "typed on the phone");
    await page.locator("#closed").waitFor({ state: "visible" });
    await page.close();
  } finally {
    term.kill();
  }
});

test("drafts typed on the page survive a timeout", async () => {
  const term = inTmux(types, ["--timeout", "3s"]);
  try {
    const page = await browser.newPage();
    await page.goto(await term.url());
    await page.locator("#countdown").waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith("/draft"));
    await page.locator("textarea[name='t.2']").fill("half an answer");
    await page.locator("#q0 > details.note summary").click();
    await page.locator("textarea[name='n.0']").fill("a note");
    await saved;
    const { code, result } = await term.ended();
    assert.equal(code, 124);
    assert.equal(result.details.error, "timed_out");
    assert.equal(result.details.answers.name.draft.text, "half an answer");
    assert.equal(result.details.answers.db.draft.note, "a note");
    assert.match(result.content, /unsent draft: "half an answer"/);
    await page.close();
  } finally {
    term.kill();
  }
});

/** A raw request to the page's server with any Host. */
function raw(url, { method = "GET", path, host, headers = {}, body = "" }) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, method, path: path ?? target.pathname, headers: { host: host ?? target.host, ...headers } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on("error", (error) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? resolve({ status: 413 }) : reject(error)));
    req.end(body);
  });
}

test("a wrong token, another Host, a cross-origin POST and an oversized body are refused, nothing changed", async () => {
  const served = await serveOnly(types);
  const origin = new URL(served.url).origin;
  const token = new URL(served.url).pathname.split("/")[1];
  const wrong = token.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  assert.equal((await raw(served.url, { path: `/${wrong}/` })).status, 404);
  assert.equal((await raw(served.url, { host: "attacker.example" })).status, 403);
  const form = { "content-type": "application/x-www-form-urlencoded" };
  assert.equal((await raw(served.url, { method: "POST", path: `/${token}/answer`, headers: { ...form, origin: "http://attacker.example" }, body: "q.0=0" })).status, 403);
  const big = "t.2=" + "a".repeat(2 << 20);
  assert.equal((await raw(served.url, { method: "POST", path: `/${token}/draft`, headers: { ...form, origin }, body: big })).status, 413);

  // A real cross-origin form POST from another site's page in the browser.
  const attacker = createServer((req, res) => {
    res.setHeader("content-type", "text/html");
    res.end(`<form id=f method=post action="${served.url}answer"><input name="q.0" value="0"><input name="action" value="submit"></form>`);
  });
  await new Promise((r) => attacker.listen(0, "127.0.0.1", r));
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${attacker.address().port}/`);
  const posted = page.waitForResponse((r) => r.url().endsWith("/answer"));
  await page.evaluate(() => document.getElementById("f").submit());
  assert.equal((await posted).status(), 403);
  attacker.close();

  // Nothing changed: still open, nothing saved, and the page still takes its answer.
  const state = JSON.parse((await raw(served.url, { path: `/${token}/state` })).text);
  assert.equal(state.open, true);
  const fresh = await browser.newPage();
  await fresh.goto(served.url);
  assert.equal(await fresh.locator("textarea[name='t.2']").inputValue(), "");
  await answerTypes(fresh);
  await fresh.getByRole("button", { name: "Submit" }).click();
  const { code, result } = await served.ended;
  assert.equal(code, 0);
  assert.deepEqual(withoutPlace(result), replay(types, typesKeys));
  await page.close();
  await fresh.close();
});

test("hostile strings in every field: nothing runs and nothing loads", async () => {
  const served = await serveOnly(fixture("hostile.json"));
  const origin = new URL(served.url).origin;
  const page = await browser.newPage();
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  const popups = [];
  page.on("popup", (p) => popups.push(p));
  await page.goto(served.url);
  for (const details of await page.locator("details").all()) await details.locator("summary").click();
  await page.locator("textarea[name='t.1']").fill("typed");
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.locator("main img, main iframe, main svg, main script").count(), 0);
  assert.equal(await page.locator("a[href^='javascript' i]").count(), 0);
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll("*")].flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)),
  );
  assert.deepEqual(handlers, []);
  for (const url of requests) assert.ok(url.startsWith(origin + "/"), `a request left the page: ${url}`);
  assert.deepEqual(popups, []);
  served.child.kill("SIGTERM");
  const { code } = await served.ended;
  assert.equal(code, 143);
  await page.close();
});

test("axe-core finds no serious or critical violation", async () => {
  for (const file of [types, fixture("hostile.json")]) {
    const served = await serveOnly(file);
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(served.url);
    await page.addScriptTag({ content: axeSource });
    const results = await page.evaluate(() => window.axe.run());
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.help}`), []);
    served.child.kill("SIGTERM");
    await served.ended;
    await context.close();
  }
});

test("phone and desktop layouts; screenshots for review", async () => {
  const dir = join(root, "screens", "web");
  mkdirSync(dir, { recursive: true });
  const served = await serveOnly(types);
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    for (const scheme of ["light", "dark"]) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(served.url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${width}px: ${overflow}px of horizontal overflow`);
      // Thumb-sized targets: every choice row is at least 44 px tall.
      for (const box of await page.locator(".choice").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) {
        assert.ok(box >= 44, `a choice row of ${box}px`);
      }
      if (scheme === "light") {
        const names = ["single", "multi", "text", "confirm"];
        for (const [i, name] of names.entries()) {
          await page.locator(`#q${i}`).screenshot({ path: join(dir, `${name}@${width}x${height}.png`) });
        }
      }
      await page.screenshot({ path: join(dir, `page-${scheme}@${width}x${height}.png`) });
      await context.close();
    }
  }
  served.child.kill("SIGTERM");
  await served.ended;
});
