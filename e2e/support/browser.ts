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
 * Runs the clock of every page of `context` from the server's: installed at what the server's
 * clock says now (it started seconds after the run chose FAKE_NOW, after its migrations and seed,
 * and another file may have moved it since), then flowing as time does.
 */
export async function followServerClockIn(context: BrowserContext): Promise<void> {
	await context.clock.install({ time: await serverNow() });
	await context.clock.resume();
}

/**
 * Sets this page's clock to the server's again, e.g. after a test moved the server's clock
 * (POST /app-api/test/clock/advance). A page of newPhone already follows it from the start.
 */
export async function followServerClock(page: Page): Promise<void> {
	await page.clock.install({ time: await serverNow() });
	await page.clock.resume();
}
