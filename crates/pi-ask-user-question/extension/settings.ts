// The operator's settings, each a pi flag (read first) or an environment variable:
// - `--ask-accessible` / ASK_USER_QUESTION_ACCESSIBLE=1: pi's own select and input dialogs, one
//   question at a time (the sequential dialogs of RPC mode), instead of the framed questionnaire;
//   for screen readers and terminals that cannot draw it;
// - `--ask-notify` / ASK_USER_QUESTION_NOTIFY=1: a desktop notification besides the bell;
// - `--ask-timeout 90s` / ASK_USER_QUESTION_TIMEOUT: a time limit for unanswered questions;
// - `--ask-collapse-key f2` / ASK_USER_QUESTION_COLLAPSE_KEY: the key that folds the
//   questionnaire into its dock (Ctrl+] by default);
// - `--ask-height 60%` / ASK_USER_QUESTION_HEIGHT: the most rows the questionnaire takes, as rows
//   or a percentage of the terminal (45% by default, so the chat stays visible);
// - `--ask-web[=ADDR]` / ASK_USER_QUESTION_WEB=1 (or =ADDR): every call's questions also served as
//   a web page, to answer from a browser or a phone; ADDR is `local` (127.0.0.1, the default),
//   `lan` (this machine's LAN address: anyone on the network holding the link can answer), an IP
//   or IP:PORT. Only then does a call start a page's server.
// The flags are registered while pi loads the extension (so `pi --ask-…` parses); the values are
// read at each call, and once as a session starts so that a bad one is reported then.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import type { Addon } from "./addon.ts";

const ACCESSIBLE_FLAG = "ask-accessible";
const NOTIFY_FLAG = "ask-notify";
const TIMEOUT_FLAG = "ask-timeout";
const COLLAPSE_KEY_FLAG = "ask-collapse-key";
const HEIGHT_FLAG = "ask-height";
const WEB_FLAG = "ask-web";
const ACCESSIBLE_ENV = "ASK_USER_QUESTION_ACCESSIBLE";
const NOTIFY_ENV = "ASK_USER_QUESTION_NOTIFY";
const TIMEOUT_ENV = "ASK_USER_QUESTION_TIMEOUT";
const COLLAPSE_KEY_ENV = "ASK_USER_QUESTION_COLLAPSE_KEY";
const HEIGHT_ENV = "ASK_USER_QUESTION_HEIGHT";
const WEB_ENV = "ASK_USER_QUESTION_WEB";

/** How a waiting question gets attention. */
export interface Attention {
	notify: boolean;
	/** The time limit in milliseconds; none unless set. */
	timeoutMs: number | undefined;
}

/** Readers of the settings; those that can be wrong throw an error naming the setting. */
export interface Settings {
	accessible(): boolean;
	attention(): Attention;
	collapseKey(): string | undefined;
	/** The height limit as written (`20`, `60%`); pi's 45% unless set. */
	height(): string | undefined;
	/** Where to serve each call's web page (`local`, `lan`, an IP or IP:PORT); none unless set. */
	web(): string | undefined;
}

/** Registers the flags and the check at session start; returns the readers. */
export function operatorSettings(pi: ExtensionAPI, addon: () => Addon): Settings {
	pi.registerFlag(ACCESSIBLE_FLAG, {
		description: "ask_user_question: ask with pi's plain select and input dialogs, one question at a time",
		type: "boolean",
		default: false,
	});
	pi.registerFlag(NOTIFY_FLAG, {
		description: `ask_user_question: also send a desktop notification through the terminal when questions wait (or ${NOTIFY_ENV}=1)`,
		type: "boolean",
		default: false,
	});
	pi.registerFlag(TIMEOUT_FLAG, {
		description: `ask_user_question: end unanswered questions after this long, e.g. 90s, 5m (or ${TIMEOUT_ENV})`,
		type: "string",
	});
	pi.registerFlag(COLLAPSE_KEY_FLAG, {
		description: `ask_user_question: the key that folds the questionnaire into its dock and back, e.g. f2 (or ${COLLAPSE_KEY_ENV}); default ctrl+]`,
		type: "string",
	});
	pi.registerFlag(HEIGHT_FLAG, {
		description: `ask_user_question: the most rows the questionnaire takes, as rows or a percentage of the terminal, e.g. 20 or 60% (or ${HEIGHT_ENV}); default 45%`,
		type: "string",
	});
	// A switch that may carry a value: pi 1.x refuses a string flag given alone, and hands a
	// boolean one no value, so the address is read from the command line.
	pi.registerFlag(WEB_FLAG, {
		description: `ask_user_question: also serve every question as a web page, at --${WEB_FLAG}=ADDR: local (default), lan, an IP or IP:PORT (or ${WEB_ENV}=1 or =ADDR)`,
		type: "boolean",
		default: false,
	});

	const settings: Settings = {
		accessible: () => pi.getFlag(ACCESSIBLE_FLAG) === true || enabled(process.env[ACCESSIBLE_ENV]),
		attention: () => ({
			notify: pi.getFlag(NOTIFY_FLAG) === true || envSwitch(NOTIFY_ENV),
			timeoutMs: timeout(addon, pi.getFlag(TIMEOUT_FLAG)),
		}),
		collapseKey: () => collapseKey(addon, pi.getFlag(COLLAPSE_KEY_FLAG)),
		height: () => height(addon, pi.getFlag(HEIGHT_FLAG)),
		web: () => web(addon, pi.getFlag(WEB_FLAG) === true ? flagValue(WEB_FLAG) : undefined),
	};
	// A bad setting is reported as pi starts, not only at the first call (each on its own).
	pi.on("session_start", () => {
		settings.attention();
	});
	pi.on("session_start", () => {
		settings.collapseKey();
	});
	pi.on("session_start", () => {
		settings.height();
	});
	pi.on("session_start", () => {
		settings.web();
	});
	return settings;
}

