// What races a call's questions beside pi's own: the operator's web page (--ask-web) and the
// inbox (`ask-user-question inbox`, when one runs or ASK_USER_QUESTION_INBOX=1). The addon's
// Rivals serves and posts them, and the Session or the Dialogs they are handed settle the race
// (the first answer wins). Trouble with the inbox's store is a warning; the call goes on in pi.
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { Addon, RivalOptions, Rivals } from "./addon.ts";

export interface Racing {
	rivals: Rivals;
	/** The link to the page, when one is served. */
	url: string | undefined;
	/** The call is over: the page stops, an unsettled post leaves the inbox. */
	stop(): void;
}

export function race(addon: Addon, input: unknown, options: RivalOptions, ctx: Pick<ExtensionContext, "ui">): Racing {
	const rivals = new addon.Rivals(input, options);
	const warn = () => {
		for (const warning of rivals.warnings()) ctx.ui.notify(`ask_user_question: ${warning}`, "warning");
	};
	warn();
	return {
		rivals,
		url: rivals.url ?? undefined,
		stop() {
			rivals.stop();
			warn();
		},
	};
}
