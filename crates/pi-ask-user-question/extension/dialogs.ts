// The sequential dialog fallback for hosts whose custom() shows nothing (pi's RPC mode): the
// addon's Dialogs decides every dialog, keeps the time limit and settles the race with the call's
// web page and inbox (`rivals`); this only shows them, raced against the turn's signal and the
// addon's wake-up, which comes when the time runs out or an answer came from elsewhere.
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { Addon, Closed, Rivals } from "./addon.ts";
import { untilAborted } from "./one-at-a-time.ts";

export async function askWithDialogs(
	addon: Addon,
	input: unknown,
	ctx: ExtensionContext,
	turn: AbortSignal | undefined,
	timeoutMs: number | undefined,
	rivals?: Rivals,
): Promise<Closed> {
	const dialogs = new addon.Dialogs(input, timeoutMs, rivals);
	// Closes the open dialog when the addon wakes this; next() then says why. One controller per
	// dialog: a wake-up that ended nothing shows the dialog again instead of closing every one.
	let woken = new AbortController();
	dialogs.onWake(() => woken.abort());
	try {
		for (;;) {
			if (turn?.aborted) return dialogs.abort();
			const step = dialogs.next();
			if (step.result) return step.result;
			if (woken.signal.aborted) woken = new AbortController();
			const signal = turn ? AbortSignal.any([turn, woken.signal]) : woken.signal;
			const shown = step.options
				? ctx.ui.select(step.title, step.options, { signal })
				: ctx.ui.input(step.title, step.placeholder ?? undefined, { signal });
			const reply = await untilAborted(shown, signal);
			if (!reply.aborted) dialogs.answer(reply.value ?? null);
		}
	} finally {
		dialogs.onWake(null);
	}
}
