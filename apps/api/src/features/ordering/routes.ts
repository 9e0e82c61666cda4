import {
	ClearTableInput,
	IDEMPOTENCY_HEADER,
	IdParams,
	MerchantBillListQuery,
	MerchantOrderListQuery,
	OrderIdInput,
	OrderIdQuery,
	OrderListQuery,
	PayBillInput,
	PayOrderInput,
	PlaceOrderInput,
	PriceCartInput,
	RefundDecisionInput,
	RefundRequestInput,
	RemoveRoundInput,
	SettleBillInput,
	StaffOrderActionInput,
	StaffPlaceOrderInput,
	TableBillQuery,
	TableTokenQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { headerValue } from "../../http/language.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
// Dine-in paid after the meal: the table's seating and its bill.
import {
	clearTable,
	closeBillWithNothingDue,
	getTableBill,
	listOpenBills,
	payTableBill,
	removeRound,
} from "./bills/table-bills.js";
import { scanTable } from "./bills/table-seatings.js";
// The staff's order board.
import { actOnOrder, decideRefund, getShopOrder, listShopOrders, placeOrderForCustomer } from "./board/merchant.js";
// Placing an order: the cart's price, checkout.
import { placeOrder } from "./checkout/checkout.js";
import { priceCartFor } from "./checkout/pricing.js";
// An order's life after it is placed: paying, cancelling, the customer's list, receipt, refunds.
import {
	cancelOwnOrder,
	confirmReceived,
	getOwnOrder,
	listOwnOrders,
	requestRefund,
} from "./lifecycle/customer-orders.js";
import { refreshPaymentStatus } from "./lifecycle/online-payment.js";
import { payOrder } from "./lifecycle/payments.js";

export async function orderingRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	// Checkout (checkout/).
	/** Prices a cart and lists its problems; visitors may call it (a saved address needs sign-in). */
	r.post("/cart/price", { config: { public: true }, schema: { body: PriceCartInput } }, async (request) =>
		ok(await priceCartFor(deps, request.ctx, request.body)),
	);

	/** Places an order; the Idempotency-Key header makes a retry return the same order. */
	r.post("/order/create", { schema: { body: PlaceOrderInput } }, async (request) =>
		ok(await placeOrder(deps, signedIn(request), request.body, headerValue(request.headers[IDEMPOTENCY_HEADER]))),
	);

	// The order's life (lifecycle/).
	r.post("/order/pay", { schema: { body: PayOrderInput } }, async (request) =>
		ok(await payOrder(deps, signedIn(request), { ...request.body, origin: publicOrigin(deps, request) })),
	);
	r.post("/order/cancel", { schema: { body: OrderIdInput } }, async (request) =>
		ok(await cancelOwnOrder(deps, signedIn(request), request.body.orderId)),
	);
	r.get("/order/list", { schema: { querystring: OrderListQuery } }, async (request) =>
		ok(await listOwnOrders(deps, signedIn(request), request.query)),
	);
	r.get("/order/detail/:id", { schema: { params: IdParams } }, async (request) =>
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

	// Table bills (bills/).
	/**
	 * Public: scanning a table's printed code opens or joins the table's seating and answers its
	 * seating token; a seating token is answered while its seating is current (decision 009).
	 */
	r.get("/table/resolve", { config: { public: true }, schema: { querystring: TableTokenQuery } }, async (request) =>
		ok(await scanTable(deps, request.ctx, request.query.token)),
	);
	// Dine-in paid after the meal: the seating's bill, for anyone seated at the table.
	r.get("/order/bill", { schema: { querystring: TableBillQuery } }, async (request) =>
		ok(await getTableBill(deps, signedIn(request), request.query.tableToken)),
	);
	r.post("/order/bill/pay", { schema: { body: PayBillInput } }, async (request) =>
		ok(await payTableBill(deps, signedIn(request), request.body, publicOrigin(deps, request))),
	);

	// The shop's staff (owner and employees) only; customers are refused.
	r.get("/merchant/bill/list", { schema: { querystring: MerchantBillListQuery } }, async (request) =>
		ok(await listOpenBills(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/bill/settle", { schema: { body: SettleBillInput } }, async (request) =>
		ok(await closeBillWithNothingDue(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/bill/remove-round", { schema: { body: RemoveRoundInput } }, async (request) =>
		ok(await removeRound(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/bill/clear", { schema: { body: ClearTableInput } }, async (request) =>
		ok(await clearTable(deps, signedIn(request), request.body)),
	);

	// The staff's order board (board/); staff only, like the bills above.
	r.get("/merchant/order/list", { schema: { querystring: MerchantOrderListQuery } }, async (request) =>
		ok(await listShopOrders(deps, signedIn(request), request.query)),
	);
	r.get("/merchant/order/detail/:id", { schema: { params: IdParams } }, async (request) =>
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

/** GET /app-api/order/pay-status: the payment of an order, asking the gateway if needed. */
export async function paymentStatusRoutes(app: FastifyInstance, deps: AppDeps) {
	app
		.withTypeProvider<ZodTypeProvider>()
		.get("/order/pay-status", { schema: { querystring: OrderIdQuery } }, async (request) =>
			ok(await refreshPaymentStatus(deps, signedIn(request), request.query.orderId)),
		);
}
