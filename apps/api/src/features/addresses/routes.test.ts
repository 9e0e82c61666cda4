import {
	ADDRESS_MAX_PER_MEMBER,
	type Address,
	ErrorCode,
	formatMessage,
	type SaveAddressInput,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
// Each test signs in its own member, so that one story's addresses never show up in another.
let nextPhone = 13900001000;
const newMember = async () => (await server.signIn(String(++nextPhone))).accessToken;

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

const home: SaveAddressInput = {
	recipient: "Vanna",
	phone: "13800000003",
	address: "Street 178, Daun Penh",
	houseNumber: "12B",
	latitude: 11.57,
	longitude: 104.928,
};
const office: SaveAddressInput = {
	...home,
	recipient: "Vanna (office)",
	address: "Norodom Blvd 45",
	houseNumber: "",
	latitude: 11.56,
	longitude: 104.92,
};
const parents: SaveAddressInput = {
	...home,
	recipient: "Mum",
	phone: "13912345678",
	address: "Toul Kork, Street 315",
	latitude: 11.58,
	longitude: 104.9,
};

const save = (token: string | undefined, body: Record<string, unknown>, lang = "en") =>
	server.call<Address>("POST", "/app-api/address/addAndEdit", { token, body, lang });
const list = (token: string | undefined, lang = "en", query = "") =>
	server.call<Address[]>("GET", `/app-api/address/list${query}`, { token, lang });
const detail = (token: string | undefined, id: number, lang = "en") =>
	server.call<Address>("GET", `/app-api/address/detail/${id}`, { token, lang });
const setDefault = (token: string | undefined, id: number, lang = "en") =>
	server.call<boolean>("POST", `/app-api/address/default/set/${id}`, { token, lang });
const remove = (token: string | undefined, id: number, lang = "en") =>
	server.call<boolean>("POST", `/app-api/address/del/${id}`, { token, lang });

/** Saves an address and moves the clock on, so that "most recently used" is well defined. */
async function add(token: string, address: SaveAddressInput & { isDefault?: boolean }): Promise<Address> {
	const answer = await save(token, address);
	if (answer.code !== 0) throw new Error(`saving failed: ${answer.code} ${answer.msg}`);
	server.clock.advance(5);
	return answer.data;
}

const defaults = (addresses: Address[]) => addresses.filter((a) => a.isDefault).map((a) => a.recipient);

describe("adding addresses", () => {
	it("makes the first address the default, even when not asked to", async () => {
		const token = await newMember();

		const answer = await save(token, { ...home, isDefault: false });

		expect(answer).toEqual({
			code: 0,
			msg: "",
			data: {
				id: expect.any(Number),
				recipient: "Vanna",
				phone: "13800000003",
				address: "Street 178, Daun Penh",
				houseNumber: "12B",
				latitude: 11.57,
				longitude: 104.928,
				isDefault: true,
				deliverable: null,
			},
		});
	});

	it("keeps the default when a second address is added without asking", async () => {
		const token = await newMember();
		await add(token, home);

		const second = await save(token, office);

		expect(second.data.isDefault).toBe(false);
		expect(defaults((await list(token)).data)).toEqual(["Vanna"]);
	});

	it("moves the default to a new address added as the default", async () => {
		const token = await newMember();
		await add(token, home);

		const second = await save(token, { ...office, isDefault: true });

		expect(second.data.isDefault).toBe(true);
		expect(defaults((await list(token)).data)).toEqual(["Vanna (office)"]);
	});

	it("lists the default first, then the most recently saved", async () => {
		const token = await newMember();
		await add(token, home);
		await add(token, office);
		await add(token, parents);

		const answer = await list(token);

		expect(answer.data.map((a) => [a.recipient, a.isDefault])).toEqual([
			["Vanna", true],
			["Mum", false],
			["Vanna (office)", false],
		]);
	});

	it.each(SUPPORTED_LANGUAGES)("refuses the 21st address in %s, and still allows editing one", async (lang) => {
		const token = await newMember();
		let last: Address | undefined;
		for (let i = 1; i <= ADDRESS_MAX_PER_MEMBER; i++) last = await add(token, { ...home, houseNumber: `No. ${i}` });

		const answer = await save(token, { ...home, houseNumber: "No. 21" }, lang);

		expect(answer).toEqual({
			code: ErrorCode.AddressLimit,
			msg: formatMessage("addressLimit", lang, { max: ADDRESS_MAX_PER_MEMBER }),
			data: null,
		});
		expect((await list(token)).data).toHaveLength(ADDRESS_MAX_PER_MEMBER);
		const edited = await save(token, { ...home, id: last?.id, houseNumber: "No. 20, upstairs" });
		expect(edited.data.houseNumber).toBe("No. 20, upstairs");
	});
});

describe("checking what was typed", () => {
	it.each(SUPPORTED_LANGUAGES)("asks for the recipient and the address in %s, and saves nothing", async (lang) => {
		const token = await newMember();

		const answers = await Promise.all([
			save(token, { ...home, recipient: "" }, lang),
			save(token, { ...home, recipient: "   " }, lang),
			save(token, { ...home, address: "" }, lang),
			save(token, { ...home, address: undefined }, lang),
		]);

		for (const answer of answers) {
			expect(answer).toMatchObject({
				code: ErrorCode.BadRequest,
				msg: formatMessage("enterRecipientAndAddress", lang),
			});
		}
		expect((await list(token)).data).toEqual([]);
	});

	it.each(SUPPORTED_LANGUAGES)("checks the phone number's format in %s, and saves nothing", async (lang) => {
		const token = await newMember();

		const answers = await Promise.all(
			["12345678901", "1381234567", "phone"].map((phone) => save(token, { ...home, phone }, lang)),
		);

		for (const answer of answers) {
			expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("phoneFormat", lang) });
		}
		expect((await list(token)).data).toEqual([]);
	});

	it("refuses a point off the map and fields it does not know", async () => {
		const token = await newMember();

		const offTheMap = await save(token, { ...home, latitude: 95 });
		const unknownField = await save(token, { ...home, memberId: 1 });

		expect(offTheMap).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldInvalid", "en", { field: "latitude" }),
		});
		expect(unknownField).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldNotAllowed", "en", { field: "memberId" }),
		});
		expect((await list(token)).data).toEqual([]);
	});

	it("refuses an address whose point was never picked on the map", async () => {
		const token = await newMember();

		const answers = await Promise.all([
			save(token, { ...home, latitude: null, longitude: null }),
			save(token, { ...home, latitude: "", longitude: "" }),
		]);

		for (const answer of answers) expect(answer.code).toBe(ErrorCode.BadRequest);
		expect((await list(token)).data).toEqual([]);
	});
});

