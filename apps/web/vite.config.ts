/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.BAYON_API_URL ?? "http://127.0.0.1:8080";
const proxied = ["/app-api", "/api", "/uploads", "/healthz", "/sandbox-pay"];

export default defineConfig({
	plugins: [react()],
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
		// Raw size of the entry chunk (React, router, query, i18next). The gzip budgets of
		// security-and-money.md D2 are enforced by `npm run size -w apps/web`, which `npm test`
		// (and so CI) runs after the build.
		chunkSizeWarningLimit: 450,
		// dist/.vite/manifest.json: which chunks each route imports, for scripts/check-bundle.mjs.
		manifest: true,
	},
	test: {
		name: "web",
		include: ["src/**/*.test.{ts,tsx}"],
		environment: "happy-dom",
		setupFiles: ["src/test/setup.ts"],
		// Scripts injected by the code under test (Telegram's) are never downloaded in tests.
		environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
		restoreMocks: true,
		unstubGlobals: true,
	},
});
