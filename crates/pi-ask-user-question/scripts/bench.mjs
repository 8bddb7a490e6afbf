#!/usr/bin/env node
// Measures the addon as pi uses it from Node: load time, opening a questionnaire (its first frame,
// and when its code turns colored), Session.render at 120 columns (a cache hit, and the first
// render after a key), a key as the extension draws it (input, renderChanges, the rows it holds
// updated, caret), the call and result cards.
// Usage: node scripts/bench.mjs [questionnaire.json]   (default: assets/bench/reference.json)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const input = JSON.parse(readFileSync(process.argv[2] ?? join(packageDir, "../../assets/bench/reference.json"), "utf8"));

const loadStart = process.hrtime.bigint();
const addon = createRequire(import.meta.url)(join(packageDir, "ask-user-question.node"));
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

const palette = new addon.Palette(
	{ accent: "\x1b[38;2;138;190;183m", border: "\x1b[38;2;95;135;255m", text: "\x1b[39m" },
	{ selectedBg: "\x1b[48;2;58;58;74m" },
);

function time(label, iterations, run) {
	const samples = [];
	for (let i = 0; i < iterations; i++) {
		const start = process.hrtime.bigint();
		run(i);
		samples.push(Number(process.hrtime.bigint() - start) / 1e3);
	}
	samples.sort((a, b) => a - b);
	const median = samples[Math.floor(samples.length / 2)];
	const p95 = samples[Math.floor(samples.length * 0.95)];
	console.log(`${label.padEnd(48)} median ${median.toFixed(1).padStart(8)} µs   p95 ${p95.toFixed(1).padStart(8)} µs   (n=${iterations})`);
}

console.log(`addon load (require)                          ${loadMs.toFixed(1)} ms`);
const openStart = process.hrtime.bigint();
const session = new addon.Session(input, palette);
const firstRows = session.render(120, 40);
// Woken once at once, then when the grammars are compiled: the clock to now, then a redraw.
let recolorMs = 0;
let recolorStart = 0n;
const colored = new Promise((resolve) =>
	session.onWake(() => {
		recolorStart = process.hrtime.bigint();
		session.tick();
		const rows = session.render(120, 40);
		recolorMs = Number(process.hrtime.bigint() - recolorStart) / 1e6;
		if (rows.join("\n") !== firstRows.join("\n")) resolve();
	}),
);
console.log(`new Session + first render 120x40             ${(Number(process.hrtime.bigint() - openStart) / 1e6).toFixed(1)} ms (${firstRows.length} rows)`);
// The first frame draws code plain while its grammars compile on a thread; then it is redrawn.
await Promise.race([colored, new Promise((resolve) => setTimeout(resolve, 5000))]);
session.onWake(null);
console.log(`  code colored (the wake-up) after             ${(Number(recolorStart - openStart) / 1e6).toFixed(1)} ms; that render ${recolorMs.toFixed(1)} ms`);

time("render(120, 40), cache hit", 2000, () => session.render(120, 40));
time("input(↓/↑) + render(120, 40)", 400, (i) => {
	session.input(i % 2 ? "\x1b[A" : "\x1b[B");
	session.render(120, 40);
});
time("input(tab/shift+tab) + render(120, 40)", 200, (i) => {
	session.input(i % 2 ? "\x1b[Z" : "\t");
	session.render(120, 40);
});
// What the extension does per key: only changed rows cross (by slot when it was sent them
// lately), merged into the rows it holds.
let held = [];
const slots = [];
let texts = 0;
const changed = (fresh) => {
	const before = held;
	held = session.renderChanges(120, 40, fresh).map((row, j) => {
		if (row === null) return before[j];
		if (typeof row === "number") return slots[row];
		slots[texts++ % addon.ROW_SLOTS] = row;
		return row;
	});
};
changed(true);
const drawn = (i, keys) => {
	session.input(keys[i % 2]);
	changed(false);
	session.caret();
};
time("input(↓/↑) + renderChanges(120, 40)", 400, (i) => drawn(i, ["\x1b[B", "\x1b[A"]));
time("input(tab/shift+tab) + renderChanges(120, 40)", 200, (i) => drawn(i, ["\t", "\x1b[Z"]));
time("renderCall(args, 118)", 400, () => addon.renderCall(input, 118, palette));
const details = session.result().details;
time("renderResult(details, 118)", 400, () => addon.renderResult(details, 118, palette));
