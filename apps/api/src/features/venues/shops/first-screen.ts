import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { DEFAULT_TENANT_ID, type LanguageCode, type ShopSummary, SUPPORTED_LANGUAGES } from "@bayon/contract";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../../http/deps.js";
import { escapeHtml } from "../../../lib/html.js";
import { listShops } from "./shop-pages.js";

/**
 * The first screen's shop in the page the server sends (issue 16, decision 025): on the home
 * and menu tabs a first visit's largest paint is the nearest shop's card, which the app could
 * only draw after its script, the language list and `store/nearby`. The server writes that
 * card into index.html's frame instead, in every language (the boot script shows the reader's),
 * with the same shop as JSON for the app's first render (venues/first-shop.ts in the web app).
 * A page is never held up for it: when the shop is not at hand within BUILD_WAIT_MS (a cold
 * start, the database away) the page goes out as built, and the frame shows its skeleton.
 *
 * The card is index.html's own `<template id="first-shop">`, filled with HTML-escaped text: the
 * web app owns the markup and its styles, the server only the shop. Built again once it is
 * FIRST_SCREEN_CACHE_MS old (the shop's texts, not its open state, are shown; the older page is
 * sent meanwhile) and dropped at once when any server announces a shop change; compressed once
 * per build.
 */

/** The tab pages that show the nearest shop first (apps/web/src/lib/paths.ts). */
export const FIRST_SCREEN_PATHS: ReadonlySet<string> = new Set(["/", "/pages/index/index", "/pages/menu/menu"]);

/** How long a built page is sent before the shop is read again. */
export const FIRST_SCREEN_CACHE_MS = 10_000;

/** Longer than this for the shop, and the page goes out without it (built for the next visit). */
const BUILD_WAIT_MS = 300;

const TEMPLATE = /<template id="first-shop">([\s\S]*?)<\/template>/;

/** A page with the shop written in, or the mark that the file goes out as built (`written: null`). */
interface BuiltPage {
	builtAt: number;
	written: { identity: Buffer; br: Buffer; gzip: Buffer } | null;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export interface FirstScreenPages {
	/** Sends index.html with the shop written in; false when it cannot in time (then send the file as is). */
	send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
	stop(): void;
}

export function firstScreenPages(deps: AppDeps, indexFile: string): FirstScreenPages {
	let built: BuiltPage | null = null;
	let building: Promise<BuiltPage | null> | null = null;
	// A build that started before a change must not be kept after it.
	let generation = 0;

	const stopFollowing = deps.events.subscribe((event) => {
		if (event.type === "shop.changed" || event.type === "bus.resync") {
			generation += 1;
			built = null;
		}
	});

	function build(): Promise<BuiltPage | null> {
		if (building) return building;
		const startedIn = generation;
		building = buildPage(deps, indexFile)
			.then((page) => {
				if (startedIn === generation) built = page;
				return page;
			})
			.catch((error: unknown) => {
				deps.log.warn({ err: error }, "first screen: the nearest shop could not be written into the page");
				return null;
			})
			.finally(() => {
				building = null;
			});
		return building;
	}

	return {
		async send(request, reply) {
			// An older page goes out while the next is built: its shop is at most one period behind,
			// and a change any server announced has already dropped it.
			if (built && deps.clock.now().getTime() - built.builtAt >= FIRST_SCREEN_CACHE_MS) void build();
			const page = (built ?? (await withinWait(build())))?.written;
			if (!page) return false;
			const encoding = negotiate(String(request.headers["accept-encoding"] ?? ""), ["br", "gzip"]) ?? "identity";
			const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
			reply
				.header("content-type", "text/html; charset=utf-8")
				.header("cache-control", "no-cache")
				.header("vary", "Accept-Encoding");
			if (encoding === "br" || encoding === "gzip") reply.header("content-encoding", encoding);
			await reply.send(body);
			return true;
		},
		stop: stopFollowing,
	};
}

/** The build, or null when it takes longer than a first paint should wait for it. */
async function withinWait(build: Promise<BuiltPage | null>): Promise<BuiltPage | null> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<null>((resolve) => {
		timer = setTimeout(() => resolve(null), BUILD_WAIT_MS);
	});
	try {
		return await Promise.race([build, late]);
	} finally {
		clearTimeout(timer);
	}
}

/**
 * The page to send for a while: with the shop written in, or the mark to send the file as built
 * when there is no shop (a tenant without one) or no template (an older build); kept either way,
 * so neither is worked out again on every request. Throws when the shop cannot be read (not kept).
 */
async function buildPage(deps: AppDeps, indexFile: string): Promise<BuiltPage> {
	const builtAt = deps.clock.now().getTime();
	const html = await readFile(indexFile, "utf8");
	const shops = TEMPLATE.test(html) ? await nearestShops(deps) : null;
	const written = shops && writeFirstScreen(html, shops);
	if (!written) return { builtAt, written: null };
	const page = Buffer.from(written);
	const [br, gz] = await Promise.all([
		compressBrotli(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }),
		compressGzip(page, { level: 6 }),
	]);
	return { builtAt, written: { identity: page, br, gzip: gz } };
}

/** The shop a visitor without a known position lands on (`store/nearby` without a point), per language. */
async function nearestShops(deps: AppDeps): Promise<Record<LanguageCode, ShopSummary> | null> {
	const found = await Promise.all(
		SUPPORTED_LANGUAGES.map(async (lang) => {
			const [shop] = await listShops(deps, { tenant: { id: DEFAULT_TENANT_ID }, lang }, {});
			return [lang, shop] as const;
		}),
	);
	if (found.some(([, shop]) => !shop)) return null;
	return Object.fromEntries(found) as Record<LanguageCode, ShopSummary>;
}

/**
 * index.html with its `first-shop` template replaced by one filled copy per language and the
 * shops as JSON for the app; null when the page has no such template.
 */
export function writeFirstScreen(html: string, shops: Record<LanguageCode, ShopSummary>): string | null {
	const template = TEMPLATE.exec(html)?.[1];
	if (template === undefined) return null;
	const cards = SUPPORTED_LANGUAGES.map((lang) => fillCard(template, lang, shops[lang])).join("");
	const data = `<script type="application/json" id="first-shop-data">${scriptSafeJson(shops)}</script>`;
	return html.replace(TEMPLATE, () => `${cards}${data}`);
}

function fillCard(template: string, lang: LanguageCode, shop: ShopSummary): string {
	const values: Record<string, string> = {
		lang,
		id: String(shop.id),
		name: shop.name,
		address: shop.address,
		addressEmpty: shop.address ? "" : "yes",
		phone: shop.phone,
		phoneEmpty: shop.phone ? "" : "yes",
		notice: shop.notice ?? "",
		noticeEmpty: shop.notice ? "" : "yes",
	};
	return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(values[key] ?? ""));
}

/** JSON inside a <script>: no `</script>` or `<!--` can end or bend it. */
function scriptSafeJson(value: unknown): string {
	return JSON.stringify(value)
		.replace(/</g, "\\u003c")
		.replace(/\u2028/g, "\\u2028")
		.replace(/\u2029/g, "\\u2029");
}
