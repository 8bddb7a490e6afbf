// The sequential dialog fallback for hosts whose custom() shows nothing (pi's RPC mode): the
// addon's Dialogs decides every dialog and keeps the time limit; this only shows them, raced
// against the turn's signal and the addon's wake-up when the time runs out, and against the call's
// web page when the operator serves one (its answer or cancel dismisses the open dialog), and
// against the inbox when the call joined one (its answer dismisses the open dialog too).
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { Addon, Closed } from "./addon.ts";
import type { InboxRace } from "./inbox.ts";
import type { PageRace } from "./web.ts";

export async function askWithDialogs(
	addon: Addon,
	input: unknown,
	ctx: ExtensionContext,
	turn: AbortSignal | undefined,
	timeoutMs: number | undefined,
	race?: PageRace,
	inbox?: InboxRace,
): Promise<Closed> {
	const dialogs = new addon.Dialogs(input, timeoutMs);
	// Closes the open dialog when the addon says the time limit ran out, or the page ended the
	// dialogs; next() then says so.
	const timeUp = new AbortController();
	dialogs.onWake(() => timeUp.abort());
	race?.attach(dialogs, () => timeUp.abort());
	inbox?.attach(dialogs, () => timeUp.abort());
	const signal = turn ? AbortSignal.any([turn, timeUp.signal]) : timeUp.signal;
	const settled = (result: Closed) => {
		const ours = inbox ? inbox.settle(result) : result;
		return race ? race.settle(dialogs, ours) : ours;
	};
	try {
		for (;;) {
			if (turn?.aborted) return settled(dialogs.abort());
			const step = dialogs.next();
			if (step.result) return settled(step.result);
			const shown = step.options
				? ctx.ui.select(step.title, step.options, { signal })
				: ctx.ui.input(step.title, step.placeholder ?? undefined, { signal });
			const reply = await untilAborted(shown, signal);
			if (!reply.aborted) {
				dialogs.answer(reply.value ?? null);
				race?.stopCountdown();
				inbox?.afterKey();
			}
		}
	} finally {
		dialogs.onWake(null);
	}
}

type Reply = { aborted: true } | { aborted: false; value: string | undefined };

function untilAborted(shown: Promise<string | undefined>, signal: AbortSignal): Promise<Reply> {
	const answered = shown.then((value): Reply => (signal.aborted ? { aborted: true } : { aborted: false, value }));
	let onAbort = () => {};
	const aborted = new Promise<Reply>((resolve) => {
		onAbort = () => resolve({ aborted: true });
		if (signal.aborted) onAbort();
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	return Promise.race([answered, aborted]).finally(() => signal.removeEventListener("abort", onAbort));
}
