// The operator's web page (--ask-web): a call's questions also served as a page (the addon's
// WebPage), racing pi's questionnaire or its dialogs; the first answer wins. Loaded only with the
// setting on. The page and pi's side share no objects, so the race is settled here with plain
// values:
// - the page's submit: its answer (with what was typed in pi kept as drafts) ends pi's side;
// - the page's cancel: pi's side ends cancelled, keeping its answers and the page's drafts;
// - pi's side first: the page is closed; if its answer was accepted before, it still wins, else
//   pi's result keeps what was typed on the page.
// The server stops when the call ends: a page still open then says the questionnaire is closed.
import type { Addon, Closed, PageAction, ToolResult, TypedText, WebPage } from "./addon.ts";

/** pi's side of the race: the Session or the Dialogs asking now. */
export interface Asking {
	typedTexts(): Record<string, TypedText>;
	endOnPage(answer: ToolResult): Closed;
	cancelOnPage(drafts: Record<string, TypedText>): Closed;
	keepPageDrafts(drafts: Record<string, TypedText>): Closed;
}

export class PageRace {
	/** Set once the page's submit or cancel ended pi's side. */
	endedOnPage = false;
	private settled = false;
	private asking: Asking | undefined;
	/** Closes what shows pi's side (the open dialog); the questionnaire closes itself. */
	private onEnded: () => void = () => {};
	/** The page's action that came while no side was attached. */
	private waiting: PageAction | undefined;

	constructor(readonly page: WebPage) {
		page.onEvent((action) => {
			if (this.settled) return;
			if (this.asking) this.take(action);
			else this.waiting = action;
		});
	}

	get url(): string {
		return this.page.url;
	}

	/** `asking` races the page from now on; `onEnded` runs when the page ended it. */
	attach(asking: Asking, onEnded: () => void = () => {}): void {
		this.asking = asking;
		this.onEnded = onEnded;
		const waiting = this.waiting;
		this.waiting = undefined;
		if (waiting && !this.settled) this.take(waiting);
	}

	/** A reply stopped pi's time limit: so does the page's countdown. */
	stopCountdown(): void {
		this.page.stopCountdown();
	}

	/** What runs after each key in `session`: once a key stopped its countdown, the page's stops. */
	afterKey(session: { readonly countingDown: boolean }): () => void {
		let stopped = false;
		return () => {
			if (stopped || session.countingDown) return;
			stopped = true;
			this.page.stopCountdown();
		};
	}

	/** The call's result once pi's side ended with `result` (or the page ended it). */
	settle(asking: Asking, result: Closed): Closed {
		this.settled = true;
		if (this.endedOnPage) return result;
		if (this.page.close(result.outcome)) {
			const answer = this.page.answer(asking.typedTexts());
			if (answer) return asking.endOnPage(answer);
		}
		return asking.keepPageDrafts(this.page.drafts());
	}

	/** The call is over: the server stops. */
	stop(): void {
		this.settled = true;
		this.page.stop();
	}

	private take(action: PageAction): void {
		const asking = this.asking;
		if (!asking) return;
		if (action === "submitted") {
			const answer = this.page.answer(asking.typedTexts());
			if (!answer) return;
			asking.endOnPage(answer);
		} else {
			asking.cancelOnPage(this.page.drafts());
		}
		this.endedOnPage = true;
		this.onEnded();
	}
}

/** Serves `input` as a page at `address` for one call; the caller stops it when the call ends. */
export function openPage(
	addon: Addon,
	input: unknown,
	address: string,
	timeoutMs: number | undefined,
	checks?: { contextLimit?: boolean },
): PageRace {
	return new PageRace(new addon.WebPage(input, address, checks, timeoutMs));
}
