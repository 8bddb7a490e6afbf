// Drives the real pi with the scripted fake model of fake-model.ts, in print, RPC and interactive
// (tmux) modes. Which pi: PI_HOST=0 (the default) is pi 0.73.1 of the package's lockfile on this
// Node; PI_HOST=1 is the pi 1.x line of tests/pi/pi1 (the @earendil-works scope) on the Node 22
// installed there.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = dirname(dirname(here));
export const packageDir = join(repoRoot, "crates", "pi-ask-user-question");
/** The extension pi loads: this checkout's package, or an installed copy named by ASK_EXTENSION_DIR. */
export const extensionDir = process.env.ASK_EXTENSION_DIR || packageDir;
const fakeModel = join(here, "fake-model.ts");
/** A second test extension that records ask_user_question's events (see event-recorder.ts). */
export const eventRecorder = join(here, "event-recorder.ts");

/**
 * The question most tests ask: which approach, Safe or Fast. `safe` and `fast` add fields to
 * those options (`{ description: "ship today" }`, `{ recommended: true }`).
 */
export function approachQuestion({ safe = {}, fast = {} } = {}) {
	return {
		id: "approach",
		header: "Approach",
		prompt: "Which approach?",
		options: [
			{ value: "safe", label: "Safe", ...safe },
			{ value: "fast", label: "Fast", ...fast },
		],
	};
}

/** The text question that often follows it. */
export const nameQuestion = { id: "name", header: "Name", prompt: "What should it be called?", type: "text" };

/** The pi under test: its node, its command line script and its package directory. */
export const host = (() => {
	const pi1 = process.env.PI_HOST === "1";
	const installDir = pi1 ? join(here, "pi1") : packageDir;
	const piPackage = join(installDir, "node_modules", pi1 ? "@earendil-works" : "@mariozechner", "pi-coding-agent");
	const bin = existsSync(join(piPackage, "package.json"))
		? JSON.parse(readFileSync(join(piPackage, "package.json"), "utf8")).bin.pi
		: "dist/cli.js";
	return {
		/** "0" for pi 0.73, "1" for pi 1.x. */
		line: pi1 ? "1" : "0",
		installDir,
		piPackage,
		node: pi1 ? join(installDir, "node_modules", ".bin", "node") : process.execPath,
		cli: join(piPackage, bin),
	};
})();

/** Fails fast with the fix when pi or the addon has not been installed and built. */
export function requireBuilt() {
	const checks = [
		[host.cli, "npm ci", host.installDir],
		[host.node, "npm ci", host.installDir],
	];
	if (extensionDir === packageDir) checks.push([join(packageDir, "ask-user-question.node"), "npm run build", packageDir]);
	for (const [path, fix, dir] of checks) {
		if (!existsSync(path)) throw new Error(`${path} is missing: run \`${fix}\` in ${dir} (or tests/pi/run)`);
	}
}

/**
 * A throwaway pi home and a model script. `turns` are the fake model's turns (see fake-model.ts).
 * `env` holds everything pi needs; `requests()` reads what the model received, one entry per turn.
 */
export function sandbox(turns, { forceTool = false, abortKey = false, colors } = {}) {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-e2e-"));
	if (colors) useTheme(join(dir, "agent"), colors);
	const scriptPath = join(dir, "script.json");
	const logPath = join(dir, "requests.jsonl");
	writeFileSync(scriptPath, JSON.stringify({ turns }));
	const env = {
		...process.env,
		// pi writes its crash log (an over-wide row) under $HOME/.pi/agent whatever the agent dir.
		HOME: dir,
		PI_CODING_AGENT_DIR: join(dir, "agent"),
		PI_OFFLINE: "1",
		ASK_TEST_SCRIPT: scriptPath,
		ASK_TEST_LOG: logPath,
		ASK_TEST_FORCE_TOOL: forceTool ? "1" : "0",
		ASK_TEST_ABORT_KEY: abortKey ? "1" : "0",
		// No test posts to the inbox of whoever runs them; the inbox test names its own store.
		ASK_USER_QUESTION_INBOX: "0",
	};
	return {
		dir,
		env,
		requests() {
			if (!existsSync(logPath)) return [];
			return readFileSync(logPath, "utf8")
				.split("\n")
				.filter(Boolean)
				.map((line) => JSON.parse(line));
		},
		cleanup() {
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/**
 * Makes pi use a copy of its dark theme with some colors replaced (`{accent: "#123456"}`), so a
 * test can tell pi's theme colors from the addon's built-in defaults.
 */
function useTheme(agentDir, colors) {
	const dark = JSON.parse(
		readFileSync(join(host.piPackage, "dist/modes/interactive/theme/dark.json"), "utf8"),
	);
	const theme = { ...dark, name: "e2e", colors: { ...dark.colors, ...colors } };
	mkdirSync(join(agentDir, "themes"), { recursive: true });
	writeFileSync(join(agentDir, "themes", "e2e.json"), JSON.stringify(theme));
	writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "e2e" }));
}

