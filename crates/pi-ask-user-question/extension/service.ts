// The question service: other extensions ask the user through this extension's questionnaire
// (framed, previews, dock) by emitting a request on pi.events; protocol and helper in ask-user.ts.
// It runs while a session with a UI does, answers every request it takes exactly once, and never
// falls back to sequential dialogs: where the questionnaire cannot show, the caller decides.
// Requests are taken in index.ts, while the caller's emit runs; this module answers them.
import type { ExtensionContext, Theme } from "@mariozechner/pi-coding-agent";
import type { Addon, CheckOptions, Closed, OperatorSettings, Palette } from "./addon.ts";
import type { AskResponse, Issue, QuestionRequestEvent, ResultDetails } from "./ask-user.ts";
import { oneAtATime } from "./one-at-a-time.ts";

/** A program asking has no reply to hold longer text, so `context` has no length limit here. */
const SERVICE_CHECKS: CheckOptions = { contextLimit: false };

export const NO_QUESTIONNAIRE =
	"this pi session cannot show the questionnaire (RPC mode has no custom UI); ask another way";

/**
 * Answers a request the provider took (index.ts takes them while a session with a UI runs and
 * loads this module at the first one): calls its `respond` exactly once.
 */
export async function answer(
	request: QuestionRequestEvent,
	addon: () => Addon,
	palette: (theme: Theme) => Palette,
	settings: () => OperatorSettings,
	ctx: ExtensionContext,
	shutdown: AbortSignal,
): Promise<void> {
	const respond = once(request.respond);
	try {
		// The addon loads here at the latest; a failure to load is answered like any other.
		respond(await ask(request, addon(), palette, settings, ctx, shutdown));
	} catch (error) {
		respond({ status: "unavailable", reason: `the questionnaire failed: ${messageOf(error)}` });
	}
}

async function ask(
	request: QuestionRequestEvent,
	addon: Addon,
	palette: (theme: Theme) => Palette,
	settings: () => OperatorSettings,
	ctx: ExtensionContext,
	shutdown: AbortSignal,
): Promise<AskResponse> {
	const issues = envelopeIssues(request);
	const timeoutMs = timeoutOf(request, addon, issues);
	const input = questionnaireInput(request, issues);
	const invalid = input === undefined ? null : addon.invalidResult(input, SERVICE_CHECKS);
	if (invalid) issues.push(...(invalid.details.issues as Issue[]));
	if (issues.length > 0 || input === undefined) return { status: "invalid", issues };

	const signal = request.signal ? AbortSignal.any([request.signal, shutdown]) : shutdown;
	// The operator's web page serves these questions too, and the inbox races them; not where
	// pi says it shows no questionnaire (pi 1.x names its mode), since the request is then
	// answered as unavailable at once.
	const mode = (ctx as { mode?: string }).mode;
	const project = mode === undefined || mode === "tui" ? ctx.cwd : undefined;
	const { race } = await import("./rivals.ts");
	const { web, collapseKey, height } = settings();
	const racing = race(addon, input, { web, project, timeoutMs, checks: SERVICE_CHECKS }, ctx);
	let result: Closed | undefined;
	try {
		const session = new addon.Session(
			input,
			palette(ctx.ui.theme),
			{ checks: SERVICE_CHECKS, collapseKey, timeoutMs, height },
			racing.rivals,
		);
		const { askWithQuestionnaire } = await import("./questionnaire.ts");
		result = await oneAtATime("service", () => askWithQuestionnaire(addon, session, palette, ctx, signal, undefined), signal);
	} finally {
		racing.stop();
	}
	if (!result) return { status: "unavailable", reason: NO_QUESTIONNAIRE };
	// The addon's details of a questionnaire that opened always have this shape.
	const reply = { content: result.content, details: result.details as ResultDetails };
	return { status: result.outcome === "answered" ? "answered" : "cancelled", result: reply };
}

/** Problems of the request's own fields, in the tool's issue format. */
function envelopeIssues(request: QuestionRequestEvent): Issue[] {
	const issues: Issue[] = [];
	if (request.signal !== undefined && !(request.signal instanceof AbortSignal)) {
		issues.push({ path: "/signal", code: "invalid_type", message: "signal must be an AbortSignal." });
	}
	return issues;
}

/**
 * The request's time limit in milliseconds: a positive number of milliseconds, or a duration as
 * the operator's setting reads it ("90s", "5m", "1m30s"); a bad one is an issue at `/timeout`.
 */
function timeoutOf(request: QuestionRequestEvent, addon: Addon, issues: Issue[]): number | undefined {
	const timeout: unknown = request.timeout;
	if (timeout === undefined) return undefined;
	const bad = (why: string) => {
		issues.push({
			path: "/timeout",
			code: "invalid_type",
			message: `timeout must be a positive number of milliseconds or a duration such as "90s" or "5m": ${why}.`,
		});
		return undefined;
	};
	if (typeof timeout === "number") {
		return Number.isFinite(timeout) && timeout > 0 ? timeout : bad(`${timeout} is not above zero`);
	}
	if (typeof timeout === "string") {
		try {
			return addon.parseTimeout(timeout);
		} catch (error) {
			return bad(messageOf(error));
		}
	}
	return bad(`found ${typeof timeout}`);
}

/** `{title, questions, labels}` as plain JSON, as the addon reads it. */
function questionnaireInput(request: QuestionRequestEvent, issues: Issue[]): unknown {
	try {
		return JSON.parse(JSON.stringify({ title: request.title, questions: request.questions, labels: request.labels }));
	} catch (error) {
		issues.push({ path: "", code: "invalid_type", message: `The request must be plain JSON data: ${messageOf(error)}` });
		return undefined;
	}
}

function once(respond: (response: AskResponse) => void): (response: AskResponse) => void {
	let sent = false;
	return (response) => {
		if (sent) return;
		sent = true;
		try {
			respond(response);
		} catch (error) {
			console.error(`ask_user_question: a question service caller's respond() threw: ${messageOf(error)}`);
		}
	};
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
