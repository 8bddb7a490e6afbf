// A waiting question gets attention: ask_user_question:open/close on pi.events (recorded by a
// second extension), the bell and the OS notification through pi's terminal, and the operator's
// time limit on the RPC dialog fallback.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { approachQuestion, entry, eventRecorder, nameQuestion, requireBuilt, RpcPi, sandbox, TmuxPi } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let tmux;
afterEach(() => tmux?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

const plan = {
	title: "Plan",
	questions: [
		approachQuestion({ safe: { recommended: true } }),
		nameQuestion,
	],
};

/** A sandbox whose pi records the tool's events; `events()` reads them. */
function recordingBox(turns = [{ call: plan }, { echo: true }]) {
	const box = sandbox(turns);
	boxes.push(box);
	const path = join(box.dir, "events.jsonl");
	box.env.ASK_TEST_EVENTS = path;
	box.events = () =>
		existsSync(path)
			? readFileSync(path, "utf8")
					.split("\n")
					.filter(Boolean)
					.map((line) => JSON.parse(line))
			: [];
	return box;
}

const opened = { channel: "ask_user_question:open", data: { toolCallId: "call_0", title: "Plan", questions: 2 } };
const closed = (status) => ({ channel: "ask_user_question:close", data: { toolCallId: "call_0", status } });

/** pi in RPC mode with the recorder; runs `body(pi)` and closes pi. */
async function withRpc(box, args, body) {
	const pi = new RpcPi(box, ["-e", eventRecorder, ...args]);
	try {
		return await body(pi);
	} finally {
		await pi.close();
	}
}

test("RPC: open and close events for an answered call", async () => {
	const box = recordingBox();
	await withRpc(box, [], async (pi) => {
		pi.prompt("hi");
		const first = await pi.dialog();
		assert.deepEqual(box.events(), [opened], "open is emitted when the dialogs open");
		pi.respond(first, { value: entry(first, "Fast") });
		const second = await pi.dialog();
		pi.respond(second, { value: "Ada" });
		const end = await pi.event("tool_execution_end");
		assert.equal(end.result.details.cancelled, false);
		await pi.event("agent_end");
	});
	assert.deepEqual(box.events(), [opened, closed("answered")]);
});

test("RPC: a dismissed dialog closes as cancelled, an abort as aborted", async () => {
	for (const [how, status] of [
		["dismiss", "cancelled"],
		["abort", "aborted"],
	]) {
		const box = recordingBox();
		await withRpc(box, [], async (pi) => {
			pi.prompt("hi");
			const first = await pi.dialog();
			pi.respond(first, { value: entry(first, "Safe") });
			const second = await pi.dialog();
			if (how === "dismiss") pi.respond(second, { cancelled: true });
			else pi.send({ type: "abort" });
			const end = await pi.event("tool_execution_end");
			assert.deepEqual(end.result.details.answers.approach.values, ["safe"]);
			await pi.event("agent_end");
		});
		assert.deepEqual(box.events(), [opened, closed(status)], how);
	}
});

test("RPC: nobody answers within --ask-timeout: timed_out, nothing chosen, the close event says so", async () => {
	for (const [args, env] of [
		[["--ask-timeout", "1s"], {}],
		[[], { ASK_USER_QUESTION_TIMEOUT: "1s" }],
	]) {
		const box = recordingBox();
		Object.assign(box.env, env);
		const end = await withRpc(box, args, async (pi) => {
			pi.prompt("hi");
			const first = await pi.dialog();
			assert.match(first.title, /Which approach\?/);
			// Nobody answers: the time limit ends the call.
			const end = await pi.event("tool_execution_end");
			await pi.event("agent_end");
			return end;
		});
		const { details } = end.result;
		assert.equal(end.isError, false);
		assert.equal(details.error, "timed_out");
		assert.equal(details.cancelled, true);
		assert.equal(details.answers.approach.status, "skipped", "the recommended option is not picked");
		assert.deepEqual(details.answers.approach.values, []);
		const text = end.result.content[0].text;
		assert.match(text, /^No one answered the questionnaire within the time limit; nothing was chosen for the user\./);
		assert.match(text, /Unanswered questions: Approach, Name\./);
		assert.match(box.requests()[1].last.text, /^No one answered/, "the model reads it");
		assert.deepEqual(box.events(), [opened, closed("timed_out")]);
	}
});

test("RPC: the first reply stops the time limit for good", async () => {
	const box = recordingBox();
	await withRpc(box, ["--ask-timeout", "5s"], async (pi) => {
		pi.prompt("hi");
		const first = await pi.dialog();
		pi.respond(first, { value: entry(first, "Fast") });
		const second = await pi.dialog();
		// Well past the limit, the person is still answering.
		await new Promise((resolve) => setTimeout(resolve, 7_000));
		pi.respond(second, { value: "Ada" });
		const end = await pi.event("tool_execution_end");
		assert.equal(end.result.details.cancelled, false);
		assert.equal(end.result.details.answers.name.customText, "Ada");
		await pi.event("agent_end");
	});
	assert.deepEqual(box.events(), [opened, closed("answered")]);
});

test("a bad time limit or web page address is an error naming the setting, at start and on a call", async () => {
	for (const [args, env, setting] of [
		[["--ask-timeout", "0s"], {}, "--ask-timeout"],
		[["--ask-timeout=-5m"], {}, "--ask-timeout"],
		[[], { ASK_USER_QUESTION_TIMEOUT: "soon" }, "ASK_USER_QUESTION_TIMEOUT"],
		[["--ask-web=nowhere"], {}, "--ask-web"],
		[[], { ASK_USER_QUESTION_WEB: "0.0.0.0" }, "ASK_USER_QUESTION_WEB"],
	]) {
		const box = recordingBox();
		Object.assign(box.env, env);
		await withRpc(box, args, async (pi) => {
			const reported = await pi.event("extension_error");
			assert.equal(reported.event, "session_start");
			assert.ok(reported.error.includes(`ask_user_question: ${setting}: `), reported.error);
			pi.prompt("hi");
			const end = await pi.event("tool_execution_end");
			assert.equal(end.isError, true);
			assert.ok(end.result.content[0].text.includes(setting), end.result.content[0].text);
			await pi.event("agent_end");
		});
		assert.deepEqual(box.events(), [], "nothing was opened");
	}
});

/** Under tmux: every byte pi writes to its pane, and the events. */
/** At the plan's last question: names it "Ada", submits, and waits for the model to have the answers. */
async function nameAndSubmit() {
	await tmux.untilText("What should it be called?");
	tmux.type("Ada");
	tmux.keys("Enter");
	await tmux.untilText("Submit");
	tmux.keys("Enter");
	await tmux.untilText("MODEL RECEIVED");
}

function startTmux({ args = [], env = {} } = {}) {
	const box = recordingBox();
	const record = join(box.dir, "pane.bytes");
	tmux = new TmuxPi(box, {
		width: 100,
		height: 30,
		prompt: "hi",
		args: ["-e", eventRecorder, ...args],
		env: { ASK_TEST_EVENTS: box.env.ASK_TEST_EVENTS, ...env },
		record,
	});
	box.written = () => (existsSync(record) ? readFileSync(record, "latin1") : "");
	return box;
}

const BELL = "\x07";
/** The bells rung: BELs outside OSC and DCS strings (pi ends its own OSC sequences with BEL). */
const bells = (written) => written.replace(/\x1b[\]P](?:[^\x07\x1b]|\x1b\x1b)*(?:\x07|\x1b\\)/g, "").split(BELL).length - 1;
const notification = (inner) => `\x1bPtmux;${inner.replaceAll("\x1b", "\x1b\x1b")}\x1b\\`;
const NOTIFIED =
	notification("\x1b]9;Plan: 2 questions are waiting for you\x1b\\") +
	notification("\x1b]777;notify;Plan;2 questions are waiting for you\x1b\\");

