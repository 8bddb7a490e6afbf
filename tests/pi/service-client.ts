// Test-only pi extension: another extension asking the user through the question service.
//
// It registers the tool `ask_via_service`, which the fake model calls with
//   { "request": { title?, questions, labels?, timeout? }, "via": "helper" | "event" | "census" }
// "helper" (the default) asks with askUser(); "event" emits the request itself, as a caller
// without the helper would; "census" emits a request whose `accepted` always reads false, so
// every provider listening takes it, and logs `{takers}`. The turn's abort signal is the
// request's `signal`. The tool returns the (first) response as JSON text.
//
// It also registers `/rollout`, the package README's example, word for word but for a log line.
//
// Every step is logged as a JSON line to service.jsonl in PI_CODING_AGENT_DIR: `{accepted}` right
// after an "event" emit, and `{response}` for every respond() call (so tests can count them).
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import {
	type AskRequest,
	type AskResponse,
	askUser,
	QUESTION_REQUEST,
	type QuestionRequestEvent,
} from "../../crates/pi-ask-user-question/extension/ask-user.ts";

type Params = { request?: AskRequest; via?: "helper" | "event" | "census" };

function log(entry: Record<string, unknown>): void {
	const dir = process.env.PI_CODING_AGENT_DIR;
	if (dir) appendFileSync(join(dir, "service.jsonl"), `${JSON.stringify(entry)}\n`);
}

function emitted(pi: ExtensionAPI, request: AskRequest): Promise<AskResponse> {
	return new Promise((resolve) => {
		const event: QuestionRequestEvent = {
			...request,
			respond(response) {
				log({ response });
				resolve(response);
			},
		};
		pi.events.emit(QUESTION_REQUEST, event);
		log({ accepted: event.accepted ?? false });
	});
}

function census(pi: ExtensionAPI, request: AskRequest): Promise<AskResponse> {
	return new Promise((resolve) => {
		let takers = 0;
		const event = {
			...request,
			respond(response: AskResponse) {
				log({ response });
				resolve(response);
			},
			get accepted() {
				return false;
			},
			set accepted(_taken: boolean) {
				takers += 1;
			},
		};
		pi.events.emit(QUESTION_REQUEST, event);
		log({ takers });
	});
}

export default function (pi: ExtensionAPI) {
	rolloutCommand(pi);
	pi.registerTool({
		name: "ask_via_service",
		label: "Ask via service",
		description: "Asks the user through the ask-user-question service (test only).",
		parameters: { type: "object" } as never,
		async execute(_toolCallId, params: Params, signal) {
			const request = { ...(params.request ?? { questions: [] }), signal };
			let response: AskResponse;
			if (params.via === "event") response = await emitted(pi, request);
			else if (params.via === "census") response = await census(pi, request);
			else {
				response = await askUser(pi, request);
				log({ response });
			}
			return { content: [{ type: "text", text: JSON.stringify(response) }], details: response };
		},
	});
}

// The package README's example (there, askUser is imported from the package by name).
function rolloutCommand(pi: ExtensionAPI) {
	pi.registerCommand("rollout", {
		description: "Ask where the rollout starts",
		handler: async (_args, ctx) => {
			const response = await askUser(pi, {
				title: "Rollout",
				questions: [
					{
						id: "region",
						header: "Region",
						prompt: "Where should the rollout start?",
						allowCustom: false,
						options: [
							{ value: "eu", label: "Europe" },
							{ value: "us", label: "Americas", recommended: true },
						],
					},
				],
			});
			log({ response }); // not in the README
			switch (response.status) {
				case "answered": {
					const [region] = response.result.details.answers.region.labels;
					ctx.ui.notify(region ? `Rollout starts in ${region}` : "No region picked", "info");
					break;
				}
				case "cancelled":
					ctx.ui.notify("Rollout not started", "warning");
					break;
				case "unavailable": {
					// No questionnaire here (RPC mode, or the package is not loaded): ask another way.
					const region = await ctx.ui.select("Where should the rollout start?", ["Europe", "Americas"]);
					if (region) ctx.ui.notify(`Rollout starts in ${region}`, "info");
					break;
				}
				case "invalid":
					ctx.ui.notify(response.issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n"), "error");
					break;
			}
		},
	});
}
