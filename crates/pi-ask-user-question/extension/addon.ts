// The native addon (Rust, napi-rs) that holds all of ask_user_question's behaviour, found as napi-rs
// packages find theirs: a development build next to the extension (`npm run build` writes
// ../ask-user-question.node) wins; otherwise the prebuilt package for this platform, an optional
// dependency such as `pi-ask-user-question-linux-x64-gnu`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What the model reads (`content`) and what renderers and hosts read (`details`). */
export interface ToolResult {
	content: string;
	details: Record<string, unknown>;
}

export type DialogStep =
	| { kind: "select"; title: string; options: string[] }
	| { kind: "input"; title: string; placeholder: string }
	| { kind: "finished"; result: ToolResult };

export interface InputOutcome {
	consumed: boolean;
	collapsed: boolean;
	result?: ToolResult | null;
	/** Ctrl+G: the draft to open pi's editor on; answer with `Session.edited`. */
	edit?: { title: string; text: string } | null;
}

export interface Palette {
	readonly __palette: unique symbol;
}

export interface Session {
	render(width: number, rows: number): string[];
	input(data: string): InputOutcome;
	dock(width: number): string;
	abort(): ToolResult;
	result(): ToolResult;
	setPalette(palette: Palette): void;
	progress(): Record<string, unknown>;
	/** Changes whenever `render` would draw anew (same width and height). */
	readonly version: number;
	/** pi's keybindings by name (see `piKeybindingNames`). */
	useKeys(bindings: Record<string, string[]>): void;
	/** Whether pi's terminal has the Kitty keyboard protocol on: the footer's newline key. */
	useKeyboard(kittyProtocol: boolean): void;
	/** pi's editor closed: the edited text, or null when cancelled. */
	edited(text: string | null): void;
	readonly pendingEdit: { title: string; text: string } | null | undefined;
	/** Moves the clock to now: the countdown goes on; the result once finished (time ran out). */
	tick(): ToolResult | null;
	readonly collapsed: boolean;
	readonly finished: boolean;
	/** A time limit counts down (until the first key). */
	readonly countingDown: boolean;
	/**
	 * `callback` runs when work the session does in the background is done (its code turns
	 * highlighted), so the host redraws; `null` stops it. It does not keep Node running. The
	 * session lets go of it when it finishes, and takes none once finished.
	 */
	onWake(callback: (() => void) | null): void;
}

export interface Dialogs {
	next(): DialogStep;
	answer(reply: string | null | undefined): void;
	abort(): ToolResult;
	timeOut(): ToolResult;
}

/** A call opening its questions: the open event's title and count, and the bytes to ring with. */
export interface Opening {
	title: string;
	questions: number;
	bytes: string;
}

/** `{contextLimit: false}` lifts the 500-character limit on `context` (the question service's checks). */
export interface CheckOptions {
	contextLimit?: boolean;
}

export interface ToolDefinitionInfo {
	name: string;
	label: string;
	description: string;
	promptSnippet: string;
	promptGuidelines: string[];
	parameters: Record<string, unknown>;
}

export interface Addon {
	version(): string;
	/** Loads syntect's syntax definitions on a background thread (once per process). */
	warmUp(): void;
	toolDefinition(): ToolDefinitionInfo;
	invalidResult(input: unknown, options?: CheckOptions): ToolResult | null;
	noUiResult(input: unknown): ToolResult;
	/** A valid call in another agent's shape, rewritten in the shape of the tool's JSON Schema. */
	conformArguments(input: unknown): unknown;
	themeSlots(): { fg: string[]; bg: string[] };
	Palette: new (fg: Record<string, string>, bg: Record<string, string>) => Palette;
	Session: new (
		input: unknown,
		palette: Palette,
		options?: CheckOptions,
		collapseKey?: string | null,
		timeoutMs?: number,
		height?: string | null,
	) => Session;
	/** How many sessions the addon holds: opened and not yet freed. */
	liveSessions(): number;
	/** Throws why `key` cannot be the collapse key. */
	checkCollapseKey(key: string): void;
	/** Throws why `text` is not a height limit (`N` rows or `N%` of the terminal). */
	checkHeight(text: string): void;
	piKeybindingNames(): string[];
	Dialogs: new (input: unknown) => Dialogs;
	renderCall(args: unknown, width: number, palette: Palette, details?: unknown, isError?: boolean): string[];
	renderResult(details: unknown, width: number, palette: Palette, content?: string, isError?: boolean): string[];
	opening(input: unknown, notify: boolean, tmux: boolean): Opening;
	parseTimeout(text: string): number;
}

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
/** Where `npm run build` puts a development build; when it exists it is the one loaded. */
export const localAddonPath = join(packageDir, "ask-user-question.node");

