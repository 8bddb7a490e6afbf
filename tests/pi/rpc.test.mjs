// RPC mode: pi's custom() shows nothing, so the tool asks through select/input dialogs that a JSONL
// client answers; the model's next turn must receive the answers.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { approachQuestion, entry, requireBuilt, RpcPi, sandbox } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
after(() => boxes.forEach((box) => box.cleanup()));

const approach = approachQuestion({ fast: { description: "ship today" } });
const scope = {
	id: "scope",
	header: "Scope",
	prompt: "Which scopes?",
	type: "multi",
	options: [
		{ value: "repo", label: "repo" },
		{ value: "gist", label: "gist" },
		{ value: "org", label: "read:org" },
	],
};
const name = { id: "name", header: "Name", prompt: "What should it be called?", type: "text" };
const proceed = { id: "go", header: "Go", prompt: "Proceed?", type: "confirm" };

/**
 * Runs one call of the tool in RPC mode; `answer(dialog, pi)` replies to each dialog. Returns the
 * tool's end event and what the model received next.
 */
async function ask(input, answer, extraArgs = []) {
	const box = sandbox([{ call: input }, { echo: true }]);
	boxes.push(box);
	const pi = new RpcPi(box, extraArgs);
	try {
		pi.prompt("hi");
		for (;;) {
			const next = await pi.next(
				(m) => (m.type === "extension_ui_request" && m.method !== "setWidget") || m.type === "tool_execution_end",
				"a dialog or the end of the tool",
			);
			if (next.type === "tool_execution_end") {
				await pi.event("agent_end");
				return { end: next, requests: box.requests(), dialogs: pi.messages.filter((m) => m.type === "extension_ui_request") };
			}
			answer(next, pi);
		}
	} finally {
		await pi.close();
	}
}

/** Replies from a list, in order; each item maps the dialog to its response. */
function replies(...steps) {
	let i = 0;
	return (dialog, pi) => {
		const step = steps[i++];
		assert.ok(step, `unexpected dialog: ${JSON.stringify(dialog)}`);
		pi.respond(dialog, step(dialog));
	};
}
const pick = (text) => (dialog) => {
	assert.equal(dialog.method, "select");
	return { value: entry(dialog, text) };
};
const type = (text) => (dialog) => {
	assert.equal(dialog.method, "input");
	return { value: text };
};

function received(result) {
	const last = result.requests[1]?.last;
	assert.equal(last?.role, "toolResult", "the model got a second turn with the tool result");
	assert.equal(last.isError, false);
	return last.text;
}

