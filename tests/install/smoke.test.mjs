// The pi package as npm installed it from the release tarballs (tests/install/run sets
// ASK_EXTENSION_DIR to that copy): pi loads it with the prebuilt addon of this platform, in print,
// RPC and interactive mode, and with --ask-web the page served by that addon; without
// the platform package the extension says what to do, a development build next to the extension
// comes first, and an addon of another version is refused.
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { get } from "node:http";
import { RpcPi, TmuxPi, entry, eventRecorder, extensionDir, repoRoot, runPi, requireBuilt, runToEnd, sandbox } from "../pi/harness.mjs";

const question = {
	id: "approach",
	header: "Approach",
	prompt: "Which approach?",
	options: [
		{ value: "safe", label: "Safe" },
		{ value: "fast", label: "Fast", description: "ship today" },
	],
};

before(() => {
	assert.ok(process.env.ASK_EXTENSION_DIR, "run through tests/install/run, which installs the package");
	requireBuilt();
});
const boxes = [];
let tmux;
afterEach(() => tmux?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

function box(turns, options) {
	const made = sandbox(turns, options);
	boxes.push(made);
	return made;
}

test("the installed copy has no addon of its own: it comes from the platform package", () => {
	assert.ok(!existsSync(join(extensionDir, "ask-user-question.node")));
	const modules = dirname(extensionDir);
	const platforms = readdirSync(modules).filter((name) => name.startsWith("pi-ask-user-question-"));
	assert.equal(platforms.length, 1, `one platform package installed: ${platforms}`);
	const platform = platforms[0].slice("pi-ask-user-question-".length);
	const files = readdirSync(join(modules, platforms[0])).filter((file) => file.endsWith(".node")).sort();
	// One addon: the web page and the inbox's post are in it.
	assert.deepEqual(files, [`ask-user-question.${platform}.node`]);
});

test("RPC with --ask-web: the addon from the package serves the call's page", async () => {
	const made = box([{ call: { questions: [question] } }, { echo: true }]);
	const events = join(made.dir, "events.jsonl");
	made.env.ASK_TEST_EVENTS = events;
	const pi = new RpcPi(made, ["-e", eventRecorder, "--ask-web"]);
	try {
		pi.prompt("hi");
		const dialog = await pi.dialog();
		const open = readFileSync(events, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line))[0];
		const page = await new Promise((resolve, reject) => {
			get(open.data.url, (response) => {
				let body = "";
				response.on("data", (chunk) => (body += chunk));
				response.on("end", () => resolve({ status: response.statusCode, body }));
			}).on("error", reject);
		});
		assert.equal(page.status, 200);
		assert.match(page.body, /Which approach\?/);
		pi.respond(dialog, { value: entry(dialog, "Fast") });
		await pi.event("agent_end");
	} finally {
		await pi.close();
	}
	assert.equal(made.requests()[1].last.text, "Approach: user selected: 2. Fast");
});

test("print mode: a forced call fails with no_ui, so the tool was registered from the prebuilt addon", async () => {
	const made = box([{ call: { questions: [question] } }, { echo: true }], { forceTool: true });
	const run = await runToEnd(made, ["-p", "hi"]);
	assert.equal(run.code, 0, run.stderr);
	const received = made.requests()[1].last;
	assert.equal(received.isError, true);
	assert.match(received.text, /no interactive UI/);
});

test("RPC: the picked option reaches the model", async () => {
	const made = box([{ call: { questions: [question] } }, { echo: true }]);
	const pi = new RpcPi(made);
	try {
		pi.prompt("hi");
		const dialog = await pi.dialog();
		pi.respond(dialog, { value: entry(dialog, "Fast") });
		await pi.event("agent_end");
	} finally {
		await pi.close();
	}
	assert.equal(made.requests()[1].last.text, "Approach: user selected: 2. Fast");
});

