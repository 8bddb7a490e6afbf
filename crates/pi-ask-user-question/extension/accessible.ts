// The accessible choice: pi's own select and input dialogs, one at a time (the sequential dialogs
// of RPC mode), instead of the framed questionnaire; for screen readers and terminals that cannot
// draw it. On with `pi --ask-accessible` or ASK_USER_QUESTION_ACCESSIBLE=1.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const FLAG = "ask-accessible";

/** Registers the flag; the returned check reads it (and the environment) at each call. */
export function accessibleChoice(pi: ExtensionAPI): () => boolean {
	pi.registerFlag(FLAG, {
		description: "ask_user_question: ask with pi's plain select and input dialogs, one question at a time",
		type: "boolean",
		default: false,
	});
	return () => pi.getFlag(FLAG) === true || enabled(process.env.ASK_USER_QUESTION_ACCESSIBLE);
}

/** Set and not empty, `0` or `false`. */
function enabled(value: string | undefined): boolean {
	return value !== undefined && !["", "0", "false"].includes(value.trim().toLowerCase());
}