/** `#rrggbb` as the truecolor SGR parameters a terminal receives, e.g. `38;2;18;52;86`. */
export function truecolor(hex) {
	const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
	return `38;2;${r};${g};${b}`;
}

export function piArgs(...extra) {
	return [host.cli, "--no-session", "--no-extensions", "-e", extensionDir, "-e", fakeModel, "--model", "fake/fake-1", ...extra];
}

/** Runs pi to the end with `args` (e.g. `-p hi`, `--mode json hi`), with this extension and the fake model. */
export function runToEnd(box, args, timeoutMs = 60_000) {
	return untilExit(box, piArgs(...args), timeoutMs);
}

/** Runs pi with exactly `args` (no extension or model added) to the end. */
export function runPi(box, args, timeoutMs = 60_000) {
	return untilExit(box, [host.cli, ...args], timeoutMs);
}

/** Runs pi's node with `argv` (pi's script first) and resolves with its exit code and output. */
function untilExit(box, argv, timeoutMs) {
	return new Promise((resolve, reject) => {
		const child = spawn(host.node, argv, { env: box.env, cwd: box.dir, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (d) => (stdout += d));
		child.stderr.on("data", (d) => (stderr += d));
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error(`pi ${argv.slice(1).join(" ")} timed out after ${timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`));
		}, timeoutMs);
		child.on("close", (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}

/** `pi --mode rpc` with a JSONL client. */
export class RpcPi {
	constructor(box, extraArgs = []) {
		this.child = spawn(host.node, piArgs("--mode", "rpc", ...extraArgs), { env: box.env, cwd: box.dir, stdio: ["pipe", "pipe", "pipe"] });
		this.messages = [];
		this.cursor = 0;
		this.waiters = [];
		this.stderr = "";
		this.exited = false;
		let buffer = "";
		this.child.stdout.setEncoding("utf8");
		this.child.stdout.on("data", (chunk) => {
			buffer += chunk;
			// JSONL split on \n only (JSON strings may hold U+2028/2029).
			let newline = buffer.indexOf("\n");
			while (newline >= 0) {
				const line = buffer.slice(0, newline).replace(/\r$/, "");
				buffer = buffer.slice(newline + 1);
				if (line.trim()) this.messages.push(JSON.parse(line));
				newline = buffer.indexOf("\n");
			}
			this.wake();
		});
		this.child.stderr.on("data", (d) => (this.stderr += d));
		this.child.on("exit", () => {
			this.exited = true;
			this.wake();
		});
	}

	send(command) {
		this.child.stdin.write(`${JSON.stringify(command)}\n`);
	}

	prompt(message) {
		this.send({ type: "prompt", message });
	}

	respond(request, response) {
		this.send({ type: "extension_ui_response", id: request.id, ...response });
	}

	wake() {
		for (const waiter of this.waiters.splice(0)) waiter();
	}

	/** The next message (after the ones already taken) that matches, within `timeoutMs`. */
	async next(matches, what, timeoutMs = 30_000) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			while (this.cursor < this.messages.length) {
				const message = this.messages[this.cursor++];
				if (matches(message)) return message;
			}
			const left = deadline - Date.now();
			if (this.exited || left <= 0) {
				const seen = this.messages.map((m) => m.type + (m.method ? `:${m.method}` : "")).join(", ");
				throw new Error(
					`${this.exited ? "pi exited" : "timed out"} waiting for ${what}; seen: ${seen}\nstderr:\n${this.stderr}`,
				);
			}
			await new Promise((resolve) => {
				const timer = setTimeout(resolve, left);
				this.waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** The next dialog request (select/input/confirm/editor). */
	dialog(timeoutMs) {
		return this.next(
			(m) => m.type === "extension_ui_request" && ["select", "input", "confirm", "editor"].includes(m.method),
			"a dialog",
			timeoutMs,
		);
	}

	event(type, timeoutMs) {
		return this.next((m) => m.type === type, type, timeoutMs);
	}

	async close() {
		if (this.exited) return;
		const exited = new Promise((resolve) => this.child.on("exit", resolve));
		this.child.stdin.end();
		const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
		this.child.kill("SIGTERM");
		await exited;
		clearTimeout(timer);
	}
}

/** The one entry of a select dialog's options that contains `text`. */
export function entry(request, text) {
	const found = request.options.filter((option) => option.includes(text));
	if (found.length !== 1) throw new Error(`expected one option containing ${JSON.stringify(text)} in ${JSON.stringify(request.options)}`);
	return found[0];
}

/**
 * pi in a detached tmux session of the given size, with the pane readable as plain text. `args` go
 * to pi after the prompt (flags, another `-e` extension), `env` is set for it; with `record`, every byte pi writes to the pane is appended to that
 * file (tmux pipe-pane, started before pi). `extendedKeys: false` turns tmux's extended-keys off,
 * as a tmux with its defaults has it (Shift+Enter then reaches pi as Enter).
 */
export class TmuxPi {
	constructor(box, { width, height, prompt, args = [], env = {}, record, extendedKeys = true }) {
		this.box = box;
		this.name = `pi-ask-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
		this.width = width;
		this.height = height;
		const envArgs = Object.entries({
			HOME: box.env.HOME,
			PI_CODING_AGENT_DIR: box.env.PI_CODING_AGENT_DIR,
			PI_OFFLINE: "1",
			ASK_TEST_SCRIPT: box.env.ASK_TEST_SCRIPT,
			ASK_TEST_LOG: box.env.ASK_TEST_LOG,
			ASK_TEST_FORCE_TOOL: box.env.ASK_TEST_FORCE_TOOL,
			ASK_TEST_ABORT_KEY: box.env.ASK_TEST_ABORT_KEY,
			TERM: "xterm-256color",
			COLORTERM: "truecolor",
			ASK_USER_QUESTION_ACCESSIBLE: "",
			ASK_USER_QUESTION_INBOX: "0",
			...env,
		}).map(([k, v]) => `${k}=${shellQuote(v)}`);
		const go = join(box.dir, "go");
		const command = [
			// With a recording, pi starts only once the pipe is in place.
			...(record ? ["until", "test", "-e", shellQuote(go), ";", "do", "sleep", "0.05", ";", "done", ";"] : []),
			"env",
			...envArgs,
			shellQuote(host.node),
			// The prompt before `args`: pi takes the word after an extension flag as its value.
			...piArgs(prompt, ...args).map(shellQuote),
			`2>${shellQuote(join(box.dir, "stderr.log"))}`,
			";",
			"echo",
			"PI-EXITED-$?",
			";",
			"sleep",
			"600",
		].join(" ");
		// A server of its own, configured before pi starts so pi's keyboard-mode request is honoured.
		const config = join(box.dir, "tmux.conf");
		writeFileSync(config, `set -g extended-keys ${extendedKeys ? "on" : "off"}\nset -g status off\n`);
		this.tmux("-f", config, "new-session", "-d", "-s", this.name, "-x", String(width), "-y", String(height), "-c", box.dir, command);
		if (record) {
			this.tmux("pipe-pane", "-o", "-t", this.name, `cat >> ${shellQuote(record)}`);
			writeFileSync(go, "");
		}
	}

	tmux(...args) {
		// A socket in the sandbox, so nothing is left behind in the shared tmux directory.
		return execFileSync("tmux", ["-S", join(this.box.dir, "tmux.sock"), ...args], { encoding: "utf8" });
	}

	/** The visible pane as plain text rows. */
	pane() {
		return this.tmux("capture-pane", "-p", "-t", this.name).split("\n");
	}

	/** The visible pane with SGR escapes (tmux -e). */
	paneAnsi() {
		return this.tmux("capture-pane", "-p", "-e", "-t", this.name).split("\n");
	}

	/** Keys as tmux names them (`Enter`, `Escape`, `C-]`, `Down`, or literal text with `literal`). */
	keys(...keys) {
		this.tmux("send-keys", "-t", this.name, ...keys);
	}

	type(text) {
		this.tmux("send-keys", "-t", this.name, "-l", text);
	}

	/** Polls the pane until `check(rows)` holds, within `timeoutMs`; returns the rows. */
	async until(check, what, timeoutMs = 20_000) {
		const deadline = Date.now() + timeoutMs;
		let rows = this.pane();
		while (!check(rows)) {
			const crash = join(this.box.dir, ".pi", "agent", "pi-crash.log");
			if (existsSync(crash)) throw new Error(`pi crashed while waiting for ${what}:\n${readFileSync(crash, "utf8")}`);
			if (rows.some((row) => row.includes("PI-EXITED-"))) {
				throw new Error(`pi exited while waiting for ${what}:\n${rows.join("\n")}\nstderr:\n${this.stderr()}`);
			}
			if (Date.now() > deadline) {
				throw new Error(`timed out waiting for ${what}; pane:\n${rows.join("\n")}\nstderr:\n${this.stderr()}`);
			}
			await new Promise((resolve) => setTimeout(resolve, 100));
			rows = this.pane();
		}
		return rows;
	}

	untilText(text, timeoutMs) {
		return this.until((rows) => rows.some((row) => row.includes(text)), JSON.stringify(text), timeoutMs);
	}

	untilGone(text, timeoutMs) {
		return this.until((rows) => !rows.some((row) => row.includes(text)), `${JSON.stringify(text)} to disappear`, timeoutMs);
	}

	resize(width, height) {
		this.width = width;
		this.height = height;
		this.tmux("resize-window", "-t", this.name, "-x", String(width), "-y", String(height));
	}

	stderr() {
		const path = join(this.box.dir, "stderr.log");
		return existsSync(path) ? readFileSync(path, "utf8") : "";
	}

	kill() {
		try {
			this.tmux("kill-server");
		} catch {
			// already gone
		}
	}
}

function shellQuote(text) {
	return `'${String(text).replaceAll("'", "'\\''")}'`;
}
