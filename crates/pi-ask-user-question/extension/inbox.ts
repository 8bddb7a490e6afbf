// The inbox (`ask-user-question inbox`): a call's questionnaire is also posted to the user's
// store, where a running inbox lists it under "pi", and the first answer wins (the store decides;
// the addon's InboxPost is its link to it, shared with the CLI). The store opens only when a call
// may join: ASK_USER_QUESTION_INBOX=1, or a store file exists (an inbox made it once). As with the
// web page (web.ts):
// - the inbox's answer ends pi's side (endInInbox): the Session, whose questionnaire then closes
//   itself, or the Dialogs, whose open dialog is closed;
// - what is typed or replied in pi reaches the store after keys, at most every SAVE_EVERY_MS;
// - pi's side first: its result is offered to the store, and the inbox's is used if it came
//   first; a call that stops with nobody's answer (an abort) leaves the inbox's list.
// The tool's calls join (questionnaire or dialogs) and so do the question service's requests.
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import type { Addon, Closed, InboxPost, ToolResult } from "./addon.ts";

/** What pi's side holds reaches the store at most this often while keys come. */
const SAVE_EVERY_MS = 300;

/** pi's side of the race: the Session or the Dialogs asking now. */
export interface InboxAsking {
	endInInbox(result: ToolResult): Closed;
	/** What it holds for the inbox to open with; null once it ended. */
	saved(): unknown;
}

export class InboxRace {
	/** Set once the inbox's answer ended pi's side. */
	endedInInbox = false;
	private settled = false;
	private saving: ReturnType<typeof setTimeout> | undefined;
	private asking: InboxAsking | undefined;
	/** Closes what shows pi's side (the open dialog); the questionnaire closes itself. */
	private onEnded: () => void = () => {};
	/** The inbox's answer that came while no side was attached. */
	private waiting: ToolResult | undefined;
	/** An abort saves what was typed at once, before pi's side ends (the first listener). */
	private readonly onAbort = () => this.save();

	constructor(
		private readonly post: InboxPost,
		private readonly warn: (message: string) => void,
		private readonly signal: AbortSignal | undefined,
	) {
		signal?.addEventListener("abort", this.onAbort, { once: true });
		post.onAnswer((result) => {
			if (this.settled) return;
			if (this.asking) this.take(result);
			else this.waiting = result;
		});
	}

	/**
	 * `asking` races the inbox from now on (the questionnaire, or the dialogs where it cannot
	 * show: the same post, so the inbox's list does not change); `onEnded` runs when the inbox
	 * ended it.
	 */
	attach(asking: InboxAsking, onEnded: () => void = () => {}): void {
		this.asking = asking;
		this.onEnded = onEnded;
		const waiting = this.waiting;
		this.waiting = undefined;
		if (waiting && !this.settled) this.take(waiting);
	}

	/** What runs after each key or reply: the drafts are saved soon (one save per SAVE_EVERY_MS). */
	afterKey(): void {
		if (this.saving || this.settled) return;
		this.saving = setTimeout(() => {
			this.saving = undefined;
			this.save();
		}, SAVE_EVERY_MS);
		this.saving.unref?.();
	}

	/** The call's result once pi's side ended with `result` (or the inbox ended it). */
	settle(result: Closed): Closed {
		if (this.settled) return result;
		this.settled = true;
		this.cancelSave();
		if (this.endedInInbox) return result;
		const winner =
			result.outcome === "aborted"
				? this.post.stop("pi stopped waiting")
				: this.post.settle(surfaceOf(result), { content: result.content, details: result.details });
		this.sayWhyLeft();
		return winner && this.asking ? this.asking.endInInbox(winner) : result;
	}

	/** The call is over: a questionnaire not settled leaves the inbox's list. */
	stop(): void {
		this.cancelSave();
		if (this.settled) return;
		this.settled = true;
		this.save();
		this.post.stop("pi stopped waiting");
		this.sayWhyLeft();
	}

	private take(result: ToolResult): void {
		if (!this.asking) return;
		this.endedInInbox = true;
		this.asking.endInInbox(result);
		this.onEnded();
	}

	private save(): void {
		const saved = this.asking?.saved();
		if (saved) this.post.save(saved);
	}

	private cancelSave(): void {
		this.signal?.removeEventListener("abort", this.onAbort);
		if (this.saving) clearTimeout(this.saving);
		this.saving = undefined;
	}

	private sayWhyLeft(): void {
		const why = this.post.whyLeft();
		if (why) this.warn(why);
	}
}

/** Where pi's side was answered, as the inbox's history says it: the page's answer is the web's. */
function surfaceOf(result: Closed): string {
	return (result.details as { answeredIn?: unknown } | null)?.answeredIn === "web" ? "web" : "pi";
}

/**
 * Whether a call may join, decided without the store: `ASK_USER_QUESTION_INBOX` `0` never, `1`
 * always, else only when the store file exists (no file, no inbox ever ran; the addon then
 * decides whether one runs now). The file is `ASK_USER_QUESTION_STORE`, else the user's, as the
 * store crate names it.
 */
export function mayJoin(env: NodeJS.ProcessEnv = process.env): boolean {
	const joining = env.ASK_USER_QUESTION_INBOX;
	if (joining === "0") return false;
	if (joining === "1") return true;
	if (env.ASK_USER_QUESTION_STORE) return existsSync(env.ASK_USER_QUESTION_STORE);
	// A relative XDG_STATE_HOME is ignored, as the XDG spec says and the store does.
	const xdg = env.XDG_STATE_HOME;
	const state = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), ".local", "state");
	return existsSync(join(state, "ask-user-question", "inbox.sqlite3"));
}

/**
 * Posts a call's questions (`input`) to the inbox when joining applies; undefined when not.
 * A store that cannot be used is said with `warn`; the call goes on in pi.
 */
export function joinInbox(
	addon: Addon,
	input: unknown,
	project: string,
	signal: AbortSignal | undefined,
	warn: (message: string) => void,
): InboxRace | undefined {
	if (!mayJoin()) return undefined;
	let post: InboxPost | null;
	try {
		post = addon.joinInbox(input as object, "pi", project);
	} catch (error) {
		warn(error instanceof Error ? error.message : String(error));
		return undefined;
	}
	return post ? new InboxRace(post, warn, signal) : undefined;
}

/** How trouble with the inbox is said in pi: a warning notice; the call goes on. */
export function warnOf(ctx: Pick<ExtensionContext, "ui">): (message: string) => void {
	return (message) => ctx.ui.notify(`ask_user_question: ${message}`, "warning");
}
