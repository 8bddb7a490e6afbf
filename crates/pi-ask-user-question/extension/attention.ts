// A waiting question gets attention: the bell (and, when the operator asks, a desktop
// notification) rung through pi's own terminal when the questionnaire first shows, and the
// `ask_user_question:open` / `:close` events on pi.events for other extensions. Loaded at a
// call's start (settings.ts reads the operator's choices). The time limit is the addon's: the
// Session's countdown, the Dialogs' deadline.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import type { TUI } from "@mariozechner/pi-tui";
import type { Addon, Closed, Outcome } from "./addon.ts";

export const OPEN_EVENT = "ask_user_question:open";
export const CLOSE_EVENT = "ask_user_question:close";

/** How a call closed, as the close event says it: the addon's outcome. */
export type CloseStatus = Outcome;

/** One open call: rings once, says how it closed. */
export interface Call {
	/** Rings the bell (and notifies) through pi's terminal, the first time only. */
	ring(tui: TUI): void;
	/** Emits the close event with the result's outcome. */
	close(result: Closed): void;
}

/**
 * The call opens its questions: emits the open event (with `url`, the link to the call's web page,
 * when the operator serves one); its bell and close event follow.
 */
export function openCall(
	pi: ExtensionAPI,
	addon: Addon,
	notify: boolean,
	toolCallId: string,
	input: unknown,
	url?: string,
): Call {
	const opening = addon.opening(input, notify, Boolean(process.env.TMUX));
	const page = url === undefined ? {} : { url };
	pi.events.emit(OPEN_EVENT, { toolCallId, title: opening.title, questions: opening.questions, ...page });
	let rung = false;
	return {
		ring(tui) {
			if (rung) return;
			rung = true;
			// Through pi's own terminal; a host whose terminal cannot write gets no bell
			// rather than a questionnaire that fails to open.
			const terminal = tui.terminal as { write?: (data: string) => void } | undefined;
			terminal?.write?.(opening.bytes);
		},
		close(result) {
			pi.events.emit(CLOSE_EVENT, { toolCallId, status: result.outcome });
		},
	};
}
