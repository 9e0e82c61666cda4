import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { boot } from "./app/boot";
import { createAppRouter } from "./app/router";
import "./ui/base.css";

// The router starts resolving the current route's screen chunk while the language loads.
const router = createAppRouter();

boot(router)
	.catch((error: unknown) => console.error("Start-up failed", error))
	.finally(() => {
		const root = document.getElementById("root");
		if (root) createRoot(root).render(<App router={router} />);
	});
