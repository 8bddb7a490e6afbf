// What pi's terminal tells apart, so the questionnaire's footer names a newline key that works
// there and knows when an Enter may have been Shift+Enter: pi turns on the Kitty keyboard
// protocol where the terminal answers its query, else xterm's modifyOtherKeys, which it cannot
// tell took. Asked once per process, off the first frame: xterm reports its modifyOtherKeys
// level when asked (XTQMODKEYS); inside tmux, which answers no such query, tmux's own
// `extended-keys` option says whether it forwards modified keys.
import { execFile } from "node:child_process";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { TUI } from "@mariozechner/pi-tui";

/** The addon's names for a keyboard (`Session.useKeyboard`). */
export type Keyboard = "legacy" | "requested" | "enhanced";

/** How long the terminal or tmux has to answer; terminals answer in a few milliseconds. */
const ANSWER_WAIT_MS = 500;

let known: Keyboard | undefined;
let asking: Promise<Keyboard> | undefined;

/** What is known now, without asking: the Kitty protocol is pi's own state. */
export function keyboardNow(tui: TUI): Keyboard {
	if (tui.terminal.kittyProtocolActive) return "enhanced";
	return known ?? "legacy";
}

/** Finds out once what a terminal on modifyOtherKeys really sends; `undefined` when that is
 * already known or there is nothing to find out (the Kitty protocol). */
export function askKeyboard(tui: TUI, ctx: ExtensionContext): Promise<Keyboard> | undefined {
	if (known !== undefined || tui.terminal.kittyProtocolActive) return undefined;
	asking ??= protocolChosen(tui)
		.then((kitty) => {
			if (kitty) return "enhanced" as const;
			if (!modifyOtherKeysOn(tui)) return "legacy" as const;
			return process.env.TMUX ? askTmux() : askTerminal(tui, ctx);
		})
		.then((keyboard) => (known = keyboard));
	return asking;
}

/** Waits until pi has chosen its keyboard protocol (it waits for the terminal's answer to the
 * Kitty query first, a moment after it starts): whether it is Kitty's. */
function protocolChosen(tui: TUI): Promise<boolean> {
	return new Promise((resolve) => {
		const started = Date.now();
		const look = () => {
			if (tui.terminal.kittyProtocolActive) resolve(true);
			else if (modifyOtherKeysOn(tui) || Date.now() - started >= ANSWER_WAIT_MS) resolve(false);
			else setTimeout(look, 25);
		};
		look();
	});
}

/** pi 1.x says whether modifyOtherKeys is on; pi 0.73 keeps it in a private field. */
function modifyOtherKeysOn(tui: TUI): boolean {
	const terminal = tui.terminal as { modifyOtherKeysActive?: boolean; _modifyOtherKeysActive?: boolean };
	return (terminal.modifyOtherKeysActive ?? terminal._modifyOtherKeysActive) === true;
}

/** tmux forwards modified keys once asked (as pi does) when `extended-keys` is on; whether the
 * terminal around tmux sends them is unknown, so the keys are "requested", not confirmed. */
function askTmux(): Promise<Keyboard> {
	return new Promise((resolve) => {
		execFile("tmux", ["show", "-gv", "extended-keys"], { timeout: ANSWER_WAIT_MS }, (error, stdout) => {
			const option = error ? "" : stdout.trim();
			resolve(option === "on" || option === "always" ? "requested" : "legacy");
		});
	});
}

/** Asks the terminal for its modifyOtherKeys level and takes the answer out of pi's input. */
function askTerminal(tui: TUI, ctx: ExtensionContext): Promise<Keyboard> {
	return new Promise((resolve) => {
		let settled = false;
		const settle = (keyboard: Keyboard) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			stopListening();
			resolve(keyboard);
		};
		const stopListening = ctx.ui.onTerminalInput((data) => {
			const answer = /^\x1b\[>4(?:;(\d+))?m$/.exec(data);
			if (!answer) return undefined;
			settle(Number(answer[1] ?? 0) >= 2 ? "enhanced" : "legacy");
			return { consume: true };
		});
		const timer = setTimeout(() => settle("legacy"), ANSWER_WAIT_MS);
		tui.terminal.write("\x1b[?4m");
	});
}
