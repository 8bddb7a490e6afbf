// `ask-user-question mcp` driven by the official TypeScript SDK (@modelcontextprotocol/sdk) and
// listed by the MCP Inspector CLI. The binary comes from ASK_USER_QUESTION (tests/mcp/run).

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

const BINARY = process.env.ASK_USER_QUESTION;
assert.ok(BINARY, "ASK_USER_QUESTION names the binary");

const TEXT_QUESTION = {
  title: "Naming",
  questions: [
    { id: "name", header: "Name", prompt: "Service name?", type: "text" },
    { id: "ship", header: "Ship", prompt: "Ship today?", type: "confirm" },
  ],
};

function cleanEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!("TMUX" in extra)) {
    delete env.TMUX;
    delete env.TMUX_PANE;
  }
  return env;
}

async function connect({ elicit, env } = {}) {
  const capabilities = elicit ? { elicitation: { form: {} } } : {};
  const client = new Client({ name: "sdk-test", version: "1.0.0" }, { capabilities });
  if (elicit) client.setRequestHandler(ElicitRequestSchema, elicit);
  const transport = new StdioClientTransport({ command: BINARY, args: ["mcp"], env: env ?? cleanEnv(), stderr: "pipe" });
  await client.connect(transport);
  return { client, transport };
}

const textOf = (result) => result.content.filter((b) => b.type === "text").map((b) => b.text).join("\n");

/** Two tmux servers: the inner one holds the MCP server's TMUX, the outer one's pane is a client
 * attached to it, so keys sent there reach a popup and its screen shows one. */