test("interactive: the bell rings once through pi's terminal; open and close for an answered call", async () => {
	const box = startTmux();
	await tmux.untilText("Which approach?");
	await tmux.until(() => bells(box.written()) > 0, "the bell");
	tmux.keys("2");
	await tmux.untilText("What should it be called?");
	tmux.keys("C-]"); // docked and expanded again: no second bell
	await tmux.untilText("ctrl+] expand");
	tmux.keys("C-]");
	// The question's text may show while still docked (the call's card), so wait for the dock to
	// go: typed before the expand lands, the name would go to pi's editor.
	await tmux.until((rows) => !rows.some((row) => row.includes("ctrl+] expand")), "expanded again");
	await nameAndSubmit();
	const written = box.written();
	assert.equal(bells(written), 1, "one bell");
	assert.ok(!written.includes("\x1b]9;") && !written.includes("777;notify"), "no notification unless asked");
	assert.deepEqual(box.events(), [opened, closed("answered")]);
});

test("interactive: --ask-notify and ASK_USER_QUESTION_NOTIFY=1 add the notification, through tmux; Esc closes as cancelled", async () => {
	for (const options of [{ args: ["--ask-notify"] }, { env: { ASK_USER_QUESTION_NOTIFY: "1" } }]) {
		const box = startTmux(options);
		await tmux.untilText("Which approach?");
		await tmux.until(() => box.written().includes(NOTIFIED), "the notification");
		const written = box.written();
		assert.ok(written.includes(BELL + NOTIFIED), "right after the bell");
		assert.equal(written.split(NOTIFIED).length - 1, 1, "once");
		assert.equal(bells(written), 1, "one bell");
		tmux.keys("Escape");
		await tmux.untilText("MODEL RECEIVED");
		assert.deepEqual(box.events(), [opened, closed("cancelled")], JSON.stringify(options));
		tmux.kill();
	}
});

