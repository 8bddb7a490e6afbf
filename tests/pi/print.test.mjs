// Print and json modes have no UI: the tool is withdrawn from the model, and a call forced through
// anyway fails with no_ui.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { host, requireBuilt, runToEnd, sandbox } from "./harness.mjs";

const question = { id: "approach", header: "Approach", prompt: "Which approach?", options: [{ value: "safe", label: "Safe" }] };

before(requireBuilt);
const boxes = [];
after(() => boxes.forEach((box) => box.cleanup()));

test("print mode does not offer the tool", async () => {
	const box = sandbox([{ text: "done" }]);
	boxes.push(box);
	const run = await runToEnd(box, ["-p", "hi"]);
	assert.equal(run.code, 0, run.stderr);
	assert.equal(run.stdout.trim(), "done");
	const [request] = box.requests();
	assert.ok(request.tools.includes("read"), `built-in tools stay: ${request.tools}`);
	assert.ok(!request.tools.includes("ask_user_question"), `offered: ${request.tools}`);
	// The name outside paths: the prompt also names pi's documentation by path, and a checkout's
	// path may well contain the tool's name.
	const mentions = request.systemPrompt.split("\n").filter((line) => /(?<![\w/])ask_user_question(?![\w/])/.test(line));
	assert.deepEqual(mentions, [], "the system prompt does not mention the tool");
});

test("pi 1.x lets the model call the tool, and no codemode script or tool search (exposure model-only)", async () => {
	const box = sandbox([{ text: "done" }], { forceTool: true });
	boxes.push(box);
	const run = await runToEnd(box, ["-p", "hi"]);
	assert.equal(run.code, 0, run.stderr);
	const [request] = box.requests();
	assert.ok(request.tools.includes("ask_user_question"), `offered: ${request.tools}`);
	assert.equal(request.exposure, host.line === "1" ? "model-only" : undefined, `pi line ${host.line}`);
});

test("a call forced through in print mode fails with no_ui", async () => {
	const box = sandbox([{ call: { questions: [question] } }, { echo: true }], { forceTool: true });
	boxes.push(box);
	const run = await runToEnd(box, ["-p", "hi"]);
	assert.equal(run.code, 0, run.stderr);
	const requests = box.requests();
	assert.ok(requests[0].tools.includes("ask_user_question"), "the test forced the tool on");
	const received = requests[1].last;
	assert.equal(received.role, "toolResult");
	assert.equal(received.isError, true);
	assert.match(received.text, /no interactive UI/);
	assert.match(received.text, /plain text/, "tells the model to ask in prose");
	assert.match(run.stdout, /MODEL RECEIVED \(isError=true\)/);
});

test("json mode reports no_ui in the result details", async () => {
	const box = sandbox([{ call: { questions: [question] } }, { echo: true }], { forceTool: true });
	boxes.push(box);
	const run = await runToEnd(box, ["--mode", "json", "hi"]);
	assert.equal(run.code, 0, run.stderr);
	const events = run.stdout.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
	const end = events.find((e) => e.type === "tool_execution_end" && e.toolName === "ask_user_question");
	assert.ok(end, "the tool ran");
	assert.equal(end.isError, true);
	assert.equal(end.result.details.error, "no_ui");
	assert.equal(end.result.details.cancelled, true);
	assert.equal(end.result.details.questions[0].id, "approach");
});
