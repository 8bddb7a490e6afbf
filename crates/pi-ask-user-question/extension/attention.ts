// A waiting question gets attention: the bell (and, when the operator asks, a desktop
// notification) rung through pi's own terminal when the questionnaire first shows; the
// `ask_user_question:open` / `:close` events on pi.events for other extensions; and the
// operator's time limit for the dialog fallback.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import type { TUI } from "@mariozechner/pi-tui";
import type { Addon, Dialogs, ToolResult } from "./addon.ts";

export const OPEN_EVENT = "ask_user_question:open";
export const CLOSE_EVENT = "ask_user_question:close";

const NOTIFY_FLAG = "ask-notify";
const TIMEOUT_FLAG = "ask-timeout";
const NOTIFY_ENV = "ASK_USER_QUESTION_NOTIFY";
const TIMEOUT_ENV = "ASK_USER_QUESTION_TIMEOUT";

export type CloseStatus = "answered" | "cancelled" | "aborted" | "timed_out";

/** The operator's settings, read from pi's flags (first) or the environment. */
interface Settings {
	notify: boolean;
	/** The time limit in milliseconds; none unless set. */
	timeoutMs: number | undefined;
}

/** One open call: rings once, ends the dialogs on time, says how it closed. */
export interface Call {
	/** Rings the bell (and notifies) through pi's terminal, the first time only. */
	ring(tui: TUI): void;
	/** Aborts when the turn does, or when the time limit runs out before the first reply. */
	readonly signal: AbortSignal | undefined;
	/** The operator's time limit in milliseconds, for the questionnaire's own countdown. */
	readonly timeoutMs: number | undefined;
	/** The first reply came: the time limit stops for good. */
	replied(): void;
	/** Ends the dialogs: timed out if the time ran out, else aborted. */
	end(dialogs: Dialogs): ToolResult;
	/** Emits the close event with the result's status. */
	close(result: ToolResult): void;
}

export function attention(pi: ExtensionAPI, addon: Addon) {
	pi.registerFlag(NOTIFY_FLAG, {
		description: `ask_user_question: also send a desktop notification through the terminal when questions wait (or ${NOTIFY_ENV}=1)`,
		type: "boolean",
		default: false,
	});
	pi.registerFlag(TIMEOUT_FLAG, {
		description: `ask_user_question: end unanswered questions after this long, e.g. 90s, 5m (or ${TIMEOUT_ENV})`,
		type: "string",
	});

	/** The settings; throws an error naming the setting when one is not understood. */
	const settings = (): Settings => ({
		notify: pi.getFlag(NOTIFY_FLAG) === true || envSwitch(NOTIFY_ENV),
		timeoutMs: timeout(addon, pi.getFlag(TIMEOUT_FLAG)),
	});
	// A bad setting is reported as pi starts, not only at the first call.
	pi.on("session_start", () => {
		settings();
	});

	return {
		/** The call opens its questions: emits the open event; throws on a bad setting. */
		open(toolCallId: string, input: unknown, turn: AbortSignal | undefined): Call {
			const { notify, timeoutMs } = settings();
			const opening = addon.opening(input, notify, Boolean(process.env.TMUX));
			pi.events.emit(OPEN_EVENT, { toolCallId, title: opening.title, questions: opening.questions });
			let rung = false;
			const limit = timeLimit(turn, timeoutMs);
			return {
				ring(tui) {
					if (rung) return;
					rung = true;
					// Through pi's own terminal; a host whose terminal cannot write gets no bell
					// rather than a questionnaire that fails to open.
					const terminal = tui.terminal as { write?: (data: string) => void } | undefined;
					terminal?.write?.(opening.bytes);
				},
				signal: limit.signal,
				timeoutMs,
				replied: limit.stop,
				end: (dialogs) => (limit.expired() ? dialogs.timeOut() : dialogs.abort()),
				close(result) {
					limit.stop();
					pi.events.emit(CLOSE_EVENT, { toolCallId, status: status(result) });
				},
			};
		},
	};
}

function status(result: ToolResult): CloseStatus {
	const { error, cancelled } = result.details as { error?: string; cancelled?: boolean };
	if (error === "timed_out") return "timed_out";
	if (error === "aborted") return "aborted";
	return cancelled ? "cancelled" : "answered";
}

/** `ASK_USER_QUESTION_NOTIFY`: 1/true/yes/on, or 0/false/no/off/empty. */
function envSwitch(name: string): boolean {
	const value = (process.env[name] ?? "").trim().toLowerCase();
	if (["1", "true", "yes", "on"].includes(value)) return true;
	if (["", "0", "false", "no", "off"].includes(value)) return false;
	throw new Error(`ask_user_question: ${name}: expected 1 or 0; got ${JSON.stringify(process.env[name])}`);
}

/** `--ask-timeout` (first) or `ASK_USER_QUESTION_TIMEOUT`, in milliseconds. */
function timeout(addon: Addon, flag: boolean | string | undefined): number | undefined {
	// A flag given with no value comes as `true`: parsed as nothing, it says a value is missing.
	const given = flag === true ? "" : flag;
	const [setting, text] =
		typeof given === "string" ? [`--${TIMEOUT_FLAG}`, given] : [TIMEOUT_ENV, process.env[TIMEOUT_ENV] ?? ""];
	if (given === undefined && text.trim() === "") return undefined;
	try {
		return addon.parseTimeout(text);
	} catch (error) {
		throw new Error(`ask_user_question: ${setting}: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/**
 * A signal that aborts with the turn, or when `ms` pass before `stop()` (the first reply:
 * someone who is answering is never timed out).
 */
function timeLimit(turn: AbortSignal | undefined, ms: number | undefined) {
	if (ms === undefined) return { signal: turn, stop: () => {}, expired: () => false };
	const controller = new AbortController();
	let expired = false;
	const onTurnAbort = () => controller.abort();
	const timer = setTimeout(() => {
		expired = true;
		controller.abort();
	}, ms);
	const stop = () => clearTimeout(timer);
	if (turn?.aborted) onTurnAbort();
	else turn?.addEventListener("abort", onTurnAbort, { once: true });
	controller.signal.addEventListener("abort", () => {
		stop();
		turn?.removeEventListener("abort", onTurnAbort);
	});
	return { signal: controller.signal, stop, expired: () => expired };
}
