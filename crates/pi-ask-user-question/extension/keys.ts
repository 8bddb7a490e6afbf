// The questionnaire's keys in pi: the collapse key the operator chose (`pi --ask-collapse-key f2`
// or ASK_USER_QUESTION_COLLAPSE_KEY; Ctrl+] by default), and pi's own keybindings, read from the
// KeybindingsManager pi hands to ctx.ui.custom(), so keys rebound in pi act the same here.
import type { ExtensionAPI, KeybindingsManager } from "@mariozechner/pi-coding-agent";
import type { Addon } from "./addon.ts";

const FLAG = "ask-collapse-key";
const ENV = "ASK_USER_QUESTION_COLLAPSE_KEY";

/** Registers the flag; the returned function gives the collapse key, throwing a clear error naming the setting. */
export function collapseKeyChoice(pi: ExtensionAPI, addon: Addon): () => string | undefined {
	pi.registerFlag(FLAG, {
		description: `ask_user_question: the key that folds the questionnaire into its dock and back, e.g. f2 (or ${ENV}); default ctrl+]`,
		type: "string",
	});
	const collapseKey = (): string | undefined => {
		const flag = pi.getFlag(FLAG);
		// A flag given with no value comes as `true`: checked as an empty key name, it says so.
		const [setting, key] =
			flag === undefined ? [ENV, process.env[ENV]] : [`--${FLAG}`, flag === true ? "" : String(flag)];
		if (key === undefined || (setting === ENV && key.trim() === "")) return undefined;
		try {
			addon.checkCollapseKey(key);
		} catch (error) {
			throw new Error(`ask_user_question: ${setting}: ${error instanceof Error ? error.message : String(error)}`);
		}
		return key;
	};
	// A bad setting is reported as pi starts, not only at the first call.
	pi.on("session_start", () => {
		collapseKey();
	});
	return collapseKey;
}

/** pi's keys for the keybindings the questionnaire honours, by name. */
export function piBindings(addon: Addon, keybindings: KeybindingsManager): Record<string, string[]> {
	const bindings: Record<string, string[]> = {};
	for (const name of addon.piKeybindingNames()) {
		bindings[name] = keybindings.getKeys(name as Parameters<KeybindingsManager["getKeys"]>[0]);
	}
	return bindings;
}
