import type { MemberInfo } from "@bayon/contract";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Paths, withQuery } from "../../lib/paths";

/**
 * A merchant page opened without a session, or whose session expired meanwhile (the server
 * answered Unauthorized and the app cleared it): the login page, which brings the member back
 * to this very page (issue 27) — never "merchants only", which would tell an owner they are
 * not one. The entry is replaced, so "back" from the login page does not bounce here again.
 */
export function useSignInFirst(member: MemberInfo | null): void {
	const navigate = useNavigate();
	const location = useLocation();
	const here = `${location.pathname}${location.search}`;
	useEffect(() => {
		if (!member) navigate(withQuery(Paths.login, { redirect: here }), { replace: true });
	}, [member, navigate, here]);
}
