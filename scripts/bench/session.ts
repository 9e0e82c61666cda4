// get-info beside /healthz (issue 16): a signed-in request's fixed cost (tenant, session) plus
// get-info's own query, against the cheapest route that still asks the database once.

/** The route table's rows this compares (their names in run.ts). */
const HEALTHZ = "GET /healthz (one query)";
const GET_INFO = "GET /app-api/member/user/get-info (signed in)";
/** Issue 16's aim: get-info at least this share of /healthz's requests per second. */
const GET_INFO_AIM = 0.3;

/** The line printed after the route table (a figure to read, not a pass/fail check). */
export function getInfoShare(rates: Map<string, number>): string {
	const healthz = rates.get(HEALTHZ);
	const getInfo = rates.get(GET_INFO);
	if (!healthz || getInfo === undefined) return `get-info / healthz: a row is missing (${GET_INFO}, ${HEALTHZ})`;
	const share = getInfo / healthz;
	return `get-info (signed in): ${(share * 100).toFixed(0)} % of /healthz's requests per second (${getInfo.toFixed(0)} vs ${healthz.toFixed(0)}; aim: at least ${GET_INFO_AIM * 100} %).`;
}
