// The inbox's web page (`ask-user-question inbox --web`, `--web-only`) in headless Chromium at
// phone size, over a scratch store with real hosts waiting on it (`--inbox-only` runs): the
// list, answering one on the page (the host gets the answer, answered in the inbox), the list
// following the store as questions come and go (no reload), hostile text, cancel, no script.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { launch, inboxInTmux, inboxWebOnly, inboxHost, scratchState, removeScratch, replay, withoutPlace, fixture, until, root } from "./harness.mjs";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const types = fixture("types.json");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser;
before(async () => (browser = await launch()));
after(async () => {
  await browser?.close();
  removeScratch();
});

/** Answers the four-type fixture on the page as the key script below does on the terminal. */
async function answerTypes(page) {
  await page.getByRole("radio", { name: "SQLite" }).check();
  await page.getByRole("checkbox", { name: "A", exact: true }).check();
  await page.getByRole("checkbox", { name: "C", exact: true }).check();
  await page.locator("textarea[name='t.2']").fill("svc");
  await page.getByRole("radio", { name: "Yes" }).check();
}
const typesKeys = "2 space down down space tab text:svc enter y enter";

const rows = (page) => page.locator(".row").count();

/** The page scrolls no wider than the phone, and nothing of `selector` reaches past its edge. */
async function fitsThePhone(page, selector = "main > *") {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${overflow}px of horizontal overflow`);
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  const widest = Math.max(...boxes);
  assert.ok(widest <= 390, `something reaches ${widest}px`);
}
const theRows = ".row, .row *";

test("at phone size: the list follows the store, and a row answered on the page is the host's answer", async () => {
  const state = scratchState();
  const term = inboxInTmux(state);
  const hosts = [];
  try {
    const url = await term.url();
    await until("the inbox on the terminal", () => term.screen().includes("No questionnaires waiting"));
    // Ctrl+R in the terminal inbox: the page's link as a QR code, any key closes it.
    assert.match(term.screen(), /ctrl\+r QR code/);
    term.keys("C-r");
    await until("the QR code", () => term.screen().includes("█▀"));
    assert.ok(term.screen().includes(url), term.screen());
    term.keys("x");
    await until("the list again", () => term.screen().includes("No questionnaires waiting"));

    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByText("No questionnaires waiting").waitFor();
    // Marks this document: still marked later, the list changed with no reload.
    await page.evaluate(() => (window.sameDocument = true));
    const four = inboxHost(state, types, "Codex");
    hosts.push(four);
    await until("the first row", async () => (await rows(page)) === 1);
    const deploy = inboxHost(state, fixture("deploy.json"), "pi");
    hosts.push(deploy);
    await until("the second row", async () => (await rows(page)) === 2);
    assert.equal(await page.evaluate(() => window.sameDocument), true);
    assert.equal(await page.locator("#count").textContent(), "2 waiting");
    assert.equal(await page.title(), "Inbox · 2 waiting");
    // Newest first: who asks and where, the title, how many questions and how long.
    const titles = await page.locator(".row .title").allTextContents();
    assert.deepEqual(titles, ["Deploy to production?", "Four"]);
    const row = page.locator(".row", { hasText: "Four" });
    assert.match(await row.locator(".who").textContent(), /^Codex · \//);
    assert.match(await row.locator(".state").textContent(), /^4 questions · \d+ s$/);
    await fitsThePhone(page, theRows);
    await until("the terminal inbox lists them", () => term.screen().includes("Deploy to production?") && term.screen().includes("Four"));
    const dir = join(root, "screens", "web");
    mkdirSync(dir, { recursive: true });
    // How long each waited differs from run to run: masked, so the picture does not.
    await page.screenshot({ path: join(dir, "inbox-list@390x844.png"), mask: [page.locator(".row.open .state")] });

    await row.locator("a").tap();
    await page.getByRole("heading", { name: "Four" }).waitFor();
    await fitsThePhone(page);
    await answerTypes(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Answered: Four").waitFor();
    const { code, result } = await four.ended;
    assert.equal(code, 0);
    assert.equal(result.details.answeredIn, "inbox");
    assert.deepEqual(withoutPlace(result), replay(types, typesKeys));
    // Back on the list, which no longer has it; nor has the terminal inbox's.
    assert.deepEqual(await page.locator(".row .title").allTextContents(), ["Deploy to production?"]);
    await until("the terminal's list without it", () => !term.screen().includes("Four"));

    // A new one comes, and one is answered in the terminal inbox: the page follows both.
    await page.evaluate(() => (window.sameDocument = true));
    const layout = inboxHost(state, fixture("lines.json"), "Claude Code");
    hosts.push(layout);
    await until("the new row", async () => (await page.locator(".row .title").allTextContents()).includes("Layout"));
    await until("the terminal lists it", () => term.screen().includes("Layout"));
    term.keys("End", "Enter");
    await until("the questionnaire in the terminal", () => term.screen().includes("Ship the release now?"));
    term.keys("y");
    const answered = await deploy.ended;
    assert.equal(answered.code, 0);
    assert.equal(answered.result.details.answeredIn, "inbox");
    await until("the row answered in the terminal gone", async () => {
      const titles = await page.locator(".row .title").allTextContents();
      return titles.length === 1 && titles[0] === "Layout";
    });
    assert.equal(await page.evaluate(() => window.sameDocument), true, "the list was reloaded");
    assert.equal(await page.locator("#count").textContent(), "1 waiting");
    await context.close();
    term.keys("q");
    assert.equal((await term.ended()).code, 0);
  } finally {
    for (const host of hosts) host.child.kill("SIGTERM");
    term.kill();
  }
});

test("hostile text in a row is shown as text: nothing runs or loads, nothing is wider than the phone", async () => {
  const state = scratchState();
  const inbox = await inboxWebOnly(state);
  // The project is the host's working directory: a hostile, long and wide one.
  const project = join(scratchState(), "<img src=x onerror=window.pwned=1>" + "長いプロジェクト名".repeat(8));
  mkdirSync(project);
  const host = "<script>window.pwned=1</script>" + "Ｃｏｄｅｘ".repeat(10) + "x".repeat(80);
  const evil = inboxHost(state, fixture("inbox-hostile.json"), host, { cwd: project });
  const secret = inboxHost(state, fixture("secret.json"), "pi");
  try {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(inbox.url);
    await until("both rows", async () => (await rows(page)) === 2);
    await page.waitForTimeout(1500); // the script has redrawn the rows at least once
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.equal(await page.locator("main img, main script, main svg, main iframe").count(), 0);
    const open = page.locator(".row.open");
    assert.ok((await open.locator(".title").textContent()).startsWith("<script>window.pwned=1</script><img"));
    assert.ok((await open.locator(".who").textContent()).startsWith("<script>window.pwned=1</script>Ｃｏｄｅｘ"));
    assert.match(await open.locator(".who").textContent(), /<img src=x onerror=window.pwned=1>長いプロジェクト名/);
    await fitsThePhone(page, theRows);
    // The secret one: listed, not a link, and its page is not served.
    const locked = page.locator(".row.secret");
    assert.match(await locked.textContent(), /Signing key.*answer it where it was asked/);
    assert.equal(await locked.locator("a").count(), 0);

    // Its page: nothing runs there either. Cancel goes back to the list, the typing kept.
    await open.locator("a").tap();
    await page.locator("form#questionnaire").waitFor();
    await fitsThePhone(page);
    await page.locator("textarea[name='t.0']").fill("typed on the phone");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText(/^Kept for later: <script>/).waitFor();
    assert.equal(await rows(page), 2, "still waiting");
    await page.locator(".row.open a").tap();
    assert.equal(await page.locator("textarea[name='t.0']").inputValue(), "typed on the phone");
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    for (const url of requests) assert.ok(url.startsWith(new URL(inbox.url).origin + "/"), `a request left the page: ${url}`);
    // The host, stopped, has what was typed on the page.
    evil.child.kill("SIGTERM");
    const { code, result } = await evil.ended;
    assert.equal(code, 143);
    assert.equal(result.details.answers.q.customText, "typed on the phone");
    await context.close();
  } finally {
    evil.child.kill("SIGTERM");
    secret.child.kill("SIGTERM");
    inbox.child.kill("SIGTERM");
  }
  assert.equal((await inbox.ended).code, 143);
});

test("the list has no serious accessibility violation, in light and dark", async () => {
  const state = scratchState();
  const inbox = await inboxWebOnly(state);
  const hosts = [];
  try {
    // One after the other, so the rows' order (newest first) is the same every run.
    hosts.push(inboxHost(state, types, "Codex"));
    await until("the first posted", async () => (await (await fetch(inbox.url + "list")).json()).rows.length === 1);
    hosts.push(inboxHost(state, fixture("secret.json"), "pi"));
    for (const colorScheme of ["light", "dark"]) {
      const context = await browser.newContext({ ...phone, colorScheme, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(inbox.url);
      await until("the rows", async () => (await rows(page)) === 2);
      await page.addScriptTag({ content: axeSource });
      const results = await page.evaluate(() => window.axe.run());
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      assert.deepEqual(bad.map((v) => `${v.id}: ${v.help}`), []);
      if (colorScheme === "dark") {
        const dir = join(root, "screens", "web");
        await page.screenshot({ path: join(dir, "inbox-list-dark@390x844.png"), mask: [page.locator(".row.open .state")] });
      }
      await context.close();
    }
  } finally {
    for (const host of hosts) host.child.kill("SIGTERM");
    inbox.child.kill("SIGTERM");
  }
  await inbox.ended;
});

test("without JavaScript the list still follows the store, and answers", async () => {
  const state = scratchState();
  const inbox = await inboxWebOnly(state);
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
  let four;
  try {
    const page = await context.newPage();
    await page.goto(inbox.url);
    await page.getByText("No questionnaires waiting").waitFor();
    four = inboxHost(state, types, "Codex");
    // The page reloads itself every 2 s.
    await page.locator(".row.open a").waitFor({ timeout: 10000 });
    await page.locator(".row.open a").tap();
    await answerTypes(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Answered: Four").waitFor();
    const { code, result } = await four.ended;
    assert.equal(code, 0);
    assert.equal(result.details.answeredIn, "inbox");
    assert.deepEqual(withoutPlace(result), replay(types, typesKeys));
  } finally {
    await context.close();
    four?.child.kill("SIGTERM");
    inbox.child.kill("SIGTERM");
  }
  await inbox.ended;
});
