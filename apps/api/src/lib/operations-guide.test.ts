import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
	fencedBlocks,
	guideSection,
	minimumSettings,
	readGuide,
	repoRoot,
	serveCommand,
	variableTable,
	withTestValues,
} from "../../test/operations-guide.js";
import { ConfigError, EnvSchema, loadConfig } from "./config.js";

/**
 * docs/operations.md held to the code: its variable table against the configuration schema, its
 * minimum settings against the configuration's production checks, and the Dockerfile and the
 * systemd unit it shows against the facts they state. The guide's minimum settings starting a
 * real server is production-start.postgres.test.ts.
 */
const guide = readGuide();
const schemaFields = EnvSchema.shape as Record<string, { def: { type: string; defaultValue?: unknown } }>;

/** Stand-ins for the minimum settings' placeholders, valid in form (no server is started here). */
const formOnlyValues: Record<string, string> = {
	DATABASE_URL: "postgres://bayon:secret@127.0.0.1:5432/bayon",
	TOKEN_SECRET: "t".repeat(48),
	BANK_CARD_KEY: Buffer.alloc(32, 1).toString("base64"),
	RAIL_SECRETS_KEY: Buffer.alloc(32, 2).toString("base64"),
	ALIYUN_SMS_ACCESS_KEY_ID: "LTAI5tExampleKeyId",
	ALIYUN_SMS_ACCESS_KEY_SECRET: "example-secret",
	ALIYUN_SMS_SIGN_NAME: "巴戎点餐",
	ALIYUN_SMS_TEMPLATE_CODE: "SMS_123456789",
	TENCENT_SMS_SECRET_ID: "AKIDexample",
	TENCENT_SMS_SECRET_KEY: "example-secret",
	TENCENT_SMS_SDK_APP_ID: "1400006666",
	TENCENT_SMS_SIGN_NAME: "巴戎点餐",
	TENCENT_SMS_TEMPLATE_ID: "1234567",
	TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
	TWILIO_AUTH_TOKEN: "example-token",
	TWILIO_FROM: "+85512345678",
};

