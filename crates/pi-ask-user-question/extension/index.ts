// ask_user_question for pi: registers the tool and wires pi's API to the native addon, which holds
// all of the behaviour (validation, the questionnaire, the dialog fallback, results, cards).
import type { AgentToolResult, ExtensionAPI, ExtensionContext, Theme } from "@mariozechner/pi-coding-agent";
import type { Component } from "@mariozechner/pi-tui";
import type { Static, TSchema } from "typebox";
import {
	type Addon,
	type Closed,
	loadAddon,
	locateAddon,
	type Palette,
	type Session,
	type ToolResult,
} from "./addon.ts";
import { QUESTION_REQUEST, takeRequest } from "./ask-user.ts";
import { operatorSettings } from "./settings.ts";
// The tool's definition as the addon gives it: a copy kept beside this file (a test keeps it equal
// to the addon's), so that pi's start need not load the addon.
import definition from "./tool-definition.json" with { type: "json" };
// Only what pi's start needs loads with the extension: the tool's definition, the flags, the hooks,
// and the card helpers below (pi draws cards synchronously). What a call or a request does loads
// at the first one, where an await comes anyway: pi loads every module of an extension through
// jiti, about a millisecond each, before it shows anything.

type Details = Record<string, unknown>;

/** How long after a session starts the call's modules load: past pi's first paint. */
const PRELOAD_DELAY_MS = 500;

/** The modules a call needs; jiti keeps them once loaded, so a later import costs nothing. */
const callModules = () =>
	Promise.all([
		import("./attention.ts"),
		import("./one-at-a-time.ts"),
		import("./questionnaire.ts"),
		import("./rivals.ts"),
	]);
type CardState = { details?: Details };

/**
 * Tool metadata pi 1.x reads and 0.73 ignores: the model calls the tool but codemode scripts and
 * tool search never do (a question needs the person at the terminal), and it changes nothing,
 * so permission extensions need not confirm it.
 */
const newerPi = { exposure: "model-only", annotations: { readOnlyHint: true } } as const;

