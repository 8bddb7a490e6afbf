// A questionnaire leaves nothing behind in pi's process: once it is finished (answered, cancelled,
// aborted, timed out) and JavaScript dropped it, the addon frees the session with its driver, task
// threads and wake-up callback. `liveSessions()` counts what the addon still holds; each test
// drops its sessions and collects until that count is back where it started. Node runs each test
// file in a process of its own, so nothing else opens sessions here.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { approachQuestion, nameQuestion, packageDir, requireBuilt } from "./harness.mjs";

requireBuilt();
const addon = createRequire(join(packageDir, "package.json"))(join(packageDir, "ask-user-question.node"));
const palette = new addon.Palette({}, {});
// `node --test` starts this file without --expose-gc; the flag still takes for a new context.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

const oneQuestion = { questions: [approachQuestion()] };
const twoQuestions = { questions: [approachQuestion(), nameQuestion] };
/** Code in a preview: the session compiles its grammar on a task thread after the first frame. */
const withCode = {
	questions: [
		{
			id: "pick",
			header: "Pick",
			prompt: "Which one?",
			options: [
				{ value: "a", label: "Alpha", preview: "```go\nfunc main() { fmt.Println(42) }\n```" },
				{ value: "b", label: "Beta" },
			],
		},
	],
};

/**
 * Collects garbage and lets the event loop turn (Node runs native finalizers there) until the
 * addon holds `count` sessions; gives up after a generous minute, as a task thread compiling
 * grammars on a busy machine may take a while to end. Returns what the addon holds then.
 */
async function collectedTo(count) {
	const deadline = Date.now() + 60_000;
	while (addon.liveSessions() !== count && Date.now() < deadline) {
		gc();
		await sleep(5);
	}
	return addon.liveSessions();
}

/**
 * Opens `times` sessions and hands each to `use`; returns them when `keep`. Sessions are only
 * ever touched in plain functions like this one: a suspended async function keeps the registers
 * of its frame, the last session it touched included.
 */
function open(times, input, use, { keep = false, timeoutMs } = {}) {
	const kept = [];
	for (let i = 0; i < times; i++) {
		const session = new addon.Session(input, palette, { timeoutMs });
		use(session);
		if (keep) kept.push(session);
	}
	return kept;
}

/** A wake-up that reaches its session, as the extension's redraw does through pi's TUI. */
function wakeRendering(session) {
	session.onWake(() => {
		session.tick();
		session.render(80, 24);
	});
}

test("the addon counts the sessions it holds", async () => {
	assert.equal(await collectedTo(0), 0);
	const held = open(2, twoQuestions, (session) => session.render(80, 24), { keep: true });
	open(1, twoQuestions, () => {});
	assert.equal(addon.liveSessions(), 3);
	abort(held[0]);
	assert.equal(await collectedTo(2), 2, "what JavaScript holds stays, finished or not");
	held.length = 0;
	assert.equal(await collectedTo(0), 0);
});

function abort(session) {
	session.abort();
}

test("aborted sessions are freed, also with a wake-up callback that reaches them", async () => {
	open(20, twoQuestions, (session) => {
		wakeRendering(session);
		session.render(120, 40);
		session.input("2");
		session.abort();
	});
	assert.equal(await collectedTo(0), 0);
});

test("answered, cancelled and docked-then-aborted sessions are freed", async () => {
	open(10, oneQuestion, (session) => {
		wakeRendering(session);
		session.render(120, 40);
		assert.ok(session.input("2").result, "answered");
	});
	open(10, twoQuestions, (session) => {
		wakeRendering(session);
		session.render(120, 40);
		assert.ok(session.input("1\x1b").result, "cancelled");
	});
	open(10, twoQuestions, (session) => {
		wakeRendering(session);
		session.render(120, 40);
		assert.ok(session.input("\x1d").collapsed, "docked");
		session.dock(80);
		session.abort();
	});
	assert.equal(await collectedTo(0), 0);
});

function tickAll(sessions) {
	for (const session of sessions) assert.equal(session.tick()?.outcome, "timed_out");
}

test("sessions whose time limit ran out are freed", async () => {
	const sessions = open(10, twoQuestions, wakeRendering, { keep: true, timeoutMs: 1 });
	await sleep(5);
	tickAll(sessions);
	sessions.length = 0;
	assert.equal(await collectedTo(0), 0);
});

test("a session aborted while its code compiles is freed once the task thread ends", async () => {
	open(5, withCode, (session) => {
		wakeRendering(session);
		session.render(120, 40);
		session.abort();
	});
	assert.equal(await collectedTo(0), 0);
});

test("sessions dropped unfinished, with no wake-up callback, are freed", async () => {
	open(10, twoQuestions, (session) => {
		session.render(120, 40);
		session.input("1");
	});
	assert.equal(await collectedTo(0), 0);
});
