import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { serverNow } from "./http-api";

export const artifactsDir = fileURLToPath(new URL("../.artifacts/", import.meta.url));

/** Debian's Chromium with the flags of stack-notes.md §5.4 (no network chatter, no sandbox). */
export function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
		headless: true,
		args: [
			"--no-sandbox",
			"--disable-gpu",
			"--disable-quic",
			"--no-first-run",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
		],
	});
}

export interface ContextOptions {
	/** Sets navigator.language and Accept-Language, like a phone set to that language. */
	locale?: string;
	width?: number;
	height?: number;
}

/**
 * A fresh browser profile (empty storage) on a phone-sized screen, its clock running from the
 * server's (the browser tests' fixed clock, global-setup.ts): every page it opens reads "now" as
 * the server does, whatever the time of day on this machine. A test that needs another moment
 * installs its own on the page (`page.clock.install`), which takes over from this one.
 */
export async function newPhone(
	browser: Browser,
	options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({
		baseURL: inject("baseUrl"),
		locale: options.locale ?? "zh-CN",
		viewport: { width: options.width ?? 390, height: options.height ?? 844 },
		deviceScaleFactor: 2,
		isMobile: true,
		hasTouch: true,
	});
	await followServerClockIn(context);
	const page = await context.newPage();
	page.setDefaultTimeout(15_000);
	return { context, page };
}

/** Saves a screenshot to e2e/.artifacts/<name>.png: the whole page, or only the screen (`fullPage: false`). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
	mkdirSync(artifactsDir, { recursive: true });
	const file = path.join(artifactsDir, `${name}.png`);
	await page.screenshot({ path: file, fullPage });
	return file;
}

/**
 * Waits for the page's transitions to end (before a screenshot or a check of what shows).
 * Endless animations (the board's alarm pulsing while orders wait, a skeleton's shimmer)
 * never finish, so only finite ones are awaited.
 */
export async function settleAnimations(page: Page): Promise<void> {
	await page.evaluate(() =>
		Promise.all(
			document
				.getAnimations()
				.filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
				.map((animation) => animation.finished),
		),
	);
}

/**
 * Runs `Date` on every page of `context` from the server's clock: shifted by how far the server's
 * clock is ahead of this machine's now (it started seconds after the run chose FAKE_NOW, after
 * its migrations and seed, and another file may have moved it since), then flowing as time does.
 * Only `Date`: playwright's clock (`clock.install`) also fakes the timers and `performance`,
 * whose entries (first paint, resources) the cold-start tests read, and the pages' timers must run
 * as a phone's do. A test's own `page.clock.install` replaces this `Date` with playwright's.
 */
export async function followServerClockIn(context: BrowserContext): Promise<void> {
	const aheadMs = (await serverNow()) - Date.now();
	await context.addInitScript((shiftMs: number) => {
		const RealDate = Date;
		// Once playwright's clock took over (a test's page.clock.install), it reads this Date for
		// the time that passes: the real one then, or its own clock would run shifted too.
		const now = () => (globalThis.Date === ShiftedDate ? RealDate.now() + shiftMs : RealDate.now());
		// Called with new: a Date of the shifted now, or of what it was given; called plainly: its text.
		const ShiftedDate = function (this: unknown, ...args: unknown[]) {
			if (!new.target) return new RealDate(now()).toString();
			return args.length === 0
				? new RealDate(now())
				: new (RealDate as unknown as new (...values: unknown[]) => Date)(...args);
		} as unknown as DateConstructor;
		Object.defineProperties(ShiftedDate, {
			prototype: { value: RealDate.prototype },
			now: { value: now },
			parse: { value: RealDate.parse },
			UTC: { value: RealDate.UTC },
		});
		globalThis.Date = ShiftedDate;
	}, aheadMs);
}

/**
 * Sets this page's clock to the server's again, e.g. after a test moved the server's clock
 * (POST /app-api/test/clock/advance). A page of newPhone already follows it from the start.
 */
export async function followServerClock(page: Page): Promise<void> {
	await page.clock.install({ time: await serverNow() });
	await page.clock.resume();
}
