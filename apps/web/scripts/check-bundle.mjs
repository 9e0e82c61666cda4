// Measures the JavaScript a first visit downloads and fails above its budgets (issue 16, decision
// 025): ≤ 120 KiB gzip for the menu route, ≤ 110 KiB for the first load, ≤ 50 KiB per lazy chunk
// (security-and-money.md D2). `npm test` (and so CI) runs it after building the web app; a failure
// names each file.
//   first load: the entry chunk and every chunk it imports statically (what index.html
//     preloads), plus the launch screen (home) and the largest language.
//   menu route: what opening /pages/menu/menu needs: the entry with its static imports, the menu
//     screen's chunk with its static imports, and the largest language. Issue 16 set 120 KiB (it
//     was 176 KiB, decision 019): the app runs on Preact's compat layer instead of react-dom.
//   a language: what switching to it downloads: its locale file and the contract's message table
//     in it (issue 12 split the messages per language; Vite puts the two in one chunk, but each is
//     counted wherever it lands, so a changed split cannot hide one of them).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const FIRST_LOAD_BUDGET = 110 * 1024;
const MENU_ROUTE_BUDGET = 120 * 1024;
const LAZY_CHUNK_BUDGET = 50 * 1024;
const MENU_SCREEN = "src/features/ordering/cart/menu-screen.tsx";

const html = readFileSync(join(dist, "index.html"), "utf8");
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gzCache = new Map();
const gz = (file) => {
	if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
	return gzCache.get(file);
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const total = (files) => [...files].reduce((sum, file) => sum + gz(file), 0);

const assets = readdirSync(join(dist, "assets")).filter((file) => file.endsWith(".js"));
const largestOf = (prefixes) =>
	assets
		.filter((file) => prefixes.some((p) => file.startsWith(p)))
		.sort((a, b) => gz(`assets/${b}`) - gz(`assets/${a}`))[0];
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

// Each language's chunks beyond the entry: its locale file and its message table, found by
// source file, or by name where vite.config.ts groups them into one chunk named for the language.
const LANGUAGES = ["zh-CN", "en", "km"];
const languageSources = (lang) => [
	`src/lib/i18n/locales/${lang}.ts`,
	`../../packages/contract/src/messages/${lang}.ts`,
];
const languageFiles = (lang) => {
	const files = new Set();
	for (const [key, chunk] of Object.entries(manifest)) {
		if (languageSources(lang).includes(chunk.src) || (!chunk.src && chunk.name === lang)) withStaticImports(key, files);
	}
	for (const file of scripts) files.delete(file);
	return files;
};
for (const lang of LANGUAGES) {
	if (languageFiles(lang).size === 0) {
		console.error(`cannot find the ${lang} locale's chunk in the build manifest`);
		process.exit(1);
	}
}
const largestLanguage = LANGUAGES.map(languageFiles).sort((a, b) => total(b) - total(a))[0];

const firstLoad = new Set(scripts);
// A first visit also downloads the launch screen and one language: count the largest of each.
const homeScreen = largestOf(["home-screen-"]);
if (homeScreen) firstLoad.add(`assets/${homeScreen}`);
for (const file of largestLanguage) firstLoad.add(file);

const overruns = [];
const listFiles = (files) => {
	for (const file of [...files].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kib(gz(file)).padStart(10)}  ${file}`);
};
/** Prints a group's total against its budget; over budget, also each file and what is over. */
function checkGroup(name, files, budget, { alwaysList = false } = {}) {
	const size = total(files);
	console.log(`${name}: ${files.size} scripts, ${kib(size)} gzip (budget ${kib(budget)})`);
	if (alwaysList || size > budget) listFiles(files);
	if (size > budget)
		overruns.push(`${name}: ${kib(size)} gzip is ${kib(size - budget)} over its ${kib(budget)} budget`);
}

checkGroup("first load", firstLoad, FIRST_LOAD_BUDGET);

// The menu route, from Vite's manifest: a chunk and, transitively, the chunks it imports statically.
function withStaticImports(key, into = new Set()) {
	const chunk = manifest[key];
	if (!chunk || into.has(chunk.file)) return into;
	into.add(chunk.file);
	for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
	return into;
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[MENU_SCREEN]) {
	console.error(`menu route: cannot find ${entryKey ? MENU_SCREEN : "the entry"} in the build manifest`);
	process.exit(1);
}
const menuRoute = withStaticImports(MENU_SCREEN, withStaticImports(entryKey));
for (const file of largestLanguage) menuRoute.add(file);
checkGroup("menu route", menuRoute, MENU_ROUTE_BUDGET, { alwaysList: true });

for (const file of assets) {
	const path = `assets/${file}`;
	if (firstLoad.has(path)) continue;
	const size = gz(path);
	if (size > LAZY_CHUNK_BUDGET)
		overruns.push(`lazy chunk ${path}: ${kib(size)} gzip is over its ${kib(LAZY_CHUNK_BUDGET)} budget`);
}
if (overruns.length > 0) {
	console.error(`web bundle over budget (apps/web/dist):\n${overruns.map((line) => `  ${line}`).join("\n")}`);
	process.exit(1);
}
console.log("web bundle within budget");
