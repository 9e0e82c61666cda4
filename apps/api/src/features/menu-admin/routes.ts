import {
	MoveMenuRowInput,
	RemoveMenuRowInput,
	SaveMenuCategoryInput,
	SaveMenuItemInput,
	SaveOptionGroupInput,
	SetSoldOutInput,
	ShopQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import * as menuAdmin from "./service.js";

/**
 * The menu as the shop edits it: owners and managers change it (permission `menu`), staff
 * read it and mark items and options sold out (`soldOut`). Every change reaches customers'
 * next menu request on every server.
 */
export async function menuAdminRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.get("/merchant/menu", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await menuAdmin.getAdminMenu(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/menu/category/save", { schema: { body: SaveMenuCategoryInput } }, async (request) =>
		ok(await menuAdmin.saveCategory(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/menu/category/move", { schema: { body: MoveMenuRowInput } }, async (request) =>
		ok(await menuAdmin.moveRow(deps, signedIn(request), "category", request.body)),
	);
	r.post("/merchant/menu/item/save", { schema: { body: SaveMenuItemInput } }, async (request) =>
		ok(await menuAdmin.saveItem(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/menu/item/move", { schema: { body: MoveMenuRowInput } }, async (request) =>
		ok(await menuAdmin.moveRow(deps, signedIn(request), "item", request.body)),
	);
	r.post("/merchant/menu/item/remove", { schema: { body: RemoveMenuRowInput } }, async (request) =>
		ok(await menuAdmin.removeItem(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/menu/group/save", { schema: { body: SaveOptionGroupInput } }, async (request) =>
		ok(await menuAdmin.saveOptionGroup(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/menu/group/remove", { schema: { body: RemoveMenuRowInput } }, async (request) =>
		ok(await menuAdmin.removeOptionGroup(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/menu/sold-out", { schema: { body: SetSoldOutInput } }, async (request) =>
		ok(await menuAdmin.setSoldOut(deps, signedIn(request), request.body)),
	);
}
