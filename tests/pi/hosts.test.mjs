// Every kind of host waiting in one inbox at once, as a person running several agents meets it:
// pi in RPC mode (its dialogs), pi's interactive questionnaire (tmux), an MCP server driven by
// the official Python SDK with no form and no tmux (tests/mcp/ask_once.py, in the MCP tests'
// virtual environment), and a script's `ask-user-question FILE --inbox-only`. The inbox answers
// them in an order other than the one they were asked in; each host gets its own answer
// (`answeredIn: "inbox"`) while the others keep waiting.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { RpcPi, repoRoot, requireBuilt, sandbox, TmuxPi } from "./harness.mjs";
import { binary, InboxPane } from "./inbox-pane.mjs";

before(requireBuilt);
const cleanups = [];
after(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** One text question per host, so each answer can be told from the others. */
function asked(host) {
	return { title: `From ${host}`, questions: [{ id: "name", header: "Name", prompt: `Name for ${host}?`, type: "text" }] };
}

/** A child process with its stdout's JSON lines, exit code and stderr. */
function child(command, args, options) {
	const process = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
	const seen = { lines: [], stderr: "", exited: undefined };
	let buffer = "";
	process.stdout.setEncoding("utf8");
	process.stdout.on("data", (chunk) => {
		buffer += chunk;
		for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
			const line = buffer.slice(0, newline).trim();
			buffer = buffer.slice(newline + 1);
			if (line) seen.lines.push(JSON.parse(line));
		}
	});
	process.stderr.on("data", (chunk) => (seen.stderr += chunk));
	const exited = new Promise((resolve) => process.on("close", (code) => resolve((seen.exited = code))));
	cleanups.push(() => process.kill("SIGKILL"));
	return { process, seen, exited };
}

async function until(ready, what, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs;
	while (!ready()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

test("pi RPC, pi interactive, an MCP client and a script wait in one inbox; each gets its own answer", async () => {
	const python = execFileSync(join(repoRoot, "tests", "mcp", "venv"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
	const dir = mkdtempSync(join(tmpdir(), "aq-hosts-"));
	cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
	mkdirSync(join(dir, "state"), { mode: 0o700 });
	const store = join(dir, "state", "inbox.sqlite3");
	const joining = { ASK_USER_QUESTION_INBOX: "1", ASK_USER_QUESTION_STORE: store };
	const inbox = new InboxPane(dir, store, { width: 120, height: 30 });
	cleanups.push(() => inbox.kill());
	await inbox.until((s) => s.includes("No questionnaires waiting"), "empty list");

	// pi in RPC mode: the dialogs ask.
	const rpcBox = sandbox([{ call: asked("pi RPC") }, { echo: true }]);
	cleanups.push(() => rpcBox.cleanup());
	Object.assign(rpcBox.env, joining);
	const rpc = new RpcPi(rpcBox);
	cleanups.push(() => rpc.child.kill("SIGKILL"));
	rpc.prompt("hi");
	await rpc.dialog();

	// pi's interactive questionnaire, in tmux.
	const tuiBox = sandbox([{ call: asked("pi TUI") }, { echo: true }]);
	cleanups.push(() => tuiBox.cleanup());
	const tui = new TmuxPi(tuiBox, { width: 100, height: 30, prompt: "hi", env: joining });
	cleanups.push(() => tui.kill());
	await tui.untilText("Name for pi TUI?");

	// An MCP client with no form, whose server runs outside tmux: the page and the inbox.
	const project = join(dir, "service-api");
	mkdirSync(project);
	const mcp = child(python, [join(repoRoot, "tests", "mcp", "ask_once.py"), binary(), "Claude Code", JSON.stringify(asked("MCP")), "--no-bell"], {
		cwd: project,
		env: { ...process.env, ...joining },
	});
	await until(() => mcp.seen.lines.length > 0 || mcp.seen.exited !== undefined, "the MCP session");
	assert.deepEqual(mcp.seen.lines[0], { ready: true }, mcp.seen.stderr);

	// A script with no terminal: --inbox-only.
	const file = join(dir, "release.json");
	writeFileSync(file, JSON.stringify(asked("a script")));
	const script = child(binary(), ["--inbox-only", file], { cwd: dir, env: { ...process.env, ...joining } });

	const titles = ["From pi RPC", "From pi TUI", "From MCP", "From a script"];
	const listed = await inbox.until((s) => titles.every((title) => s.includes(title)), "all four questionnaires");
	assert.match(listed, /Inbox · 4 waiting/, listed);
	assert.match(listed, /Claude Code .*service-api .*From MCP/, listed);
	assert.equal((listed.match(/^. pi /gm) ?? []).length, 2, listed);

	/** Answers `title`'s question in the inbox with `text`. */
	async function answer(title, prompt, text) {
		await inbox.open(title);
		await inbox.until((s) => s.includes(prompt), `${title}'s questionnaire`);
		inbox.type(text);
		inbox.keys("Enter");
		await inbox.until((s) => s.includes(`Answered: ${title}`), `${title}'s notice`);
	}
	const stillListed = async (left) => {
		const screen = await inbox.until((s) => s.includes(`Inbox · ${left.length} waiting`), `${left.length} waiting`);
		for (const title of left) assert.ok(screen.includes(title), `${title} still waits:\n${screen}`);
	};

	// Not the order they were asked in: MCP, pi TUI, the script, pi RPC.
	await answer("From MCP", "Name for MCP?", "mcp-answer");
	await mcp.exited;
	const fromMcp = mcp.seen.lines.at(-1);
	assert.equal(fromMcp.details.answeredIn, "inbox", JSON.stringify(fromMcp));
	assert.match(fromMcp.content, /Name: user wrote: mcp-answer/);
	await stillListed(["From pi RPC", "From pi TUI", "From a script"]);
	assert.equal(script.seen.exited, undefined, "the script still waits");

	await answer("From pi TUI", "Name for pi TUI?", "tui-answer");
	await tui.untilText("MODEL RECEIVED");
	assert.match(tuiBox.requests()[1].last.text, /Name: user wrote: tui-answer/);
	await stillListed(["From pi RPC", "From a script"]);

	await answer("From a script", "Name for a script?", "script-answer");
	assert.equal(await script.exited, 0, script.seen.stderr);
	const fromScript = script.seen.lines.at(-1);
	assert.equal(fromScript.details.answeredIn, "inbox");
	assert.equal(fromScript.details.answers.name.customText, "script-answer");
	await stillListed(["From pi RPC"]);
	assert.equal(rpcBox.requests().length, 1, "pi RPC still waits on its dialog");

	await answer("From pi RPC", "Name for pi RPC?", "rpc-answer");
	await rpc.event("agent_end", 30_000);
	assert.match(rpcBox.requests()[1].last.text, /Name: user wrote: rpc-answer/);
	await inbox.until((s) => s.includes("No questionnaires waiting"), "the list emptied");

	// Each host's answer is its own in the decision log.
	const history = JSON.parse(execFileSync(binary(), ["history", "--json", "--store", store], { encoding: "utf8" }));
	assert.equal(history.length, 4, JSON.stringify(history));
	assert.ok(history.every((record) => record.surface === "inbox"), JSON.stringify(history));
});
