import { ErrorCode } from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";

/**
 * Real concurrency needs real connections: on PGlite every transaction runs alone, so these
 * stories only mean something on PostgreSQL.
 */
describe("menu changes racing orders and each other", () => {
	let server: TestServer;
	let fx: OrderingFixture;
	let owner: string;
	let secondOwner: string;
	let staff: string;
	let customer: string;
	let categoryId: number;

	beforeAll(async () => {
		server = await startTestServer();
		fx = await new OrderingFixture(server).load();
		fx.moveClockToLocal("12:00");
		owner = (await server.signIn("13800000001")).accessToken;
		staff = (await server.signIn("13800000002")).accessToken;
		customer = (await server.signIn("13955552001")).accessToken;
		const partner = await server.signIn("13955552002");
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: 1, member_id: partner.userId, role: "owner" })
			.execute();
		secondOwner = partner.accessToken;
		const category = await server.call<{ id: number }>("POST", "/app-api/merchant/menu/category/save", {
			token: owner,
			body: { shopId: 1, name: { "zh-CN": "抢购", en: "Rush" } },
		});
		categoryId = category.data.id;
		// Test instrument: the item's sales count at the very moment it is marked sold out.
		// The toggle's UPDATE waits for orders holding the row and then holds it until commit, so
		// an order that commits after the toggle can only add to the count after this.
		await sql`CREATE TABLE race_probe (item_id bigint, sales_count integer)`.execute(server.deps.db);
		await sql`CREATE FUNCTION race_probe() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				IF NEW.sold_out AND NOT OLD.sold_out THEN
					INSERT INTO race_probe VALUES (NEW.id, NEW.sales_count);
				END IF;
				RETURN NEW;
			END $$`.execute(server.deps.db);
		await sql`CREATE TRIGGER race_probe AFTER UPDATE ON menu_item FOR EACH ROW EXECUTE FUNCTION race_probe()`.execute(
			server.deps.db,
		);
	});
	afterAll(async () => {
		await server?.close();
	});

	async function newItem(price: number) {
		const answer = await server.call<{ id: number; version: number }>("POST", "/app-api/merchant/menu/item/save", {
			token: owner,
			body: {
				shopId: 1,
				categoryId,
				name: { "zh-CN": "限量", en: "Limited" },
				price,
				orderTypes: ["takein"],
			},
		});
		expect(answer.code).toBe(0);
		return answer.data;
	}

	it("never sells an item after its sold-out mark committed, with 50 orders arriving meanwhile", async () => {
		for (let round = 0; round < 3; round++) {
			const item = await newItem(200);
			// The mark lands once the first order went through, while the others are still arriving.
			let firstPlaced: () => void = () => {};
			const onePlaced = new Promise<void>((resolve) => {
				firstPlaced = resolve;
			});
			const orders = Array.from({ length: 50 }, async (_, index) => {
				await new Promise((resolve) => setTimeout(resolve, index * 10));
				const answer = await fx.place(customer, { lines: [{ itemId: item.id, quantity: 1 }] });
				if (answer.code === 0) firstPlaced();
				return answer;
			});
			const toggle = (async () => {
				await onePlaced;
				return server.call("POST", "/app-api/merchant/menu/sold-out", {
					token: staff,
					body: { shopId: 1, kind: "item", id: item.id, soldOut: true },
				});
			})();
			const [toggled, ...answers] = await Promise.all([toggle, ...orders]);
			expect(toggled.code).toBe(0);

			const probe = await sql<{
				sales_count: number;
			}>`SELECT sales_count FROM race_probe WHERE item_id = ${item.id}`.execute(server.deps.db);
			const soldAtToggle = Number(probe.rows[0]?.sales_count);
			const row = await server.deps.db
				.selectFrom("menu_item")
				.select("sales_count")
				.where("id", "=", item.id)
				.executeTakeFirstOrThrow();
			const placed = answers.filter((answer) => answer.code === 0).length;
			// Every order either went through before the mark or was told the item is sold out.
			expect(answers.filter((answer) => answer.code !== 0).map((answer) => answer.code)).toEqual(
				Array(50 - placed).fill(ErrorCode.ItemSoldOut),
			);
			expect(row.sales_count).toBe(placed);
			expect(row.sales_count).toBe(soldAtToggle);
		}
	});

	it("lets one of two owners saving the same item at once win; the other is told it changed", async () => {
		for (let round = 0; round < 10; round++) {
			const item = await newItem(300);
			const save = (token: string, price: number) =>
				server.call<{ version: number }>("POST", "/app-api/merchant/menu/item/save", {
					token,
					lang: "en",
					body: {
						shopId: 1,
						id: item.id,
						version: item.version,
						stockRead: null,
						categoryId,
						name: { "zh-CN": "限量", en: "Limited" },
						price,
						orderTypes: ["takein"],
					},
				});
			const [first, second] = await Promise.all([save(owner, 310), save(secondOwner, 320)]);
			const codes = [first.code, second.code];
			expect(codes.sort()).toEqual([0, ErrorCode.MenuChanged].sort());
			const winnerPrice = first.code === 0 ? 310 : 320;
			const row = await server.deps.db
				.selectFrom("menu_item")
				.select(["price", "version"])
				.where("id", "=", item.id)
				.executeTakeFirstOrThrow();
			expect(row).toEqual({ price: winnerPrice, version: 2 });
			const loser = first.code === 0 ? second : first;
			expect(loser.msg).toBe("Changed by someone else since you opened it: reload and try again");
		}
	});
});
