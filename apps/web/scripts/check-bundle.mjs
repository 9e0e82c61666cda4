// Measures the JavaScript a first visit downloads (the entry chunk and every chunk it imports
// statically, i.e. what index.html preloads) and fails above the budget of
// security-and-money.md D2: ≤ 170 KiB gzip for the entry route, ≤ 50 KiB per lazy chunk.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const FIRST_LOAD_BUDGET = 170 * 1024;
const LAZY_CHUNK_BUDGET = 50 * 1024;

const html = readFileSync(join(dist, "index.html"), "utf8");
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const firstLoad = new Set(scripts);
// A first visit also downloads the launch screen and one locale: count the largest of each.
const assets = readdirSync(join(dist, "assets")).filter((file) => file.endsWith(".js"));
for (const prefix of [["home-screen-"], ["zh-CN-", "en-", "km-"]]) {
	const candidates = assets.filter((file) => prefix.some((p) => file.startsWith(p)));
	const largest = candidates.sort((a, b) => gz(`assets/${b}`) - gz(`assets/${a}`))[0];
	if (largest) firstLoad.add(`assets/${largest}`);
}
let total = 0;
for (const file of firstLoad) total += gz(file);

let failed = false;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`first load: ${firstLoad.size} scripts, ${kib(total)} gzip (budget ${kib(FIRST_LOAD_BUDGET)})`);
if (total > FIRST_LOAD_BUDGET) failed = true;

for (const file of readdirSync(join(dist, "assets"))) {
	const path = `assets/${file}`;
	if (!file.endsWith(".js") || firstLoad.has(path)) continue;
	const size = gz(path);
	if (size > LAZY_CHUNK_BUDGET) {
		console.log(`lazy chunk over budget: ${file} ${kib(size)}`);
		failed = true;
	}
}
if (failed) {
	console.error("bundle budget exceeded");
	process.exit(1);
}