test("interactive: nobody presses a key within --ask-timeout: the countdown runs out, timed_out, nothing chosen", async () => {
	const box = startTmux({ args: ["--ask-timeout", "3s"] });
	await tmux.untilText("Which approach?");
	// The countdown shows next to the progress and goes down with pi's clock.
	await tmux.until((rows) => rows.some((row) => /0\/2 answered · 0:0[1-3]/.test(row)), "the countdown");
	const rows = await tmux.untilText("MODEL RECEIVED");
	assert.ok(rows.some((row) => row.includes("Timed out · answers kept")), `the card says so:\n${rows.join("\n")}`);
	const received = box.requests()[1].last.text;
	assert.match(received, /^No one answered the questionnaire within the time limit; nothing was chosen for the user\./);
	assert.match(received, /Unanswered questions: Approach, Name\./, "the recommended option was not picked");
	assert.deepEqual(box.events(), [opened, closed("timed_out")]);
});

test("interactive: the first key stops the --ask-timeout countdown for good", async () => {
	const box = startTmux({ env: { ASK_USER_QUESTION_TIMEOUT: "2s" } });
	await tmux.untilText("Which approach?");
	await tmux.until((rows) => rows.some((row) => /answered · 0:0[12]/.test(row)), "the countdown");
	tmux.keys("Down");
	await tmux.until((rows) => !rows.some((row) => /answered · 0:0/.test(row)), "the countdown to go");
	// Longer than the limit, after the key was handled: a running countdown would have ended.
	await new Promise((resolve) => setTimeout(resolve, 3_000));
	await tmux.untilText("Which approach?");
	tmux.keys("2");
	await nameAndSubmit();
	assert.match(box.requests()[1].last.text, /Approach: user selected: 2\. Fast/);
	assert.deepEqual(box.events(), [opened, closed("answered")]);
});
