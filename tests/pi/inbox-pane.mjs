// The inbox (`ask-user-question inbox`) as the pi tests drive it: the CLI built by cargo (or
// ASK_USER_QUESTION), run in a detached tmux server of its own over a scratch store.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./harness.mjs";

let built;

/** The CLI: ASK_USER_QUESTION, else cargo's debug build (built first, once). */
export function binary() {
	if (process.env.ASK_USER_QUESTION) return process.env.ASK_USER_QUESTION;
	if (built) return built;
	execFileSync("cargo", ["build", "-q", "-p", "ask-user-question"], { cwd: repoRoot, stdio: "inherit" });
	const metadata = JSON.parse(execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: repoRoot, encoding: "utf8" }));
	const path = join(metadata.target_directory, "debug", "ask-user-question");
	assert.ok(existsSync(path), `no ${path}`);
	built = path;
	return path;
}

/** The inbox over `store`, in a detached tmux session on a socket in `dir`. */
export class InboxPane {
	constructor(dir, store, { width = 100, height = 30 } = {}) {
		this.socket = join(dir, "inbox.sock");
		this.tmux("-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height), `${binary()} inbox --no-bell --store '${store}'`);
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

	/** Opens the row whose line holds `title`: from the first row down to it, then Enter. */
	async open(title) {
		this.keys("g");
		for (let moves = 0; ; moves++) {
			const screen = await this.until((s) => s.includes("›"), "the list's cursor");
			const focused = screen.split("\n").find((line) => line.includes("›")) ?? "";
			if (focused.includes(title)) break;
			if (moves > 20) throw new Error(`no row ${title} in the inbox:\n${screen}`);
			this.keys("j");
			await this.until((s) => s !== screen, "the cursor moved", 5_000);
		}
		this.keys("Enter");
	}

	kill() {
		try {
			this.tmux("kill-server");
		} catch {
			// already gone
		}
	}
}
