// The accessible choice in interactive mode (tmux): `--ask-accessible` or
// ASK_USER_QUESTION_ACCESSIBLE=1 asks with pi's own select and input dialogs, one question at a
// time, instead of the framed questionnaire; the answers reach the model the same way.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { approachQuestion, nameQuestion, requireBuilt, sandbox, TmuxPi } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let pi;
afterEach(() => pi?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

const call = {
	questions: [
		approachQuestion({ fast: { description: "ship today" } }),
		{ ...nameQuestion, placeholder: "my-service" },
	],
};

function start(options) {
	const box = sandbox([{ call }, { echo: true }]);
	boxes.push(box);
	pi = new TmuxPi(box, { width: 100, height: 30, prompt: "hi", ...options });
	return box;
}

const framed = (rows) => rows.some((row) => row.startsWith("╭─")) && rows.some((row) => row.includes("○ Approach"));

async function answerWithDialogs(box) {
	const rows = await pi.untilText("2. Fast — ship today");
	assert.ok(!framed(rows), `no framed questionnaire:\n${rows.join("\n")}`);
	assert.ok(rows.some((row) => row.includes("Which approach?")));
	pi.keys("Down");
	pi.keys("Enter");
	// The prompt also shows in the call card above; wait for the input dialog itself.
	await pi.until(
		(rows) => rows.some((row) => row.trim() === "What should it be called?") && rows.some((row) => row.includes("enter submit")),
		"the input dialog",
	);
	pi.type("Ada");
	pi.keys("Enter");
	await pi.untilText("MODEL RECEIVED");
	const received = box.requests()[1].last.text;
	assert.match(received, /Approach: user selected: 2\. Fast/);
	assert.match(received, /Name: user wrote: Ada/);
}

test("--ask-accessible asks with pi's dialogs", async () => {
	await answerWithDialogs(start({ args: ["--ask-accessible"] }));
});

test("ASK_USER_QUESTION_ACCESSIBLE=1 asks with pi's dialogs", async () => {
	await answerWithDialogs(start({ env: { ASK_USER_QUESTION_ACCESSIBLE: "1" } }));
});

test("without either, the framed questionnaire opens", async () => {
	start({});
	await pi.until(framed, "the framed questionnaire");
});
