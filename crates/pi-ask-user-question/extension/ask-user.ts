// Asking the user from another pi extension: the question service's protocol on `pi.events`
// (version 1), and `askUser()`, which sends a request and answers `unavailable` at once when no
// provider took it (and `takeRequest()`, the provider's side of that handshake). Types and plain JS
// only, no addon: callers can import this module (with the generated `tool-input.ts` and
// `tool-result.ts`) or copy all three.

import type { ToolInputLabels, ToolInputOption, ToolInputQuestion } from "./tool-input.ts";
import type { ResultDetails, ResultIssue } from "./tool-result.ts";

export type { AnswerDetails, AnswerDraft, ResultDetails, ResultIssue } from "./tool-result.ts";

/** The channel a request is emitted on. */
export const QUESTION_REQUEST = "ask-user-question:v1:request";

/** An option, as the tool takes it. */
export type QuestionOption = ToolInputOption;

/**
 * One question, in any shape the tool takes, plus `allowCustom: false`, which hides the
 * "Type something." row of a single or multi question. `context` has no length limit here.
 */
export type Question = ToolInputQuestion & { allowCustom?: boolean };

export interface AskRequest {
	title?: string;
	questions: Question[];
	/** UI strings in the user's language, e.g. `{ submit: "Enviar" }`. */
	labels?: ToolInputLabels;
	/** Aborting closes the questionnaire: `cancelled`, with what was answered and typed. */
	signal?: AbortSignal;
	/**
	 * A time limit: milliseconds, or a duration such as "90s" or "5m". The questionnaire counts it
	 * down until the person's first key; if it runs out first, the response is `cancelled` with
	 * `details.error: "timed_out"`, and nothing is chosen for the person.
	 */
	timeout?: number | string;
}

/** What the tool returns: `content` reads as text, `details` holds the structured answers. */
export interface QuestionResult {
	content: string;
	details: ResultDetails;
}

/** A problem with the request, e.g. at `/questions/0/options`. */
export type Issue = ResultIssue;

export type AskResponse =
	| { status: "answered"; result: QuestionResult }
	| { status: "cancelled"; result: QuestionResult }
	| { status: "unavailable"; reason: string }
	| { status: "invalid"; issues: Issue[] };

/** What travels on the bus: the request, where to answer, and the mark of the provider that took it. */
export interface QuestionRequestEvent extends AskRequest {
	/** Called exactly once by the provider that took the request. */
	respond(response: AskResponse): void;
	/** Set by a provider, while the emit runs, when it takes the request. */
	accepted?: boolean;
}

/** What askUser needs of pi's ExtensionAPI. */
export interface EventEmitter {
	events: { emit(channel: string, data: unknown): void };
}

/**
 * A provider's side: the request `data` carries when no other provider took it, now marked as
 * taken. Call it while the emit runs; then answer through `respond` exactly once.
 */
export function takeRequest(data: unknown): QuestionRequestEvent | undefined {
	if (typeof data !== "object" || data === null) return undefined;
	const request = data as Partial<QuestionRequestEvent>;
	if (typeof request.respond !== "function" || request.accepted) return undefined;
	request.accepted = true;
	return request as QuestionRequestEvent;
}

export const NO_PROVIDER =
	"no question provider is running: pi-ask-user-question is not loaded, or this session has no UI";

/** Asks through the question service; resolves with the provider's one response. */
export function askUser(pi: EventEmitter, request: AskRequest): Promise<AskResponse> {
	return new Promise((resolve) => {
		let answered = false;
		const event: QuestionRequestEvent = {
			...request,
			respond(response) {
				if (answered) return;
				answered = true;
				resolve(response);
			},
		};
		pi.events.emit(QUESTION_REQUEST, event);
		// Providers take a request while the emit runs, so nobody will if nobody has.
		if (!event.accepted) event.respond({ status: "unavailable", reason: NO_PROVIDER });
	});
}