describe("the operations guide", () => {
	it("lists every section in its contents, in order, with a link that reaches it", () => {
		const headings = [...guide.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? "");
		const contents = [...guide.matchAll(/^- \[([^\]]+)\]\(#([^)]+)\)$/gm)];
		expect(contents.map((entry) => entry[1])).toEqual(headings);
		// GitHub's anchors: lower case, punctuation dropped, spaces as hyphens.
		for (const [, heading = "", anchor] of contents)
			expect(anchor).toBe(
				heading
					.toLowerCase()
					.replace(/[^\p{L}\p{N}\- ]/gu, "")
					.replace(/ /g, "-"),
			);
	});
});

describe("the operations guide's variable table", () => {
	const rows = variableTable(guide);
	const documented = rows.map((row) => row.name);

	it("has a line for every variable of the configuration schema", () => {
		const missing = Object.keys(schemaFields).filter((name) => !documented.includes(name));
		expect(missing, "variables in config.ts EnvSchema with no line in docs/operations.md").toEqual([]);
	});

	it("has no line for a variable the schema does not read, and none twice", () => {
		const unknown = documented.filter((name) => !(name in schemaFields));
		expect(unknown, "lines in docs/operations.md for variables config.ts does not read").toEqual([]);
		const twice = documented.filter((name, index) => documented.indexOf(name) !== index);
		expect(twice, "variables with two lines").toEqual([]);
	});

	it("gives each default as the schema does", () => {
		const wrong: string[] = [];
		for (const row of rows) {
			const field = schemaFields[row.name];
			if (field?.def.type !== "default") continue;
			let value = String(field.def.defaultValue);
			// A path the schema makes absolute from the repository (WEB_DIST_DIR) is written relative.
			if (path.isAbsolute(value)) value = path.relative(repoRoot, value);
			if (!row.defaultCell.includes(`\`${value}\``))
				wrong.push(`${row.name}: guide says ${row.defaultCell}, code ${value}`);
		}
		expect(wrong).toEqual([]);
	});

	it("says for every variable whether production needs it", () => {
		const blank = rows.filter((row) => row.requiredCell === "").map((row) => row.name);
		expect(blank).toEqual([]);
	});
});

describe("the guide's minimum production settings", () => {
	const settings = minimumSettings(guide);
	const rows = variableTable(guide);
	const env = () => Object.fromEntries(withTestValues(settings, formOnlyValues));

	it("is a production configuration the server accepts", () => {
		expect(settings.find(([name]) => name === "NODE_ENV")?.[1]).toBe("production");
		const config = loadConfig(env());
		expect(config.env).toBe("production");
		expect(config.seedDemo).toBe(false);
		expect(config.fakeNow).toBeUndefined();
	});

	it("names only documented variables, each once", () => {
		const names = settings.map(([name]) => name);
		expect(names.filter((name) => !(name in schemaFields))).toEqual([]);
		expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
	});

	it("holds every variable the table calls required, and the server refuses to start without each", () => {
		const required = rows.filter((row) => row.requiredCell === "**yes**").map((row) => row.name);
		expect(required.length).toBeGreaterThan(0);
		for (const name of required) {
			expect(
				settings.map(([setting]) => setting),
				`${name} is required but missing from the block`,
			).toContain(name);
			if (name === "NODE_ENV") continue; // Without it the server is not a production one.
			const without = env();
			delete without[name];
			const refusal = (() => {
				try {
					loadConfig(without);
					return null;
				} catch (error) {
					return error;
				}
			})();
			expect(refusal, `production started without ${name}`).toBeInstanceOf(ConfigError);
			expect((refusal as Error).message).toContain(name);
		}
	});

	it("is refused, naming it, when a setting it holds is malformed", () => {
		const bad = { ...env(), BANK_CARD_KEY: "too-short" };
		expect(() => loadConfig(bad)).toThrow(/BANK_CARD_KEY/);
	});
});

describe("the deployment files the guide shows", () => {
	const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
		engines: { node: string };
	};
	// Without the shell's `exec` (it makes npm's SIGTERM reach node, decision 034).
	const serve = serveCommand();
	const portDefault = String(schemaFields.PORT?.def.defaultValue);

	describe("Dockerfile (not built in CI: there is no container engine there)", () => {
		const dockerfile = readFileSync(path.join(repoRoot, "Dockerfile"), "utf8");
		const instructions = dockerfile
			.replace(/\\\n/g, " ")
			.split("\n")
			.map((line) => line.trim())
			.filter((line) => line !== "" && !line.startsWith("#"));
		const stages = instructions.filter((line) => /^FROM\s/i.test(line));
		const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1) ?? ""));
		const last = (keyword: string) => finalStage.filter((line) => line.startsWith(`${keyword} `)).at(-1);

		it("builds in one stage and runs from another, on a Node the project supports", () => {
			expect(stages.length).toBeGreaterThanOrEqual(2);
			for (const from of stages) expect(from).toMatch(/^FROM node:(20|22)[.\d]*-/);
			expect(manifest.engines.node).toMatch(/\^20\./);
		});

		it("installs only production dependencies in the image it runs", () => {
			expect(finalStage.some((line) => /^RUN .*npm ci\b.*--omit=dev/.test(line))).toBe(true);
			expect(finalStage.some((line) => /^RUN .*npm (run )?build/.test(line))).toBe(false);
		});

		it("runs as a user other than root", () => {
			const user = last("USER");
			expect(user).toBeDefined();
			expect(user).not.toMatch(/^USER\s+(root|0)(:|\s|$)/);
		});

		it("exposes the port the server listens on by default, on all addresses, in production", () => {
			expect(last("EXPOSE")).toBe(`EXPOSE ${portDefault}`);
			const env = finalStage.filter((line) => line.startsWith("ENV ")).join(" ");
			expect(env).toMatch(/\bNODE_ENV=production\b/);
			expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
			expect(env).toMatch(/\bDATA_DIR=\S+/);
		});

		it("checks its health on the readiness path, and starts the server as `npm run serve` does, without npm", () => {
			expect(last("HEALTHCHECK")).toMatch(/\/(readyz|healthz)\b/);
			// npm in between would take SIGTERM and leave the server running (issue 30).
			expect(JSON.parse(last("CMD")?.replace(/^CMD /, "") ?? "null")).toEqual(serve);
			expect(existsSync(path.join(repoRoot, serve[1] ?? "missing"))).toBe(true);
		});

		it("is shown in the guide as it is in the repository", () => {
			expect(fencedBlocks(guideSection(guide, "Docker"), "dockerfile")[0]).toBe(dockerfile);
		});

		it("installs, with --omit=dev, every package the server's code imports", () => {
			// What npm ci --omit=dev leaves out is what the lockfile marks dev-only: a package the
			// server imports at run time must not be one of them, or the image fails where the
			// repository (with every dependency) works.
			const lock = JSON.parse(readFileSync(path.join(repoRoot, "package-lock.json"), "utf8")) as {
				packages: Record<string, { dev?: boolean }>;
			};
			const devOnly = runtimeImports().filter((name) => {
				const entry = lock.packages[`node_modules/${name}`];
				return !entry || entry.dev === true;
			});
			expect(devOnly, "imported by the server but dev-only (or missing) in package-lock.json").toEqual([]);
		});

		it("leaves out of the build what must not go into an image", () => {
			const ignored = readFileSync(path.join(repoRoot, ".dockerignore"), "utf8").split("\n");
			for (const entry of ["node_modules", ".git", "data", "**/*.env", "apps/web/dist"])
				expect(ignored).toContain(entry);
		});
	});

	describe("systemd unit deploy/bayon.service", () => {
		const unit = readFileSync(path.join(repoRoot, "deploy/bayon.service"), "utf8");
		const setting = (name: string) =>
			unit
				.split("\n")
				.filter((line) => line.startsWith(`${name}=`))
				.map((line) => line.slice(name.length + 1));

		it("starts the server as `npm run serve` does, without npm, as its own user", () => {
			const [execStart] = setting("ExecStart");
			expect(execStart?.split(/\s+/).slice(1)).toEqual(serve.slice(1));
			expect(execStart?.split(/\s+/)[0]).toMatch(/\/node$/);
			expect(setting("User")[0]).toBeDefined();
			expect(setting("User")[0]).not.toBe("root");
		});

		it("reads the environment file and keeps the data folder where DATA_DIR says", () => {
			expect(setting("EnvironmentFile")).toEqual(["/etc/bayon/bayon.env"]);
			expect(setting("StateDirectory")).toEqual(["bayon"]);
			expect(setting("Environment")).toContain("DATA_DIR=/var/lib/bayon");
			expect(setting("Environment")).toContain("NODE_ENV=production");
		});

		it("stops with SIGTERM and gives the server longer than its own deadline before killing it", () => {
			expect(setting("KillSignal")).toEqual(["SIGTERM"]);
			const stopSeconds = Number(setting("TimeoutStopSec")[0]);
			const shutdownField = schemaFields.SHUTDOWN_SECONDS;
			const shutdownSeconds = shutdownField?.def.type === "default" ? Number(shutdownField.def.defaultValue) : 10;
			expect(stopSeconds).toBeGreaterThan(shutdownSeconds);
		});

		it("is shown in the guide as it is in the repository", () => {
			expect(fencedBlocks(guideSection(guide, "systemd"), "ini")[0]).toBe(unit);
		});
	});
});

/**
 * The packages the server's code loads at run time (apps/api/src and the contract, tests and
 * type-only imports left out): `from "…"`, `import("…")` and `import.meta.resolve("…")`.
 */
function runtimeImports(): string[] {
	const names = new Set<string>();
	for (const folder of ["apps/api/src", "packages/contract/src"])
		for (const file of readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: "utf8" })) {
			if (!/\.(ts|mts|mjs)$/.test(file) || /\.test\.ts$/.test(file)) continue;
			const source = readFileSync(path.join(repoRoot, folder, file), "utf8");
			const specifiers = [
				...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"/gm),
				...source.matchAll(/^\s*import\s+"([^"]+)"/gm),
				...source.matchAll(/\bimport(?:\.meta\.resolve)?\(\s*"([^"]+)"\s*\)/g),
			].map((match) => match[1] ?? "");
			for (const specifier of specifiers) {
				if (/^(\.|node:|#)/.test(specifier) || specifier === "") continue;
				const [scope = "", name = ""] = specifier.split("/");
				names.add(scope.startsWith("@") ? `${scope}/${name}` : scope);
			}
		}
	return [...names].sort();
}
