// The operator's settings, each a pi flag (read first) or an environment variable: pi's dialogs
// instead of the questionnaire, a desktop notification, a time limit, the collapse key, the
// height, the web page (the addon's `operator.rs` says each). The flags are registered while pi
// loads the extension, from the addon's list kept beside this file (settings.json), so pi's start
// need not load the addon; the values are read at each call, and once as a session starts so
// that a bad one is reported then.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { readFileSync } from "node:fs";
import type { Addon, OperatorSettings } from "./addon.ts";

/** A flag as pi registers it, and `env`, the variable read when the flag is not given. */
type Flag = { name: string; env: string; description: string } & (
	| { type: "boolean"; default: boolean }
	| { type: "string" }
);

/** What nobody set: the addon need not load to say so. */
const DEFAULTS: OperatorSettings = { accessible: false, notify: false };

/** Registers the flags and the check at session start; returns the reader. */
export function operatorSettings(pi: ExtensionAPI, addon: () => Addon): () => OperatorSettings {
	const flags = JSON.parse(readFileSync(new URL("./settings.json", import.meta.url), "utf8")) as Flag[];
	for (const flag of flags) {
		const { description } = flag;
		pi.registerFlag(flag.name, flag.type === "boolean" ? { description, type: "boolean", default: flag.default } : { description, type: "string" });
	}
	const read = (): OperatorSettings => {
		const given = { flags: {} as Record<string, boolean | string>, env: {} as Record<string, string>, argv: process.argv };
		for (const { name, env } of flags) {
			const flag = pi.getFlag(name);
			if (flag !== undefined && flag !== false) given.flags[name] = flag;
			const value = process.env[env];
			if (value?.trim()) given.env[env] = value;
		}
		if (Object.keys(given.flags).length === 0 && Object.keys(given.env).length === 0) return DEFAULTS;
		return addon().operatorSettings(given);
	};
	// A bad setting is reported as pi starts, not only at the first call.
	pi.on("session_start", () => {
		read();
	});
	return read;
}
