import type { AppDeps } from "../../http/deps.js";
import type { PaymentGateway } from "./gateway.js";
import { createSandboxGateway } from "./sandbox.js";

type Gateways = { sandbox: ReturnType<typeof createSandboxGateway> } & Partial<
	Record<"wechat" | "alipay", PaymentGateway>
>;
const registry = new WeakMap<AppDeps, Gateways>();

/**
 * The gateways of this server. WeChat Pay and Alipay have no implementation yet: asking for
 * them answers that the method is not available (the web app shows the spec's browser hints).
 */
export function gateways(deps: AppDeps): Gateways {
	let found = registry.get(deps);
	if (!found) {
		found = { sandbox: createSandboxGateway(deps) };
		registry.set(deps, found);
	}
	return found;
}
