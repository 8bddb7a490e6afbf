// Interactive mode under tmux: the questionnaire replaces pi's editor, in pi's theme colors; keys
// answer it; Ctrl+] collapses it to a dock above the editor and restores it intact; Esc cancels
// keeping answers; the transcript shows the result card; pi never exits over a too-wide row.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { approachQuestion, requireBuilt, sandbox, TmuxPi, truecolor } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let pi;
afterEach(() => pi?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

const colors = { accent: "#123456", border: "#654321" };
const plan = {
	title: "Plan",
	questions: [
		approachQuestion({ fast: { description: "ship today" } }),
		{
			id: "scope",
			header: "Scope",
			prompt: "Which scopes?",
			type: "multi",
			options: [
				{ value: "repo", label: "repo" },
				{ value: "org", label: "read:org" },
			],
		},
		{ id: "name", header: "Name", prompt: "What should it be called?", type: "text" },
	],
};

function start(width, height, turns = [{ call: plan }, { echo: true }], options = {}) {
	const box = sandbox(turns, { colors, ...options });
	boxes.push(box);
	pi = new TmuxPi(box, { width, height, prompt: "hi" });
	return box;
}

const has = (rows, text) => rows.some((row) => row.includes(text));
/**
 * The questionnaire is on screen, whole: its top edge, then only frame rows down to its bottom
 * edge, each exactly as wide as the terminal (an over-wide row would wrap and break the frame).
 */
function questionnaireOpen(rows) {
	const top = rows.findIndex((row) => row.startsWith("╭─ Plan"));
	const bottom = rows.findIndex((row, i) => i > top && row.startsWith("╰"));
	if (top < 0 || bottom < 0) return false;
	return rows
		.slice(top, bottom + 1)
		.every((row, i) => (i === 0 || /^[│├╰]/.test(row)) && [...row].length === pi.width && /[╮│┤╯]$/.test(row));
}
/** pi's editor is drawn between two full-width rules (pi 1.x draws its working indicator into the top one). */
const editorRules = (rows) => rows.flatMap((row, i) => (/^─.*─$/.test(row) && [...row].length === pi.width ? [i] : []));

async function waitForQuestion(prompt) {
	return pi.until((rows) => questionnaireOpen(rows) && has(rows, prompt), `the questionnaire at ${JSON.stringify(prompt)}`);
}

for (const [width, height] of [
	[120, 40],
	[80, 24],
]) {
	test(`${width}x${height}: answer, collapse to the dock, type into pi's editor, expand intact, submit`, async () => {
		const box = start(width, height);
		let rows = await waitForQuestion("Which approach?");
		assert.deepEqual(editorRules(rows), [], "the questionnaire replaces the editor");
		const styled = pi.paneAnsi().join("\n");
		assert.ok(styled.includes(truecolor(colors.accent)), "the focused option is in pi's accent color");
		assert.ok(styled.includes(truecolor(colors.border)), "the frame is in pi's border color");

		pi.keys("2"); // single: pick and advance
		await waitForQuestion("Which scopes?");
		pi.keys("1", "Enter"); // multi: toggle repo, confirm the set
		await waitForQuestion("What should it be called?");
		pi.type("Ad"); // a draft in the text question's editor, not saved yet

		pi.keys("C-]");
		const dock = /Plan · Name · 2\/3 answered · ctrl\+\] expand/;
		// pi may draw its editor a frame before the dock widget above it.
		const docked = (r) => !questionnaireOpen(r) && editorRules(r).length === 2 && dock.test(r[editorRules(r)[0] - 1]);
		rows = await pi.until(docked, "the dock right above pi's editor");
		const working = rows.findIndex((row) => row.includes("Working"));
		assert.ok(rows.slice(0, working).some((row) => dock.test(row)), "the call's card in the transcript shows it collapsed");

		pi.type("draft for pi");
		rows = await pi.untilText("draft for pi");
		const [top, bottom] = editorRules(rows);
		assert.ok(rows.slice(top + 1, bottom).some((row) => row.includes("draft for pi")), "typed text lands in pi's editor");

		pi.keys("C-]");
		rows = await waitForQuestion("What should it be called?");
		assert.ok(has(rows, "Ad"), "the draft is intact");
		assert.ok(has(rows, "✓ Approach") && has(rows, "✓ Scope") && has(rows, "○ Name"), "answers are intact");
		assert.ok(!has(rows, "ctrl+] expand"), "the dock is gone");

		pi.type("a");
		pi.keys("Enter"); // save "Ada": the last question advances to Review
		rows = await pi.untilText("Submit");
		pi.keys("Enter"); // the cursor arrives on Submit
		// pi may draw the model's reply a frame before its editor comes back below it.
		const answered = (r) => r.some((row) => row.includes("MODEL RECEIVED")) && editorRules(r).length === 2;
		rows = await pi.until(answered, "the model's reply with pi's editor back");
		assert.ok(!questionnaireOpen(rows));
		assert.equal(editorRules(rows).length, 2, "pi's editor is back");
		assert.ok(has(rows, "draft for pi"), "with the text typed while collapsed");
		assert.ok(rows.some((row) => /Approach\s+✓ Fast/.test(row)), "the result card shows the answers");
		assert.ok(rows.some((row) => /Name\s+“Ada”/.test(row)));
		assert.equal(
			box.requests()[1].last.text,
			"Approach: user selected: 2. Fast\nScope: user selected: 1. repo\nName: user wrote: Ada",
		);
	});
}

