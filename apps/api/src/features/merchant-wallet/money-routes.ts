import {
	AddBankCardInput,
	ApproveWithdrawalInput,
	CreateWithdrawalInput,
	ExportPayoutsInput,
	MarkWithdrawalPaidInput,
	PlatformWithdrawalQuery,
	queryIdField,
	RejectWithdrawalInput,
	RemoveBankCardInput,
	ReturnWithdrawalInput,
	RevealWithdrawalInput,
	SendMoneyCodeInput,
	WithdrawalDetailQuery,
	WithdrawalListQuery,
} from "@bayon/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { headerValue } from "../../http/language.js";
import { signedIn } from "../../http/request-context.js";
import { addBankCard, listBankCards, removeBankCard } from "./cards/cards.js";
import { exportPayouts, type RequestOrigin, revealWithdrawalAccount, sendPlatformCode } from "./platform/payouts.js";
import {
	approveWithdrawal,
	listPlatformWithdrawals,
	markWithdrawalPaid,
	platformWithdrawalDetail,
	rejectWithdrawal,
	returnWithdrawal,
} from "./platform/platform-review.js";
import { sendMoneyCode } from "./withdrawals/step-up.js";
import { createWithdrawal, listShopWithdrawals, shopWithdrawalDetail } from "./withdrawals/withdrawals.js";

const ShopQuery = z.object({ shopId: queryIdField });
const IdQuery = z.object({ id: queryIdField });

/** Which request read an account number, for its log line. */
function originOf(request: FastifyRequest): RequestOrigin {
	return { requestId: request.id, ip: request.ip, userAgent: headerValue(request.headers["user-agent"]) ?? null };
}

/**
 * The merchant's money that moves (issue 14, decision 023): the owner's step-up code, bank cards
 * and withdrawals (owner only), and the platform's review of withdrawals (platform operators).
 * Request bodies carry card numbers: nothing here logs a body, and the server's request log
 * records method and URL only.
 */
export async function merchantMoneyRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.post("/merchant/money/send-code", { schema: { body: SendMoneyCodeInput } }, async (request) =>
		ok(await sendMoneyCode(deps, signedIn(request), request.body.shopId)),
	);
	r.get("/merchant/cards", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await listBankCards(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/cards/add", { schema: { body: AddBankCardInput } }, async (request) =>
		ok(await addBankCard(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/cards/remove", { schema: { body: RemoveBankCardInput } }, async (request) =>
		ok(await removeBankCard(deps, signedIn(request), request.body)),
	);
	/** The Idempotency-Key header is required: the same request twice asks once. */
	r.post("/merchant/withdrawals/create", { schema: { body: CreateWithdrawalInput } }, async (request) =>
		ok(await createWithdrawal(deps, signedIn(request), request.body, idempotencyKeyOf(request))),
	);
	r.get("/merchant/withdrawals", { schema: { querystring: WithdrawalListQuery } }, async (request) =>
		ok(await listShopWithdrawals(deps, signedIn(request), request.query)),
	);
	r.get("/merchant/withdrawals/detail", { schema: { querystring: WithdrawalDetailQuery } }, async (request) =>
		ok(await shopWithdrawalDetail(deps, signedIn(request), request.query)),
	);

	// Platform operators only.
	r.get("/platform/withdrawals", { schema: { querystring: PlatformWithdrawalQuery } }, async (request) =>
		ok(await listPlatformWithdrawals(deps, signedIn(request), request.query)),
	);
	r.get("/platform/withdrawals/detail", { schema: { querystring: IdQuery } }, async (request) =>
		ok(await platformWithdrawalDetail(deps, signedIn(request), request.query.id)),
	);
	r.post("/platform/withdrawals/approve", { schema: { body: ApproveWithdrawalInput } }, async (request) =>
		ok(await approveWithdrawal(deps, signedIn(request), request.body)),
	);
	r.post("/platform/withdrawals/reject", { schema: { body: RejectWithdrawalInput } }, async (request) =>
		ok(await rejectWithdrawal(deps, signedIn(request), request.body)),
	);
	r.post("/platform/withdrawals/paid", { schema: { body: MarkWithdrawalPaidInput } }, async (request) =>
		ok(await markWithdrawalPaid(deps, signedIn(request), request.body)),
	);
	r.post("/platform/withdrawals/return", { schema: { body: ReturnWithdrawalInput } }, async (request) =>
		ok(await returnWithdrawal(deps, signedIn(request), request.body)),
	);
	// Paying out (issue 28): the operator's own step-up code, then a number read and logged.
	r.post("/platform/withdrawals/send-code", async (request) => ok(await sendPlatformCode(deps, signedIn(request))));
	r.post("/platform/withdrawals/reveal", { schema: { body: RevealWithdrawalInput } }, async (request, reply) => {
		const revealed = await revealWithdrawalAccount(deps, signedIn(request), request.body, originOf(request));
		return reply.header("cache-control", "no-store").send(ok(revealed));
	});
	/** A file, not the envelope; a refusal or bad input is still answered with the envelope. */
	r.post("/platform/withdrawals/export", { schema: { body: ExportPayoutsInput } }, async (request, reply) => {
		const file = await exportPayouts(deps, signedIn(request), request.body, originOf(request));
		return reply
			.header("content-type", "text/csv; charset=utf-8")
			.header("content-disposition", `attachment; filename="${file.fileName}"`)
			.header("cache-control", "no-store")
			.header("x-payout-rows", String(file.rows))
			.header("x-payout-truncated", String(file.truncated))
			.send(file.body);
	});
}
