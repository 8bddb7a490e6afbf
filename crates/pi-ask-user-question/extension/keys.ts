// pi's own keybindings in the questionnaire, read from the KeybindingsManager pi hands to
// ctx.ui.custom(), so keys rebound in pi act the same here. (The collapse key is a setting:
// settings.ts.)
import type { KeybindingsManager } from "@mariozechner/pi-coding-agent";
import type { Addon } from "./addon.ts";

/** pi's keys for the keybindings the questionnaire honours, by name. */
export function piBindings(addon: Addon, keybindings: KeybindingsManager): Record<string, string[]> {
	const bindings: Record<string, string[]> = {};
	for (const name of addon.piKeybindingNames()) {
		bindings[name] = keybindings.getKeys(name as Parameters<KeybindingsManager["getKeys"]>[0]);
	}
	return bindings;
}
