import type {
	AuthSession,
	MemberInfo,
	SmsCodeSent,
	SmsLoginInput,
	SmsScene,
	UpdateProfileInput,
	UploadedFile,
} from "@bayon/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { saveSession } from "../../lib/session";
import { isLoggedIn, setMember, useAppState } from "../../lib/store";

/**
 * `SmsScene.MemberLogin`, written as a literal checked against the contract's type: importing
 * the value would pull the contract's identity module (and zod) into the mine page's chunk.
 */
const MEMBER_LOGIN_SCENE: SmsScene = 1;

export const identityKeys = {
	member: ["identity", "member"] as const,
};

/** GET member/user/get-info; the answer also updates the stored member. */
export async function fetchMemberInfo(): Promise<MemberInfo> {
	const info = await api.get<MemberInfo>("/member/user/get-info");
	setMember(info);
	return info;
}

export const memberInfoQuery = queryOptions({
	queryKey: identityKeys.member,
	queryFn: fetchMemberInfo,
});

/** The signed-in member's fresh info (nothing is fetched for a visitor). */
export function useMemberInfo() {
	const signedIn = useAppState(isLoggedIn);
	const hasToken = useAppState((s) => Boolean(s.token));
	return useQuery({ ...memberInfoQuery, enabled: signedIn || hasToken });
}

export function sendSmsCode(mobile: string): Promise<SmsCodeSent> {
	return api.post<SmsCodeSent>(
		"/member/auth/send-sms-code",
		{ mobile, scene: MEMBER_LOGIN_SCENE },
		{ login: false, skipRefresh: true },
	);
}

/** Signs in with an SMS code, stores the session and loads the member. */
export async function signInWithSms(input: SmsLoginInput): Promise<MemberInfo> {
	const session = await api.post<AuthSession>("/member/auth/sms-login", input, {
		login: false,
		skipRefresh: true,
		loading: true,
	});
	await startSession(session);
	return queryClient.getQueryData(identityKeys.member) ?? (await fetchMemberInfo());
}

/** Stores a session obtained by any means (SMS, Telegram) and loads the member it belongs to. */
export async function startSession(session: AuthSession): Promise<void> {
	saveSession(session);
	await queryClient.fetchQuery({ ...memberInfoQuery, staleTime: 0 });
}

export function signOutOnServer(): Promise<unknown> {
	return api.post<unknown>("/member/auth/logout", {}, { login: false, toast: false });
}

export async function updateProfile(input: UpdateProfileInput): Promise<MemberInfo> {
	const info = await api.post<MemberInfo>("/member/user/update-nickname", input, { loading: true });
	setMember(info);
	queryClient.setQueryData(identityKeys.member, info);
	return info;
}

export function uploadImage(file: File): Promise<UploadedFile> {
	return api.upload<UploadedFile>("/infra/file/upload", file, file.name, { loading: true });
}