test("with a UI the tool is offered with its prompt snippet and guidelines", async () => {
	const result = await ask({ questions: [proceed] }, replies(pick("Yes")));
	const [first] = result.requests;
	assert.ok(first.tools.includes("ask_user_question"), `${first.tools}`);
	assert.match(first.systemPrompt, /^- ask_user_question: .+/m);
	const guidelines = first.systemPrompt.split("\n").filter((line) => line.startsWith("- ") && line.includes("ask_user_question"));
	assert.ok(guidelines.length >= 4, guidelines.join("\n"));
	assert.ok(guidelines.some((g) => /visible text/.test(g)), "proposals go in visible text");
	assert.ok(guidelines.some((g) => /self-contained/.test(g)), "prompts are self-contained");
	assert.ok(guidelines.some((g) => /user's language/.test(g)), "labels in the user's language");
});

test("a tool the operator left out stays out", async () => {
	const box = sandbox([{ text: "done" }]);
	boxes.push(box);
	const pi = new RpcPi(box, ["--tools", "read,bash"]);
	try {
		pi.prompt("hi");
		await pi.event("agent_end");
		assert.deepEqual(box.requests()[0].tools, ["read", "bash"]);
	} finally {
		await pi.close();
	}
});

test("single: the picked option reaches the model", async () => {
	const result = await ask({ questions: [approach] }, (dialog, pi) => {
		assert.match(dialog.title, /Which approach\?/);
		assert.deepEqual(dialog.options.slice(0, 2), ["1. Safe", "2. Fast — ship today"]);
		pi.respond(dialog, { value: "2. Fast — ship today" });
	});
	assert.equal(received(result), "Approach: user selected: 2. Fast");
	assert.equal(result.end.isError, false);
	assert.deepEqual(result.end.result.details.answers.approach.values, ["fast"]);
});

test("multi: toggles, then Done", async () => {
	const result = await ask(
		{ questions: [scope] },
		replies(pick("repo"), pick("read:org"), pick("gist"), pick("gist"), (dialog) => {
			assert.ok(dialog.options.includes("[x] 1. repo") && dialog.options.includes("[ ] 2. gist"), `${dialog.options}`);
			return { value: entry(dialog, "Done") };
		}),
	);
	assert.equal(received(result), "Scope: user selected: 1. repo, 3. read:org");
});

test("text: typed through an input dialog", async () => {
	const result = await ask({ questions: [name] }, replies(type("Ada")));
	assert.equal(received(result), "Name: user wrote: Ada");
});

test("text: the placeholder is the input dialog's, and is never submitted", async () => {
	const check = (dialog) => {
		assert.equal(dialog.method, "input");
		assert.equal(dialog.placeholder, "my-service");
		return { value: "" };
	};
	const result = await ask({ questions: [{ ...name, placeholder: "my-service" }] }, replies(check));
	assert.equal(received(result), "Name: (skipped)");
});

test("confirm: yes or no", async () => {
	const result = await ask({ questions: [proceed] }, replies(pick("No")));
	assert.equal(received(result), "Go: user selected: 2. No");
});

test("skip: an explicit Skip entry and a blank input", async () => {
	const result = await ask({ questions: [approach, name] }, replies(pick("Skip"), type("")));
	assert.equal(received(result), "Approach: (skipped)\nName: (skipped)");
	assert.equal(result.end.result.details.cancelled, false);
});

test("all kinds in one call", async () => {
	const result = await ask(
		{ title: "Plan", questions: [approach, scope, name, proceed] },
		replies(pick("Safe"), pick("gist"), pick("Done"), type("Ada"), pick("Yes")),
	);
	assert.equal(
		received(result),
		"Approach: user selected: 1. Safe\nScope: user selected: 2. gist\nName: user wrote: Ada\nGo: user selected: 1. Yes",
	);
});

test("Claude Code's AskUserQuestion shape passes pi's schema check and is answered the same way", async () => {
	const compatible = {
		questions: [
			{ question: "Which languages?", header: "Languages", multiSelect: true, options: [{ label: "Rust", description: "fast" }, { label: "Go" }] },
		],
	};
	const result = await ask(compatible, replies(pick("Go"), pick("Done")));
	assert.equal(received(result), "Languages: user selected: 2. Go");
	assert.equal(result.end.result.details.questions[0].type, "multi");
});

test("Copilot CLI's lone question with string choices passes pi's schema check", async () => {
	const copilot = { question: "Which package manager should the workspace use?", choices: ["pnpm", "npm", "yarn"], allow_freeform: false };
	const result = await ask(copilot, (dialog, pi) => {
		assert.match(dialog.title, /Which package manager/);
		assert.ok(!dialog.options.includes("Type something."), `${dialog.options}`);
		pi.respond(dialog, { value: "2. npm" });
	});
	assert.equal(result.end.isError, false, JSON.stringify(result.end.result));
	assert.match(received(result), /user selected: 2\. npm$/);
	assert.equal(result.end.result.details.questions[0].allowCustom, false);
});

test("Gemini CLI's types and Cline's string options pass pi's schema check", async () => {
	const gemini = {
		questions: [
			{ question: "Ship the migration tonight?", header: "Ship", type: "yesno" },
			{ question: "Which framework?", header: "Framework", options: ["React", "Vue (Recommended)"] },
		],
	};
	const result = await ask(gemini, replies(pick("Yes"), pick("Vue (Recommended)")));
	assert.equal(result.end.isError, false, JSON.stringify(result.end.result));
	assert.equal(received(result), "Ship: user selected: 1. Yes\nFramework: user selected: 2. Vue (Recommended)");
	const [ship, framework] = result.end.result.details.questions;
	assert.equal(ship.type, "confirm");
	assert.equal(framework.options[1].recommended, true);
});

test("questions sent as JSON text, numbered values and flags as text pass pi's schema check", async () => {
	const options = [{ value: 1, label: "pnpm" }, { value: 2, label: "yarn" }];
	const questions = [{ question: "Which package manager?", header: "Manager", multiSelect: "false", options: JSON.stringify(options) }];
	const result = await ask({ questions: JSON.stringify(questions) }, replies(pick("yarn")));
	assert.equal(result.end.isError, false, JSON.stringify(result.end.result));
	assert.equal(received(result), "Manager: user selected: 2. yarn");
	const [manager] = result.end.result.details.questions;
	assert.equal(manager.type, "single");
	assert.deepEqual(manager.options.map((o) => [o.value, o.label]), [["1", "pnpm"], ["2", "yarn"]]);
});

test("what models leave out or spell their own way passes pi's schema check as meant", async () => {
	const loose = {
		questions: [
			{ prompt: "Which regions?", multi_select: true, recommended: "eu", options: [{ value: "eu", description: "Ireland" }, { value: "us" }] },
		],
	};
	const result = await ask(loose, replies(pick("us"), pick("Done")));
	assert.equal(result.end.isError, false, JSON.stringify(result.end.result));
	assert.equal(received(result), "Q1: user selected: 2. us");
	const [regions] = result.end.result.details.questions;
	assert.equal(regions.id, "q1");
	assert.equal(regions.type, "multi");
	assert.deepEqual(regions.options.map((o) => [o.value, o.label, o.recommended ?? false]), [["eu", "eu", true], ["us", "us", false]]);
});

test("a call that is invalid in any shape reaches the tool's own validation unchanged", async () => {
	const result = await ask({ questions: [{ id: "a", header: "A", prompt: "Pick?", type: "single", options: [], colour: "red" }] }, () => {
		assert.fail("no dialog for an invalid call");
	});
	assert.equal(result.end.isError, true);
	const { details } = result.end.result;
	assert.equal(details.error, "invalid_questions");
	assert.ok(details.issues.some((i) => i.path === "/questions/0/options" && i.code === "missing_options"), JSON.stringify(details.issues));
	assert.ok(details.warnings.some((w) => w.path === "/questions/0/colour"), JSON.stringify(details.warnings));
});

test("labels localize the dialogs", async () => {
	const labels = { yes: "Sí", no: "No", skip: "Omitir", done: "Listo", typeSomething: "Escribe algo." };
	const result = await ask(
		{ labels, questions: [proceed, scope] },
		replies(
			(dialog) => {
				assert.deepEqual(dialog.options, ["1. Sí", "2. No", "Omitir"]);
				return { value: "1. Sí" };
			},
			(dialog) => {
				assert.ok(["Escribe algo.", "Listo", "Omitir"].every((label) => dialog.options.includes(label)), `${dialog.options}`);
				return { value: "Omitir" };
			},
		),
	);
	assert.equal(received(result), "Go: user selected: 1. Sí\nScope: (skipped)");
});

test("dismissing a dialog cancels and keeps what was recorded", async () => {
	const result = await ask({ questions: [approach, name] }, replies(pick("Fast"), () => ({ cancelled: true })));
	const text = received(result);
	assert.match(text, /^User cancelled the questionnaire\./);
	assert.match(text, /Approach: user selected: 2\. Fast/);
	assert.match(text, /Name/);
	assert.equal(result.end.result.details.cancelled, true);
});

test("an abort mid-dialog returns aborted with what was recorded", async () => {
	const box = sandbox([{ call: { questions: [approach, scope, name] } }, { echo: true }]);
	boxes.push(box);
	const pi = new RpcPi(box);
	try {
		pi.prompt("hi");
		const first = await pi.dialog();
		pi.respond(first, { value: entry(first, "Fast") });
		const second = await pi.dialog();
		pi.respond(second, { value: entry(second, "repo") });
		const open = await pi.dialog();
		assert.match(open.title, /Which scopes\?/, "the scope dialog is open again");
		pi.send({ type: "abort" });
		const end = await pi.event("tool_execution_end");
		await pi.event("agent_end");
		const { details } = end.result;
		assert.equal(details.error, "aborted");
		assert.equal(details.cancelled, true);
		assert.deepEqual(details.answers.approach.values, ["fast"]);
		assert.deepEqual(details.answers.scope.values, ["repo"], "the toggle before the abort is kept");
		assert.equal(details.answers.name.status, "skipped");
		assert.match(end.result.content[0].text, /^User cancelled the questionnaire\./);
		// The late reply to the dismissed dialog changes nothing.
		pi.respond(open, { value: entry(open, "Done") });
		assert.equal(box.requests().length, 1, "an aborted turn does not call the model again");
	} finally {
		await pi.close();
	}
});
