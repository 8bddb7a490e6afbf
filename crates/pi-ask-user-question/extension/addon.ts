// The native addon (Rust, napi-rs) that holds all of ask_user_question's behaviour. Built by
// `npm run build` into ../ask-user-question.node.
import { existsSync } from "node:fs";
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
	/** Moves the clock to now: the countdown goes on; the result once finished (time ran out). */
	tick(): ToolResult | null;
	readonly collapsed: boolean;
	readonly finished: boolean;
	/** A time limit counts down (until the first key). */
	readonly countingDown: boolean;
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
	toolDefinition(): ToolDefinitionInfo;
	invalidResult(input: unknown): ToolResult | null;
	noUiResult(input: unknown): ToolResult;
	themeSlots(): { fg: string[]; bg: string[] };
	Palette: new (fg: Record<string, string>, bg: Record<string, string>) => Palette;
	Session: new (input: unknown, palette: Palette, timeoutMs?: number) => Session;
	Dialogs: new (input: unknown) => Dialogs;
	renderCall(args: unknown, width: number, palette: Palette, details?: unknown, isError?: boolean): string[];
	renderResult(details: unknown, width: number, palette: Palette, content?: string, isError?: boolean): string[];
	opening(input: unknown, notify: boolean, tmux: boolean): Opening;
	parseTimeout(text: string): number;
}

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
export const addonPath = join(packageDir, "ask-user-question.node");

export function loadAddon(): Addon {
	if (!existsSync(addonPath)) {
		throw new Error(
			`ask_user_question: native addon missing at ${addonPath}; build it with \`npm run build\` in ${packageDir}`,
		);
	}
	return createRequire(import.meta.url)(addonPath) as Addon;
}
