import type { AuthSession, MemberInfo } from "@bayon/contract";
import { expect } from "vitest";
import type { DomainEvent } from "../src/realtime/bus.js";
import type { TestServer } from "./harness.js";

/**
 * A member's session seen from several servers (features/identity/session-cache*.test.ts): each
 * server remembers live access tokens for a few seconds (decision 025), so ending a session on
 * one must reach the others through the event bus.
 */

export const getInfo = (on: TestServer, token: string) =>
	on.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token });
export const refresh = (on: TestServer, refreshToken: string) =>
	on.call<AuthSession>("POST", "/app-api/member/auth/refresh-token", { body: { refreshToken } });
export const logout = (on: TestServer, token: string) => on.call("POST", "/app-api/member/auth/logout", { token });

/** Resolves once this server's bus has delivered a matching event to its listeners. */
export function delivered(on: TestServer, matches: (event: DomainEvent) => boolean): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			stop();
			reject(new Error("the bus did not deliver the event within 5 s"));
		}, 5000);
		const stop = on.deps.events.subscribe((event) => {
			if (!matches(event)) return;
			clearTimeout(timer);
			stop();
			// Every listener of this delivery has run by now (they are called in one go).
			setImmediate(resolve);
		});
	});
}
export const sessionEndedFor = (memberId: number) => (event: DomainEvent) =>
	event.type === "session.ended" && event.memberId === memberId;

/** Logout, then a replayed refresh token, on `first`: `second` refuses each once its bus delivered. */
export async function endedOnOneRefusedOnTheOther(first: TestServer, second: TestServer, newPhone: () => string) {
	second.clock.set(first.clock.now());
	const member = await first.signIn(newPhone());
	expect((await getInfo(second, member.accessToken)).code).toBe(0);
	const heard = delivered(second, sessionEndedFor(member.userId));

	expect((await logout(first, member.accessToken)).code).toBe(0);
	await heard;

	expect((await getInfo(second, member.accessToken)).code).toBe(401);

	const leaked = await first.signIn(newPhone());
	const rotated = await refresh(first, leaked.refreshToken);
	expect((await getInfo(second, rotated.data.accessToken)).code).toBe(0);
	first.clock.advance(11);
	const heardReplay = delivered(second, sessionEndedFor(leaked.userId));

	expect((await refresh(first, leaked.refreshToken)).code).not.toBe(0);
	await heardReplay;

	expect((await getInfo(second, rotated.data.accessToken)).code).toBe(401);
}
