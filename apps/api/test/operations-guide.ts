import {
	cpSync,
	existsSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	symlinkSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Reads docs/operations.md the way its tests hold it to the code: the minimum production
 * settings block, the variable table and the first-tenant SQL. Kept apart from the tests so the
 * production start test and the guide's own test read the guide in the same way.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const OPERATIONS_GUIDE = path.join(repoRoot, "docs/operations.md");

export function readGuide(file = OPERATIONS_GUIDE): string {
	return readFileSync(file, "utf8");
}

/** The text under `## heading`, up to the next heading of the same level. */
export function guideSection(markdown: string, heading: string): string {
	const lines = markdown.split("\n");
	const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
	if (start < 0) throw new Error(`docs/operations.md has no section "## ${heading}"`);
	const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
	return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The fenced blocks of a section written in `language` (```sh, ```sql …), in order. */
export function fencedBlocks(section: string, language: string): string[] {
	const blocks: string[] = [];
	const pattern = /^```(\S*)[^\n]*\n([\s\S]*?)^```\s*$/gm;
	for (const match of section.matchAll(pattern)) if (match[1] === language) blocks.push(match[2] ?? "");
	return blocks;
}

/**
 * `NAME=value` lines of the minimum settings block (the first ```sh block of "Minimum production
 * settings"), in order; comments and blank lines skipped. A line that is neither is an error, so
 * the block stays something an operator can paste into an environment file as it is.
 */
export function minimumSettings(markdown: string): Array<[name: string, value: string]> {
	const block = fencedBlocks(guideSection(markdown, "Minimum production settings"), "sh")[0];
	if (block === undefined) throw new Error('"Minimum production settings" has no ```sh block');
	const settings: Array<[string, string]> = [];
	for (const raw of block.split("\n")) {
		const line = raw.trim();
		if (line === "" || line.startsWith("#")) continue;
		const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
		if (!match?.[1] || match[2] === undefined)
			throw new Error(`not a NAME=value line in the minimum settings: ${line}`);
		settings.push([match[1], match[2]]);
	}
	return settings;
}

export interface VariableRow {
	name: string;
	/** The cells as written: default, required in production, what it is for. */
	defaultCell: string;
	requiredCell: string;
	purpose: string;
}

/**
 * The rows of the table under "Environment variables": the first cell names one variable (or
 * several, each in backticks, when they share a line).
 */
export function variableTable(markdown: string): VariableRow[] {
	const section = guideSection(markdown, "Environment variables");
	const rows: VariableRow[] = [];
	for (const line of section.split("\n")) {
		if (!line.startsWith("| `")) continue;
		const cells = splitRow(line);
		const [nameCell = "", defaultCell = "", requiredCell = "", purpose = ""] = cells;
		for (const match of nameCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g))
			if (match[1]) rows.push({ name: match[1], defaultCell, requiredCell, purpose });
	}
	return rows;
}

/** A markdown table row's cells; `\|` inside a cell is a literal bar. */
function splitRow(line: string): string[] {
	return line
		.replace(/^\|/, "")
		.replace(/\|\s*$/, "")
		.split(/(?<!\\)\|/)
		.map((cell) => cell.trim());
}

/**
 * The minimum settings with every value that holds a `<placeholder>` replaced by the test's own
 * (a database, keys, credentials); values written out in the guide are kept as they are. A
 * placeholder the test has no value for is an error, so the block and its tests change together.
 */
export function withTestValues(
	settings: Array<[string, string]>,
	values: Record<string, string>,
): Array<[name: string, value: string]> {
	return settings.map(([name, value]) => {
		if (!/<[^>]*>/.test(value)) return [name, value];
		const replacement = values[name];
		if (replacement === undefined) throw new Error(`no test value for the placeholder in ${name}=${value}`);
		return [name, replacement];
	});
}

/**
 * The command `npm run serve` runs, as words (`node apps/api/src/serve.mjs`): what the Dockerfile,
 * the systemd unit and the tests start without npm. A leading `exec` (npm's shell hands its process
 * to node, so a signal to npm reaches the server) is dropped.
 */
export function serveCommand(): string[] {
	const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
		scripts: Record<string, string>;
	};
	const words = (manifest.scripts.serve ?? "").trim().split(/\s+/);
	if (words[0] === "exec") words.shift();
	if (words[0] !== "node" || !words[1]) throw new Error(`npm run serve does not start node: ${manifest.scripts.serve}`);
	return words;
}

