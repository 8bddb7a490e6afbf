// Calls that last as long as the person needs, with the official TypeScript SDK client and its
// own timers: progress that keeps a resetting timeout alive, a hard timeout and the repeated call
// that gets the answer given meanwhile, and a client that declines forms unseen. The page is
// answered as a browser would (plain HTTP); the link comes in a log message. The binary comes
// from ASK_USER_QUESTION (tests/mcp/run).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const BINARY = process.env.ASK_USER_QUESTION;
assert.ok(BINARY, "ASK_USER_QUESTION names the binary");

const QUESTION = {
  title: "Naming",
  questions: [{ id: "name", header: "Name", prompt: "Service name?", type: "text" }],
};

function env() {
  const env = { ...process.env };
  delete env.TMUX;
  delete env.TMUX_PANE;
  return env;
}

/** A client; `elicit` answers forms (the client then declares form elicitation). */
async function connect({ elicit, args = [] } = {}) {
  const capabilities = elicit ? { elicitation: { form: {} } } : {};
  const client = new Client({ name: "long-waits", version: "1.0.0" }, { capabilities });
  if (elicit) client.setRequestHandler(ElicitRequestSchema, elicit);
  const links = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const link = /http:\/\/\S+\//.exec(String(n.params.data))?.[0];
    if (link) links.push(link);
  });
  // Without a form, the web page; the link comes in a log message.
  const via = elicit ? [] : ["--via", "web"];
  await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp", ...via, ...args], env: env(), stderr: "pipe" }));
  return { client, links };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(found, what, ms = 10000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(25)) {
    const value = found();
    if (value) return value;
  }
  assert.fail(`timed out waiting for ${what}`);
}

async function answerOnThePage(page, name) {
  const posted = await fetch(`${page}answer`, {
    method: "POST",
    headers: { Origin: new URL(page).origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ "t.0": name, action: "submit" }).toString(),
  });
  assert.equal(posted.status, 200, await posted.text());
}

const typed = (result) => result.structuredContent.answers.name.customText;

test("progress keeps a resetting 6 s timeout alive while the person takes 14 s", async () => {
  const { client, links } = await connect();
  const progress = [];
  const call = client.callTool({ name: "ask_user_question", arguments: QUESTION }, undefined, {
    timeout: 6000,
    resetTimeoutOnProgress: true,
    onprogress: (p) => progress.push(p),
  });
  const page = await until(() => links[0], "the link");
  await sleep(14000);
  await answerOnThePage(page, "billing");
  const result = await call;
  await client.close();
  assert.equal(typed(result), "billing");
  assert.ok(progress.length >= 2, `progress every few seconds: ${progress.length}`);
  assert.match(progress[0].message, /^Waiting for the person to answer in the browser/);
  assert.ok(progress.every((p, i) => i === 0 || p.progress > progress[i - 1].progress), "progress grows");
});

test("after a hard 3 s timeout the page stays; the repeated call gets the answer given at 5 s", async () => {
  const { client, links } = await connect();
  const first = client.callTool({ name: "ask_user_question", arguments: QUESTION }, undefined, { timeout: 3000 });
  const page = await until(() => links[0], "the link");
  await assert.rejects(first, (error) => error.code === -32001);
  await sleep(2000);
  await answerOnThePage(page, "billing");
  const again = await client.callTool({ name: "ask_user_question", arguments: QUESTION });
  await client.close();
  assert.equal(typed(again), "billing");
  assert.equal(again.structuredContent.answeredAfterCallEnded, true);
  assert.match(again.content[0].text, /^\(The user answered after an earlier call/);
});

test("a form declined faster than a person could read it goes on to the page", async () => {
  let forms = 0;
  const { client, links } = await connect({
    elicit: async () => {
      forms += 1;
      return { action: "decline" };
    },
  });
  const call = client.callTool({ name: "ask_user_question", arguments: QUESTION });
  const page = await until(() => links[0], "the page's link after the unseen form");
  await answerOnThePage(page, "billing");
  const result = await call;
  assert.equal(typed(result), "billing");
  assert.equal(result.structuredContent.via, "web");
  // The next call goes to the page at once: this client does not show forms.
  const next = client.callTool({ name: "ask_user_question", arguments: { ...QUESTION, title: "Again" } });
  const second = await until(() => links[1], "the second link");
  await answerOnThePage(second, "payments");
  assert.equal(typed(await next), "payments");
  await client.close();
  assert.equal(forms, 1);
});

test("a form declined after a person-like pause cancels", async () => {
  const { client, links } = await connect({
    elicit: async () => {
      await sleep(1500);
      return { action: "decline" };
    },
  });
  const result = await client.callTool({ name: "ask_user_question", arguments: QUESTION });
  await client.close();
  assert.equal(result.structuredContent.cancelled, true);
  assert.deepEqual(links, [], "no page");
});

/** A client that makes tasks (protocol 2025-11-25's `capabilities.tasks`). */
async function connectForTasks() {
  const client = new Client(
    { name: "long-waits-tasks", version: "1.0.0" },
    { capabilities: { tasks: { requests: {}, list: {}, cancel: {} } } },
  );
  const links = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const link = /http:\/\/\S+\//.exec(String(n.params.data))?.[0];
    if (link) links.push(link);
  });
  await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp", "--via", "web"], env: env(), stderr: "pipe" }));
  return { client, links };
}

