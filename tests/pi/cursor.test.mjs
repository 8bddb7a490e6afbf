// The terminal's cursor in pi: the questionnaire puts pi's cursor marker on the caret of the editor
// being typed in, and pi moves the terminal's cursor there (what an input method's window and a
// screen magnifier follow). tmux reports where the cursor is; the pane shows where the caret is.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { TmuxPi, approachQuestion, requireBuilt, sandbox } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
let tmux;
afterEach(() => tmux?.kill());
after(() => boxes.forEach((box) => box.cleanup()));

/** Columns `text` takes in a terminal: CJK ideographs take two, the rest here one. */
function columns(text) {
	let width = 0;
	for (const char of text) width += /[\u3000-\u9fff\uff00-\uffef]/u.test(char) ? 2 : 1;
	return width;
}

/** The cursor as tmux reports it: [column, row] in the visible pane. */
function cursor(tmux) {
	return tmux.tmux("display", "-p", "-t", tmux.name, "#{cursor_x},#{cursor_y}").trim().split(",").map(Number);
}

/** Waits until the cursor is on the cell right after `typed` on the pane's row holding it. */
async function untilCursorAfter(tmux, typed) {
	let at;
	await tmux.until((rows) => {
		const [x, y] = cursor(tmux);
		const row = rows[y] ?? "";
		const end = row.lastIndexOf(typed);
		at = { x, y };
		return end >= 0 && columns(row.slice(0, end + typed.length)) === x;
	}, `the cursor right after ${JSON.stringify(typed)}`);
	return at;
}

test("the cursor sits on the caret of Type something. after typing, also after a wide character", async () => {
	const box = sandbox([{ call: { questions: [approachQuestion()] } }, { echo: true }]);
	boxes.push(box);
	tmux = new TmuxPi(box, { width: 80, height: 24, prompt: "hi" });
	await tmux.untilText("Which approach?");
	tmux.type("3");
	await tmux.untilText("Your answer");
	tmux.type("ab");
	const { x, y } = await untilCursorAfter(tmux, "ab");
	tmux.keys("Left");
	await tmux.until(() => {
		const [left, row] = cursor(tmux);
		return left === x - 1 && row === y;
	}, "the cursor one column left after ←");
	tmux.keys("End");
	tmux.type("中");
	const wide = await untilCursorAfter(tmux, "ab中");
	assert.equal(wide.x, x + 2, "a wide character moves the cursor two columns");
	assert.equal(wide.y, y);
});
