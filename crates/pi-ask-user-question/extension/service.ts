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
	let json: string;
	try {
		const { title, questions, labels, timeout } = request;
		// JSON has no NaN or Infinity: such a number goes as its name, so it is reported, not dropped.
		json = JSON.stringify({ title, questions, labels, timeout }, (_key, value: unknown) =>
			typeof value === "number" && !Number.isFinite(value) ? String(value) : value,
		);
	} catch (error) {
		return { status: "invalid", issues: [{ path: "", code: "invalid_type", message: `The request must be plain JSON data: ${messageOf(error)}` }] };
	}
	const checked = addon.serviceRequest(json, request.signal === undefined || request.signal instanceof AbortSignal);
	if (!checked.input) return { status: "invalid", issues: checked.issues as Issue[] };
	const { input, timeoutMs } = checked;

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
