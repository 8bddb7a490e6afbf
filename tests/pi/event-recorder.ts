// Test-only pi extension: another extension listening to ask_user_question's events on pi.events,
// as a sound, desktop or phone notifier would. ASK_TEST_EVENTS names a file that gets one JSON line
// per event: `{ "channel": "ask_user_question:open", "data": {...} }`. ASK_TEST_RESULTS names a
// file that gets the `details` of every tool result, one JSON line each (what interactive mode
// shows no test otherwise).
import { appendFileSync } from "node:fs";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	const path = process.env.ASK_TEST_EVENTS;
	if (path) {
		for (const channel of ["ask_user_question:open", "ask_user_question:close"]) {
			pi.events.on(channel, (data) => appendFileSync(path, `${JSON.stringify({ channel, data })}\n`));
		}
	}
	const results = process.env.ASK_TEST_RESULTS;
	if (results) {
		pi.on("tool_result", (event) => {
			appendFileSync(results, `${JSON.stringify(event.details ?? null)}\n`);
			return undefined;
		});
	}
}
