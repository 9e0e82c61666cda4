import type { RechargeMenu, RechargeView } from "@bayon/contract";
import { approveAtSandbox } from "./demo-orders";
import { apiCall } from "./http-api";

/**
 * Recharges a member's balance with the demo's first package, paid on the sandbox gateway's
 * page over HTTP, and waits until the recharge reads paid. Returns the amount credited
 * (paid part and bonus).
 */
export async function rechargeOnSandbox(token: string): Promise<number> {
	const menu = await apiCall<RechargeMenu>("/recharge/getMoneyList", { token });
	const pack = menu.packages[0];
	if (!pack) throw new Error("the demo has no recharge package");
	const started = await apiCall<RechargeView>("/member/user/recharge", {
		method: "POST",
		token,
		headers: { "idempotency-key": `e2e-recharge-${Date.now()}-${Math.random().toString(36).slice(2)}` },
		body: { packageId: pack.id, payMethod: "sandbox", agree: true },
	});
	if (!started.redirectUrl) throw new Error("the recharge has no gateway page to pay on");
	await approveAtSandbox(started.redirectUrl);
	for (let waited = 0; waited < 10_000; waited += 200) {
		const recharge = await apiCall<RechargeView>(`/recharge/detail?id=${started.id}`, { token });
		if (recharge.status === "paid") return pack.payAmount + pack.bonusAmount;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`recharge ${started.id} did not become paid`);
}
