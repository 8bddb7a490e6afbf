// Test-only pi extension: another extension listening to ask_user_question's events on pi.events,
// as a sound, desktop or phone notifier would. ASK_TEST_EVENTS names a file that gets one JSON line
// per event: `{ "channel": "ask_user_question:open", "data": {...} }`.
import { appendFileSync } from "node:fs";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
	const path = process.env.ASK_TEST_EVENTS;
	if (!path) return;
	for (const channel of ["ask_user_question:open", "ask_user_question:close"]) {
		pi.events.on(channel, (data) => appendFileSync(path, `${JSON.stringify({ channel, data })}\n`));
	}
}
