import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpPglite, openDatabase } from "../src/db/database.js";
import { migrate } from "../src/db/migrate.js";

/**
 * Global setup of the api-pglite project: runs initdb and every migration once per test run
 * and keeps the result, from which each test file's in-memory database starts. Creating the
 * cluster and migrating it was ~3 s of every file's start; loading the tarball is a fraction
 * of that. Each file still gets its own database, and the migrations still run from scratch
 * here on every run.
 */
export default async function setup(project: TestProject) {
	const folder = mkdtempSync(path.join(tmpdir(), "bayon-pglite-template-"));
	const database = await openDatabase({});
	try {
		await migrate(database);
		const tarball = path.join(folder, "migrated.tar.gz");
		writeFileSync(tarball, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
		project.provide("pgliteTemplate", tarball);
	} finally {
		await database.close();
	}
	return () => rmSync(folder, { recursive: true, force: true });
}
