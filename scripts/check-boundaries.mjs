#!/usr/bin/env node
// Keeps the workspace's module boundaries honest, since npm's hoisted node_modules lets any
// package resolve any other: the web app never imports server or database code, and the
// contract depends on nothing but zod. Exits non-zero naming file and line.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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
const importPattern = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const problems = [];
for (const rule of rules) {
	for (const file of walk(path.join(root, rule.dir))) {
		const lines = readFileSync(file, "utf8").split("\n");
		lines.forEach((line, index) => {
			for (const match of line.matchAll(importPattern)) {
				const spec = match[1] ?? match[2];
				if (rule.deny.some((pattern) => pattern.test(spec))) {
					problems.push(`${path.relative(root, file)}:${index + 1}: imports "${spec}": ${rule.why}`);
				}
			}
		});
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
