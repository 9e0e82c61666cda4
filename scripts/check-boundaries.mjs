#!/usr/bin/env node
// Keeps the workspace's module boundaries honest, since npm's hoisted node_modules lets any
// package resolve any other: the web app never imports server or database code, and the
// contract depends on nothing but zod. Exits non-zero naming file and line.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decisionProblems, draftMap, mapProblems } from "./architecture-map.mjs";

// --root DIR checks another tree (the check's own test builds small ones).
const rootArg = process.argv.indexOf("--root");
const root =
	rootArg > 0
		? path.resolve(process.argv[rootArg + 1])
		: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverOnly = [
	/^pg$/,
	/^kysely/,
	/^@electric-sql\//,
	/^fastify/,
	/^@fastify\//,
	/^sharp$/,
	/^@telegram-apps\/init-data-node/,
	/^@bayon\/api/,
	/^node:/,
];
const rules = [
	{ dir: "apps/web/src", deny: [...serverOnly, /apps\/api/], why: "the web app must not import server code" },
	{
		dir: "packages/contract/src",
		deny: [/^(?!zod$|zod\/|\.\/|\.\.\/)/, /apps\//],
		why: "the contract may only import zod and itself",
	},
];
/** The contract's shared parts, which every capability's file may use and which use none (index.ts only gathers). */
const contractInfrastructure = /^(common|constants|envelope|errors|i18n|messages|money|shop-clock|strict)(\.ts|\/)/;

// An import may span lines (biome breaks long ones), so files are read whole, never line by line.
const importPattern =
	/(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/** Every module a file imports, with the line its import statement starts on. */
function* importsOf(file) {
	const text = readFileSync(file, "utf8");
	for (const match of text.matchAll(importPattern)) {
		const spec = match[1] ?? match[2] ?? match[3];
		const line = text.slice(0, match.index).split("\n").length;
		yield { spec, line };
	}
}

const problems = [];
for (const rule of rules) {
	for (const file of walk(path.join(root, rule.dir))) {
		for (const { spec, line } of importsOf(file)) {
			if (rule.deny.some((pattern) => pattern.test(spec)))
				problems.push(`${path.relative(root, file)}:${line}: imports "${spec}": ${rule.why}`);
		}
	}
}
const webPackage = JSON.parse(readFileSync(path.join(root, "apps/web/package.json"), "utf8"));
for (const name of Object.keys({ ...webPackage.dependencies, ...webPackage.devDependencies })) {
	if (serverOnly.some((pattern) => pattern.test(name)))
		problems.push(`apps/web/package.json: declares server package "${name}"`);
}
const contractPackage = JSON.parse(readFileSync(path.join(root, "packages/contract/package.json"), "utf8"));
for (const name of Object.keys(contractPackage.dependencies ?? {})) {
	if (name !== "zod")
		problems.push(`packages/contract/package.json: runtime dependency "${name}" (only zod is allowed)`);
}

const floorsFound = [];
problems.push(...featureBoundaryProblems(floorsFound));
// --draft-map prints the capability table as the code has it, "Owns" left empty, to start the map's rows from.
if (process.argv.includes("--draft-map")) {
	console.log(draftMap(floorsFound));
	process.exit(0);
}
// --no-map: the check's own tests build trees without docs (the map's checks have tests of their own).
if (!process.argv.includes("--no-map")) problems.push(...mapProblems(root, floorsFound), ...decisionProblems(root));

if (problems.length) {
	console.error(`Module boundary violations:\n${problems.join("\n")}`);
	process.exit(1);
}
console.log("module boundaries: ok");

function* walk(dir) {
	for (const entry of readdirSync(dir)) {
		const full = path.join(dir, entry);
		if (statSync(full).isDirectory()) yield* walk(full);
		// Tests may import their runner; the rules are about what ships.
		else if (/\.(ts|tsx|js|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield full;
	}
}

/**
 * Capabilities may depend on each other one way only (issue 28, decision 028): on each floor
 * (the API, the web app, the contract) the feature folders' imports form no circle, however
 * long, and infrastructure imports no feature. A reaction that crosses features the other way
 * travels as a registered handler or a typed event. Tests are not counted: they may reach
 * across to set up what they check.
 */
/** Fills `floorsFound` with each floor's capabilities and the ties between them, for the map. */
function featureBoundaryProblems(floorsFound) {
	const floors = [
		{
			name: "api",
			dir: "apps/api/src",
			unitOf: (rel) => rel.match(/^features\/([^/]+)\//)?.[1] ?? null,
			infrastructure: /^(http|realtime|db|lib)\//,
		},
		{
			name: "web",
			dir: "apps/web/src",
			unitOf: (rel) => rel.match(/^features\/([^/]+)\//)?.[1] ?? null,
			// app/ is the shell that puts the features together; features use lib/ and ui/, never the shell.
			infrastructure: /^(lib|ui|app)\//,
			shellMayImport: /^app\//,
		},
		{
			name: "contract",
			dir: "packages/contract/src",
			// A capability's contract is one file (`menu.ts`) or one folder (`ordering/`).
			unitOf: (rel) =>
				contractInfrastructure.test(rel) || rel === "index.ts" ? null : rel.split("/")[0].replace(/\.ts$/, ""),
			infrastructure: contractInfrastructure,
		},
	];
	const found = [];
	const report = (where, text) => found.push(`${where}: ${text}`);
	for (const floor of floors) {
		const base = path.join(root, floor.dir);
		const edges = new Map();
		const units = new Set();
		const folders = new Set();
		for (const file of walk(base)) {
			const rel = path.relative(base, file).split(path.sep).join("/");
			const from = floor.unitOf(rel);
			if (from !== null) {
				units.add(from);
				if (rel.startsWith(`${from}/`)) folders.add(from);
			}
			for (const { spec, line } of importsOf(file)) {
				if (!spec.startsWith(".")) continue;
				const target = path
					.relative(base, path.resolve(path.dirname(file), spec))
					.split(path.sep)
					.join("/")
					.replace(/\.js$/, ".ts");
				const to = floor.unitOf(target.includes(".") ? target : `${target}/`);
				const where = `${floor.dir}/${rel}:${line}`;
				if (from !== null && floor.shellMayImport?.test(target))
					report(where, `the feature "${from}" imports the app shell ("${spec}"); move what it needs to lib/ or ui/`);
				if (to === null || to === from) continue;
				if (from === null) {
					if (floor.infrastructure.test(rel) && !floor.shellMayImport?.test(rel))
						report(where, `infrastructure imports the feature "${to}" ("${spec}")`);
					continue;
				}
				const key = `${from} -> ${to}`;
				if (!edges.has(key)) edges.set(key, where);
			}
		}
		floorsFound.push({ name: floor.name, units, folders, edges: new Set(edges.keys()) });
		for (const circle of circles(edges)) {
			const ties = circle.map((key) => `    ${key} (first at ${edges.get(key)})`).join("\n");
			found.push(`${floor.dir}: features import each other in a circle:\n${ties}`);
		}
	}
	return found;
}

/** Every strongly connected group of two or more units, as the edges that tie it. */
function circles(edges) {
	const graph = new Map();
	for (const key of edges.keys()) {
		const [from, to] = key.split(" -> ");
		if (!graph.has(from)) graph.set(from, []);
		if (!graph.has(to)) graph.set(to, []);
		graph.get(from).push(to);
	}
	let counter = 0;
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const groups = [];
	const visit = (unit) => {
		index.set(unit, counter);
		low.set(unit, counter++);
		stack.push(unit);
		onStack.add(unit);
		for (const next of graph.get(unit)) {
			if (!index.has(next)) {
				visit(next);
				low.set(unit, Math.min(low.get(unit), low.get(next)));
			} else if (onStack.has(next)) low.set(unit, Math.min(low.get(unit), index.get(next)));
		}
		if (low.get(unit) === index.get(unit)) {
			const group = [];
			let member;
			do {
				member = stack.pop();
				onStack.delete(member);
				group.push(member);
			} while (member !== unit);
			if (group.length > 1) groups.push(new Set(group));
		}
	};
	for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
	return groups.map((group) =>
		[...edges.keys()].filter((key) => {
			const [from, to] = key.split(" -> ");
			return group.has(from) && group.has(to);
		}),
	);
}