test("a task answered after 8 s, its requests limited to 3 s each, comes back through tasks/result", async () => {
  const { client, links } = await connectForTasks();
  const seen = [];
  const stream = client.experimental.tasks.callToolStream({ name: "ask_user_question", arguments: QUESTION }, undefined, {
    task: { ttl: 60000 },
    timeout: 3000,
  });
  const answered = (async () => {
    const page = await until(() => links[0], "the link");
    await sleep(8000);
    await answerOnThePage(page, "billing");
  })();
  let result;
  for await (const message of stream) {
    seen.push(message.type === "taskStatus" ? message.task.status : message.type);
    if (message.type === "taskStatus" && message.task.status === "working") {
      assert.match(message.task.statusMessage, /Waiting for the person/);
    }
    if (message.type === "error") throw message.error;
    if (message.type === "result") result = message.result;
  }
  await answered;
  await client.close();
  assert.equal(seen[0], "taskCreated");
  assert.ok(seen.filter((s) => s === "working").length >= 5, seen.join(" "));
  assert.deepEqual(seen.slice(-2), ["completed", "result"]);
  assert.equal(typed(result), "billing");
});

test("tasks/cancel closes the page, keeping what was typed on it, and a task past its ttl goes", async () => {
  const { client, links } = await connectForTasks();
  const created = await client.request(
    { method: "tools/call", params: { name: "ask_user_question", arguments: QUESTION, task: { ttl: 60000 } } },
    (await import("@modelcontextprotocol/sdk/types.js")).CreateTaskResultSchema,
  );
  const taskId = created.task.taskId;
  const page = await until(() => links[0], "the link");
  const draft = await fetch(`${page}draft`, {
    method: "POST",
    headers: { Origin: new URL(page).origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ "t.0": "half-typed" }).toString(),
  });
  assert.equal(draft.status, 204, "the draft is saved");
  const cancelled = await client.experimental.tasks.cancelTask(taskId);
  assert.equal(cancelled.status, "cancelled");
  const { CallToolResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
  const result = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
  assert.equal(result.structuredContent.cancelled, true);
  // What the page's saved fields held: the answers so far of a cancelled questionnaire.
  assert.equal(result.structuredContent.answers.name.customText, "half-typed");
  const closed = await fetch(page).then((r) => r.status, () => "gone");
  assert.notEqual(closed, 200, "the page is closed");

  const short = await client.request(
    { method: "tools/call", params: { name: "ask_user_question", arguments: { ...QUESTION, title: "Short" }, task: { ttl: 1000 } } },
    (await import("@modelcontextprotocol/sdk/types.js")).CreateTaskResultSchema,
  );
  const shortPage = await until(() => links[1], "the second link");
  await sleep(2500);
  await assert.rejects(client.experimental.tasks.getTask(short.task.taskId), /no task/);
  const gone = await fetch(shortPage).then((r) => r.status, () => "gone");
  assert.notEqual(gone, 200, "its page closed with it");
  await client.close();
});
