#!/usr/bin/env -S node --expose-gc
// Measures what questionnaires leave behind in one Node process: each is a `new Session`, one
// render at 120x40, `abort()`, then dropped, with a garbage collection every 100. Prints resident
// memory before and after, per questionnaire, and how many sessions the addon still holds once
// everything was collected and the event loop turned.
// Usage: node --expose-gc scripts/memory.mjs [count] [questionnaire.json | reference] [--turns] [--wake]
//   count       10000 by default; the input is one question unless a file is named
//               (`reference` names assets/bench/reference.json)
//   --turns     let the event loop turn with every collection (Node runs native finalizers
//               there); without it the questionnaires follow each other as in one busy task
//   --wake      give each session a wake-up callback that reaches it, as the extension's redraw
//               does, and never take it back
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setImmediate as turn } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { approachQuestion } from "../../../tests/pi/harness.mjs";

if (typeof globalThis.gc !== "function") {
	console.error("usage: node --expose-gc scripts/memory.mjs [count] [questionnaire.json | reference] [--turns] [--wake]");
	process.exit(2);
}
const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const turns = process.argv.includes("--turns");
const wake = process.argv.includes("--wake");
const count = Number(args[0] ?? 10_000);
const oneQuestion = { questions: [approachQuestion()] };
const inputPath = args[1] === "reference" ? join(packageDir, "../../assets/bench/reference.json") : args[1];
const input = inputPath ? JSON.parse(readFileSync(inputPath, "utf8")) : oneQuestion;

const addon = createRequire(import.meta.url)(join(packageDir, "ask-user-question.node"));
const palette = new addon.Palette({ accent: "\x1b[38;2;138;190;183m", text: "\x1b[39m" }, {});

/** What the extension does when a session wakes it: the clock to now, then a redraw. */
function wokenUp(session) {
	session.tick();
	session.render(120, 40);
}

function openRenderAbort() {
	const session = new addon.Session(input, palette);
	if (wake) session.onWake(() => wokenUp(session));
	session.render(120, 40);
	session.abort();
}

async function collect() {
	for (let round = 0; round < 10; round++) {
		globalThis.gc();
		await turn();
	}
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
// The first questionnaires load what every later one shares (syntax definitions, tables).
for (let i = 0; i < 100; i++) openRenderAbort();
await collect();
const before = process.memoryUsage.rss();
for (let i = 0; i < count; i++) {
	openRenderAbort();
	if (i % 100 === 99) {
		globalThis.gc();
		if (turns) await turn();
	}
}
const after = process.memoryUsage.rss();
await collect();
const live = typeof addon.liveSessions === "function" ? addon.liveSessions() : "not counted by this build";
const name = inputPath ? inputPath.split("/").pop() : "one question";
const mode = [turns ? "event loop turning" : "back to back", ...(wake ? ["wake-up kept"] : [])].join(", ");
console.log(
	`${count} questionnaires (${name}; ${mode}): resident ${mb(before)} -> ${mb(after)}, ` +
		`${((after - before) / count / 1024).toFixed(1)} KB each; sessions held after collecting: ${live}`,
);
