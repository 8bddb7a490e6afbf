// The question service: a second extension (service-client.ts) asks through pi.events. Under tmux
// the questionnaire answers it (answered, allowCustom: false, Esc and abort → cancelled with the
// answers and drafts); in RPC, where the questionnaire cannot show, it is unavailable and no dialog
// opens; invalid requests get the tool's issues; with no provider the helper says unavailable.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { RpcPi, TmuxPi, packageDir, requireBuilt, runPi, runToEnd, sandbox } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const client = join(here, "service-client.ts");
const withClient = ["-e", client];

before(requireBuilt);
const boxes = [];
let pi;
afterEach(() => {
	pi?.kill();
	pi = undefined;
});
after(() => boxes.forEach((box) => box.cleanup()));

/** The client's log: `{accepted}` after each emit, `{response}` for each respond(). */
function serviceLog(box) {
	const path = join(box.env.PI_CODING_AGENT_DIR, "service.jsonl");
	if (!existsSync(path)) return [];
	return readFileSync(path, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}

/** The one response the client got (failing when there were more or none). */
function onlyResponse(box) {
	const responses = serviceLog(box).filter((entry) => "response" in entry);
	assert.equal(responses.length, 1, `exactly one response: ${JSON.stringify(responses)}`);
	return responses[0].response;
}

function script(request, via = "helper") {
	return [{ tool: "ask_via_service", call: { request, via } }, { echo: true }];
}

// Longer than the tool's 500-character limit: the service has none.
const longContext = `**Why we ask:** ${"the rollout touches every region, so pick carefully. ".repeat(12)}`;
const deploy = {
	title: "Deploy",
	questions: [
		{
			id: "region",
			header: "Region",
			prompt: "Where first?",
			context: longContext,
			options: [
				{ value: "eu", label: "Europe" },
				{ value: "us", label: "Americas" },
			],
		},
		{ id: "note", header: "Note", prompt: "Anything to tell ops?", type: "text" },
	],
};

const has = (rows, text) => rows.some((row) => row.includes(text));
/** The service's questionnaire is open (its frame's top edge names the title) at `prompt`. */
const openAt = (prompt) => (rows) => rows.some((row) => row.startsWith("╭─ Deploy")) && has(rows, prompt);

function startTmux(turns, options = {}) {
	const box = sandbox(turns, options);
	boxes.push(box);
	pi = new TmuxPi(box, { width: 100, height: 30, prompt: "hi", args: withClient });
	return box;
}

test("interactive: another extension's questions are answered in the questionnaire", async () => {
	assert.ok(longContext.length > 500);
	const box = startTmux(script(deploy));
	await pi.until(openAt("Where first?"), "the service's questionnaire");
	pi.keys("2");
	await pi.until(openAt("Anything to tell ops?"), "the second question");
	pi.type("call me");
	pi.keys("Enter");
	await pi.untilText("Submit");
	pi.keys("Enter");
	const rows = await pi.untilText("MODEL RECEIVED");
	assert.ok(!has(rows, "╭─ Deploy"), "the questionnaire is gone");
	const response = onlyResponse(box);
	assert.equal(response.status, "answered");
	assert.equal(response.result.content, "Region: user selected: 2. Americas\nNote: user wrote: call me");
	assert.deepEqual(response.result.details.answers.region.values, ["us"]);
	assert.equal(response.result.details.questions[0].context, longContext);
	assert.equal(response.result.details.cancelled, false);
});

test("interactive: a time limit that runs out answers cancelled, timed_out, with nothing chosen", async () => {
	const box = startTmux(script({ ...deploy, timeout: "2s" }));
	const rows = await pi.until(openAt("Where first?"), "the service's questionnaire");
	assert.ok(has(rows, "0:0"), `a countdown shows:\n${rows.join("\n")}`);
	const after = await pi.untilText("MODEL RECEIVED");
	assert.ok(!has(after, "╭─ Deploy"), "the questionnaire is gone");
	const response = onlyResponse(box);
	assert.equal(response.status, "cancelled");
	assert.equal(response.result.details.error, "timed_out");
	assert.equal(response.result.details.answers.region.status, "skipped");
});

test("interactive: allowCustom: false hides the free-text row; Esc cancels, keeping the answers", async () => {
	const request = {
		title: "Deploy",
		questions: [
			{
				id: "region",
				header: "Region",
				prompt: "Where first?",
				allowCustom: false,
				options: [
					{ value: "eu", label: "Europe" },
					{ value: "us", label: "Americas" },
				],
			},
			{ id: "when", header: "When", prompt: "When to start?", options: [{ value: "now", label: "Right now" }] },
		],
	};
	const box = startTmux(script(request));
	let rows = await pi.until(openAt("Where first?"), "the service's questionnaire");
	assert.ok(has(rows, "Americas"));
	assert.ok(!has(rows, "Type something."), `no free-text row:\n${rows.join("\n")}`);
	pi.keys("3"); // past the options: nothing happens
	pi.keys("1");
	rows = await pi.until(openAt("When to start?"), "the second question");
	assert.ok(has(rows, "Type something."), `the other question keeps it:\n${rows.join("\n")}`);
	pi.keys("Escape");
	await pi.untilText("MODEL RECEIVED");
	const response = onlyResponse(box);
	assert.equal(response.status, "cancelled");
	assert.equal(response.result.details.cancelled, true);
	assert.deepEqual(response.result.details.answers.region.values, ["eu"], "3 picked nothing; 1 picked Europe");
	assert.equal(response.result.details.questions[0].allowCustom, false);
});

test("interactive: an abort while docked disposes the dock and answers cancelled with answers and drafts", async () => {
	const box = startTmux(script(deploy), { abortKey: true });
	await pi.until(openAt("Where first?"), "the service's questionnaire");
	pi.keys("1");
	await pi.until(openAt("Anything to tell ops?"), "the second question");
	pi.type("half a thou");
	pi.keys("C-]");
	await pi.untilText("ctrl+] expand");
	pi.keys("F12"); // the test extension aborts the turn, and so the request's signal
	const rows = await pi.until((r) => !has(r, "ctrl+] expand") && !has(r, "Working"), "the aborted turn");
	assert.ok(!has(rows, "╭─ Deploy"));
	const response = onlyResponse(box);
	assert.equal(response.status, "cancelled");
	assert.equal(response.result.details.error, "aborted");
	assert.deepEqual(response.result.details.answers.region.values, ["eu"]);
	assert.equal(response.result.details.answers.note.draft.text, "half a thou");
});

test("interactive: the README's /rollout command asks outside any turn", async () => {
	startTmux([{ text: "ready" }]);
	await pi.untilText("ready");
	pi.type("/rollout");
	pi.keys("Enter");
	let rows = await pi.until((r) => r.some((row) => row.startsWith("╭─ Rollout")), "the command's questionnaire");
	assert.ok(has(rows, "Where should the rollout start?") && !has(rows, "Type something."));
	pi.keys("2");
	rows = await pi.untilText("Rollout starts in Americas");
	assert.ok(!rows.some((row) => row.startsWith("╭─ Rollout")));
});

test("interactive: a session ending while a request is docked answers it cancelled", async () => {
	const box = startTmux([{ text: "ready" }]);
	await pi.untilText("ready");
	pi.type("/rollout");
	pi.keys("Enter");
	await pi.until((r) => r.some((row) => row.startsWith("╭─ Rollout")), "the command's questionnaire");
	pi.keys("C-]");
	await pi.untilText("ctrl+] expand");
	pi.type("/reload");
	pi.keys("Enter");
	await pi.until(() => serviceLog(box).length === 1, "the response");
	const rows = await pi.untilText("Reloaded");
	assert.ok(!has(rows, "ctrl+] expand"), "the dock is gone");
	const response = onlyResponse(box);
	assert.equal(response.status, "cancelled");
	assert.equal(response.result.details.error, "aborted");
});

test("interactive: a request waits while the tool's questionnaire is docked, then shows", async () => {
	const plan = {
		title: "Plan",
		questions: [{ id: "approach", header: "Approach", prompt: "Which approach?", options: [{ value: "safe", label: "Safe" }] }],
	};
	startTmux([{ call: plan }, { echo: true }]);
	await pi.until((r) => r.some((row) => row.startsWith("╭─ Plan")), "the tool's questionnaire");
	pi.keys("C-]");
	await pi.untilText("ctrl+] expand");
	pi.type("/rollout");
	await pi.untilText("/rollout");
	pi.keys("Enter");
	await pi.untilGone("/rollout");
	pi.keys("C-]"); // the tool's questionnaire comes back: the service's waits its turn
	let rows = await pi.until((r) => r.some((row) => row.startsWith("╭─ Plan")), "the tool's questionnaire again");
	assert.ok(!rows.some((row) => row.startsWith("╭─ Rollout")));
	pi.keys("1");
	rows = await pi.until((r) => r.some((row) => row.startsWith("╭─ Rollout")), "the service's questionnaire after it");
	pi.keys("2");
	rows = await pi.untilText("Rollout starts in Americas");
	assert.ok(has(rows, "MODEL RECEIVED"), `the tool's call finished first:\n${rows.join("\n")}`);
});

test("interactive: after /reload only the reloaded provider listens; the old one stopped at shutdown", async () => {
	const region = { ...deploy.questions[0], context: undefined };
	// An invalid request answers at once, from every provider that takes it.
	const census = { tool: "ask_via_service", call: { request: { questions: [] }, via: "census" } };
	const box = startTmux([census, { echo: true }, census, { echo: true }, ...script({ title: "Deploy", questions: [region] })]);
	await pi.until(() => serviceLog(box).length === 2, "the first census");
	pi.type("/reload");
	pi.keys("Enter");
	await pi.untilText("Reloaded");
	pi.type("hi");
	pi.keys("Enter");
	await pi.until(() => serviceLog(box).length === 4, "the census after /reload");
	pi.type("hi");
	pi.keys("Enter"); // and the reloaded provider shows the questionnaire
	await pi.until(openAt("Where first?"), "the questionnaire after /reload");
	pi.keys("2");
	await pi.until(() => serviceLog(box).length === 5, "the answer");
	const log = serviceLog(box);
	assert.deepEqual(
		log.slice(0, 4).map((entry) => entry.takers ?? entry.response.status),
		[1, "invalid", 1, "invalid"],
		"one provider before and after /reload",
	);
	assert.deepEqual(log[4].response.result.details.answers.region.values, ["us"]);
});

test("RPC: the questionnaire cannot show, so the request is unavailable and no dialog opens", async () => {
	const box = sandbox(script(deploy, "event"));
	boxes.push(box);
	const rpc = new RpcPi(box, withClient);
	try {
		rpc.prompt("hi");
		const end = await rpc.next((m) => m.type === "tool_execution_end", "the end of ask_via_service");
		await rpc.event("agent_end");
		assert.equal(end.toolName, "ask_via_service");
		const dialogs = rpc.messages.filter((m) => m.type === "extension_ui_request" && ["select", "input", "confirm", "editor"].includes(m.method));
		assert.deepEqual(dialogs, [], "the service never opens sequential dialogs");
	} finally {
		await rpc.close();
	}
	assert.deepEqual(serviceLog(box)[0], { accepted: true }, "the provider took the request while it was emitted");
	const response = onlyResponse(box);
	assert.equal(response.status, "unavailable");
	assert.match(response.reason, /cannot show the questionnaire/);
});

test("an invalid request gets the tool's issues (codes and paths), without the context limit", async () => {
	const questions = [
		{ id: "a", header: " ", prompt: "Which?", options: [], context: longContext },
		{ id: "a", header: "B", prompt: "Name?", type: "text", allowCustom: false },
	];
	const box = sandbox(script({ questions, timeout: "soon" }, "event"));
	boxes.push(box);
	const rpc = new RpcPi(box, withClient);
	try {
		rpc.prompt("hi");
		await rpc.event("agent_end");
	} finally {
		await rpc.close();
	}
	const response = onlyResponse(box);
	assert.equal(response.status, "invalid");
	const addon = createRequire(import.meta.url)(join(packageDir, "ask-user-question.node"));
	const tool = addon.invalidResult({ questions }).details.issues;
	const paths = (issues) => issues.map((i) => `${i.path} ${i.code}`);
	assert.ok(paths(tool).includes("/questions/0/context too_long"), "the tool limits context");
	assert.deepEqual(
		paths(response.issues),
		[
			"/timeout invalid_type",
			...paths(tool).filter((p) => p !== "/questions/0/context too_long"),
		],
	);
	assert.ok(paths(response.issues).includes("/questions/1/allowCustom invalid_type"));
});

test("without a UI no provider runs, and askUser() answers unavailable at once", async () => {
	const box = sandbox(script(deploy));
	boxes.push(box);
	const run = await runToEnd(box, ["-e", client, "-p", "hi"]);
	assert.equal(run.code, 0, run.stderr);
	assert.match(run.stdout, /MODEL RECEIVED/);
	const response = onlyResponse(box);
	assert.equal(response.status, "unavailable");
	assert.match(response.reason, /no question provider/);
});

test("without this package loaded, askUser() answers unavailable at once", async () => {
	const box = sandbox(script(deploy));
	boxes.push(box);
	const fakeModel = join(here, "fake-model.ts");
	const args = ["--no-session", "--no-extensions", "-e", fakeModel, "-e", client, "--model", "fake/fake-1", "-p", "hi"];
	const run = await runPi(box, args);
	assert.equal(run.code, 0, run.stderr);
	assert.match(run.stdout, /MODEL RECEIVED/);
	const response = onlyResponse(box);
	assert.equal(response.status, "unavailable");
	assert.match(response.reason, /no question provider/);
});
