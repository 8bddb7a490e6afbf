#!/usr/bin/env node
// Measures the web page as --ask-web serves it: the addon's load time, and the page served locally
// (a GET of the page over one kept-alive connection, as a browser reloading it), p50 and p95.
// Usage: node scripts/bench-web.mjs [addon.node] [questionnaire.json]
//   (defaults: ./ask-user-question.node, assets/bench/reference.json)
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const addonPath = resolve(process.argv[2] ?? join(packageDir, "ask-user-question.node"));
const input = JSON.parse(readFileSync(process.argv[3] ?? join(packageDir, "../../assets/bench/reference.json"), "utf8"));
const requests = 200;

const loadStart = process.hrtime.bigint();
const addon = createRequire(import.meta.url)(addonPath);
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

const page = new addon.Rivals(input, { web: "local" });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const { host } = new URL(page.url);

function get() {
	return new Promise((done, fail) => {
		const started = process.hrtime.bigint();
		request(page.url, { agent, headers: { Host: host } }, (response) => {
			let bytes = 0;
			response.on("data", (chunk) => (bytes += chunk.length));
			response.on("end", () => {
				if (response.statusCode !== 200) fail(new Error(`status ${response.statusCode}`));
				else done({ ms: Number(process.hrtime.bigint() - started) / 1e6, bytes });
			});
		})
			.on("error", fail)
			.end();
	});
}

const samples = [];
let bytes = 0;
for (let i = 0; i < requests; i++) {
	const sample = await get();
	samples.push(sample.ms);
	bytes = sample.bytes;
}
page.stop();
agent.destroy();
samples.sort((a, b) => a - b);
const at = (share) => samples[Math.min(samples.length - 1, Math.floor(samples.length * share))];
console.log(`addon load (require)       ${loadMs.toFixed(1)} ms`);
console.log(
	`GET of the page (${bytes} bytes)   p50 ${at(0.5).toFixed(3)} ms   p95 ${at(0.95).toFixed(3)} ms   (n=${requests})`,
);
