// The operator's --ask-web / ASK_USER_QUESTION_WEB: every call's questions also served as a web page
// that races pi's questionnaire (in tmux) or its dialogs (RPC mode). The first answer wins; the
// open event carries the link; the page's server stops when the call ends. The page is answered here
// as a browser without scripts does: a GET of the page, then its form POSTed with the page's Host
// and Origin.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { approachQuestion, eventRecorder, nameQuestion, requireBuilt, RpcPi, sandbox, TmuxPi } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let tmux;
afterEach(() => tmux?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

const plan = { title: "Plan", questions: [approachQuestion(), nameQuestion] };
/** The page's form: Fast picked, "Ada" typed as the name, submitted. */
const FAST_AND_ADA = "q.0=1&t.1=Ada&action=submit";
const LINK = /^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{22,}\/$/;

/** A sandbox whose pi records the tool's events and results; `events()`, `results()` read them. */
function recordingBox() {
	const box = sandbox([{ call: plan }, { echo: true }]);
	boxes.push(box);
	const lines = (path) =>
		existsSync(path)
			? readFileSync(path, "utf8")
					.split("\n")
					.filter(Boolean)
					.map((line) => JSON.parse(line))
			: [];
	box.env.ASK_TEST_EVENTS = join(box.dir, "events.jsonl");
	box.env.ASK_TEST_RESULTS = join(box.dir, "results.jsonl");
	box.events = () => lines(box.env.ASK_TEST_EVENTS);
	box.results = () => lines(box.env.ASK_TEST_RESULTS);
	return box;
}

function startTmux({ args = [], env = {} } = {}) {
	const box = recordingBox();
	tmux = new TmuxPi(box, {
		width: 100,
		height: 30,
		prompt: "hi",
		args: ["-e", eventRecorder, ...args],
		env: { ASK_TEST_EVENTS: box.env.ASK_TEST_EVENTS, ASK_TEST_RESULTS: box.env.ASK_TEST_RESULTS, ...env },
	});
	return box;
}

/** The open event, once emitted. */
async function opened(box) {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const open = box.events().find((event) => event.channel === "ask_user_question:open");
		if (open) return open.data;
		if (Date.now() > deadline) throw new Error("no ask_user_question:open event");
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/**
 * One HTTP request to the page's server, as the page's own browser sends it: `{status, body}`, or
 * `{refused}` when nothing listens there.
 */
function http(url, { method = "GET", body } = {}) {
	const { host, origin } = new URL(url);
	const headers = { Host: host };
	if (body !== undefined) {
		Object.assign(headers, {
			Origin: origin,
			"Content-Type": "application/x-www-form-urlencoded",
			"Content-Length": Buffer.byteLength(body),
		});
	}
	return new Promise((resolve, reject) => {
		const sent = request(url, { method, headers }, (response) => {
			let text = "";
			response.setEncoding("utf8");
			response.on("data", (chunk) => (text += chunk));
			response.on("end", () => resolve({ status: response.statusCode, body: text }));
		});
		// A reset is a refusal too: a request that reaches the server in the instant it closes is
		// accepted by the kernel and dropped with the listener.
		const refused = (error) => error.code === "ECONNREFUSED" || error.code === "ECONNRESET";
		sent.on("error", (error) => (refused(error) ? resolve({ refused: true }) : reject(error)));
		sent.end(body);
	});
}

const post = (url, body) => http(url, { method: "POST", body });

/** The page, open: a form of the call's questions. */
async function pageIsOpen(url) {
	const page = await http(url);
	assert.equal(page.status, 200);
	assert.match(page.body, /Which approach\?/);
	assert.match(page.body, /<form/);
}

/** The server stopped with its call: nothing answers at the link (an open page says it is closed). */
async function pageIsGone(url) {
	assert.deepEqual(await http(`${url}state`), { refused: true });
	assert.deepEqual(await post(`${url}answer`, FAST_AND_ADA), { refused: true });
}

test("interactive: --ask-web: the open event carries the link; the page answers first and the questionnaire closes", async () => {
	const box = startTmux({ args: ["--ask-web"] });
	const open = await opened(box);
	assert.match(open.url, LINK);
	await tmux.untilText("0/2 answered");
	await pageIsOpen(open.url);
	const answered = await post(`${open.url}answer`, FAST_AND_ADA);
	assert.equal(answered.status, 200);
	assert.match(answered.body, /Answered/);
	const rows = await tmux.untilText("MODEL RECEIVED");
	assert.ok(!rows.some((row) => row.includes("0/2 answered")), `the questionnaire closed:\n${rows.join("\n")}`);
	const [details] = box.results();
	assert.equal(details.answeredIn, "web");
	assert.equal(details.cancelled, false);
	assert.deepEqual(details.answers.approach.values, ["fast"]);
	assert.equal(details.answers.name.customText, "Ada");
	assert.match(box.requests()[1].last.text, /Approach: user selected: 2\. Fast/);
	assert.deepEqual(
		box.events().map((event) => event.channel),
		["ask_user_question:open", "ask_user_question:close"],
	);
	assert.equal(box.events()[1].data.status, "answered");
});

test("interactive: the page's answer wins over text typed in the terminal, which stays as a draft", async () => {
	const box = startTmux({ args: ["--ask-web"] });
	const { url } = await opened(box);
	await tmux.untilText("Which approach?");
	tmux.keys("1");
	await tmux.untilText("What should it be called?");
	tmux.type("Bob");
	await tmux.untilText("Bob");
	assert.equal((await post(`${url}answer`, FAST_AND_ADA)).status, 200);
	await tmux.untilText("MODEL RECEIVED");
	const [details] = box.results();
	assert.equal(details.answeredIn, "web");
	assert.deepEqual(details.answers.approach.values, ["fast"]);
	assert.equal(details.answers.name.customText, "Ada");
	assert.equal(details.answers.name.draft.text, "Bob");
	await pageIsGone(url);
});

test("interactive: ASK_USER_QUESTION_WEB=1: the terminal answers first and the page's server stops", async () => {
	const box = startTmux({ env: { ASK_USER_QUESTION_WEB: "1" } });
	const { url } = await opened(box);
	assert.match(url, LINK);
	await tmux.untilText("Which approach?");
	await pageIsOpen(url);
	tmux.keys("2");
	await tmux.untilText("What should it be called?");
	tmux.type("Ada");
	tmux.keys("Enter");
	await tmux.untilText("Submit");
	tmux.keys("Enter");
	await tmux.untilText("MODEL RECEIVED");
	const [details] = box.results();
	assert.equal(details.answeredIn, "terminal");
	assert.equal(details.answers.name.customText, "Ada");
	await pageIsGone(url);
	assert.equal(box.results().length, 1);
});

test("interactive: a cancel on the page cancels, keeping the terminal's answers and unsaved text", async () => {
	const box = startTmux({ args: ["--ask-web=127.0.0.1"] });
	const { url } = await opened(box);
	await tmux.untilText("Which approach?");
	tmux.keys("2");
	await tmux.untilText("What should it be called?");
	tmux.type("Half a na");
	await tmux.untilText("Half a na");
	const cancelled = await post(`${url}answer`, "action=cancel");
	assert.equal(cancelled.status, 200);
	await tmux.untilText("MODEL RECEIVED");
	const [details] = box.results();
	assert.equal(details.cancelled, true);
	assert.equal(details.answeredIn, "web");
	assert.deepEqual(details.answers.approach.values, ["fast"]);
	assert.equal(details.answers.name.draft.text, "Half a na");
	assert.equal(box.events()[1].data.status, "cancelled");
});

test("interactive: the time limit closes the page and keeps what was typed on it", async () => {
	const box = startTmux({ args: ["--ask-web", "--ask-timeout=4s"] });
	const { url } = await opened(box);
	await tmux.untilText("Which approach?");
	// What the page's script saves as the person types.
	assert.equal((await post(`${url}draft`, "t.1=typed+on+the+phone")).status, 204);
	await tmux.untilText("MODEL RECEIVED");
	const [details] = box.results();
	assert.equal(details.error, "timed_out");
	assert.equal(details.answeredIn, undefined, "nobody answered");
	assert.equal(details.answers.name.draft.text, "typed on the phone");
	await pageIsGone(url);
});

test("interactive: without the setting no page is served: no link in the open event", async () => {
	const box = startTmux();
	const open = await opened(box);
	assert.equal("url" in open, false);
	await tmux.untilText("Which approach?");
	tmux.keys("Escape");
	await tmux.untilText("MODEL RECEIVED");
	const [details] = box.results();
	assert.equal(details.answeredIn, undefined);
	assert.equal(details.cancelled, true);
});

/** pi in RPC mode with the recorder; runs `body(pi)` and closes pi. */
async function withRpc(box, args, body) {
	const pi = new RpcPi(box, ["-e", eventRecorder, ...args]);
	try {
		return await body(pi);
	} finally {
		await pi.close();
	}
}

test("RPC: the page answers while a dialog waits: the dialog is dismissed and the result is the page's", async () => {
	const box = recordingBox();
	await withRpc(box, ["--ask-web"], async (pi) => {
		pi.prompt("hi");
		const dialog = await pi.dialog();
		assert.match(dialog.title, /Which approach\?/);
		const { url } = await opened(box);
		assert.match(url, LINK);
		await pageIsOpen(url);
		assert.equal((await post(`${url}answer`, FAST_AND_ADA)).status, 200);
		const end = await pi.event("tool_execution_end");
		assert.equal(end.result.details.answeredIn, "web");
		assert.deepEqual(end.result.details.answers.approach.values, ["fast"]);
		assert.equal(end.result.details.answers.name.customText, "Ada");
		await pi.event("agent_end");
		// The dialog's late reply changes nothing.
		pi.respond(dialog, { value: dialog.options[0] });
		assert.equal(
			pi.messages.filter((m) => m.type === "extension_ui_request" && m.method === "select").length,
			1,
			"no further dialog",
		);
	});
	assert.equal(box.events()[1].data.status, "answered");
});

test("RPC: the dialogs answer first: the page's server stops", async () => {
	const box = recordingBox();
	await withRpc(box, ["--ask-web"], async (pi) => {
		pi.prompt("hi");
		const first = await pi.dialog();
		const { url } = await opened(box);
		pi.respond(first, { value: first.options.find((option) => option.includes("Fast")) });
		const second = await pi.dialog();
		pi.respond(second, { value: "Ada" });
		const end = await pi.event("tool_execution_end");
		assert.equal(end.result.details.answeredIn, "terminal");
		await pageIsGone(url);
		await pi.event("agent_end");
	});
});
