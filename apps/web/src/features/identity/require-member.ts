import type { MemberInfo } from "@bayon/contract";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Paths, withQuery } from "../../lib/paths";
import { useAppState } from "../../lib/store";

/**
 * Pages for members only: a visitor is sent to the login page, which brings them back here.
 * The page entry is replaced, so "back" from the login page does not bounce here again.
 */
export function useRequireMember(): MemberInfo | null {
	const member = useAppState((s) => s.member);
	const navigate = useNavigate();
	const location = useLocation();
	const here = `${location.pathname}${location.search}`;
	useEffect(() => {
		if (!member) navigate(withQuery(Paths.login, { redirect: here }), { replace: true });
	}, [member, navigate, here]);
	return member;
}