class AttachedTmux {
  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), "auq-mcp-tmux-"));
    this.inner = join(this.dir, "inner.sock");
    this.outer = join(this.dir, "outer.sock");
    this.tmux(this.inner, "-f", "/dev/null", "new-session", "-d", "-s", "work", "-x", "100", "-y", "30", "sh");
    this.tmux(this.outer, "-f", "/dev/null", "new-session", "-d", "-s", "screen", "-x", "100", "-y", "30",
      `tmux -S ${this.inner} attach -t work`);
  }
  env() {
    const env = cleanEnv({ TERM: "xterm-256color" });
    delete env.TMUX;
    delete env.TMUX_PANE;
    return env;
  }
  tmux(socket, ...args) {
    return execFileSync("tmux", ["-S", socket, ...args], { env: this.env(), encoding: "utf8" });
  }
  serverEnv() {
    const pid = this.tmux(this.inner, "display-message", "-p", "#{pid}").trim();
    return { ...this.env(), TMUX: `${this.inner},${pid},0`, TMUX_PANE: "%0" };
  }
  screen() {
    return spawnSync("tmux", ["-S", this.outer, "capture-pane", "-p", "-t", "screen"], { env: this.env(), encoding: "utf8" }).stdout;
  }
  keys(...keys) {
    this.tmux(this.outer, "send-keys", "-t", "screen", ...keys);
  }
  async waitFor(seen, what) {
    for (let i = 0; i < 600; i++) {
      if (seen(this.screen())) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what}; the screen:\n${this.screen()}`);
  }
  close() {
    for (const socket of [this.outer, this.inner]) spawnSync("tmux", ["-S", socket, "kill-server"], { env: this.env() });
    rmSync(this.dir, { recursive: true, force: true });
  }
}

test("tools/list shows the tool, its schema and annotations", async () => {
  const { client } = await connect();
  const { tools } = await client.listTools();
  await client.close();
  assert.equal(tools.length, 1);
  const [tool] = tools;
  assert.equal(tool.name, "ask_user_question");
  assert.deepEqual(tool.inputSchema, JSON.parse(execFileSync(BINARY, ["schema"], { encoding: "utf8" })));
  assert.equal(tool.annotations.readOnlyHint, true);
  assert.equal(tool.annotations.openWorldHint, false);
});

test("a call answered through the client's form", async () => {
  let form;
  const { client } = await connect({
    elicit: async (request) => {
      form = request.params;
      return { action: "accept", content: { name: "billing", ship: false } };
    },
  });
  const result = await client.callTool({ name: "ask_user_question", arguments: TEXT_QUESTION });
  await client.close();
  assert.equal(result.isError, false);
  assert.equal(form.mode ?? "form", "form");
  assert.deepEqual(Object.keys(form.requestedSchema.properties), ["name", "ship"]);
  assert.equal(result.structuredContent.answers.name.customText, "billing");
  assert.deepEqual(result.structuredContent.answers.ship.values, ["no"]);
  assert.match(textOf(result), /^Name: user wrote: billing\nShip: user selected: 2\. No\n/);
});

test("invalid input is a tool error naming each issue", async () => {
  const { client } = await connect();
  const result = await client.callTool({ name: "ask_user_question", arguments: { questions: [] } });
  await client.close();
  assert.equal(result.isError, true);
  const [issue] = result.structuredContent.issues;
  assert.equal(issue.path, "/questions");
  assert.ok(issue.code && issue.message);
});

test("a call cancelled mid-way leaves its popup open; the repeated call attaches to it", async (t) => {
  const tmux = new AttachedTmux();
  t.after(() => tmux.close());
  const { client } = await connect({ env: tmux.serverEnv() });
  const abort = new AbortController();
  const call = client.callTool({ name: "ask_user_question", arguments: TEXT_QUESTION }, undefined, { signal: abort.signal });
  await tmux.waitFor((s) => s.includes("Service name?"), "the popup");
  tmux.keys("-l", "half-typed");
  await tmux.waitFor((s) => s.includes("half-typed"), "the draft");
  abort.abort();
  await assert.rejects(call);
  // The same call again finds the same popup, the draft still in it.
  const again = client.callTool({ name: "ask_user_question", arguments: TEXT_QUESTION });
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(tmux.screen().includes("half-typed"), tmux.screen());
  tmux.keys("Enter");
  await tmux.waitFor((s) => s.includes("Ship today?"), "the second question");
  // Keys right after Enter saved an editor are held off until a pause (legacy terminals send
  // Enter for Shift+Enter); this is that pause.
  await new Promise((r) => setTimeout(r, 700));
  tmux.keys("y");
  await tmux.waitFor((s) => s.includes("Submit"), "the review");
  tmux.keys("Enter");
  const result = await again;
  await client.close();
  assert.equal(result.isError, false, textOf(result));
  assert.equal(result.structuredContent.answers.name.customText, "half-typed");
  assert.deepEqual(result.structuredContent.answers.ship.values, ["yes"]);
  assert.equal(result.structuredContent.answeredAfterCallEnded, true);
});

test("standard input closed while a questionnaire is open: the popup closes, the server exits", async (t) => {
  const tmux = new AttachedTmux();
  t.after(() => tmux.close());
  const { client, transport } = await connect({ env: tmux.serverEnv() });
  const call = client.callTool({ name: "ask_user_question", arguments: TEXT_QUESTION });
  call.catch(() => {});
  await tmux.waitFor((s) => s.includes("Service name?"), "the popup");
  const pid = transport.pid;
  const exited = new Promise((resolve) => transport._process.once("exit", (code, signal) => resolve({ code, signal })));
  transport._process.stdin.end();
  const { code, signal } = await exited;
  assert.deepEqual({ code, signal }, { code: 0, signal: null }, `server ${pid}`);
  await tmux.waitFor((s) => !s.includes("Service name?"), "the popup to close");
  await client.close();
});

/** Answers a served questionnaire page as its own form does: the page's Host and Origin. */
async function answerOnThePage(page, fields) {
  const shown = await fetch(page);
  assert.equal(shown.status, 200);
  assert.match(await shown.text(), /Service name\?/);
  const posted = await fetch(`${page}answer`, {
    method: "POST",
    headers: { Origin: new URL(page).origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  assert.equal(posted.status, 200, await posted.text());
}

async function until(found, what) {
  for (let i = 0; i < 400; i++) {
    const value = found();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test("a client with URL elicitation only is given the page's link; the page answers", async () => {
  const asked = [];
  const completed = [];
  const client = new Client({ name: "sdk-test", version: "1.0.0" }, { capabilities: { elicitation: { url: {} } } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return { action: "accept" };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => completed.push(n.params));
  await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp"], env: cleanEnv(), stderr: "pipe" }));
  const call = client.callTool({ name: "ask_user_question", arguments: TEXT_QUESTION });
  const page = await until(() => asked[0]?.url, "the link");
  await answerOnThePage(page, { "t.0": "billing", "q.1": "0", action: "submit" });
  const result = await call;
  await client.close();
  assert.equal(result.isError, false, textOf(result));
  assert.equal(asked[0].mode, "url");
  assert.equal(result.structuredContent.answers.name.customText, "billing");
  assert.deepEqual(result.structuredContent.answers.ship.values, ["yes"]);
  assert.equal(result.structuredContent.answeredIn, "web");
  assert.deepEqual(completed, [{ elicitationId: asked[0].elicitationId }]);
});

test("a client without elicitation gets the page's link in a log message", async () => {
  const logged = [];
  const { client } = await connect();
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logged.push(n.params));
  const call = client.callTool({ name: "ask_user_question", arguments: TEXT_QUESTION });
  const page = await until(() => logged.map((m) => /http:\/\/\S+\//.exec(m.data)?.[0]).find(Boolean), "the log message");
  await answerOnThePage(page, { "t.0": "billing", action: "submit", confirm: "1" });
  const result = await call;
  await client.close();
  assert.equal(result.isError, false, textOf(result));
  assert.equal(logged[0].level, "notice");
  assert.equal(result.structuredContent.answers.name.customText, "billing");
  assert.equal(result.structuredContent.answers.ship.status, "skipped");
  assert.equal(result.structuredContent.via, "web");
});

test("the MCP Inspector CLI lists the tool", () => {
  // The Inspector reads its own package.json at a path relative to the working directory, so it
  // runs from its build directory.
  const build = join(import.meta.dirname, "node_modules/@modelcontextprotocol/inspector-cli/build");
  const output = execFileSync("node", ["cli.js", "--cli", BINARY, "mcp", "--method", "tools/list"], {
    encoding: "utf8",
    env: cleanEnv(),
    cwd: build,
  });
  const listed = JSON.parse(output.slice(output.indexOf("{")));
  assert.deepEqual(listed.tools.map((tool) => tool.name), ["ask_user_question"]);
});
