// Every row the addon draws fits the width pi gave it, by pi's own measure: pi-tui's
// `visibleWidth` of both pi lines we support (0.73.x and 1.x). A row wider than the terminal ends
// a pi session, so this draws generated questionnaires full of text that measures disagree on
// (tests/fixtures/hard-unicode.json) through every view at widths 1–250 and measures each row.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { packageDir, repoRoot, requireBuilt } from "./harness.mjs";

requireBuilt();
const requireFromPackage = createRequire(join(packageDir, "package.json"));
const addon = requireFromPackage(join(packageDir, "ask-user-question.node"));
const measures = {
	"pi-tui 0.73": (await import(pathToFileURL(requireFromPackage.resolve("@mariozechner/pi-tui")))).visibleWidth,
	"pi-tui 1.x": (await import(pathToFileURL(requireFromPackage.resolve("pi-tui-1")))).visibleWidth,
};
const hard = JSON.parse(readFileSync(join(repoRoot, "tests", "fixtures", "hard-unicode.json"), "utf8"));
const pieces = Object.values(hard.classes).flat();

const SEED = Number(process.env.WIDTHS_SEED ?? 20261130);
const QUESTIONNAIRES = 40;

/** mulberry32: small, seeded, the same sequence on every machine. */
function rng(seed) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
	const pick = (list) => list[int(0, list.length - 1)];
	return { next, int, pick };
}

const words = ["plan", "tests", "ship it", "Ω", "日本", "option", "a", "longer words here", "x"];

function text(r, min, max) {
	const parts = [];
	for (let i = r.int(min, max); i > 0; i--) parts.push(r.next() < 0.6 ? r.pick(pieces) : r.pick(words));
	return parts.join(r.next() < 0.5 ? " " : "");
}

/** A non-blank string: a word first, so validation never refuses what only looks blank. */
function label(r, max) {
	return `${r.pick(words)}${text(r, 0, max)}`;
}

