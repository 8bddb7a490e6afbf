// Invalid input: nothing is shown, the error the model receives lists every issue, and the model's
// corrected second call goes through.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { RpcPi, entry, requireBuilt, sandbox } from "./harness.mjs";

before(requireBuilt);
const boxes = [];
after(() => boxes.forEach((box) => box.cleanup()));

// Valid for the JSON Schema pi checks first, so the problems reach the tool's own validation.
const broken = {
	questions: [
		{ id: "approach", header: " ", prompt: "Which approach?", options: [] },
		{ id: "approach", header: "Scope", prompt: "Which scopes?", type: "multi", options: [{ value: "a", label: "A" }, { value: "a", label: "B" }] },
		{ id: "name", header: "Name", prompt: "Name?", type: "text", options: [{ value: "x", label: "X" }] },
		{ id: "pick", header: "Pick", prompt: "Pick", options: [{ value: "t", label: "Type something." }] },
	],
};
const expectedIssues = [
	["/questions/0/header", "blank"],
	["/questions/0/options", "missing_options"],
	["/questions/1/id", "duplicate_id"],
	["/questions/1/options/1/value", "duplicate_value"],
	["/questions/2/options", "unexpected_options"],
	["/questions/3/options/0/label", "reserved_label"],
];
const corrected = {
	questions: [
		{ id: "approach", header: "Approach", prompt: "Which approach?", options: [{ value: "safe", label: "Safe" }] },
		{ id: "scope", header: "Scope", prompt: "Which scopes?", type: "multi", options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] },
	],
};

test("the error lists every issue and the corrected call succeeds", async () => {
	const box = sandbox([{ call: broken }, { call: corrected }, { echo: true }]);
	boxes.push(box);
	const pi = new RpcPi(box);
	try {
		pi.prompt("hi");
		const failed = await pi.event("tool_execution_end");
		assert.equal(failed.isError, true);
		assert.equal(failed.result.details.error, "invalid_questions");
		const issues = failed.result.details.issues.map((i) => [i.path, i.code]);
		for (const issue of expectedIssues) assert.ok(issues.some((i) => i[0] === issue[0] && i[1] === issue[1]), `missing ${issue} in ${JSON.stringify(issues)}`);

		const single = await pi.dialog();
		pi.respond(single, { value: entry(single, "Safe") });
		const multi = await pi.dialog();
		pi.respond(multi, { value: entry(multi, "B") });
		const done = await pi.dialog();
		pi.respond(done, { value: entry(done, "Done") });
		const succeeded = await pi.event("tool_execution_end");
		assert.equal(succeeded.isError, false);
		await pi.event("agent_end");

		const [, afterBroken, afterCorrected] = box.requests();
		assert.equal(afterBroken.last.isError, true, "the model sees an error");
		for (const [path, code] of expectedIssues) {
			assert.ok(afterBroken.last.text.includes(`${path} (${code})`), `${path} (${code}) not in:\n${afterBroken.last.text}`);
		}
		assert.equal(afterCorrected.last.isError, false);
		assert.equal(afterCorrected.last.text, "Approach: user selected: 1. Safe\nScope: user selected: 2. B");
	} finally {
		await pi.close();
	}
});
