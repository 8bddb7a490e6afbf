// Shift+Enter in pi under tmux, on a lone text question (whose Enter ends the call): with tmux's
// extended-keys on, pi's modifyOtherKeys gets Shift+Enter through and the footer names it; with
// them off, Shift+Enter arrives as Enter, the footer names Ctrl+J, and the text typed right after
// that Enter is the answer's next line instead of keys for pi's editor.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { nameQuestion, requireBuilt, sandbox, TmuxPi } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let pi;
afterEach(() => pi?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

function start(extendedKeys) {
	const box = sandbox([{ call: { questions: [nameQuestion] } }, { echo: true }]);
	boxes.push(box);
	pi = new TmuxPi(box, { width: 100, height: 40, prompt: "hi", extendedKeys });
	return box;
}

const footer = (rows) => rows.find((row) => row.includes(" save · ")) ?? "";

for (const extendedKeys of [true, false]) {
	test(`tmux extended-keys ${extendedKeys ? "on" : "off"}: Shift+Enter makes the second line`, async () => {
		const box = start(extendedKeys);
		const named = extendedKeys ? "⇧enter newline" : "ctrl+j newline";
		const rows = await pi.until((r) => footer(r).includes(named), `the footer naming ${named}`);
		assert.ok(footer(rows).includes(named), footer(rows));
		pi.type("first line");
		await pi.untilText("first line");
		// tmux's own send-keys sends Shift+Enter encoded whatever the option says; a terminal
		// around tmux with extended-keys off sends it as Enter, which is what arrives then.
		pi.keys(extendedKeys ? "S-Enter" : "Enter");
		pi.type("second line");
		await pi.untilText("second line");
		if (!extendedKeys) await pi.untilText("Typed right after Enter, so kept as a new line");
		pi.keys("Enter");
		await pi.untilText("MODEL RECEIVED");
		const received = box.requests()[1].last.text;
		// The summary indents an answer's later lines under its first.
		assert.match(received, /Name: user wrote: first line\n\s+second line/);
	});
}
