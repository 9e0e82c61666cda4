import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { ErrorCode, formatMessage } from "@bayon/contract";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "./deps.js";
import { failure } from "./envelope.js";
import { languageOf } from "./language.js";

/**
 * Pages of the app that a feature writes itself rather than sending index.html as built (the
 * first screen with the shop already in it, features/venues/shops/first-screen.ts).
 */
export interface WrittenPages {
	/** The paths it writes, without a trailing slash. */
	paths: ReadonlySet<string>;
	/** Sends the page; false when it cannot in time (then index.html goes out as built). */
	send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
	stop(): void;
}

/**
 * The built SPA from the same origin. History routing means any unknown GET that asks
 * for a page gets index.html; the app itself shows its not-found page.
 */
export async function serveWebApp(
	app: FastifyInstance,
	deps: AppDeps,
	writtenPages: (indexFile: string) => WrittenPages,
) {
	const distDir = deps.config.webDistDir;
	const indexFile = path.join(distDir, "index.html");
	const built = existsSync(indexFile);
	const pages = writtenPages(indexFile);
	app.addHook("onClose", async () => pages.stop());
	if (built) {
		await app.register(fastifyStatic, {
			root: distDir,
			// Routes for the files built so far; files of a later rebuild are found by the
			// not-found handler below. (A `/*` wildcard would swallow unknown API paths.)
			wildcard: false,
			index: false,
			// The build writes each text file also as .br and .gz (apps/web/vite.config.ts): send
			// the one the browser accepts, with `Vary: Accept-Encoding` (decision 010). The
			// compressed copies get no routes of their own.
			preCompressed: true,
			globIgnore: ["**/*.br", "**/*.gz"],
			setHeaders(res, filePath) {
				const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
				res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
			},
		});
	} else {
		app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
	}
	app.setNotFoundHandler(async (request, reply) => {
		const urlPath = decodeURIComponentSafe(request.url.split("?")[0] ?? "");
		const rebuiltFile = built && request.method === "GET" ? fileInside(distDir, urlPath) : null;
		if (rebuiltFile) return reply.sendFile(rebuiltFile, distDir);
		const wantsPage = request.method === "GET" && !path.extname(urlPath);
		if (!wantsPage)
			return reply.code(404).send(failure(ErrorCode.NotFound, formatMessage("notFound", languageOf(request))));
		if (!built) return reply.code(503).type("text/plain").send('The web app is not built yet: run "npm run build".');
		if (pages.paths.has(urlPath.replace(/(.)\/+$/, "$1")) && (await pages.send(request, reply))) return reply;
		return reply.header("cache-control", "no-cache").sendFile("index.html", distDir);
	});
}

/** The path of an existing file below `root` for a URL path, refusing anything that escapes it. */
function fileInside(root: string, urlPath: string): string | null {
	if (!path.extname(urlPath)) return null;
	const full = path.resolve(root, `.${path.posix.normalize(urlPath)}`);
	if (!full.startsWith(`${path.resolve(root)}${path.sep}`) || !existsSync(full) || !statSync(full).isFile())
		return null;
	return path.relative(root, full);
}

function decodeURIComponentSafe(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}