test("80x24: a long prompt over four long options: the list counts what it hides, Alt+↓ reads the whole prompt", async () => {
	const prompt =
		"Before I refactor the payment module I want to confirm the scope. The module has three public entry " +
		"points (charge, refund, payout), a retry wrapper that every entry point calls, and a legacy adapter " +
		"for the old provider that only payouts still use. Refactoring all of it touches 41 files and the " +
		"payout tests are flaky. Should I refactor everything at once, split the work, or do something else entirely?";
	const option = (label, description) => ({ label, description });
	const call = {
		title: "Plan",
		questions: [
			{
				question: prompt,
				header: "Scope",
				options: [
					option("Everything at once", "One branch for charge, refund, payout, the retry wrapper and the adapter. Fastest overall, but the review is large and the flaky payout tests slow it down."),
					option("Split in three PRs", "First the retry wrapper, then charge and refund, then payout with the adapter. Each PR stays reviewable and can be reverted alone; about two days longer."),
					option("Leave the adapter", "Refactor charge, refund and the retry wrapper, keep the legacy adapter behind its interface, and open an issue to retire it next quarter."),
					option("Fix the tests first", "Make the payout tests deterministic (they depend on wall-clock time and on test order), then choose with a green suite to refactor against."),
				],
			},
		],
	};
	start(80, 24, [{ call }, { echo: true }]);
	const counted = (r) => r.some((row) => /[↑↓] \d+ more/.test(row));
	const rows = await pi.until((r) => questionnaireOpen(r) && has(r, "Before I refactor") && counted(r), "the questionnaire with a more sign");
	assert.ok(!has(rows, "something else entirely?"), `the prompt does not fit here:\n${rows.join("\n")}`);
	const seen = new Set();
	const collect = (r) => r.join(" ").split(/[\s│]+/).forEach((word) => seen.add(word));
	collect(rows);
	for (let i = 0; i < 10; i++) {
		pi.keys("M-Down");
		await new Promise((resolve) => setTimeout(resolve, 200));
		collect(pi.pane());
	}
	await pi.untilText("something else entirely?");
	for (const word of prompt.split(" ")) assert.ok(seen.has(word), `${JSON.stringify(word)} of the prompt never showed whole`);
	pi.keys("Escape");
	await pi.untilText("MODEL RECEIVED");
});

test("Esc cancels and keeps the answers; resizing never crashes pi", async () => {
	const box = start(80, 24);
	await waitForQuestion("Which approach?");
	pi.keys("2");
	await waitForQuestion("Which scopes?");
	const frameBottom = (width) => (r) => r.some((row) => row.startsWith("╰") && [...row].length === width);
	// A row cut to the width with an ellipsis (pi 1.x: the questionnaire's) or pi 0.73's footer,
	// cut to the width, shows that pi drew at a size too small for any frame.
	const footerOnly = (width) => (r) =>
		r.some((row) => [...row].length === width && (row.startsWith("0.") || row.endsWith("…")));
	for (const [width, height, drawn] of [
		[40, 16, frameBottom],
		[20, 10, frameBottom], // the top edge scrolls into pi's scrollback
		[12, 8, frameBottom],
		[5, 5, footerOnly],
		[150, 45, frameBottom],
		[60, 20, frameBottom],
	]) {
		pi.resize(width, height);
		await pi.until(drawn(width), `pi redrawn at ${width}x${height}`);
	}
	pi.keys("Escape");
	const rows = await pi.untilText("MODEL RECEIVED");
	assert.ok(!questionnaireOpen(rows));
	const received = box.requests()[1].last.text;
	assert.match(received, /^User cancelled the questionnaire\./);
	assert.match(received, /Approach: user selected: 2\. Fast/);
	assert.match(received, /Scope/);
});

