// The inbox (`ask-user-question inbox`) answering pi: pi posts a call's questions to a scratch
// store (ASK_USER_QUESTION_INBOX=1), the inbox, in a tmux server of its own, lists them under
// "pi"; answered there, pi's questionnaire closes (or, in RPC mode, its open dialog) and the model
// receives the inbox's answer; a request of the question service gets it as its response.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { nameQuestion, RpcPi, requireBuilt, sandbox, TmuxPi } from "./harness.mjs";
import { binary, InboxPane } from "./inbox-pane.mjs";

const serviceClient = join(dirname(fileURLToPath(import.meta.url)), "service-client.ts");

before(requireBuilt);
const boxes = [];
const servers = [];
after(() => boxes.forEach((box) => box.cleanup()));
afterEach(() => servers.splice(0).forEach((server) => server.kill()));

const nameCall = [{ call: { title: "Inbox e2e", questions: [nameQuestion] } }, { echo: true }];

/** A sandbox for pi running `turns`, with a store (state/, 0700) an inbox shows. */
async function inboxFor(turns, options = {}) {
	const box = sandbox(turns, options);
	boxes.push(box);
	const state = join(box.dir, "state");
	mkdirSync(state, { mode: 0o700 });
	const store = join(state, "inbox.sqlite3");
	const inbox = new InboxPane(box.dir, store);
	servers.push(inbox);
	await inbox.until((s) => s.includes("No questionnaires waiting"), "empty list");
	Object.assign(box.env, { ASK_USER_QUESTION_INBOX: "1", ASK_USER_QUESTION_STORE: store });
	return { box, store, inbox };
}

/** pi asking in a sandbox whose store an inbox shows. */
async function start({ abortKey = false } = {}) {
	const { box, store, inbox } = await inboxFor(nameCall, { abortKey });
	const pi = new TmuxPi(box, { width: 100, height: 40, prompt: "hi", env: { ...box.env } });
	servers.push(pi);
	await pi.untilText("What should it be called?");
	return { box, store, inbox, pi };
}

/** The one history record of `store`. */
function onlyRecord(store) {
	const records = JSON.parse(execFileSync(binary(), ["history", "--json", "--store", store], { encoding: "utf8" }));
	assert.equal(records.length, 1, JSON.stringify(records));
	return records[0];
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

test("RPC mode: the inbox's answer dismisses the open dialog and the model gets it", async () => {
	const approach = {
		id: "approach",
		header: "Approach",
		prompt: "Which approach?",
		options: [
			{ value: "safe", label: "Safe" },
			{ value: "fast", label: "Fast" },
		],
	};
	const { box, store, inbox } = await inboxFor([
		{ call: { title: "Inbox RPC", questions: [approach, nameQuestion] } },
		{ echo: true },
	]);
	const pi = new RpcPi(box);
	servers.push({ kill: () => pi.close() });
	pi.prompt("hi");
	const first = await pi.dialog();
	assert.equal(first.method, "select");
	// The first reply in pi reaches the store: the inbox opens with it.
	pi.respond(first, { value: first.options.find((option) => option.includes("Fast")) });
	const second = await pi.dialog();
	assert.equal(second.method, "input");
	await new Promise((resolve) => setTimeout(resolve, 1000));
	await inbox.until((s) => s.includes("Inbox RPC"), "pi's dialogs");
	inbox.keys("Enter");
	await inbox.until((s) => s.includes("Which approach?"), "the questionnaire");
	// Nothing picked here: the answer's "Fast" is the reply made in pi, which the inbox opened with.
	inbox.keys("Tab");
	await inbox.until((s) => s.includes("What should it be called?"), "the second question");
	inbox.type("rpc-name");
	inbox.keys("Enter");
	const after = await inbox.until((s) => s.includes("Answered: Inbox RPC") || s.includes("Submit"), "the review");
	if (!after.includes("Answered: Inbox RPC")) inbox.keys("Enter");
	await inbox.until((s) => s.includes("Answered: Inbox RPC"), "the notice");

	// pi's open input dialog is dismissed; the turn goes on with the inbox's answer.
	await pi.event("agent_end", 30_000);
	const received = box.requests()[1].last.text;
	assert.match(received, /Approach: user selected: 2\. Fast/, received);
	assert.match(received, /Name: user wrote: rpc-name/, received);
	const record = onlyRecord(store);
	assert.equal(record.surface, "inbox", JSON.stringify(record));
});

test("the question service: another extension's request is answered in the inbox", async () => {
	const request = { title: "Service via inbox", questions: [nameQuestion] };
	const { box, store, inbox } = await inboxFor([{ tool: "ask_via_service", call: { request, via: "helper" } }, { echo: true }]);
	const pi = new TmuxPi(box, { width: 100, height: 40, prompt: "hi", args: ["-e", serviceClient], env: { ...box.env } });
	servers.push(pi);
	await pi.untilText("What should it be called?");
	await inbox.until((s) => s.includes("Service via inbox"), "the service's questionnaire");
	inbox.keys("Enter");
	await inbox.until((s) => s.includes("What should it be called?"), "the questionnaire");
	inbox.type("from the inbox");
	inbox.keys("Enter");
	await pi.untilText("MODEL RECEIVED");
	await pi.untilGone("esc cancel");
	const log = readFileSync(join(box.env.PI_CODING_AGENT_DIR, "service.jsonl"), "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line))
		.filter((entry) => "response" in entry);
	assert.equal(log.length, 1, JSON.stringify(log));
	assert.equal(log[0].response.status, "answered");
	assert.equal(log[0].response.result.content, "Name: user wrote: from the inbox");
	assert.equal(log[0].response.result.details.answeredIn, "inbox");
	assert.equal(onlyRecord(store).surface, "inbox");
});
