// One addon holds the questionnaire, the web page and the inbox's post, and every pi session loads
// it: what a call does not ask for must not run. A questionnaire raced by nothing (no page asked
// for, no inbox ever ran) starts no thread of the addon's here (one question, no time limit, no
// code to compile); a web page starts its server's thread and its watcher's, and stopping the
// call's rivals ends them. Node runs each test file in a process of its own, so the threads
// counted are this file's. Threads are read from /proc: Linux only.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { approachQuestion, packageDir, requireBuilt } from "./harness.mjs";

requireBuilt();
const addon = createRequire(join(packageDir, "package.json"))(join(packageDir, "ask-user-question.node"));
const oneQuestion = { questions: [approachQuestion()] };
const linux = process.platform === "linux";
// No inbox ever ran for this user: its store file is not there (the addon reads the environment).
process.env.ASK_USER_QUESTION_STORE = join(mkdtempSync(join(tmpdir(), "lazy-")), "inbox.sqlite3");
delete process.env.ASK_USER_QUESTION_INBOX;

/**
 * The threads the addon started: their names begin with "ask-user-question" (the kernel keeps 15
 * bytes of a thread's name) or "tokio" (a runtime's workers, should one ever start more).
 */
function addonThreads() {
	return readdirSync("/proc/self/task")
		.map((task) => {
			try {
				return readFileSync(`/proc/self/task/${task}/comm`, "utf8").trim();
			} catch {
				return ""; // the thread ended while it was read
			}
		})
		.filter((name) => name.startsWith("ask-user-questi") || name.startsWith("tokio"));
}

/** Waits until the addon's threads are `count`, for a generous while; returns them then. */
async function threadsSettleAt(count) {
	const deadline = Date.now() + 30_000;
	while (addonThreads().length !== count && Date.now() < deadline) await sleep(5);
	return addonThreads();
}

test("a questionnaire starts no server, no store and no thread of the addon's", { skip: !linux }, () => {
	assert.deepEqual(addonThreads(), [], "nothing runs once the addon is loaded");
	// As a tool call makes them: it may join an inbox, and asks for no page.
	const rivals = new addon.Rivals(oneQuestion, { project: process.cwd() });
	assert.equal(rivals.url, null);
	const session = new addon.Session(oneQuestion, new addon.Palette({}, {}), {}, rivals);
	session.render(80, 24);
	session.input("\x1b[B");
	session.render(80, 24);
	session.abort();
	rivals.stop();
	assert.deepEqual(addonThreads(), []);
	assert.deepEqual(rivals.warnings(), []);
});

test("a web page starts its server's thread, and stopping the rivals ends it", { skip: !linux }, async () => {
	assert.deepEqual(addonThreads(), []);
	const rivals = new addon.Rivals(oneQuestion, { web: "local" });
	assert.match(rivals.url, /^http:\/\/127\.0\.0\.1:\d+\//);
	assert.ok(addonThreads().length > 0, "the page's server runs on a thread of its own");
	rivals.stop();
	assert.deepEqual(await threadsSettleAt(0), [], "stopped, the page leaves no thread");
});
