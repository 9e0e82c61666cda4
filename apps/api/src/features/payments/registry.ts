import type { AppDeps } from "../../http/deps.js";
import type { GatewayName, PaymentGateway } from "./gateway.js";
import { createSandboxGateway } from "./sandbox.js";

type Gateways = { sandbox: ReturnType<typeof createSandboxGateway> } & Partial<
	Record<Exclude<GatewayName, "sandbox">, PaymentGateway>
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

/** One gateway by name; undefined for a name that is not one, or not configured on this server. */
export function gatewayFor(deps: AppDeps, name: string): PaymentGateway | undefined {
	const all = gateways(deps);
	return name === "sandbox" ? all.sandbox : name === "wechat" || name === "alipay" ? all[name] : undefined;
}
