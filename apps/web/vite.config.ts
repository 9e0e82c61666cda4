/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import en from "./src/lib/i18n/locales/en";
import km from "./src/lib/i18n/locales/km";
import zhCN from "./src/lib/i18n/locales/zh-CN";

const apiTarget = process.env.BAYON_API_URL ?? "http://127.0.0.1:8080";
const proxied = ["/app-api", "/api", "/uploads", "/healthz", "/sandbox-pay"];

/**
 * The frame index.html draws before the app's script arrives labels its tab bar in every
 * language, and its CSS shows the one <html lang> names: the labels come from the app's own
 * locale files (so they never drift apart), as `<span data-label="tab.home"></span>` markers.
 */
function bootFrameLabels(): Plugin {
	const locales = { "zh-CN": zhCN, en, km };
	return {
		name: "bayon-boot-frame-labels",
		transformIndexHtml: (html) =>
			html
				.replace("__BOOT_LANGUAGES__", JSON.stringify(Object.keys(locales)))
				.replace(/<span data-label="([\w.]+)"><\/span>/g, (_, key: string) =>
					Object.entries(locales)
						.map(([lang, strings]) => {
							const text = (strings as Record<string, string>)[key];
							if (!text) throw new Error(`index.html: no label ${key} in ${lang}`);
							return `<span lang="${lang}">${text}</span>`;
						})
						.join(""),
				),
	};
}

/**
 * The app's script is asked for after the frame's first paint, not by the HTML itself
 * (decision 025): on a slow link the entry and its preloads (~120 KiB) otherwise share the
 * bandwidth with the page and its stylesheet before anything is drawn, and the frame, with the
 * first screen's shop written in by the server, is what the customer reads first. The tags Vite
 * writes stay in the page inside an inert <template> (scripts/check-bundle.mjs reads them there);
 * a small script copies them into the document once the browser reports the first contentful
 * paint (one frame on where it does not), or after 500 ms in a tab that draws nothing (opened
 * in the background). The cost: the script's requests start that much later (one frame on a
 * fast phone; on a slow link, after the stylesheet instead of beside it).
 */
function scriptsAfterFirstPaint(): Plugin {
	const tags = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
	return {
		name: "bayon-scripts-after-first-paint",
		apply: "build",
		transformIndexHtml: {
			order: "post",
			handler(html) {
				// The preloads first, so their requests start with the entry's.
				const found = (html.match(tags)?.map((tag) => tag.trim()) ?? []).sort(
					(a, b) => Number(a.startsWith("<script")) - Number(b.startsWith("<script")),
				);
				if (!found.some((tag) => tag.startsWith("<script"))) throw new Error("index.html: no entry script to defer");
				const loader = `<template id="app-scripts">${found.join("")}</template>
		<script>
			(() => {
				let started = false;
				const start = () => {
					if (started) return;
					started = true;
					for (const tag of document.getElementById("app-scripts").content.children) {
						const copy = document.createElement(tag.localName);
						for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
						(copy.localName === "link" ? document.head : document.body).append(copy);
					}
				};
				// After the first contentful paint is on screen (the frame and its shop), where the
				// browser reports it; else one frame on. A tab that draws nothing (opened in the
				// background) starts anyway.
				const observed = globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint");
				if (observed) {
					new PerformanceObserver((list, observer) => {
						if (!list.getEntriesByName("first-contentful-paint").length) return;
						observer.disconnect();
						setTimeout(start);
					}).observe({ type: "paint", buffered: true });
				} else requestAnimationFrame(() => setTimeout(start));
				setTimeout(start, observed ? 500 : 200);
			})();
		</script>
	</body>`;
				return html.replace(tags, "").replace("</body>", loader);
			},
		},
	};
}

const languageModule = /\/(?:apps\/web\/src\/lib\/i18n\/locales|packages\/contract\/src\/messages)\/(zh-CN|en|km)\.ts$/;
/** The language of a locale file or message table, else null (Vite's own splitting). */
function languageChunkOf(moduleId: string): string | null {
	return languageModule.exec(moduleId)?.[1] ?? null;
}

export default defineConfig({
	plugins: [
		react(),
		bootFrameLabels(),
		scriptsAfterFirstPaint(),
		// Each text file also as .br and .gz next to it, for the server to send by the browser's
		// Accept-Encoding (decision 010): compressed once here at the best levels, never per request.
		compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024, exclude: /manifest\.json$/ }),
	],
	resolve: {
		// The app is written against React's API and runs on Preact's compat layer (decision 025):
		// react-dom alone was 61 KiB gzip of the menu route's 176; preact/compat is 8.5 KiB. Types
		// stay React's (@types/react), so the code reads as React code. react-i18next's
		// useSyncExternalStore shim becomes compat's own.
		alias: [
			{ find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: "preact/compat" },
			{ find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
			{ find: /^react-dom\/client$/, replacement: "preact/compat/client" },
			{ find: /^react-dom$/, replacement: "preact/compat" },
			{ find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
			{ find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
			{ find: /^react$/, replacement: "preact/compat" },
		],
	},
	server: {
		proxy: {
			...Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
			// Live order updates in development (the built app is served by the API itself).
			"/infra/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
		},
	},
	preview: {
		proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
	},
	build: {
		outDir: "dist",
		emptyOutDir: true,
		target: "es2022",
		// Raw size of the entry chunk (Preact, router, query, i18next). The gzip budgets of
		// security-and-money.md D2 are enforced by `npm run size -w apps/web`, which `npm test`
		// (and so CI) runs after the build.
		chunkSizeWarningLimit: 300,
		// dist/.vite/manifest.json: which chunks each route imports, for scripts/check-bundle.mjs.
		manifest: true,
		rolldownOptions: {
			output: {
				codeSplitting: {
					// A language's interface texts and the contract's messages in it arrive together:
					// one request, one gzip stream (the two share words), one chunk named for the
					// language. zh-CN's too: a reader of another language downloads none of it (decision 025).
					groups: [{ name: (id: string) => languageChunkOf(id) }],
				},
			},
		},
	},
	test: {
		name: "web",
		include: ["src/**/*.test.{ts,tsx}"],
		environment: "happy-dom",
		setupFiles: ["src/test/setup.ts"],
		// Scripts injected by the code under test (Telegram's) are never downloaded in tests.
		environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
		// The tests render with Preact too, as the app ships: Testing Library, the router, React
		// Query and react-i18next are compiled by Vitest (inline) so the aliases above reach their
		// imports of react, and their ES builds are used (the CommonJS ones `require` React itself).
		alias: [
			{
				find: /^@testing-library\/react$/,
				replacement: fileURLToPath(import.meta.resolve("@testing-library/react/dist/@testing-library/react.esm.js")),
			},
			{
				find: /^react-router$/,
				replacement: fileURLToPath(
					new URL("../../node_modules/react-router/dist/development/index.mjs", import.meta.url),
				),
			},
		],
		server: {
			deps: { inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/, /react-i18next/] },
		},
		restoreMocks: true,
		unstubGlobals: true,
	},
});
