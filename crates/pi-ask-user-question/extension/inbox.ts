// The inbox (`ask-user-question inbox`): a call's questionnaire is also posted to the user's
// store, where a running inbox lists it under "pi", and the first answer wins (the store decides;
// the addon's InboxPost is its link to it, shared with the CLI). As with the web page (web.ts):
// - the inbox's answer ends the Session (endInInbox), whose questionnaire then closes itself;
// - what is typed in pi reaches the store after keys, at most every SAVE_EVERY_MS;
// - pi's side first: its result is offered to the store, and the inbox's is used if it came
//   first; a call that stops with nobody's answer (an abort) leaves the inbox's list.
// Only the interactive questionnaire joins; the dialogs and the question service do not yet.
import type { Addon, Closed, InboxPost, Session } from "./addon.ts";

/** What pi's side holds reaches the store at most this often while keys come. */
const SAVE_EVERY_MS = 300;

export class InboxRace {
	/** Set once the inbox's answer ended the session. */
	endedInInbox = false;
	private settled = false;
	private saving: ReturnType<typeof setTimeout> | undefined;
	/** An abort saves what was typed at once, before the session ends (the first listener). */
	private readonly onAbort = () => this.save();

	constructor(
		private readonly post: InboxPost,
		private readonly session: Session,
		private readonly warn: (message: string) => void,
		private readonly signal: AbortSignal | undefined,
	) {
		signal?.addEventListener("abort", this.onAbort, { once: true });
		post.onAnswer((result) => {
			if (this.settled) return;
			this.endedInInbox = true;
			session.endInInbox(result);
		});
	}

	/** What runs after each key: the drafts are saved soon (one save per SAVE_EVERY_MS). */
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
		if (result.outcome === "aborted") {
			const answered = this.post.stop("pi stopped waiting");
			this.sayWhyLeft();
			return answered ? this.session.endInInbox(answered) : result;
		}
		const winner = this.post.settle("pi", { content: result.content, details: result.details });
		this.sayWhyLeft();
		return winner ? this.session.endInInbox(winner) : result;
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

	private save(): void {
		const saved = this.session.saved();
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

/** Posts `session`'s questions (`input`) to the inbox when joining applies; undefined when not. */
export function joinInbox(
	addon: Addon,
	session: Session,
	input: unknown,
	project: string,
	signal: AbortSignal | undefined,
	warn: (message: string) => void,
): InboxRace | undefined {
	let post: InboxPost | null;
	try {
		post = addon.joinInbox(input as object, "pi", project);
	} catch (error) {
		warn(error instanceof Error ? error.message : String(error));
		return undefined;
	}
	return post ? new InboxRace(post, session, warn, signal) : undefined;
}
