// A waiting question gets attention: the bell (and, when the operator asks, a desktop
// notification) rung through pi's own terminal when the questionnaire first shows; the
// `ask_user_question:open` / `:close` events on pi.events for other extensions; and the
// operator's time limit for the dialog fallback. Loaded at a call's start (settings.ts reads the
// operator's choices).
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import type { TUI } from "@mariozechner/pi-tui";
import type { Addon, Dialogs, ToolResult } from "./addon.ts";
import type { Attention } from "./settings.ts";

export const OPEN_EVENT = "ask_user_question:open";
export const CLOSE_EVENT = "ask_user_question:close";

export type CloseStatus = "answered" | "cancelled" | "aborted" | "timed_out";

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

/**
 * The call opens its questions: emits the open event; its bell, time limit and close event follow,
 * as the operator's settings (already read and checked) ask.
 */
export function openCall(
	pi: ExtensionAPI,
	addon: Addon,
	{ notify, timeoutMs }: Attention,
	toolCallId: string,
	input: unknown,
	turn: AbortSignal | undefined,
): Call {
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
}

function status(result: ToolResult): CloseStatus {
	const { error, cancelled } = result.details as { error?: string; cancelled?: boolean };
	if (error === "timed_out") return "timed_out";
	if (error === "aborted") return "aborted";
	return cancelled ? "cancelled" : "answered";
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
