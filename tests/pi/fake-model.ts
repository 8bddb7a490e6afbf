// Test-only pi extension: a scripted fake model, provider "fake", model "fake-1".
//
// ASK_TEST_SCRIPT names a JSON file `{ "turns": [...] }`. The n-th assistant turn of the session
// plays turns[n]:
//   { "call": {...} }            a tool call of ask_user_question with these arguments
//   { "tool": "name", "call": {...} }   a call of another tool
//   { "echo": true }             a text turn quoting the last tool result the model received
//   { "text": "..." }            a plain text turn
// Past the end of the script the model says "SCRIPT EXHAUSTED".
//
// ASK_TEST_LOG names a file that gets one JSON line per model request: the turn number, the
// names of the tools offered, the system prompt, the last message (what the model received) and
// how pi exposes ask_user_question (pi 1.x's `exposure`; absent on 0.73).
//
// ASK_TEST_ABORT_KEY=1 makes F12 abort the running turn from outside the tool (as another
// extension or the host could), whatever has the focus.
//
// ASK_TEST_FORCE_TOOL=1 re-activates ask_user_question before each agent start, after the
// extension under test has run its own handlers: it simulates a host that forces the tool on
// although there is no UI, so the tool's own no-UI error path can be exercised.
import { appendFileSync, readFileSync } from "node:fs";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import {
	type AssistantMessage,
	type Context,
	createAssistantMessageEventStream,
	type Model,
	type SimpleStreamOptions,
} from "@mariozechner/pi-ai";

type Turn = { call?: unknown; tool?: string; echo?: boolean; text?: string };

function loadTurns(): Turn[] {
	const path = process.env.ASK_TEST_SCRIPT;
	if (!path) return [];
	const script = JSON.parse(readFileSync(path, "utf8")) as { turns?: Turn[] };
	return script.turns ?? [];
}

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content.map((c) => (c && c.type === "text" ? String(c.text) : "")).join("");
}

let piApi: ExtensionAPI | undefined;

/** A system message of pi 1.x's transcript, which carries the prompt and the tool declarations. */
type SystemMessage = {
	role: "system";
	content: unknown;
	sections?: Record<string, string | null>;
	toolsAdded?: { name: string }[];
	toolsRemoved?: { name: string }[];
};

/**
 * The tools offered and the system prompt of a request: pi 0.73 passes them beside the messages;
 * pi 1.x passes them as system messages in the transcript, each adding or removing tools and
 * setting prompt sections.
 */
function offered(context: Context): { tools: string[]; systemPrompt: string } {
	const messages = context.messages as unknown as { role: string }[];
	const system = messages.filter((m): m is SystemMessage => m.role === "system");
	if (system.length === 0) return { tools: (context.tools ?? []).map((t) => t.name), systemPrompt: context.systemPrompt ?? "" };
	const tools: string[] = [];
	const sections: Record<string, string | null> = {};
	const texts: string[] = [];
	for (const message of system) {
		texts.push(textOf(message.content));
		Object.assign(sections, message.sections);
		for (const tool of message.toolsAdded ?? []) if (!tools.includes(tool.name)) tools.push(tool.name);
		for (const tool of message.toolsRemoved ?? []) {
			const at = tools.indexOf(tool.name);
			if (at >= 0) tools.splice(at, 1);
		}
	}
	const prompt = [...texts, ...Object.values(sections).filter((text) => text !== null)].join("\n");
	return { tools, systemPrompt: prompt };
}

/** The last message that is not a system message (pi 1.x appends tool changes as system messages). */
function lastMessage(context: Context) {
	const messages = context.messages.filter((m) => (m as { role: string }).role !== "system");
	return messages[messages.length - 1];
}

function logRequest(turn: number, context: Context): void {
	const path = process.env.ASK_TEST_LOG;
	if (!path) return;
	const last = lastMessage(context);
	const tool = piApi?.getAllTools().find((t) => t.name === "ask_user_question") as { exposure?: string } | undefined;
	const entry = {
		turn,
		exposure: tool?.exposure,
		...offered(context),
		last: last
			? {
					role: last.role,
					text: textOf(last.content),
					isError: last.role === "toolResult" ? last.isError : undefined,
					toolName: last.role === "toolResult" ? last.toolName : undefined,
				}
			: null,
	};
	appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

function fakeStream(model: Model<any>, context: Context, options?: SimpleStreamOptions) {
	const stream = createAssistantMessageEventStream();
	const turn = context.messages.filter((m) => m.role === "assistant").length;
	const out: AssistantMessage = {
		role: "assistant",
		content: [],
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: {
			input: 0,
			output: 0,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 0,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "stop",
		timestamp: Date.now(),
	};
	queueMicrotask(() => {
		if (options?.signal?.aborted) {
			out.stopReason = "aborted";
			out.errorMessage = "aborted";
			stream.push({ type: "error", reason: "aborted", error: out });
			stream.end();
			return;
		}
		logRequest(turn, context);
		const step = loadTurns()[turn];
		stream.push({ type: "start", partial: out });
		if (step && step.call !== undefined) {
			const toolCall = {
				type: "toolCall" as const,
				id: `call_${turn}`,
				name: step.tool ?? "ask_user_question",
				arguments: step.call as Record<string, any>,
			};
			out.content.push(toolCall);
			out.stopReason = "toolUse";
			stream.push({ type: "toolcall_start", contentIndex: 0, partial: out });
			stream.push({ type: "toolcall_delta", contentIndex: 0, delta: JSON.stringify(toolCall.arguments), partial: out });
			stream.push({ type: "toolcall_end", contentIndex: 0, toolCall, partial: out });
			stream.push({ type: "done", reason: "toolUse", message: out });
		} else {
			let text = "SCRIPT EXHAUSTED";
			if (step?.text !== undefined) text = step.text;
			else if (step?.echo) {
				const last = lastMessage(context);
				text =
					last?.role === "toolResult"
						? `MODEL RECEIVED (isError=${last.isError}):\n${textOf(last.content)}`
						: `MODEL RECEIVED no tool result (last message: ${last?.role ?? "none"})`;
			}
			out.content.push({ type: "text", text });
			stream.push({ type: "text_start", contentIndex: 0, partial: out });
			stream.push({ type: "text_delta", contentIndex: 0, delta: text, partial: out });
			stream.push({ type: "text_end", contentIndex: 0, content: text, partial: out });
			stream.push({ type: "done", reason: "stop", message: out });
		}
		stream.end();
	});
	return stream;
}

export default function (pi: ExtensionAPI) {
	piApi = pi;
	pi.registerProvider("fake", {
		baseUrl: "http://localhost:0",
		apiKey: "fake-key",
		api: "fake-api",
		streamSimple: fakeStream,
		models: [
			{
				id: "fake-1",
				name: "Fake 1",
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 100000,
				maxTokens: 4096,
			},
		],
	});
	if (process.env.ASK_TEST_ABORT_KEY === "1") {
		pi.on("session_start", (_event, ctx) => {
			ctx.ui.onTerminalInput((data) => {
				if (data !== "\x1b[24~") return undefined;
				ctx.abort();
				return { consume: true };
			});
		});
	}
	if (process.env.ASK_TEST_FORCE_TOOL === "1") {
		pi.on("before_agent_start", () => {
			const active = pi.getActiveTools();
			if (!active.includes("ask_user_question")) pi.setActiveTools([...active, "ask_user_question"]);
		});
	}
}
