import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The architecture check (decision 028) run on small trees of its own: it must fail on every
 * kind of tie it forbids, however the import is written, and pass a tree that keeps the rules.
 */
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "check-boundaries.mjs");
const trees: string[] = [];

afterEach(() => {
	for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A tree with the three floors and the given files (path → text). */
function tree(files: Record<string, string>): string {
	const root = mkdtempSync(path.join(tmpdir(), "bayon-boundaries-"));
	trees.push(root);
	const base: Record<string, string> = {
		"apps/web/package.json": JSON.stringify({ dependencies: { react: "1" } }),
		"packages/contract/package.json": JSON.stringify({ dependencies: { zod: "4" } }),
		"apps/web/src/main.tsx": 'import "./app/app.js";\n',
		"packages/contract/src/index.ts": 'export * from "./menu.js";\n',
		"packages/contract/src/menu.ts": "export const Menu = 1;\n",
		"apps/api/src/features/menu/service.ts": "export const menu = 1;\n",
		"apps/api/src/features/ordering/service.ts":
			'import { menu } from "../menu/service.js";\nexport const order = menu;\n',
	};
	for (const [file, text] of Object.entries({ ...base, ...files })) {
		mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
		writeFileSync(path.join(root, file), text);
	}
	return root;
}

function check(root: string) {
	const run = spawnSync(process.execPath, [script, "--root", root, "--no-map"], { encoding: "utf8" });
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the architecture check", () => {
	it("passes a tree whose features depend on each other one way", () => {
		expect(check(tree({}))).toEqual({ status: 0, output: "module boundaries: ok\n" });
	});

	it("fails a circle of three API features, naming each tie, however the imports are written", () => {
		const result = check(
			tree({
				"apps/api/src/features/menu/service.ts":
					'import { points } from "../points/rules.js";\nexport const menu = points;\n',
				// Broken over lines, as biome writes a long import.
				"apps/api/src/features/points/rules.ts":
					'import {\n\ttype Order,\n\torder,\n} from "../ordering/service.js";\nexport const points = order;\n',
			}),
		);
		expect(result.status).toBe(1);
		expect(result.output).toContain("apps/api/src: features import each other in a circle");
		expect(result.output).toContain("menu -> points (first at apps/api/src/features/menu/service.ts:1)");
		expect(result.output).toContain("points -> ordering (first at apps/api/src/features/points/rules.ts:1)");
		expect(result.output).toContain("ordering -> menu (first at apps/api/src/features/ordering/service.ts:1)");
	});

	it("does not count tests: they may reach across to set up what they check", () => {
		const result = check(
			tree({ "apps/api/src/features/menu/service.test.ts": 'import { order } from "../ordering/service.js";\n' }),
		);
		expect(result.status).toBe(0);
	});

	it("fails infrastructure that imports a feature", () => {
		const result = check(
			tree({ "apps/api/src/http/app.ts": 'import { order } from "../features/ordering/service.js";\n' }),
		);
		expect(result.status).toBe(1);
		expect(result.output).toContain('apps/api/src/http/app.ts:1: infrastructure imports the feature "ordering"');
	});

	it("fails a web feature that imports the app shell, or a stylesheet that closes a circle", () => {
		const shell = check(tree({ "apps/web/src/features/menu/menu.tsx": 'import { Paths } from "../../app/paths";\n' }));
		expect(shell.status).toBe(1);
		expect(shell.output).toContain('the feature "menu" imports the app shell');

		const styles = check(
			tree({
				"apps/web/src/features/menu/menu.tsx": 'import "../cart/cart.css";\n',
				"apps/web/src/features/cart/cart.tsx": 'import { Menu } from "../menu/menu";\n',
				"apps/web/src/features/cart/cart.css": ".cart {}\n",
			}),
		);
		expect(styles.status).toBe(1);
		expect(styles.output).toContain("menu -> cart (first at apps/web/src/features/menu/menu.tsx:1)");
	});

	it("fails a circle between the contract's capability files, and a shared file that imports one", () => {
		const result = check(
			tree({
				"packages/contract/src/menu.ts": 'import { Order } from "./ordering.js";\nexport const Menu = Order;\n',
				"packages/contract/src/ordering.ts": 'import { Menu } from "./menu.js";\nexport const Order = Menu;\n',
				"packages/contract/src/money.ts": 'import { Menu } from "./menu.js";\nexport const Money = Menu;\n',
			}),
		);
		expect(result.status).toBe(1);
		expect(result.output).toContain("packages/contract/src: features import each other in a circle");
		expect(result.output).toContain('packages/contract/src/money.ts:1: infrastructure imports the feature "menu"');
	});
});
