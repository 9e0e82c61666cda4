import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The app's own checkbox and radio (decision 012) are a native input with class "check" or
 * "radio", drawn by ui/controls.css. A screen that uses them without importing that sheet shows
 * the browser's checkbox whenever it is the first page opened (issue 27: the login page), since
 * the sheet then arrives with no chunk loaded yet. Every file that draws one imports it.
 */
// The web app's sources (this file is in src/ui); happy-dom's import.meta.url is not a file URL.
const src = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		if (statSync(full).isDirectory()) return sources(full);
		return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [full] : [];
	});
}

const drawsAppCheck = /className=(?:"|\{`)(?:[^"`]* )?(?:check|radio)(?:[ "`])/;

describe("the app's own checkbox and radio", () => {
	it("come with their style sheet in every file that draws one", () => {
		const missing = sources(src)
			.filter((file) => drawsAppCheck.test(readFileSync(file, "utf8")))
			.filter((file) => !readFileSync(file, "utf8").includes('ui/controls.css"'))
			.map((file) => path.relative(src, file));
		expect(missing).toEqual([]);
	});
});
