// The inbox (`ask-user-question inbox`) answering pi's questionnaire: pi posts the call's
// questions to a scratch store (ASK_USER_QUESTION_INBOX=1), the inbox, in a tmux server of its
// own, lists them under "pi"; answered there, pi's questionnaire closes and the model receives
// the inbox's answer.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { nameQuestion, repoRoot, requireBuilt, sandbox, TmuxPi } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
const servers = [];
after(() => boxes.forEach((box) => box.cleanup()));
afterEach(() => servers.splice(0).forEach((server) => server.kill()));

/** The CLI: ASK_USER_QUESTION, else cargo's debug build (built first). */
function binary() {
	if (process.env.ASK_USER_QUESTION) return process.env.ASK_USER_QUESTION;
	execFileSync("cargo", ["build", "-q", "-p", "ask-user-question"], { cwd: repoRoot, stdio: "inherit" });
	const metadata = JSON.parse(execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: repoRoot, encoding: "utf8" }));
	const path = join(metadata.target_directory, "debug", "ask-user-question");
	assert.ok(existsSync(path), `no ${path}`);
	return path;
}

/** The inbox over `store`, in a detached tmux session on a socket in `dir`. */
class InboxPane {
	constructor(dir, store) {
		this.socket = join(dir, "inbox.sock");
		this.tmux("-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", `${binary()} inbox --no-bell --store '${store}'`);
	}

	tmux(...args) {
		return execFileSync("tmux", ["-S", this.socket, ...args], { encoding: "utf8" });
	}

	screen() {
		return this.tmux("capture-pane", "-p");
	}

	keys(...keys) {
		this.tmux("send-keys", ...keys);
	}

	type(text) {
		this.tmux("send-keys", "-l", text);
	}

	async until(seen, what, timeoutMs = 20_000) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const screen = this.screen();
			if (seen(screen)) return screen;
			if (Date.now() > deadline) throw new Error(`no ${what} in the inbox:\n${screen}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	kill() {
		try {
			this.tmux("kill-server");
		} catch {
			// already gone
		}
	}
}

/** pi asking in a sandbox whose store (state/, 0700) an inbox shows. */
async function start({ abortKey = false } = {}) {
	const box = sandbox([{ call: { title: "Inbox e2e", questions: [nameQuestion] } }, { echo: true }], { abortKey });
	boxes.push(box);
	const state = join(box.dir, "state");
	mkdirSync(state, { mode: 0o700 });
	const store = join(state, "inbox.sqlite3");
	const inbox = new InboxPane(box.dir, store);
	servers.push(inbox);
	await inbox.until((s) => s.includes("No questionnaires waiting"), "empty list");
	const pi = new TmuxPi(box, {
		width: 100,
		height: 40,
		prompt: "hi",
		env: { ASK_USER_QUESTION_INBOX: "1", ASK_USER_QUESTION_STORE: store },
	});
	servers.push(pi);
	await pi.untilText("What should it be called?");
	return { box, store, inbox, pi };
}

test("answered in the inbox, pi's questionnaire closes and the model gets the inbox's answer", async () => {
	const { box, store, inbox, pi } = await start();
	// Typed in pi first: the draft reaches the store.
	pi.type("draft in pi");
	await pi.untilText("draft in pi");

	// Drafts reach the store within 300 ms of the last key (and a 50 ms poll).
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const listed = await inbox.until((s) => s.includes("Inbox e2e"), "pi's questionnaire");
	assert.match(listed, /\bpi\b/, listed);
	inbox.keys("Enter");
	await inbox.until((s) => s.includes("What should it be called?"), "the questionnaire");
	// The inbox opens with what was typed in pi, which it goes on with.
	await inbox.until((s) => s.includes("draft in pi"), "pi's draft");
	inbox.type(" billing");
	inbox.keys("Enter");
	await inbox.until((s) => s.includes("Answered: Inbox e2e"), "the notice");

	// The questionnaire closed: the call's card shows the inbox's answer.
	await pi.untilText("MODEL RECEIVED");
	await pi.untilText("“draft in pi billing”");
	await pi.untilGone("esc cancel");
	const received = box.requests()[1].last.text;
	assert.match(received, /Name: user wrote: draft in pi billing/);

	const history = execFileSync(binary(), ["history", "--json", "--store", store], { encoding: "utf8" });
	assert.ok(history.includes('"pi"') && history.includes("billing"), history);
});

test("answered in pi first, the questionnaire leaves the inbox's list, settled as pi's", async () => {
	const { box, store, inbox, pi } = await start();
	await inbox.until((s) => s.includes("Inbox e2e"), "pi's questionnaire");
	pi.type("from pi");
	pi.keys("Enter");
	await pi.untilText("MODEL RECEIVED");
	assert.match(box.requests()[1].last.text, /Name: user wrote: from pi/);
	await inbox.until((s) => s.includes("No questionnaires waiting"), "the list emptied");
	const [record] = JSON.parse(execFileSync(binary(), ["history", "--json", "--store", store], { encoding: "utf8" }));
	assert.equal(record?.surface, "pi", JSON.stringify(record));
});

test("an aborted turn takes the questionnaire off the inbox's list as pi stopped waiting", async () => {
	const { box, store, inbox, pi } = await start({ abortKey: true });
	await inbox.until((s) => s.includes("Inbox e2e"), "pi's questionnaire");
	pi.type("half a name");
	await pi.untilText("half a name");
	pi.keys("F12"); // the test extension aborts the turn
	await inbox.until((s) => s.includes("pi stopped waiting"), "the row ended");
	assert.equal(box.requests().length, 1, "an aborted turn does not call the model again");
	const [record] = JSON.parse(execFileSync(binary(), ["history", "--json", "--store", store], { encoding: "utf8" }));
	assert.equal(record?.why, "pi stopped waiting", JSON.stringify(record));
});
