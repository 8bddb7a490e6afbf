// ask_user_question for pi: registers the tool and wires pi's API to the native addon, which holds
// all of the behaviour (validation, the questionnaire, the dialog fallback, results, cards).
import type { AgentToolResult, ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { TSchema } from "typebox";
import { accessibleChoice } from "./accessible.ts";
import { type Session, loadAddon, type ToolResult } from "./addon.ts";
import { attention } from "./attention.ts";
import { collapseKeyChoice } from "./keys.ts";
import { rowsComponent } from "./lines.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { provideQuestionService } from "./service.ts";
import { paletteMaker } from "./theme.ts";
// The questionnaire and the dialogs load on the first call, not when pi starts; the card helpers
// above load now, as pi draws cards synchronously.

type Details = Record<string, unknown>;
type CardState = { details?: Details };

/**
 * Tool metadata pi 1.x reads and 0.73 ignores: the model calls the tool but codemode scripts and
 * tool search never do (a question needs the person at the terminal), and it changes nothing,
 * so permission extensions need not confirm it.
 */
const newerPi = { exposure: "model-only", annotations: { readOnlyHint: true } } as const;

export default function askUserQuestion(pi: ExtensionAPI) {
	const addon = loadAddon();
	const definition = addon.toolDefinition();
	const palette = paletteMaker(addon);
	const accessible = accessibleChoice(pi);
	const attend = attention(pi, addon);
	const collapseKey = collapseKeyChoice(pi, addon);
	/** Open questionnaires by tool call, so a partial card can show the live dock. */
	const open = new Map<string, Session>();
	/** Details of calls that failed (thrown errors carry only a message), for their result cards. */
	const failed = new Map<string, Details>();

	const fail = (toolCallId: string, result: ToolResult): never => {
		failed.set(toolCallId, result.details);
		throw new Error(result.content);
	};

	pi.registerTool<TSchema, Details>({
		name: definition.name,
		label: definition.label,
		description: definition.description,
		promptSnippet: definition.promptSnippet,
		promptGuidelines: definition.promptGuidelines,
		// Plain JSON Schema: pi validates it as is (no TypeBox metadata needed).
		parameters: definition.parameters as TSchema,
		executionMode: "sequential",
		...newerPi,

		async execute(toolCallId, params, signal, onUpdate, ctx): Promise<AgentToolResult<Details>> {
			if (!ctx.hasUI) fail(toolCallId, addon.noUiResult(params));
			const invalid = addon.invalidResult(params);
			if (invalid) fail(toolCallId, invalid);
			const call = attend.open(toolCallId, params, signal);

			let result: ToolResult | undefined;
			if (!accessible()) {
				const session = new addon.Session(params, palette(ctx.ui.theme), undefined, collapseKey(), call.timeoutMs);
				open.set(toolCallId, session);
				try {
					const { askWithQuestionnaire } = await import("./questionnaire.ts");
					result = await oneAtATime(
						"tool",
						() => askWithQuestionnaire(addon, session, palette, ctx, signal, onUpdate, call.ring),
						signal,
					);
				} finally {
					open.delete(toolCallId);
				}
			}
			if (!result) {
				const { askWithDialogs } = await import("./dialogs.ts");
				result = await askWithDialogs(addon, params, ctx, call);
			}
			call.close(result);
			return { content: [{ type: "text", text: result.content }], details: result.details };
		},

		// The call card takes the tone of its result; pi shares `context.state` between the two
		// renderers and draws the components after both ran, so the call reads the details lazily.
		renderCall(args, theme, context) {
			const state = context.state as CardState;
			return rowsComponent(
				(width) => addon.renderCall(args ?? {}, width, palette(theme), state.details, context.isError),
				() => state.details,
			);
		},

		renderResult(result, { isPartial }, theme, context) {
			if (isPartial) {
				// While the call runs, its card shows the dock when the questionnaire is collapsed.
				const session = open.get(context.toolCallId);
				return rowsComponent((width) => (session?.collapsed ? [session.dock(width)] : []));
			}
			(context.state as CardState).details = result.details;
			const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
			return rowsComponent((width) =>
				addon.renderResult(result.details ?? {}, width, palette(theme), text, context.isError),
			);
		},
	});

	pi.on("tool_result", (event) => {
		if (event.toolName !== definition.name) return undefined;
		const details = failed.get(event.toolCallId);
		if (!details) return undefined;
		failed.delete(event.toolCallId);
		return { details };
	});

	// Without a UI (print and json modes, subagents) nobody could answer: take the tool away from
	// the model. With a UI, leave the tool list alone, so a tool the operator removed stays removed.
	const withdrawWithoutUi = (_event: unknown, ctx: ExtensionContext) => {
		if (ctx.hasUI) return;
		const active = pi.getActiveTools();
		if (active.includes(definition.name)) pi.setActiveTools(active.filter((name) => name !== definition.name));
	};
	pi.on("session_start", withdrawWithoutUi);
	// Syntax highlighting loads off-thread once a session starts, not while pi loads extensions
	// (a busy machine's other core is not free then, and loading waits for it).
	pi.on("session_start", (_event, ctx) => {
		if (ctx.hasUI) addon.warmUp();
	});
	pi.on("before_agent_start", withdrawWithoutUi);

	// Other extensions ask through the same questionnaire (service.ts).
	provideQuestionService(pi, addon, palette, collapseKey);
}