function markdown(r) {
	const blocks = [
		() => `# ${label(r, 3)}`,
		() => text(r, 3, 20),
		() => `- ${label(r, 3)}\n- [x] ${label(r, 3)}`,
		() => `> ${label(r, 5)}`,
		() => `| ${label(r, 1)} | ${label(r, 1)} |\n|---|---|\n| ${text(r, 1, 3)} | ${text(r, 1, 3)} |`,
		() => "```rust\nfn main() { let s = \"" + text(r, 1, 4).replace(/[\\"]/g, "") + "\"; }\n```",
		() => `**${label(r, 2)}** _${label(r, 2)}_ \`${label(r, 1)}\` [${label(r, 1)}](https://example.com)`,
	];
	return Array.from({ length: r.int(1, 5) }, () => r.pick(blocks)()).join("\n\n");
}

function questionnaire(r) {
	const types = ["single", "multi", "text", "confirm"];
	const questions = Array.from({ length: r.int(1, 4) }, (_, i) => {
		const type = r.pick(types);
		const q = { id: `q${i}`, header: label(r, 2), prompt: label(r, 6), type };
		if (r.next() < 0.5) q.context = markdown(r).slice(0, 400);
		if (type === "single" || type === "multi") {
			q.options = Array.from({ length: r.int(1, 6) }, (_, j) => {
				const option = { value: `v${j}`, label: label(r, 4) };
				if (r.next() < 0.6) option.description = label(r, 8);
				if (r.next() < 0.5) option.preview = markdown(r);
				if (r.next() < 0.2) option.recommended = true;
				return option;
			});
		}
		return q;
	});
	const input = { questions };
	if (r.next() < 0.5) input.title = label(r, 3);
	if (r.next() < 0.5) input.labels = { submit: label(r, 1), cancel: label(r, 1), yes: label(r, 1) };
	return input;
}

const keys = {
	down: "\x1b[B",
	up: "\x1b[A",
	tab: "\t",
	backtab: "\x1b[Z",
	enter: "\r",
	space: " ",
	right: "\x1b[C",
	left: "\x1b[D",
	note: "n",
	preview: "p",
	esc: "\x1b",
	dock: "\x1d",
	backspace: "\x7f",
	altDown: "\x1b[1;3B",
	filter: "/",
	j: "j",
	k: "k",
	yes: "y",
};

/** One step: a key, or typed or pasted hard text (which lands in an editor when one is open). */
function step(r) {
	const roll = r.next();
	if (roll < 0.65) return r.pick(Object.values(keys));
	if (roll < 0.85) return r.pick(pieces).replace(/[\x00-\x1f\x7f-\x9f]/g, "");
	return `\x1b[200~${text(r, 1, 6)}\x1b[201~`;
}

const palette = new addon.Palette(
	Object.fromEntries(addon.themeSlots().fg.map((name, i) => [name, `\x1b[38;5;${(i * 7) % 256}m`])),
	Object.fromEntries(addon.themeSlots().bg.map((name, i) => [name, `\x1b[48;5;${(i * 11) % 256}m`])),
);

function widths(r) {
	return [1, 2, 3, 5, 250, r.int(6, 40), r.int(41, 120), r.int(121, 249)];
}

function check(rows, width, where) {
	for (const [name, visibleWidth] of Object.entries(measures)) {
		for (const [i, row] of rows.entries()) {
			const measured = visibleWidth(row);
			if (measured > width) {
				assert.fail(
					`${where}: row ${i} measures ${measured} > ${width} by ${name} (seed ${SEED}): ${JSON.stringify(row)}`,
				);
			}
		}
	}
}

test("every row fits its width by pi-tui's visibleWidth, for generated hard text", () => {
	const r = rng(SEED);
	let rows = 0;
	let valid = 0;
	for (let n = 0; n < QUESTIONNAIRES; n++) {
		const input = questionnaire(r);
		if (addon.invalidResult(input)) continue;
		valid++;
		const where = `questionnaire ${n}`;
		for (const width of widths(r)) {
			const call = addon.renderCall(input, width, palette);
			check(call, width, `${where} call card`);
			rows += call.length;
		}
		const session = new addon.Session(input, palette);
		for (let s = 0; s < 14 && !session.finished; s++) {
			session.input(step(r));
			for (const width of widths(r)) {
				const frame = session.render(width, r.int(1, 60));
				check(frame, width, `${where} step ${s}`);
				check([session.dock(width)], width, `${where} step ${s} dock`);
				rows += frame.length + 1;
			}
		}
		const result = session.finished ? session.result() : session.abort();
		for (const width of widths(r)) {
			const card = addon.renderResult(result.details, width, palette, result.content);
			check(card, width, `${where} result card`);
			rows += card.length;
		}
	}
	assert.ok(valid >= QUESTIONNAIRES / 2, `only ${valid} generated questionnaires were valid`);
	assert.ok(rows > 10_000, `only ${rows} rows were measured`);
});

test("the hard pieces themselves measure differently by pi and by our own count before sanitizing", () => {
	// Guards the fixture: if pi stopped disagreeing with the plain character count, the test above
	// would prove less than it claims.
	const disputed = ["🇺", "\u00ad", "กำำำำำำ", "👨\u200d👩\u200d👧\u200d👦"];
	for (const piece of disputed) assert.ok(pieces.includes(piece), `${JSON.stringify(piece)} is in the fixture`);
	assert.equal(measures["pi-tui 1.x"]("🇺"), 2);
	assert.equal(measures["pi-tui 0.73"]("กำำำำำำ"), 7);
});

test("text that starts with a mark, or holds marks newer than Node's Unicode data, fits", () => {
	// A mark with no base takes the next sign as its base in pi's count, which counts that sign
	// again; marks Unicode added after Node's ICU data are a column each there.
	const starts = ["\u0e49\u0e33", "\u0301\uff9e", "\u0f71\uff9e", "\u0e33\u0e33"];
	const newer = [0x5c8, 0xb53, 0x1ade, 0x1aec, 0x1af0, 0x10ecb, 0x10ef0, 0x11df0, 0x1d127, 0x1d250, 0x1d25f, 0x1d280];
	const texts = [
		...starts.map((start) => `${start}${start} plan`),
		...newer.map((cp) => String.fromCodePoint(cp).repeat(30)),
		`a${newer.map((cp) => String.fromCodePoint(cp)).join("")}`,
	];
	for (const text of texts) {
		const input = { questions: [{ id: "q", header: text, prompt: text, type: "text" }] };
		const where = JSON.stringify(text);
		for (let width = 1; width <= 40; width++) {
			check(new addon.Session(input, palette).render(width, 30), width, `${where} at ${width}`);
			check(addon.renderCall({ question: text, options: [text, "b"] }, width, palette), width, `${where} call card`);
		}
		const session = new addon.Session(input, palette);
		session.input(`\x1b[200~${text}\x1b[201~`);
		session.input("\r");
		const result = session.finished ? session.result() : session.abort();
		for (let width = 1; width <= 40; width++) {
			check(addon.renderResult(result.details, width, palette, result.content), width, `${where} result card`);
		}
	}
});
