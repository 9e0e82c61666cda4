import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The map in docs/architecture.md held against the code (issue 31), on small trees of its own:
 * the architecture check must fail on every way the map can drift and pass a map that is true.
 */
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "check-boundaries.mjs");
const trees: string[] = [];

afterEach(() => {
	for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** `menu` on all three floors; `ordering` in the API and on the web, using `menu`. */
const TRUE_MAP = [
	"| Capability | Contract | API | Web | Uses | Owns |",
	"|---|---|---|---|---|---|",
	"| `menu` | `menu.ts` | `menu/` | `menu/` | — | the menu |",
	"| `ordering` | — | `ordering/` | `ordering/` | `menu` | orders |",
].join("\n");

function tree({ map = TRUE_MAP, files = {} }: { map?: string; files?: Record<string, string> } = {}): string {
	const root = mkdtempSync(path.join(tmpdir(), "bayon-map-"));
	trees.push(root);
	const base: Record<string, string> = {
		"apps/web/package.json": JSON.stringify({ dependencies: { react: "1" } }),
		"packages/contract/package.json": JSON.stringify({ dependencies: { zod: "4" } }),
		"packages/contract/src/index.ts": 'export * from "./menu.js";\n',
		"packages/contract/src/menu.ts": "export const Menu = 1;\n",
		"apps/api/src/features/menu/service.ts": "export const menu = 1;\n",
		"apps/api/src/features/ordering/service.ts":
			'import { menu } from "../menu/service.js";\nexport const order = menu;\n',
		"apps/web/src/main.tsx": 'import "./features/ordering/cart.js";\n',
		"apps/web/src/features/menu/menu.ts": "export const menu = 1;\n",
		"apps/web/src/features/ordering/cart.ts": "export const cart = 1;\n",
		"docs/architecture.md": `# Architecture\n\n<!-- map:capabilities -->\n${map}\n<!-- /map:capabilities -->\n`,
		"docs/decisions/001-first.md": "# 001: First\n\nStatus: superseded by 002.\n\nText.\n",
		"docs/decisions/002-second.md": "# 002: Second\n\nStatus: accepted; amended by 001.\n\nText.\n",
	};
	for (const [file, text] of Object.entries({ ...base, ...files })) {
		mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
		writeFileSync(path.join(root, file), text);
	}
	return root;
}

function check(root: string, ...flags: string[]) {
	const run = spawnSync(process.execPath, [script, "--root", root, ...flags], { encoding: "utf8" });
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the map of capabilities", () => {
	it("passes a map that names every capability's folders and what each uses", () => {
		const result = check(tree());
		expect(result.output).toContain("module boundaries: ok");
		expect(result.status).toBe(0);
	});

	it("fails a capability folder that the map leaves out, and a row whose folder is gone", () => {
		const result = check(
			tree({
				files: { "apps/api/src/features/coupons/service.ts": "export const coupon = 1;\n" },
				map: `${TRUE_MAP}\n| \`points\` | — | \`points/\` | — | — | points |`,
			}),
		);
		expect(result.status).toBe(1);
		expect(result.output).toContain('the api capability "coupons" is not in the map; add a row for it');
		expect(result.output).toContain('"points" has no api folder in the code; write "—"');
	});

	it("fails a floor marked empty that has the folder, and a folder under another name", () => {
		const result = check(
			tree({
				map: TRUE_MAP.replace("| `ordering` | — | `ordering/` | `ordering/` |", "| `ordering` | — | `orders/` | — |"),
			}),
		);
		expect(result.status).toBe(1);
		expect(result.output).toContain(
			`"ordering"'s api cell is "orders/"; a capability has one name on every floor (ordering/)`,
		);
		expect(result.output).toContain('"ordering" has a web folder in the code but "—" in the map');
	});

	it("fails a tie the map does not list, and a listed tie the code no longer has", () => {
		const unlisted = check(
			tree({
				files: {
					"apps/web/src/features/menu/menu.ts":
						'import { cart } from "../ordering/cart.js";\nexport const menu = cart;\n',
					"apps/api/src/features/ordering/service.ts": "export const order = 1;\n",
				},
			}),
		);
		expect(unlisted.status).toBe(1);
		expect(unlisted.output).toContain('"menu" imports "ordering" in the code, which its "Uses" does not list');
		expect(unlisted.output).toContain('"ordering" lists "menu" under "Uses", but no code of it imports "menu"');
	});

	it("fails a tree without the map's table", () => {
		const result = check(tree({ files: { "docs/architecture.md": "# Architecture\n\nNo map.\n" } }));
		expect(result.status).toBe(1);
		expect(result.output).toContain("docs/architecture.md: no capability table");
	});

	it("prints the table as the code has it with --draft-map", () => {
		const result = check(tree(), "--draft-map");
		expect(result.status).toBe(0);
		expect(result.output).toContain("| `menu` | `menu.ts` | `menu/` | `menu/` | — |  |");
		expect(result.output).toContain("| `ordering` | — | `ordering/` | `ordering/` | `menu` |  |");
	});
});

describe("decision records", () => {
	it("fails a record without a status line, and one that names a record that does not exist", () => {
		const result = check(
			tree({
				files: {
					"docs/decisions/003-third.md": "# 003: Third\n\n## Context\n",
					"docs/decisions/004-fourth.md": "# 004: Fourth\n\nStatus: superseded by 009.\n",
				},
			}),
		);
		expect(result.status).toBe(1);
		expect(result.output).toContain('docs/decisions/003-third.md:3: "## Context" is not a status line');
		expect(result.output).toContain("docs/decisions/004-fourth.md:3: names decision 009, which does not exist");
		expect(result.output).not.toContain("001-first.md");
		expect(result.output).not.toContain("002-second.md");
	});
});