test("interactive under tmux: the questionnaire opens, is answered and submitted", async () => {
	const made = box([{ call: { title: "Plan", questions: [question] } }, { echo: true }]);
	tmux = new TmuxPi(made, { width: 100, height: 30, prompt: "hi" });
	await tmux.until((rows) => rows.some((row) => row.startsWith("╭─ Plan")) && rows.some((row) => row.includes("Which approach?")), "the questionnaire");
	tmux.keys("2"); // pick Fast: the only question, so the questionnaire submits
	const rows = await tmux.untilText("MODEL RECEIVED");
	assert.ok(rows.some((row) => /Approach\s+✓ Fast/.test(row)), `the result card:\n${rows.join("\n")}`);
	assert.equal(made.requests()[1].last.text, "Approach: user selected: 2. Fast");
});

/** pi in print mode with the extension at `dir`, forcing a call (so the tool must be there). */
function runWith(dir) {
	const made = box([{ call: { questions: [question] } }, { echo: true }], { forceTool: true });
	const args = ["--no-session", "--no-extensions", "-e", dir, "-e", join(repoRoot, "tests/pi/fake-model.ts")];
	// The checks read pi's output and errors (the loader's message) as one text.
	return runPi(made, [...args, "--model", "fake/fake-1", "-p", "hi"]).then(({ code, stdout, stderr }) => ({
		code,
		output: stdout + stderr,
		requests: made.requests(),
	}));
}

/** A copy of the installed extension alone, with no platform package beside it. */
function lonelyCopy() {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-lonely-"));
	boxes.push({ cleanup: () => rmSync(dir, { recursive: true, force: true }) });
	const copy = join(dir, "node_modules", "pi-ask-user-question");
	cpSync(extensionDir, copy, { recursive: true });
	return copy;
}

/** The platform package npm installed beside the extension, e.g. `pi-ask-user-question-linux-x64-gnu`. */
function platformPackage() {
	return readdirSync(dirname(extensionDir)).find((name) => name.startsWith("pi-ask-user-question-"));
}

test("without the platform package the extension names the platform and how to build the addon", async () => {
	const run = await runWith(lonelyCopy());
	const name = platformPackage();
	const libc = name.endsWith("-musl") ? ", musl" : name.endsWith("-gnu") ? ", glibc" : "";
	assert.ok(run.output.includes(`no native addon for this platform (${process.platform} ${process.arch}${libc})`), run.output);
	assert.ok(run.output.includes(`${name} is not installed`), run.output);
	assert.match(run.output, /npm run build/);
	assert.notEqual(run.code, 0, "pi stops on the extension that failed to load");
	assert.equal(run.requests.length, 0, "the model was never asked");
});

test("a development build next to the extension is loaded first", async () => {
	const copy = lonelyCopy();
	const installed = join(dirname(extensionDir), platformPackage());
	const addon = readdirSync(installed).find((file) => file.startsWith("ask-user-question.") && file.endsWith(".node"));
	cpSync(join(installed, addon), join(copy, "ask-user-question.node"));
	const loaded = await runWith(copy);
	assert.equal(loaded.code, 0, loaded.output);
	assert.match(loaded.requests[1].last.text, /no interactive UI/, "the tool ran from the development build");

	// Ahead of an installed platform package, too: a broken development build is what fails.
	writeFileSync(join(extensionDir, "ask-user-question.node"), "not an addon");
	try {
		const broken = await runWith(extensionDir);
		assert.ok(broken.output.includes(join(extensionDir, "ask-user-question.node")), broken.output);
	} finally {
		rmSync(join(extensionDir, "ask-user-question.node"));
	}
});

test("an addon package of another version is refused, naming both versions", async () => {
	const copy = lonelyCopy();
	cpSync(join(dirname(extensionDir), platformPackage()), join(dirname(copy), platformPackage()), { recursive: true });
	const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
	const installed = manifest.version;
	writeFileSync(join(copy, "package.json"), JSON.stringify({ ...manifest, version: "99.0.0" }));
	const run = await runWith(copy);
	assert.notEqual(run.code, 0, run.output);
	assert.ok(run.output.includes(`${platformPackage()} is version ${installed}, but pi-ask-user-question is 99.0.0`), run.output);
});
