// A questionnaire's first frame does not wait for syntax highlighting: in a process that has not
// compiled a language's grammar yet, its code is drawn plain, the grammar compiles off pi's
// thread, and the session's wake-up asks pi to draw it again, colored. Node runs each test file
// in a process of its own, so the grammars here start uncompiled.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { packageDir, requireBuilt } from "./harness.mjs";

requireBuilt();
const addon = createRequire(join(packageDir, "package.json"))(join(packageDir, "ask-user-question.node"));
const palette = new addon.Palette(
	Object.fromEntries(addon.themeSlots().fg.map((name, i) => [name, `\x1b[38;5;${16 + i}m`])),
	{},
);
const plain = (rows) => rows.map((row) => row.replace(/\x1b\[[0-9;:]*m/g, ""));
const CODE = "fn main() { let n = 42; }";
/** Enough code that compiling and highlighting it takes far longer than the test's first render. */
const MORE = Array.from({ length: 300 }, (_, i) => `fn f${i}(x: u32) -> u32 { x.wrapping_mul(${i}) }`).join("\n");
/** Plain code is one run of text; highlighted code is cut by color changes. */
const isPlain = (row) => row.includes(CODE);

function withCode(lang) {
	return {
		questions: [
			{
				id: "pick",
				header: "Pick",
				prompt: "Which one?",
				type: "single",
				options: [
					{ value: "a", label: "Alpha", preview: `## Alpha\n\n\`\`\`${lang}\n${CODE}\n${MORE}\n\`\`\`` },
					{ value: "b", label: "Beta" },
				],
			},
		],
	};
}

/**
 * Resolves with the rows once a wake-up (the extension's: the clock to now, then a render) drew
 * the code colored; fails a hung test after a generous minute. A callback is also woken once as
 * it is set, for what happened before it.
 */
function coloredAfterWakeUps(session, codeRow) {
	return new Promise((resolve, reject) => {
		const hang = setTimeout(() => reject(new Error("the code was not colored within a minute")), 60_000);
		session.onWake(() => {
			assert.equal(session.tick(), null, "still open");
			const rows = session.render(100, 30);
			if (isPlain(rows[codeRow])) return;
			clearTimeout(hang);
			resolve(rows);
		});
	});
}

test("code is plain in the first frame and colored after the wake-up, with no key", async () => {
	const session = new addon.Session(withCode("rust"), palette);
	const first = session.render(100, 30);
	const codeRow = plain(first).findIndex((row) => row.includes("fn main()"));
	assert.ok(codeRow >= 0, plain(first).join("\n"));
	assert.ok(isPlain(first[codeRow]), `plain code: ${JSON.stringify(first[codeRow])}`);
	assert.deepEqual(session.render(100, 30), first, "no clock moves at a render: still plain");

	const colored = await coloredAfterWakeUps(session, codeRow);
	assert.deepEqual(plain(colored), plain(first), "the same rows");
	session.onWake(null);
});

test("code in a language already compiled is colored from the first frame", () => {
	// The test above compiled Rust in this process; a second questionnaire needs no wait.
	const session = new addon.Session(withCode("rs"), palette);
	const first = session.render(100, 30);
	const codeRow = plain(first).findIndex((row) => row.includes("fn main()"));
	assert.ok(codeRow >= 0, plain(first).join("\n"));
	assert.ok(!isPlain(first[codeRow]), JSON.stringify(first[codeRow]));
});
