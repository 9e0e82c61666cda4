#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot
// reload, which proxies /app-api, /api and /uploads to the API. Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
	spawn("npx", ["tsx", "watch", "apps/api/src/main.ts"], {
		stdio: "inherit",
		env: { ...process.env, PORT: process.env.PORT ?? "8080" },
	}),
	spawn("npx", ["vite", "--host", "127.0.0.1", "--port", "5173"], { stdio: "inherit", cwd: "apps/web" }),
];
console.log("API on http://127.0.0.1:8080, web app with hot reload on http://127.0.0.1:5173");
const stop = () => {
	for (const child of children) child.kill("SIGTERM");
	process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
