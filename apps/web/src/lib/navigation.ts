/**
 * Lets code outside React (the request layer) move the app to another page. The router
 * registers itself at start; until then (and in unit tests) the history API is used.
 */
export interface NavigateOptions {
	replace?: boolean;
}

type Navigator = (to: string, options?: NavigateOptions) => void;

const historyNavigator: Navigator = (to, options) => {
	if (options?.replace) window.history.replaceState(null, "", to);
	else window.history.pushState(null, "", to);
};

let navigator: Navigator = historyNavigator;

export function setNavigator(next: Navigator | null): void {
	navigator = next ?? historyNavigator;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
	navigator(to, options);
}

/** Navigates to a stored absolute or relative URL: inside the app when same-origin, else a full load. */
export function goToUrl(url: string): void {
	let target: URL;
	try {
		target = new URL(url, window.location.href);
	} catch {
		navigateTo("/", { replace: true });
		return;
	}
	if (target.origin === window.location.origin) {
		navigateTo(`${target.pathname}${target.search}${target.hash}`, { replace: true });
	} else {
		window.location.assign(target.href);
	}
}

/** The path + query of the current page, used to come back after signing in. */
export function currentLocation(): string {
	return `${window.location.pathname}${window.location.search}`;
}
