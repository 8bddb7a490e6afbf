// The terminal's side of the page: its link and QR code in the questionnaire, text typed in the
// terminal kept when the page wins, and the closed page in the questionnaire's language.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { launch, serveOnly, inTmux, fixture, until, root } from "./harness.mjs";

const types = fixture("types.json");
const spanish = join(root, "assets", "examples", "spanish.json");

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("the terminal shows the page's link, and its QR code on ctrl+r", async () => {
  const term = inTmux(types);
  try {
    const url = await term.url();
    await until("the link in the footer", () => term.screen().includes(url));
    term.keys("C-r");
    await until("the QR code", () => term.screen().includes("█▀"));
    const screen = term.screen();
    assert.ok(screen.includes(url), screen);
    assert.ok(!screen.includes("Which database?"), screen);
    term.keys("x");
    await until("the questionnaire again", () => term.screen().includes("Which database?"));
    // The key closed the code and did nothing else: the question is still unanswered.
    assert.ok(term.screen().includes("0/4 answered"), term.screen());
    term.keys("Escape");
    const { result } = await term.ended();
    assert.equal(result.details.cancelled, true);
  } finally {
    term.kill();
  }
});

test("the page answers first: text typed in the terminal is kept as drafts", async () => {
  const term = inTmux(types);
  try {
    const page = await browser.newPage();
    await page.goto(await term.url());
    await until("the questionnaire on the terminal", () => term.screen().includes("Which database?"));
    // The text question, typed and never saved; a note on the first option, saved.
    term.keys("n");
    term.keys("-l", "saved note");
    term.keys("Enter");
    term.keys("Tab", "Tab");
    await until("the text question", () => term.screen().includes("Your answer"));
    term.keys("-l", "typed in the terminal");
    await until("the typing", () => term.screen().includes("typed in the terminal"));
    await page.getByRole("radio", { name: "SQLite" }).check();
    await page.locator("textarea[name='t.2']").fill("svc");
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    const { code, result } = await term.ended();
    assert.equal(code, 0);
    assert.equal(result.details.answeredIn, "web");
    assert.equal(result.details.cancelled, false);
    assert.equal(result.details.answers.name.customText, "svc");
    assert.equal(result.details.answers.name.draft.text, "typed in the terminal");
    assert.equal(result.details.answers.db.draft.optionNotes.pg, "saved note");
    assert.match(result.content, /typed in the terminal/);
    await page.close();
  } finally {
    term.kill();
  }
});

test("the closed page speaks the questionnaire's language: answered here", async () => {
  const { url, ended } = await serveOnly(spanish);
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByRole("button", { name: "Cancelar" }).click();
  await page.getByText("Cancelado. Puedes cerrar esta página.").waitFor();
  const { result } = await ended;
  assert.equal(result.details.cancelled, true);
  await page.close();
});

test("the closed page speaks the questionnaire's language: cancelled in the terminal", async () => {
  const term = inTmux(spanish);
  try {
    const page = await browser.newPage();
    const url = await term.url();
    await page.goto(url);
    await until("the questionnaire on the terminal", () => term.screen().includes("Canal"));
    term.keys("Escape");
    await term.ended();
    const banner = page.locator("#closed");
    await banner.waitFor({ state: "visible" });
    // Whether the page polled before the server ended with its questionnaire or after, it
    // says so in the questionnaire's language.
    const said = await banner.textContent();
    assert.ok(
      ["El cuestionario se canceló. Esta página está cerrada.", "Este cuestionario está cerrado."].includes(said),
      said,
    );
    await page.close();
  } finally {
    term.kill();
  }
});
