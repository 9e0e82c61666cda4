import {
	IDEMPOTENCY_HEADER,
	idField,
	MerchantOrderListQuery,
	OrderIdInput,
	OrderListQuery,
	PayOrderInput,
	PlaceOrderInput,
	PriceCartInput,
	RefundDecisionInput,
	RefundRequestInput,
	StaffOrderActionInput,
	StaffPlaceOrderInput,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { headerValue } from "../../http/language.js";
import { signedIn } from "../../http/request-context.js";
import { placeOrder } from "./checkout.js";
import { cancelOwnOrder, getOwnOrder, listOwnOrders } from "./lifecycle.js";
import {
	actOnOrder,
	confirmReceived,
	decideRefund,
	getShopOrder,
	listShopOrders,
	placeOrderForCustomer,
	requestRefund,
} from "./merchant.js";
import { payOrder } from "./payments.js";
import { priceCartFor } from "./service.js";

export async function orderingRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** Prices a cart and lists its problems; visitors may call it (a saved address needs sign-in). */
	r.post("/cart/price", { config: { public: true }, schema: { body: PriceCartInput } }, async (request) =>
		ok(await priceCartFor(deps, request.ctx, request.body)),
	);

	/** Places an order; the Idempotency-Key header makes a retry return the same order. */
	r.post("/order/create", { schema: { body: PlaceOrderInput } }, async (request) =>
		ok(await placeOrder(deps, signedIn(request), request.body, headerValue(request.headers[IDEMPOTENCY_HEADER]))),
	);
	r.post("/order/pay", { schema: { body: PayOrderInput } }, async (request) =>
		ok(await payOrder(deps, signedIn(request), request.body)),
	);
	r.post("/order/cancel", { schema: { body: OrderIdInput } }, async (request) =>
		ok(await cancelOwnOrder(deps, signedIn(request), request.body.orderId)),
	);
	r.get("/order/list", { schema: { querystring: OrderListQuery } }, async (request) =>
		ok(await listOwnOrders(deps, signedIn(request), request.query)),
	);
	r.get("/order/detail/:id", { schema: { params: z.object({ id: idField }) } }, async (request) =>
		ok(await getOwnOrder(deps, signedIn(request), request.params.id)),
	);
	/** The customer confirms they have their food. */
	r.post("/order/take", { schema: { body: OrderIdInput } }, async (request) => {
		await confirmReceived(deps, signedIn(request), request.body.orderId);
		return ok(true);
	});
	r.post("/order/refund", { schema: { body: RefundRequestInput } }, async (request) => {
		await requestRefund(deps, signedIn(request), request.body);
		return ok(true);
	});

	// The shop's staff (owner and employees) only; customers are refused.
	r.get("/merchant/order/list", { schema: { querystring: MerchantOrderListQuery } }, async (request) =>
		ok(await listShopOrders(deps, signedIn(request), request.query)),
	);
	r.get("/merchant/order/detail/:id", { schema: { params: z.object({ id: idField }) } }, async (request) =>
		ok(await getShopOrder(deps, signedIn(request), request.params.id)),
	);
	r.post("/merchant/order/action", { schema: { body: StaffOrderActionInput } }, async (request) =>
		ok(await actOnOrder(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/order/refund-decision", { schema: { body: RefundDecisionInput } }, async (request) =>
		ok(await decideRefund(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/order/create", { schema: { body: StaffPlaceOrderInput } }, async (request) =>
		ok(
			await placeOrderForCustomer(
				deps,
				signedIn(request),
				request.body,
				headerValue(request.headers[IDEMPOTENCY_HEADER]),
			),
		),
	);
}
