// A number question in pi: typed and stepped with ↑/↓ in the questionnaire under tmux (an answer
// over the maximum is shown as such and never submitted), and through the RPC input dialog, which
// asks again with the reason until the reply is an answer.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { RpcPi, TmuxPi, requireBuilt, sandbox } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let tmux;
afterEach(() => tmux?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

const workers = {
	id: "workers",
	header: "Workers",
	prompt: "How many workers?",
	type: "number",
	min: 1,
	max: 64,
	unit: "workers",
	placeholder: "8",
};
const ratio = { id: "ratio", header: "Ratio", prompt: "Which canary share?", type: "number", min: 0, max: 1, step: 0.05 };
const call = { title: "Build", questions: [workers, ratio] };

const has = (rows, text) => rows.some((row) => row.includes(text));

test("80x24: typed and stepped in the questionnaire; a number over the maximum is never submitted", async () => {
	const box = sandbox([{ call }, { echo: true }]);
	boxes.push(box);
	tmux = new TmuxPi(box, { width: 80, height: 24, prompt: "hi" });
	await tmux.untilText("How many workers?");
	tmux.type("100");
	let rows = await tmux.untilText("at most 64");
	assert.ok(has(rows, "100  workers"), "the unit follows the number");
	tmux.keys("Enter"); // refused: the tab stays
	await tmux.untilText("at most 64");
	tmux.keys("BSpace", "BSpace", "BSpace", "Up", "Up"); // from the placeholder 8: 8, then 9
	rows = await tmux.untilGone("at most 64");
	await tmux.untilText("9  workers");
	tmux.keys("Enter");
	await tmux.untilText("Which canary share?");
	tmux.keys("Up", "Up", "Up"); // from the minimum: 0.00, 0.05, 0.10
	await tmux.untilText("0.10");
	tmux.keys("Enter");
	rows = await tmux.untilText("Submit");
	assert.ok(has(rows, "9 workers"), "the Review tab shows the number with its unit");
	tmux.keys("Enter");
	rows = await tmux.untilText("MODEL RECEIVED");
	assert.ok(rows.some((row) => /Workers\s+✓ 9 workers/.test(row)), "the result card shows the number");
	assert.equal(box.requests()[1].last.text, "Workers: user entered: 9\nRatio: user entered: 0.10");
});

test("RPC: the input dialog asks again with the reason until the number is an answer", async () => {
	const box = sandbox([{ call: { questions: [workers] } }, { echo: true }]);
	boxes.push(box);
	const pi = new RpcPi(box);
	const dialogs = [];
	let end;
	try {
		pi.prompt("hi");
		const replies = ["100", "2.5", "12"];
		for (;;) {
			const next = await pi.next(
				(m) => (m.type === "extension_ui_request" && m.method !== "setWidget") || m.type === "tool_execution_end",
				"a dialog or the end of the tool",
			);
			if (next.type === "tool_execution_end") {
				end = next;
				await pi.event("agent_end");
				break;
			}
			assert.equal(next.method, "input");
			dialogs.push(next);
			const reply = replies.shift();
			assert.ok(reply, `unexpected dialog: ${JSON.stringify(next)}`);
			pi.respond(next, { value: reply });
		}
	} finally {
		await pi.close();
	}
	assert.equal(dialogs.length, 3, "asked again after each reply that is no answer");
	assert.match(dialogs[0].title, /How many workers\?\n\na whole number from 1 to 64, in workers$/);
	assert.equal(dialogs[0].placeholder, "8");
	assert.match(dialogs[1].title, /— at most 64$/);
	assert.match(dialogs[2].title, /— a whole number, please$/);
	assert.equal(end.isError, false);
	assert.equal(end.result.details.answers.workers.number, 12);
	const last = box.requests()[1].last;
	assert.equal(last.role, "toolResult");
	assert.equal(last.text, "Workers: user entered: 12");
});
