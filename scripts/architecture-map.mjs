// The map in docs/architecture.md held against the code (issue 31): its table of capabilities
// must name every capability folder (or contract file) on each floor, under the capability's one
// name, and what each capability uses must be exactly what its code imports. Decision records
// must each say their status. Called by check-boundaries.mjs, which has the floors' imports.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const MAP_FILE = "docs/architecture.md";
const START = "<!-- map:capabilities -->";
const END = "<!-- /map:capabilities -->";
const NONE = "—";

/**
 * @param {string} root the repository
 * @param {{ name: string, units: Set<string>, edges: Set<string> }[]} floors each floor's
 *   capability units and its "from -> to" edges between them (contract, api, web)
 * @returns {string[]} problems, each naming where and what to do
 */
export function mapProblems(root, floors) {
	const problems = [];
	const file = path.join(root, MAP_FILE);
	if (!existsSync(file)) return [`${MAP_FILE}: missing; it holds the map of capabilities`];
	const text = readFileSync(file, "utf8");
	const rows = parseTable(text);
	if (rows === null) return [`${MAP_FILE}: no capability table between "${START}" and "${END}"`];

	const byName = new Map();
	for (const row of rows) {
		if (byName.has(row.name)) problems.push(`${MAP_FILE}:${row.line}: "${row.name}" is listed twice`);
		byName.set(row.name, row);
	}
	for (const floor of floors) {
		for (const row of rows) {
			const cell = row.cells[floor.name];
			if (cell === NONE) {
				if (floor.units.has(row.name))
					problems.push(
						`${MAP_FILE}:${row.line}: "${row.name}" has a ${floor.name} folder in the code but "${NONE}" in the map`,
					);
				continue;
			}
			const expected = floor.name === "contract" ? [`${row.name}.ts`, `${row.name}/`] : [`${row.name}/`];
			if (!expected.includes(cell))
				problems.push(
					`${MAP_FILE}:${row.line}: "${row.name}"'s ${floor.name} cell is "${cell}"; a capability has one name on every floor (${expected.join(" or ")})`,
				);
			else if (!floor.units.has(row.name))
				problems.push(
					`${MAP_FILE}:${row.line}: "${row.name}" has no ${floor.name} folder in the code; write "${NONE}"`,
				);
		}
		for (const unit of [...floor.units].sort())
			if (!byName.has(unit))
				problems.push(`${MAP_FILE}: the ${floor.name} capability "${unit}" is not in the map; add a row for it`);
	}

	const used = new Map();
	for (const floor of floors)
		for (const edge of floor.edges) {
			const [from, to] = edge.split(" -> ");
			if (!used.has(from)) used.set(from, new Set());
			used.get(from).add(to);
		}
	for (const row of rows) {
		const actual = used.get(row.name) ?? new Set();
		for (const to of [...actual].sort())
			if (!row.uses.has(to))
				problems.push(
					`${MAP_FILE}:${row.line}: "${row.name}" imports "${to}" in the code, which its "Uses" does not list`,
				);
		for (const to of [...row.uses].sort())
			if (!actual.has(to))
				problems.push(
					`${MAP_FILE}:${row.line}: "${row.name}" lists "${to}" under "Uses", but no code of it imports "${to}"`,
				);
	}
	return problems;
}

/** The capability table's rows: name, the three floors' cells, and what it uses. Null without a table. */
function parseTable(text) {
	const start = text.indexOf(START);
	const end = text.indexOf(END);
	if (start < 0 || end < start) return null;
	const firstLine = text.slice(0, start).split("\n").length;
	const lines = text.slice(start, end).split("\n");
	const rows = [];
	let header = null;
	lines.forEach((line, index) => {
		if (!line.startsWith("|") || /^\|\s*-/.test(line)) return;
		const cells = line
			.split("|")
			.slice(1, -1)
			.map((cell) => cell.trim().replace(/^`|`$/g, ""));
		if (!header) {
			header = cells.map((cell) => cell.toLowerCase());
			return;
		}
		const at = (column) => cells[header.indexOf(column)] ?? "";
		rows.push({
			line: firstLine + index,
			name: at("capability"),
			cells: { contract: at("contract"), api: at("api"), web: at("web") },
			uses: new Set(
				at("uses")
					.split(",")
					.map((name) => name.trim().replace(/^`|`$/g, ""))
					.filter((name) => name && name !== NONE),
			),
		});
	});
	return rows;
}

/** Every decision record says its status on its third line ("Status: accepted", "Status: superseded by 041"). */
export function decisionProblems(root) {
	const dir = path.join(root, "docs/decisions");
	if (!existsSync(dir)) return [];
	const problems = [];
	const records = readdirSync(dir).filter((name) => /^\d{3}-.*\.md$/.test(name));
	const numbers = new Set(records.map((name) => name.slice(0, 3)));
	for (const name of records.sort()) {
		const status = readFileSync(path.join(dir, name), "utf8").split("\n")[2] ?? "";
		const match = /^Status: (accepted|superseded by (\d{3}))(; amended by \d{3}(, \d{3})*)?(\.|;.*)$/.exec(status);
		if (!match) {
			problems.push(
				`docs/decisions/${name}:3: "${status}" is not a status line ("Status: accepted." or "Status: superseded by NNN.", optionally "; amended by NNN")`,
			);
			continue;
		}
		const named = [...status.matchAll(/\b(\d{3})\b/g)].map((found) => found[1]);
		for (const number of named)
			if (!numbers.has(number))
				problems.push(`docs/decisions/${name}:3: names decision ${number}, which does not exist`);
	}
	return problems;
}

/** The capability table as the code has it (each floor's folder or file, what each uses), "Owns" empty. */
export function draftMap(floors) {
	const names = new Set(floors.flatMap((floor) => [...floor.units]));
	const uses = new Map();
	for (const floor of floors)
		for (const edge of floor.edges) {
			const [from, to] = edge.split(" -> ");
			if (!uses.has(from)) uses.set(from, new Set());
			uses.get(from).add(to);
		}
	const cell = (floor, name) => {
		if (!floor.units.has(name)) return NONE;
		if (floor.name !== "contract") return `\`${name}/\``;
		return floor.folders?.has(name) ? `\`${name}/\`` : `\`${name}.ts\``;
	};
	const [contract, api, web] = ["contract", "api", "web"].map((name) => floors.find((floor) => floor.name === name));
	const lines = ["| Capability | Contract | API | Web | Uses | Owns |", "|---|---|---|---|---|---|"];
	for (const name of [...names].sort()) {
		const used = [...(uses.get(name) ?? [])].sort().map((to) => `\`${to}\``);
		lines.push(
			`| \`${name}\` | ${cell(contract, name)} | ${cell(api, name)} | ${cell(web, name)} | ${used.join(", ") || NONE} |  |`,
		);
	}
	return lines.join("\n");
}