/** The platforms with a prebuilt package `pi-ask-user-question-<platform>`. */
export const prebuiltPlatforms = [
	"linux-x64-gnu",
	"linux-arm64-gnu",
	"linux-x64-musl",
	"linux-arm64-musl",
	"darwin-x64",
	"darwin-arm64",
];

export type Libc = "glibc" | "musl";

/**
 * Which libc this Linux process runs on, as napi-rs tells: glibc's `ldd` is a script that never
 * names musl, musl's is musl itself. Reading it is cheap; the process report (a few ms) and
 * running `ldd` are only for systems without /usr/bin/ldd.
 */
export function linuxLibc(): Libc {
	try {
		return readFileSync("/usr/bin/ldd", "utf8").includes("musl") ? "musl" : "glibc";
	} catch {
		// no readable ldd: ask Node
	}
	try {
		const report = process.report?.getReport() as
			| { header?: { glibcVersionRuntime?: string }; sharedObjects?: string[] }
			| undefined;
		if (report?.header?.glibcVersionRuntime) return "glibc";
		if (report?.sharedObjects?.some((file) => file.includes("libc.musl-") || file.includes("ld-musl-"))) return "musl";
	} catch {
		// no report either
	}
	try {
		return execFileSync("ldd", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).includes("musl")
			? "musl"
			: "glibc";
	} catch (error) {
		// musl's ldd prints its version on stderr and exits 1
		const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
		return `${stdout}${stderr}`.includes("musl") ? "musl" : "glibc";
	}
}

/** The platform as the prebuilt packages name it: `linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`. */
export function platformTag(platform = process.platform, arch = process.arch, libc = platform === "linux" ? linuxLibc() : undefined): string {
	if (platform === "linux") return `linux-${arch}-${libc === "musl" ? "musl" : "gnu"}`;
	if (platform === "win32") return `win32-${arch}-msvc`;
	return `${platform}-${arch}`;
}

/** The file to load: the development build if there is one, else the platform's package. */
export function locateAddon(): { path: string; from: "local build" | "package"; packageName?: string } {
	if (existsSync(localAddonPath)) return { path: localAddonPath, from: "local build" };
	const tag = platformTag();
	const packageName = `pi-ask-user-question-${tag}`;
	let path: string;
	try {
		path = createRequire(import.meta.url).resolve(packageName);
	} catch {
		throw noAddon(
			tag,
			prebuiltPlatforms.includes(tag)
				? `${packageName} is not installed (npm installs it with pi-ask-user-question unless optional dependencies are omitted)`
				: `there is no prebuilt package for ${tag}`,
		);
	}
	// A package from another release would answer with other behaviour than this extension
	// expects; its manifest says so without loading it.
	const { version } = JSON.parse(readFileSync(join(dirname(path), "package.json"), "utf8")) as { version: string };
	checkVersion(packageName, version);
	return { path, from: "package", packageName };
}

/** Loads the addon `locateAddon` found (a missing one is reported before anything loads). */
export function loadAddon(located = locateAddon()): Addon {
	const { path, from, packageName } = located;
	let addon: Addon;
	try {
		addon = createRequire(import.meta.url)(path) as Addon;
	} catch (error) {
		if (from === "local build") throw error;
		throw noAddon(platformTag(), `${packageName} did not load: ${(error as Error).message}`);
	}
	// The addon itself must be of this release too, whatever its manifest says.
	if (from === "package") checkVersion(packageName ?? "the addon package", addon.version());
	return addon;
}

function checkVersion(packageName: string, version: string): void {
	const expected = packageVersion();
	if (version !== expected) {
		throw new Error(
			`ask_user_question: ${packageName} is version ${version}, but pi-ask-user-question is ${expected}; install both at the same version`,
		);
	}
}

function packageVersion(): string {
	return (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version;
}

function noAddon(tag: string, why: string): Error {
	const libc = process.platform === "linux" ? `, ${tag.endsWith("-musl") ? "musl" : "glibc"}` : "";
	return new Error(
		[
			`ask_user_question: no native addon for this platform (${process.platform} ${process.arch}${libc}): ${why}.`,
			`Prebuilt packages: ${prebuiltPlatforms.map((platform) => `pi-ask-user-question-${platform}`).join(", ")}.`,
			"To build it from source (Rust and Node needed): in a checkout of ask_user_question run `npm run build` in",
			`crates/pi-ask-user-question, which writes ask-user-question.node next to the extension (for this copy: ${localAddonPath}).`,
		].join("\n"),
	);
}
