// The sequential dialog fallback for hosts whose custom() shows nothing (pi's RPC mode): the
// addon's Dialogs driver decides every dialog; this only shows them, raced against the call's
// signal (the turn's abort, or the operator's time limit until the first reply).
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { Addon, ToolResult } from "./addon.ts";
import type { Call } from "./attention.ts";

export async function askWithDialogs(addon: Addon, input: unknown, ctx: ExtensionContext, call: Call): Promise<ToolResult> {
	const dialogs = new addon.Dialogs(input);
	const { signal } = call;
	for (;;) {
		if (signal?.aborted) return call.end(dialogs);
		const step = dialogs.next();
		if (step.kind === "finished") return step.result;
		const shown =
			step.kind === "select"
				? ctx.ui.select(step.title, step.options, { signal })
				: ctx.ui.input(step.title, step.placeholder, { signal });
		const reply = await untilAborted(shown, signal);
		if (reply.aborted) return call.end(dialogs);
		call.replied();
		dialogs.answer(reply.value ?? null);
	}
}

type Reply = { aborted: true } | { aborted: false; value: string | undefined };

function untilAborted(shown: Promise<string | undefined>, signal: AbortSignal | undefined): Promise<Reply> {
	const answered = shown.then((value): Reply => (signal?.aborted ? { aborted: true } : { aborted: false, value }));
	if (!signal) return answered;
	let onAbort = () => {};
	const aborted = new Promise<Reply>((resolve) => {
		onAbort = () => resolve({ aborted: true });
		if (signal.aborted) onAbort();
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	return Promise.race([answered, aborted]).finally(() => signal.removeEventListener("abort", onAbort));
}
