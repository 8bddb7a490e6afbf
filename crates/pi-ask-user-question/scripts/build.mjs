#!/usr/bin/env node
// Builds the Rust addon and copies it next to the extension as ask-user-question.node.
// Usage: node scripts/build.mjs [--dev]     (release by default; --dev for a quick debug build)
import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const dev = process.argv.includes("--dev");
const crate = "pi-ask-user-question";

execFileSync("cargo", ["build", "-p", crate, ...(dev ? [] : ["--release"])], { cwd: packageDir, stdio: "inherit" });

const metadata = JSON.parse(
	execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: packageDir, encoding: "utf8" }),
);
const stem = crate.replaceAll("-", "_");
const library = {
	darwin: `lib${stem}.dylib`,
	win32: `${stem}.dll`,
}[process.platform] ?? `lib${stem}.so`;
const built = join(metadata.target_directory, dev ? "debug" : "release", library);
const target = join(packageDir, "ask-user-question.node");
copyFileSync(built, target);
console.error(`built ${target} (${dev ? "debug" : "release"})`);