/**
 * The files the Dockerfile's run stage puts in its WORKDIR, laid out under `into` from this
 * checkout, so a test can start the server from what the image would hold (CI has no container
 * engine to build it). Each `COPY` of the last stage is followed, leaving out what .dockerignore
 * keeps from the build; `COPY --from=<stage>` takes the file from the checkout when it was built
 * here (the web app), and `npm ci --omit=dev` becomes a link to this checkout's node_modules (which
 * has the dev dependencies too: operations-guide.test.ts checks the server imports none of them).
 * Returns the WORKDIR's place under `into`.
 */
export function layOutImage(into: string): string {
	const dockerfile = readFileSync(path.join(repoRoot, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
	const lines = dockerfile
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "" && !line.startsWith("#"));
	const lastFrom = lines.findLastIndex((line) => /^FROM\s/i.test(line));
	const ignored = dockerIgnored();
	let workdir = into;
	for (const line of lines.slice(lastFrom + 1)) {
		const [instruction = "", ...words] = line.split(/\s+/);
		if (instruction === "WORKDIR") {
			workdir = path.join(into, words[0] ?? "/");
			mkdirSync(workdir, { recursive: true });
		} else if (instruction === "COPY") {
			const fromStage = words[0]?.startsWith("--from=");
			const args = words.filter((word) => !word.startsWith("--"));
			const destination = args.pop() ?? ".";
			for (const source of args) {
				// A stage's output is its WORKDIR (/app) path; here, the checkout's built copy if any.
				const relative = fromStage ? source.replace(/^\/app\//, "") : source;
				const from = path.join(repoRoot, relative);
				if (!existsSync(from)) {
					if (fromStage) continue;
					throw new Error(`the Dockerfile copies ${source}, which does not exist`);
				}
				const target = destination.endsWith("/")
					? path.join(workdir, destination, path.basename(relative))
					: path.join(workdir, destination);
				cpSync(from, target, {
					recursive: true,
					filter: (file) => !ignored(path.relative(repoRoot, file)),
				});
			}
		} else if (instruction === "RUN" && /\bnpm ci\b/.test(line)) {
			linkNodeModules(workdir);
		}
	}
	return workdir;
}

/**
 * node_modules for the laid-out image: each package a link to this checkout's, except the
 * workspaces' own links (`@bayon/contract` → ../../packages/contract), made again with the same
 * relative target so that they lead to the copies in the image, not back to the checkout.
 */
function linkNodeModules(workdir: string) {
	const link = (relative: string) => {
		const from = path.join(repoRoot, "node_modules", relative);
		const to = path.join(workdir, "node_modules", relative);
		symlinkSync(lstatSync(from).isSymbolicLink() ? readlinkSync(from) : from, to);
	};
	mkdirSync(path.join(workdir, "node_modules"));
	for (const entry of readdirSync(path.join(repoRoot, "node_modules"))) {
		if (!entry.startsWith("@")) {
			link(entry);
			continue;
		}
		mkdirSync(path.join(workdir, "node_modules", entry));
		for (const scoped of readdirSync(path.join(repoRoot, "node_modules", entry))) link(path.join(entry, scoped));
	}
}

/** .dockerignore's patterns as a test of a path relative to the repository. */
function dockerIgnored(): (relative: string) => boolean {
	const patterns = readFileSync(path.join(repoRoot, ".dockerignore"), "utf8")
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "" && !line.startsWith("#"))
		.map((pattern) => {
			// `**/` is any folders (or none), `*` any name within one folder.
			const source = pattern
				.split("**/")
				.map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
				.join("(?:.*/)?");
			// A pattern names a path and everything under it.
			return new RegExp(`^${source}(?:/.*)?$`);
		});
	return (relative) => relative !== "" && patterns.some((pattern) => pattern.test(relative));
}