describe("editing and choosing the default", () => {
	it("changes an address in place", async () => {
		const token = await newMember();
		await add(token, home);
		const work = await add(token, office);

		const answer = await save(token, { ...office, id: work.id, recipient: "Dara", houseNumber: "3rd floor" });

		expect(answer.data).toMatchObject({ id: work.id, recipient: "Dara", houseNumber: "3rd floor", isDefault: false });
		expect((await detail(token, work.id)).data).toEqual(answer.data);
		expect((await list(token)).data).toHaveLength(2);
	});

	it("keeps the default address the default when it is edited", async () => {
		const token = await newMember();
		const first = await add(token, home);
		await add(token, office);

		await save(token, { ...home, id: first.id, houseNumber: "12B, gate on the left" });

		expect(defaults((await list(token)).data)).toEqual(["Vanna"]);
	});

	it("moves the default to the address chosen", async () => {
		const token = await newMember();
		await add(token, home);
		const work = await add(token, office);

		const answer = await setDefault(token, work.id);

		expect(answer).toEqual({ code: 0, msg: "", data: true });
		expect((await list(token)).data.map((a) => [a.recipient, a.isDefault])).toEqual([
			["Vanna (office)", true],
			["Vanna", false],
		]);
	});

	it("keeps exactly one default when several 'set default' requests race", async () => {
		const token = await newMember();
		const saved = [await add(token, home), await add(token, office), await add(token, parents)];
		const others = await Promise.all([1, 2, 3].map((i) => add(token, { ...home, houseNumber: `Flat ${i}` })));
		const everyone = [...saved, ...others];

		const answers = await Promise.all(
			everyone.flatMap((address) => [setDefault(token, address.id), setDefault(token, address.id)]),
		);

		expect(answers.map((a) => a.code)).toEqual(everyone.flatMap(() => [0, 0]));
		const after = (await list(token)).data;
		expect(after.filter((a) => a.isDefault)).toHaveLength(1);
		expect(after).toHaveLength(everyone.length);
	});

	it("keeps exactly one default when addresses are added as the default at the same time", async () => {
		const token = await newMember();

		const answers = await Promise.all(
			[home, office, parents].map((address) => save(token, { ...address, isDefault: true })),
		);

		expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
		expect((await list(token)).data.filter((a) => a.isDefault)).toHaveLength(1);
	});
});

describe("deleting", () => {
	it("hands the default to the most recently saved other address when the default is deleted", async () => {
		const token = await newMember();
		const first = await add(token, home);
		await add(token, office);
		await add(token, parents);

		const answer = await remove(token, first.id);

		expect(answer).toEqual({ code: 0, msg: "", data: true });
		expect((await list(token)).data.map((a) => [a.recipient, a.isDefault])).toEqual([
			["Mum", true],
			["Vanna (office)", false],
		]);
	});

	it("leaves the default alone when another address is deleted", async () => {
		const token = await newMember();
		await add(token, home);
		const work = await add(token, office);

		await remove(token, work.id);

		expect((await list(token)).data.map((a) => [a.recipient, a.isDefault])).toEqual([["Vanna", true]]);
	});

	it("leaves no address behind when the last one is deleted", async () => {
		const token = await newMember();
		const only = await add(token, home);

		await remove(token, only.id);

		expect((await list(token)).data).toEqual([]);
		expect((await detail(token, only.id)).code).toBe(ErrorCode.NotFound);
	});
});