/** Set and not empty, `0` or `false`. */
function enabled(value: string | undefined): boolean {
	return value !== undefined && !["", "0", "false"].includes(value.trim().toLowerCase());
}

/** `ASK_USER_QUESTION_NOTIFY`: 1/true/yes/on, or 0/false/no/off/empty. */
function envSwitch(name: string): boolean {
	const value = (process.env[name] ?? "").trim().toLowerCase();
	if (["1", "true", "yes", "on"].includes(value)) return true;
	if (["", "0", "false", "no", "off"].includes(value)) return false;
	throw new Error(`ask_user_question: ${name}: expected 1 or 0; got ${JSON.stringify(process.env[name])}`);
}

/** `--ask-timeout` (first) or `ASK_USER_QUESTION_TIMEOUT`, in milliseconds. */
function timeout(addon: () => Addon, flag: boolean | string | undefined): number | undefined {
	// A flag given with no value comes as `true`: parsed as nothing, it says a value is missing.
	const given = flag === true ? "" : flag;
	const [setting, text] =
		typeof given === "string" ? [`--${TIMEOUT_FLAG}`, given] : [TIMEOUT_ENV, process.env[TIMEOUT_ENV] ?? ""];
	if (given === undefined && text.trim() === "") return undefined;
	try {
		return addon().parseTimeout(text);
	} catch (error) {
		throw named(setting, error);
	}
}

/**
 * A text setting: the flag `--<flagName>` (first) or the environment variable `env`, checked by
 * `check` (which throws why it is wrong); undefined when neither is given.
 */
function checkedText(
	flagName: string,
	env: string,
	flag: boolean | string | undefined,
	check: (text: string) => void,
): string | undefined {
	// A flag given with no value comes as `true`: checked as empty text, it says what is missing.
	const [setting, text] =
		flag === undefined ? [env, process.env[env]] : [`--${flagName}`, flag === true ? "" : String(flag)];
	if (text === undefined || (setting === env && text.trim() === "")) return undefined;
	try {
		check(text);
	} catch (error) {
		throw named(setting, error);
	}
	return text;
}

/** `--ask-collapse-key` (first) or `ASK_USER_QUESTION_COLLAPSE_KEY`, checked by the addon's keymap. */
function collapseKey(addon: () => Addon, flag: boolean | string | undefined): string | undefined {
	return checkedText(COLLAPSE_KEY_FLAG, COLLAPSE_KEY_ENV, flag, (key) => addon().checkCollapseKey(key));
}

/** `--ask-height` (first) or `ASK_USER_QUESTION_HEIGHT`, checked by the addon. */
function height(addon: () => Addon, flag: boolean | string | undefined): string | undefined {
	return checkedText(HEIGHT_FLAG, HEIGHT_ENV, flag, (text) => addon().checkHeight(text));
}

/** The value of the last `--<name>=VALUE` on pi's command line; `true` when given without one. */
function flagValue(name: string): string | true {
	const prefix = `--${name}=`;
	const given = process.argv.filter((arg) => arg.startsWith(prefix)).at(-1);
	return given === undefined ? true : given.slice(prefix.length);
}

/**
 * `--ask-web` (first; alone it means `local`) or `ASK_USER_QUESTION_WEB` (1/true/yes/on for
 * `local`, 0/false/no/off/empty for none, else an address), checked by the addon.
 */
function web(addon: () => Addon, flag: boolean | string | undefined): string | undefined {
	if (flag === true) return "local";
	if (flag === undefined) {
		const value = (process.env[WEB_ENV] ?? "").trim().toLowerCase();
		if (["", "0", "false", "no", "off"].includes(value)) return undefined;
		if (["1", "true", "yes", "on"].includes(value)) return "local";
	}
	return checkedText(WEB_FLAG, WEB_ENV, flag, (text) => addon().checkWebAddress(text));
}

function named(setting: string, error: unknown): Error {
	return new Error(`ask_user_question: ${setting}: ${error instanceof Error ? error.message : String(error)}`);
}