export default function askUserQuestion(pi: ExtensionAPI) {
	// The addon loads at its first use (a call, a card, a setting to check, or idle time after a
	// session with a UI started), not while pi starts; a missing one is still reported now.
	const located = locateAddon();
	let loaded: Addon | undefined;
	const addon = (): Addon => (loaded ??= loadAddon(located));
	const palette = paletteMaker(addon);
	const settings = operatorSettings(pi, addon);
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
		// pi checks the arguments against the JSON Schema (the rich shape) after this; calls in
		// other agents' shapes that the tool understands are rewritten to pass that check.
		// Arguments the addon cannot take (nested too deep to cross) go to pi's check as sent.
		prepareArguments: (args) => attempt(() => addon().conformArguments(args), args) as Static<TSchema>,
		executionMode: "sequential",
		...newerPi,

		async execute(toolCallId, params, signal, onUpdate, ctx): Promise<AgentToolResult<Details>> {
			if (!ctx.hasUI) fail(toolCallId, addon().noUiResult(params));
			const invalid = addon().invalidResult(params);
			if (invalid) fail(toolCallId, invalid);
			const { accessible, notify, timeoutMs, collapseKey, height, web } = settings();
			const [{ openCall }, { oneAtATime }, { askWithQuestionnaire }, { race }] = await callModules();
			// The operator's web page and the inbox race whichever way pi asks; the addon settles it.
			const racing = race(addon(), params, { web, project: ctx.cwd, timeoutMs }, ctx);
			try {
				const call = openCall(pi, addon(), notify, toolCallId, params, racing.url);
				let result: Closed | undefined;
				if (!accessible) {
					const session = new (addon().Session)(
						params,
						palette(ctx.ui.theme),
						{ collapseKey, timeoutMs, height },
						racing.rivals,
					);
					open.set(toolCallId, session);
					try {
						result = await oneAtATime(
							"tool",
							() => askWithQuestionnaire(addon(), session, palette, ctx, signal, onUpdate, call.ring),
							signal,
						);
					} finally {
						open.delete(toolCallId);
					}
				}
				if (!result) {
					// Where the questionnaire cannot show: the same page and post race the dialogs.
					const { askWithDialogs } = await import("./dialogs.ts");
					result = await askWithDialogs(addon(), params, ctx, signal, timeoutMs, racing.rivals);
				}
				call.close(result);
				return { content: [{ type: "text", text: result.content }], details: result.details };
			} finally {
				racing.stop();
			}
		},

		// The call card takes the tone of its result; pi shares `context.state` between the two
		// renderers and draws the components after both ran, so the call reads the details lazily.
		renderCall(args, theme, context) {
			const state = context.state as CardState;
			return rowsComponent(
				(width) => addon().renderCall(args ?? {}, width, palette(theme), state.details, context.isError),
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
				addon().renderResult(result.details ?? {}, width, palette(theme), text, context.isError),
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
	// Once a session with a UI has started, what the first call needs loads ahead of it, a moment
	// later, while pi waits for the person: the addon, syntax highlighting (off-thread) and the
	// call's modules (jiti keeps them for the call's own imports). Not while pi starts.
	pi.on("session_start", (_event, ctx) => {
		if (!ctx.hasUI) return;
		const timer = setTimeout(() => {
			// What fails to load here fails the call that needs it, with its error.
			try {
				addon().warmUp();
			} catch {}
			callModules().catch(() => {});
		}, PRELOAD_DELAY_MS);
		timer.unref?.();
	});
	pi.on("before_agent_start", withdrawWithoutUi);

	// Other extensions ask through the same questionnaire. Requests are taken from the start of a
	// session with a UI, while the caller's emit runs (a caller may ask at once, and learns then
	// whether anyone took it); service.ts, loaded at the first request, answers them.
	let stopServing = () => {};
	pi.on("session_start", (_event, ctx) => {
		stopServing();
		stopServing = () => {};
		if (!ctx.hasUI) return;
		const shutdown = new AbortController();
		const unsubscribe = pi.events.on(QUESTION_REQUEST, (data) => {
			const request = takeRequest(data);
			if (!request) return;
			import("./service.ts").then(
				(service) => service.answer(request, addon, palette, settings, ctx, shutdown.signal),
				(error: unknown) => request.respond({ status: "unavailable", reason: `the questionnaire failed to load: ${error}` }),
			);
		});
		stopServing = () => {
			unsubscribe();
			shutdown.abort();
		};
	});
	pi.on("session_shutdown", () => stopServing());
}

/**
 * A pi-tui component that shows rows the addon drew (the transcript cards, the live dock). It
 * redraws only when the width or the optional `version` value changes, or pi invalidates it
 * (theme change): pi draws every card of the transcript at each render, and a card drawn anew
 * costs 85–190 µs where these rows cost nothing. The addon keeps no cards, so this is the one
 * cache of them.
 */
function rowsComponent(draw: (width: number) => string[], version: () => unknown = () => undefined): Component {
	let cached: { width: number; version: unknown; rows: string[] } | undefined;
	return {
		render(width: number): string[] {
			const current = version();
			if (cached?.width !== width || cached.version !== current) {
				// A card that cannot be drawn is left empty: a throw here would end pi's render.
				cached = { width, version: current, rows: attempt(() => draw(width), []) };
			}
			return cached.rows;
		},
		invalidate(): void {
			cached = undefined;
		},
	};
}

/** pi's theme as an addon palette: the SGR code of every theme color the addon draws with. */
function paletteMaker(addon: () => Addon): (theme: Theme) => Palette {
	let slots: { fg: string[]; bg: string[] } | undefined;
	let cached: { key: string; palette: Palette } | undefined;
	return (theme) => {
		slots ??= addon().themeSlots();
		const fg: Record<string, string> = {};
		const bg: Record<string, string> = {};
		for (const name of slots.fg) fg[name] = code(() => theme.getFgAnsi(name as never));
		for (const name of slots.bg) bg[name] = code(() => theme.getBgAnsi(name as never));
		// The theme object is a proxy of pi's current theme, so its codes are the cache key.
		const key = JSON.stringify([fg, bg]);
		if (cached?.key !== key) cached = { key, palette: new (addon().Palette)(fg, bg) };
		return cached.palette;
	};
}

function code(read: () => string): string {
	return attempt(read, ""); // a color this pi version lacks keeps the addon's default
}

function attempt<T>(run: () => T, otherwise: T): T {
	try {
		return run();
	} catch {
		return otherwise;
	}
}