describe("another member's address", () => {
	it.each(SUPPORTED_LANGUAGES)(
		"answers like a missing one to detail, edit, default and delete, in %s",
		async (lang) => {
			const owner = await newMember();
			const theirs = await add(owner, home);
			const mine = await add(await newMember(), office);
			const intruder = await newMember();
			await add(intruder, parents);

			const answers = await Promise.all([
				detail(intruder, theirs.id, lang),
				save(intruder, { ...parents, id: theirs.id, isDefault: true }, lang),
				setDefault(intruder, theirs.id, lang),
				remove(intruder, theirs.id, lang),
				detail(intruder, mine.id, lang),
			]);

			for (const answer of answers)
				expect(answer).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", lang), data: null });
			expect((await list(owner)).data).toEqual([theirs]);
			expect((await list(intruder)).data.map((a) => [a.recipient, a.isDefault])).toEqual([["Mum", true]]);
		},
	);
});

describe("a visitor", () => {
	it.each(SUPPORTED_LANGUAGES)("is asked to sign in for every address call, in %s", async (lang) => {
		const answers = await Promise.all([
			list(undefined, lang),
			detail(undefined, 1, lang),
			save(undefined, home, lang),
			setDefault(undefined, 1, lang),
			remove(undefined, 1, lang),
		]);

		for (const answer of answers)
			expect(answer).toMatchObject({ code: ErrorCode.Unauthorized, msg: formatMessage("pleaseSignIn", lang) });
	});
});

describe("an address outside the shop's delivery area (issue 27)", () => {
	/** 230 km from the demo shop, in Siem Reap: no zone of the riverside shop reaches it. */
	const siemReap: SaveAddressInput = {
		...home,
		recipient: "Dara",
		address: "Pub Street",
		latitude: 13.36,
		longitude: 103.86,
	};
	let shopId: number;
	beforeAll(async () => {
		const row = await server.deps.db
			.selectFrom("shop")
			.select("id")
			.where("code", "=", "riverside")
			.executeTakeFirstOrThrow();
		shopId = row.id;
	});

	it("is saved but not made the default, even as the first address or when asked, and the answer says the shop does not deliver there", async () => {
		const token = await newMember();

		const first = await save(token, { ...siemReap, isDefault: true, shopId });

		expect(first.code).toBe(0);
		expect(first.data).toMatchObject({ recipient: "Dara", isDefault: false, deliverable: false });
		const inside = await save(token, { ...home, shopId });
		expect(inside.data).toMatchObject({ isDefault: true, deliverable: true });
		const another = await save(token, { ...siemReap, recipient: "Dara 2", isDefault: true, shopId });
		expect(another.data.isDefault).toBe(false);
		expect(defaults((await list(token)).data)).toEqual(["Vanna"]);
	});

	it("stops being the default when edited to a place the shop does not deliver to", async () => {
		const token = await newMember();
		const saved = await add(token, home);
		expect(saved.isDefault).toBe(true);

		const moved = await save(token, { ...siemReap, id: saved.id, shopId });

		expect(moved.data).toMatchObject({ id: saved.id, isDefault: false, deliverable: false });
		expect(defaults((await list(token)).data)).toEqual([]);
	});

	it("is marked on the list for the shop asked about, and unmarked without a shop", async () => {
		const token = await newMember();
		await add(token, home);
		await add(token, siemReap);

		const forShop = await list(token, "en", `?shopId=${shopId}`);

		expect(forShop.data.map((a) => [a.recipient, a.deliverable])).toEqual([
			["Vanna", true],
			["Dara", false],
		]);
		expect((await list(token)).data.map((a) => a.deliverable)).toEqual([null, null]);
		// Without a shop the save stays as before: the first address is the default wherever it is.
		const elsewhere = await newMember();
		expect((await save(elsewhere, siemReap)).data).toMatchObject({ isDefault: true, deliverable: null });
	});

	it.each(["zh-CN", "en", "km"])("refuses a shop that is not one, in %s, saving nothing", async (lang) => {
		const token = await newMember();
		const missing = await save(token, { ...home, shopId: 999_999 }, lang);
		expect(missing).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", lang), data: null });
		const malformed = await list(token, lang, "?shopId=abc");
		expect(malformed.code).toBe(ErrorCode.BadRequest);
		expect((await list(token)).data).toEqual([]);
	});
});
