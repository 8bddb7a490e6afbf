// Keys in pi under tmux: keys rebound in pi's keybindings.json act in the questionnaire and its
// footer names them; --ask-collapse-key changes the collapse key (footer and dock name it), and a
// bad one is an error naming the setting; Ctrl+G edits the draft in pi's own editor.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { approachQuestion, nameQuestion, requireBuilt, RpcPi, sandbox, TmuxPi } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let pi;
afterEach(() => pi?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

const plan = {
	title: "Plan",
	questions: [
		approachQuestion(),
		nameQuestion,
	],
};

function start({ keybindings, args = [], env = {}, width = 120 } = {}) {
	const box = sandbox([{ call: plan }, { echo: true }]);
	boxes.push(box);
	if (keybindings) {
		// pi reads its keybindings from keybindings.json in its agent directory.
		mkdirSync(box.env.PI_CODING_AGENT_DIR, { recursive: true });
		writeFileSync(join(box.env.PI_CODING_AGENT_DIR, "keybindings.json"), JSON.stringify(keybindings));
	}
	pi = new TmuxPi(box, { width, height: 40, prompt: "hi", args, env });
	return box;
}

const has = (rows, text) => rows.some((row) => row.includes(text));
const footer = (rows) => rows.find((row) => row.includes(" move · ")) ?? "";

test("keys rebound in pi move and confirm in the questionnaire, and its footer names them", async () => {
	const box = start({ keybindings: { "tui.select.up": "ctrl+p", "tui.select.down": "ctrl+n", "tui.select.confirm": "ctrl+s" } });
	let rows = await pi.untilText("Which approach?");
	assert.match(footer(rows), /ctrl\+p\/ctrl\+n move · ctrl\+s select/);
	pi.keys("C-n");
	pi.keys("C-s"); // Fast, and on to the text question
	rows = await pi.untilText("What should it be called?");
	pi.keys("Escape");
	await pi.untilText("MODEL RECEIVED");
	assert.ok(box.requests()[1].last.text.includes("Approach: user selected: 2. Fast"), box.requests()[1].last.text);
});

test("--ask-collapse-key: the chosen key docks and restores, and the footer and dock name it", async () => {
	// Wide enough for the whole footer, the collapse hint last.
	start({ args: ["--ask-collapse-key", "f2"], width: 160 });
	let rows = await pi.untilText("Which approach?");
	assert.ok(footer(rows).includes("f2 collapse"), footer(rows));
	pi.keys("C-]");
	pi.keys("2");
	// (The call's card in the transcript shows the prompts too: look for the frame.)
	rows = await pi.until((r) => has(r, "╭─ Plan") && has(r, "✓ Approach"), "the second question");
	assert.ok(!has(rows, "f2 expand"), "Ctrl+] does not dock");
	pi.keys("F2");
	rows = await pi.untilText("Plan · Name · 1/2 answered · f2 expand");
	assert.ok(!has(rows, "╭─ Plan"), "the frame is folded");
	pi.keys("F2");
	await pi.untilText("╭─ Plan");
	pi.keys("Escape");
	await pi.untilText("MODEL RECEIVED");
});

test("a bad collapse key is an error naming the setting, at start and on a call", async () => {
	for (const [args, env, setting] of [
		[["--ask-collapse-key", "ctlr+x"], {}, "--ask-collapse-key"],
		[[], { ASK_USER_QUESTION_COLLAPSE_KEY: "enter" }, "ASK_USER_QUESTION_COLLAPSE_KEY"],
	]) {
		const box = sandbox([{ call: plan }, { echo: true }]);
		boxes.push(box);
		Object.assign(box.env, env);
		const rpc = new RpcPi(box, args);
		try {
			const reported = await rpc.event("extension_error");
			assert.equal(reported.event, "session_start");
			assert.ok(reported.error.includes(`ask_user_question: ${setting}: `), reported.error);
			rpc.prompt("hi");
			const end = await rpc.event("tool_execution_end");
			assert.equal(end.isError, true);
			assert.ok(end.result.content[0].text.includes(setting), end.result.content[0].text);
			await rpc.event("agent_end");
		} finally {
			await rpc.close();
		}
	}
});

test("Ctrl+G edits the draft in pi's editor; the text comes back as the draft, saved with Enter", async () => {
	const box = start();
	await pi.untilText("Which approach?");
	pi.keys("1");
	await pi.untilText("What should it be called?");
	pi.type("Ad");
	pi.keys("C-g");
	// pi's editor dialog, titled with the editor's label and prefilled with the draft.
	let rows = await pi.until((r) => has(r, "enter submit") && has(r, "Your answer"), "pi's editor");
	assert.ok(rows.some((row) => row.trim() === "Ad"), rows.join("\n"));
	pi.type("a Lovelace");
	pi.keys("Enter"); // pi's editor submits
	rows = await pi.until((r) => has(r, "ctrl+g editor") && has(r, "Ada Lovelace"), "the questionnaire with the edited draft");
	pi.keys("Enter"); // save: on to Review
	await pi.untilText("Submit");
	pi.keys("Enter");
	await pi.untilText("MODEL RECEIVED");
	assert.ok(box.requests()[1].last.text.includes("Name: user wrote: Ada Lovelace"), box.requests()[1].last.text);
});
