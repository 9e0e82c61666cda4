import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { loadMessages } from "../lib/i18n/messages";

// As at start-up, where the reader's language (zh-CN by default) is loaded before the first
// render: its message table is a chunk of its own (decision 025), not part of the entry.
beforeAll(() => loadMessages("zh-CN"));

// findBy… and waitFor give up after 5 s instead of Testing Library's 1 s: on a loaded CI
// machine a lazily loaded screen can take longer than a second to appear (seen: the router's
// tab pages, the coupon list's next page). A wait still ends the moment its condition holds.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
	cleanup();
});
