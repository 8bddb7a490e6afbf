// The page keeps the lines the terminal draws: single line breaks in prompts, context,
// descriptions and previews, drawings (an indented first line included) and columns laid out
// by spaces, and a "(Recommended)" label said once. Read back as Chromium lays the page out
// (innerText), at 1280x900 and at phone size.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, serveOnly, fixture } from "./harness.mjs";

const lines = fixture("lines.json");

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** The page of `lines.json` at `viewport`, every preview opened. */
async function opened(viewport) {
  const served = await serveOnly(lines);
  const page = await browser.newPage({ viewport });
  await page.goto(served.url);
  for (const summary of await page.locator("details.preview summary").all()) await summary.click();
  return { served, page };
}

/** The rendered text of the first element matching `selector`, without trailing spaces. */
async function text(page, selector) {
  const raw = await page.locator(selector).first().innerText();
  return raw
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .trim();
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`single line breaks stay line breaks at ${viewport.width}x${viewport.height}`, async () => {
    const { served, page } = await opened(viewport);
    assert.equal(await text(page, ".prompt"), "Which layout should the haul view use?\nBoth keep the map on top.");
    assert.equal(
      await text(page, ".context"),
      "The haul panel stays the bottom terminal box,\njust:\n• haul rows 12.5 → 15px\n• box 560 → 680px wide",
    );
    assert.equal(
      await text(page, "details.preview .md"),
      "stays the bottom terminal box,\njust:\n• haul rows 12.5 → 15px\n• box 560 → 680px wide",
    );
    const description = await text(page, ".description");
    assert.match(description, /^Bigger rows,\nwider box\.\n/);
    served.child.kill("SIGTERM");
    await served.ended;
    await page.close();
  });
}

test("drawings and columns keep their spaces in a monospaced block", async () => {
  const { served, page } = await opened({ width: 1280, height: 900 });
  const art = page.locator("pre.art");
  // The description's columns, then the drawing whose first line is indented.
  assert.equal(await art.count(), 2);
  assert.equal(await art.nth(0).innerText(), "Name     Rows   Width\nnow      12.5   560\nafter    15     680");
  assert.equal(
    await art.nth(1).innerText(),
    "    _____\n __/     \\__     <- orbit & zoom\n/  /\\  *   \\ \\\n\\__\\_____/__/",
  );
  assert.equal(await page.locator("details.preview em").count(), 0, "no underscores read as emphasis");
  const font = await art.nth(1).evaluate((el) => getComputedStyle(el).fontFamily);
  assert.match(font, /mono/i);
  served.child.kill("SIGTERM");
  await served.ended;
  await page.close();
});

test("a label ending in (Recommended) shows the star and says it once", async () => {
  const { served, page } = await opened({ width: 1280, height: 900 });
  // The label and the mark are flex items: one line each.
  const choice = (await text(page, ".option .choice")).replace(/\s+/g, " ");
  assert.equal(choice, "Grow the box ★ Recommended");
  assert.doesNotMatch(await page.locator("main").innerText(), /\(Recommended\)/);
  served.child.kill("SIGTERM");
  const { result } = await served.ended;
  assert.equal(result.details.questions[0].options[0].label, "Grow the box (Recommended)");
  await page.close();
});
