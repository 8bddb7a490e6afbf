// Shared pieces of the browser tests: the CLI with its page, the inbox with its page and the
// hosts waiting on it, Chromium, tmux, results.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
export const bin = process.env.ASK_USER_QUESTION_BIN ?? join(root, "target", "debug", "ask-user-question");
export const fixture = (name) => join(here, "fixtures", name);

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
}

/** Waits until `check()` is truthy (polling), or fails naming `what`. */
export async function until(what, check, { timeout = 15000 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `ask-user-question FILE --web-only ARGS…`: its link, and its ending. */
export async function serveOnly(file, args = []) {
  const child = spawn(bin, [file, "--web-only", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const ended = new Promise((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr, result: stdout ? JSON.parse(stdout) : null })),
  );
  const url = await until("the link on stderr", () => stderr.match(/http:\/\/\S+\//)?.[0]);
  return { url, ended, child };
}

/** `--keys` replay of the same questionnaire: the terminal's result. */
export function replay(file, keys) {
  try {
    return JSON.parse(execFileSync(bin, [file, "--keys", keys], { stdio: ["ignore", "pipe", "ignore"] }));
  } catch (error) {
    return JSON.parse(error.stdout.toString());
  }
}

/** The CLI with --web on a real terminal (tmux), its result in files. */
export function inTmux(file, args = []) {
  const dir = mkdtempSync(join(tmpdir(), "auq-web-"));
  const socket = join(dir, "tmux.sock");
  const out = join(dir, "out.json");
  const err = join(dir, "err.txt");
  const rc = join(dir, "rc");
  const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  const command = `${quote(bin)} ${quote(file)} --web ${args.map(quote).join(" ")} >${quote(out)} 2>${quote(err)}; echo $? >${quote(rc)}; sleep 30`;
  const tmux = (...a) => execFileSync("tmux", ["-S", socket, ...a], { encoding: "utf8" });
  tmux("-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "sh", "-c", command);
  return {
    rc,
    url: () => until("the link", () => existsSync(err) && readFileSync(err, "utf8").match(/http:\/\/\S+\//)?.[0]),
    keys: (...keys) => tmux("send-keys", ...keys),
    screen: () => tmux("capture-pane", "-p"),
    ended: () =>
      until("the terminal questionnaire to end", () => existsSync(rc) && readFileSync(rc, "utf8").trim() !== "").then(() => ({
        code: Number(readFileSync(rc, "utf8")),
        result: JSON.parse(readFileSync(out, "utf8")),
        stderr: readFileSync(err, "utf8"),
      })),
    kill: () => {
      try {
        tmux("kill-server");
      } catch {}
    },
  };
}

/** The result without where it was answered, to compare with the terminal's. */
export function withoutPlace(result) {
  const copy = structuredClone(result);
  delete copy.details.answeredIn;
  return copy;
}

/** The inbox tests' scratch folders, removed by `removeScratch`. */
const scratch = [];

/** A scratch state folder (0700, as the store wants its folder's parent kept private). */
export function scratchState() {
  const dir = mkdtempSync(join(tmpdir(), "auq-inbox-"));
  chmodSync(dir, 0o700);
  scratch.push(dir);
  return dir;
}

/** Removes every scratch folder made so far (the stores, tmux's sockets and files). */
export function removeScratch() {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The environment of a run over the store in `state`, nothing of the caller's inbox settings. */
function storeEnv(state) {
  const env = { ...process.env, XDG_STATE_HOME: state };
  for (const name of ["ASK_USER_QUESTION_INBOX", "ASK_USER_QUESTION_STORE", "ASK_USER_QUESTION_HOST", "NO_COLOR"]) delete env[name];
  return env;
}

/** `ask-user-question inbox --web-only` over the store in `state`: its link, and its ending. */
export async function inboxWebOnly(state) {
  const child = spawn(bin, ["inbox", "--web-only"], { stdio: ["ignore", "ignore", "pipe"], env: storeEnv(state) });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const ended = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })));
  const url = await until("the inbox's link on stderr", () => stderr.match(/http:\/\/\S+\//)?.[0]);
  return { url, ended, child };
}

/** `ask-user-question inbox --web` on a real terminal (tmux) over the store in `state`. */
export function inboxInTmux(state, args = []) {
  const dir = mkdtempSync(join(tmpdir(), "auq-inbox-tmux-"));
  scratch.push(dir);
  const socket = join(dir, "tmux.sock");
  const err = join(dir, "err.txt");
  const rc = join(dir, "rc");
  const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  const command = `XDG_STATE_HOME=${quote(state)} ${quote(bin)} inbox --web --no-bell ${args.map(quote).join(" ")} 2>${quote(err)}; echo $? >${quote(rc)}; sleep 30`;
  const tmux = (...a) => execFileSync("tmux", ["-S", socket, ...a], { encoding: "utf8" });
  tmux("-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "sh", "-c", command);
  return {
    url: () => until("the inbox's link", () => existsSync(err) && readFileSync(err, "utf8").match(/http:\/\/\S+\//)?.[0]),
    keys: (...keys) => tmux("send-keys", ...keys),
    screen: () => tmux("capture-pane", "-p"),
    ended: () =>
      until("the inbox to end", () => existsSync(rc) && readFileSync(rc, "utf8").trim() !== "").then(() => ({
        code: Number(readFileSync(rc, "utf8")),
      })),
    kill: () => {
      try {
        tmux("kill-server");
      } catch {}
    },
  };
}

/** A host asking `file` in the inbox only (`--inbox-only`) as `name`, from `cwd`: its ending. */
export function inboxHost(state, file, name, { cwd = tmpdir() } = {}) {
  const child = spawn(bin, [file, "--inbox-only", "--host-name", name], { stdio: ["ignore", "pipe", "pipe"], env: storeEnv(state), cwd });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const ended = new Promise((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr, result: stdout ? JSON.parse(stdout) : null })),
  );
  return { child, ended };
}