test("Esc while collapsed belongs to pi: the turn is aborted, answers kept", async () => {
	const box = start(100, 30);
	await waitForQuestion("Which approach?");
	pi.keys("1");
	await waitForQuestion("Which scopes?");
	pi.keys("C-]");
	await pi.untilText("ctrl+] expand");
	pi.keys("Escape");
	const rows = await pi.until((r) => !has(r, "ctrl+] expand") && !has(r, "Working"), "the aborted turn");
	assert.ok(!questionnaireOpen(rows));
	assert.equal(box.requests().length, 1, "an aborted turn does not call the model again");
	assert.ok(rows.some((row) => /Approach\s+✓ Safe/.test(row)), `the card keeps the answer:\n${rows.join("\n")}`);
});

test("an abort while the questionnaire is open dismisses it, keeping the answers", async () => {
	const box = start(100, 30, undefined, { abortKey: true });
	await waitForQuestion("Which approach?");
	pi.keys("2");
	await waitForQuestion("Which scopes?");
	pi.keys("F12"); // the test extension aborts the turn
	const rows = await pi.until((r) => !questionnaireOpen(r) && editorRules(r).length === 2 && !has(r, "Working"), "the aborted turn");
	assert.ok(rows.some((row) => /Approach\s+✓ Fast/.test(row)), `the card keeps the answer:\n${rows.join("\n")}`);
	assert.ok(has(rows, "Cancelled"), "and says the questionnaire was cancelled");
	assert.equal(box.requests().length, 1, "an aborted turn does not call the model again");
});

test("calls that fail show why in their cards: pi's schema check, then the tool's own validation", async () => {
	start(100, 40, [
		{ call: { questions: "not a list" } },
		{ call: { questions: [{ id: "a", header: " ", prompt: "Which?", options: [] }] } },
		{ echo: true },
	]);
	const rows = await pi.untilText("MODEL RECEIVED (isError=true)");
	assert.ok(has(rows, "Validation failed for tool"), `pi's own error is shown:\n${rows.join("\n")}`);
	assert.ok(has(rows, "invalid questions"), "the tool's error card");
	assert.ok(has(rows, "/questions/0/header") && has(rows, "/questions/0/options"), "with every issue");
	assert.ok(!questionnaireOpen(rows), "nothing was asked");
});

test("a call nested deeper than the addon takes fails with the reason, and pi draws on", async () => {
	let deep = "bottom";
	for (let level = 0; level < 200; level++) deep = { deeper: deep };
	start(100, 30, [{ call: { questions: plan.questions.slice(0, 1), extra: deep } }, { echo: true }]);
	const rows = await pi.untilText("MODEL RECEIVED (isError=true)");
	assert.ok(has(rows, "nesting"), `the reason reaches the model:\n${rows.join("\n")}`);
	assert.ok(!questionnaireOpen(rows), "nothing was asked");
});

test("an abort with unsent text keeps it as a draft, in the result and on the card", async () => {
	start(100, 30, undefined, { abortKey: true });
	await waitForQuestion("Which approach?");
	pi.keys("2");
	await waitForQuestion("Which scopes?");
	pi.keys("Enter");
	await waitForQuestion("What should it be called?");
	pi.type("half a name");
	await pi.untilText("half a name");
	pi.keys("F12"); // the test extension aborts the turn
	const rows = await pi.until((r) => !questionnaireOpen(r) && editorRules(r).length === 2 && !has(r, "Working"), "the aborted turn");
	assert.ok(rows.some((row) => /Approach\s+✓ Fast/.test(row)), `the card keeps the answer:\n${rows.join("\n")}`);
	assert.ok(has(rows, "✎ draft: “half a name”"), `and the draft:\n${rows.join("\n")}`);
});

test("code in a preview is colored in pi, with no key pressed", async () => {
	const code = "let n = 42;";
	const withCode = {
		title: "Plan",
		questions: [
			{
				id: "lang",
				header: "Lang",
				prompt: "Which one?",
				options: [
					{ value: "rust", label: "Rust", preview: `\`\`\`rust\n${code}\n\`\`\`` },
					{ value: "none", label: "None" },
				],
			},
		],
	};
	start(120, 30, [{ call: withCode }, { echo: true }]);
	await waitForQuestion("Which one?");
	// Its grammar may still be compiling for the first frame (code drawn plain); either way it
	// is colored without anyone pressing a key. Plain code is one run of text; colored, its
	// tokens are cut apart by color changes.
	const colored = () => {
		const plain = pi.pane();
		const row = plain.findIndex((line) => line.includes(code));
		return row >= 0 && !pi.paneAnsi()[row].includes(code);
	};
	await pi.until(() => colored(), "the code colored without a key");
	pi.keys("Escape");
});
