import type { LanguageCode } from "@bayon/contract";

/**
 * The demo tenant: a tea-and-kitchen business with two branches in Phnom Penh (the riverside
 * shop, the default, and BKK1), their staff, menu,
 * "my services" pages and news. Plain data only; seed.ts writes it. Every text is given in all
 * three shipped languages. Money is in US cents. `code` values are the stable natural keys the
 * seed upserts by: never rename one, add a new code instead.
 */

/** A text in every shipped language (stricter than Localized, which only requires zh-CN). */
export type DemoText = Record<LanguageCode, string>;

export interface DemoTenant {
	id: number;
	name: string;
	shopKey: string;
	currency: { code: string; symbol: string; decimals: number; rate: number; symbolPosition: "before" | "after" };
	/** Shown beside every price, display only (decision 011); the owner may change it later. */
	secondCurrency: { code: string; symbol: string; rate: number; roundTo: number; symbolPosition: "before" | "after" };
}

export interface DemoLanguage {
	code: LanguageCode;
	name: string;
	sort: number;
}

export interface DemoMember {
	mobile: string;
	nickname: string;
}

export interface DemoStaff {
	mobile: string;
	role: "owner" | "staff";
}

export interface DemoOpeningHours {
	/** 0 = Sunday. */
	weekday: number;
	opensAt: string;
	closesAt: string;
}

export interface DemoShop {
	code: string;
	name: DemoText;
	address: DemoText;
	phone: string;
	latitude: number;
	longitude: number;
	timezone: string;
	notice: DemoText;
	preparationMinutes: number;
	/** Dine-in guests eat first and pay the table's bill at the end. */
	deskPayAfterMeal: boolean;
	openingHours: DemoOpeningHours[];
	staff: DemoStaff[];
	zones: DemoDeliveryZone[];
	tables: DemoTable[];
}

/** A delivery zone: [latitude, longitude] corners, fee and minimum order in cents. */
export interface DemoDeliveryZone {
	code: string;
	name: DemoText;
	points: Array<[number, number]>;
	fee: number;
	minOrder: number;
	strokeColor: string;
	fillColor: string;
	dashArray: string;
	zIndex: number;
}

export interface DemoTable {
	number: string;
	seats: number;
	area: DemoText;
	/** The smallest party the table is given to when booked (issue 11); 1 when absent. */
	minSeats?: number;
}

export interface DemoOption {
	code: string;
	name: DemoText;
	/** Added to the item price, in cents. */
	priceDelta: number;
	isDefault: boolean;
}

export interface DemoOptionGroup {
	code: string;
	name: DemoText;
	minChoices: number;
	maxChoices: number;
	options: DemoOption[];
}

export interface DemoMenuItem {
	code: string;
	/**
	 * The item's picture: the name of a Fluent Emoji Flat icon. `npm run menu-pictures` renders
	 * each one used into seed/pictures/; the seed stores them as uploads (see pictures.ts).
	 */
	picture: string;
	name: DemoText;
	description: DemoText;
	/** Cents. */
	price: number;
	/** Cents; shown struck through when the item is discounted. */
	originalPrice: number | null;
	/** null: stock not tracked. */
	stock: number | null;
	soldOut: boolean;
	optionGroups: DemoOptionGroup[];
	/** Order types the item is offered for; all when omitted. */
	orderTypes?: Array<"takein" | "takeout" | "desk">;
}

export interface DemoCategory {
	code: string;
	name: DemoText;
	items: DemoMenuItem[];
}

export interface DemoServicePage {
	slug: string;
	icon: string;
	name: DemoText;
	/** Plain text; a blank line separates paragraphs. */
	content: DemoText;
	sort: number;
}

export interface DemoNews {
	slug: string;
	title: DemoText;
	summary: DemoText;
	/** Plain text; a blank line separates paragraphs. */
	content: DemoText;
	publishedAt: string;
}

const text = (zh: string, en: string, km: string): DemoText => ({ "zh-CN": zh, en, km });
/** Paragraphs joined by blank lines. */
const paragraphs = (...parts: string[]) => parts.join("\n\n");

// ---------------------------------------------------------------------------------------------
// Tenant, languages, people

export const demoTenant: DemoTenant = {
	id: 1,
	name: "Bayon Demo",
	shopKey: "bayon-demo",
	currency: { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" },
	// Phnom Penh shops price in dollars and riel: 4100 riel to the dollar, rounded to 100.
	secondCurrency: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" },
};

export const demoLanguages: DemoLanguage[] = [
	{ code: "zh-CN", name: "简体中文", sort: 1 },
	{ code: "en", name: "English", sort: 2 },
	{ code: "km", name: "ខ្មែរ", sort: 3 },
];

export const DEMO_OWNER_MOBILE = "13800000001";
export const DEMO_STAFF_MOBILE = "13800000002";
export const DEMO_CUSTOMER_MOBILE = "13800000003";
/** The demo platform operator (issue 14): reviews every shop's withdrawals under /pages/platform/. */
export const DEMO_OPERATOR_MOBILE = "13800000009";
/** Stored value the demo customer starts with, in cents ($50.00), granted through the ledger. */
export const DEMO_CUSTOMER_BALANCE = 5000;

/** Seeded with no points; the demo customer's starting balance is a ledger grant (seed.ts). */
export const demoMembers: DemoMember[] = [
	{ mobile: DEMO_OWNER_MOBILE, nickname: "Sophea (owner)" },
	{ mobile: DEMO_STAFF_MOBILE, nickname: "Dara (staff)" },
	{ mobile: DEMO_CUSTOMER_MOBILE, nickname: "Vanna (customer)" },
	{ mobile: DEMO_OPERATOR_MOBILE, nickname: "Chenda (platform)" },
];

// ---------------------------------------------------------------------------------------------
// The shop

const SHOP_PHONE = "+855 23 900 123";
const OPENS_AT = "08:00";
const CLOSES_AT = "22:00";

const shopName = text("Bayon 茶饮厨房 · 河畔店", "Bayon Tea & Kitchen · Riverside", "បាយ័ន តែ និងម្ហូប · មាត់ទន្លេ");
const shopAddress = text(
	"金边市堆奔区 西索瓦码头路（Preah Sisowath Quay）123 号",
	"No. 123, Preah Sisowath Quay, Sangkat Chey Chumneas, Khan Daun Penh, Phnom Penh",
	"ផ្ទះលេខ 123 មហាវិថីព្រះស៊ីសុវត្ថិ សង្កាត់ជ័យជំនះ ខណ្ឌដូនពេញ រាជធានីភ្នំពេញ",
);

export const demoShop: DemoShop = {
	code: "riverside",
	name: shopName,
	address: shopAddress,
	phone: SHOP_PHONE,
	latitude: 11.5686,
	longitude: 104.931,
	timezone: "Asia/Phnom_Penh",
	notice: text(
		"欢迎光临！下单后约 15 分钟可取餐，高峰时段请稍候。",
		"Welcome! Orders are usually ready in about 15 minutes; please allow a little longer at busy times.",
		"សូមស្វាគមន៍! ការកម្ម៉ង់ជាធម្មតារួចរាល់ក្នុងរយៈពេលប្រហែល 15 នាទី ហើយអាចយូរបន្តិចនៅម៉ោងមមាញឹក។",
	),
	preparationMinutes: 15,
	deskPayAfterMeal: true,
	openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: OPENS_AT, closesAt: CLOSES_AT })),
	staff: [
		{ mobile: DEMO_OWNER_MOBILE, role: "owner" },
		{ mobile: DEMO_STAFF_MOBILE, role: "staff" },
	],
	// Inner zone: Daun Penh and the riverside; outer zone reaches Chamkar Mon, Toul Kork and BKK.
	zones: [
		{
			code: "riverside-near",
			name: text("河滨近区", "Riverside (near)", "តំបន់មាត់ទន្លេ (ជិត)"),
			points: [
				[11.5835, 104.9205],
				[11.5835, 104.9325],
				[11.56, 104.9345],
				[11.556, 104.9215],
			],
			fee: 100,
			minOrder: 500,
			strokeColor: "#d4a900",
			fillColor: "#fae35855",
			dashArray: "",
			zIndex: 2,
		},
		{
			code: "city-centre",
			name: text("市中心", "City centre", "កណ្តាលក្រុង"),
			points: [
				[11.599, 104.895],
				[11.599, 104.937],
				[11.542, 104.94],
				[11.538, 104.9],
			],
			fee: 250,
			minOrder: 1000,
			strokeColor: "#8a6d00",
			fillColor: "#fae35822",
			dashArray: "6 4",
			zIndex: 1,
		},
	],
	tables: [
		...["A1", "A2", "A3", "A4", "A5", "A6"].map((number, index) => ({
			number,
			seats: index < 4 ? 2 : 4,
			area: text("室内", "Indoor", "ក្នុងហាង"),
		})),
		...["T1", "T2", "T3", "T4"].map((number) => ({
			number,
			seats: 6,
			minSeats: 3,
			area: text("河景露台", "River terrace", "រាបមើលទន្លេ"),
		})),
	],
};

// ---------------------------------------------------------------------------------------------
// The second branch: same business and menu (the demo menu is seeded there too, as a new branch
// starts with a copy of an existing one's), its own place, hours, zone and tables.

const BRANCH_WEEKDAY_HOURS = { opensAt: "07:00", closesAt: "21:00" };
const BRANCH_WEEKEND_HOURS = { opensAt: "09:00", closesAt: "23:00" };

export const demoBranch: DemoShop = {
	code: "bkk1",
	name: text("Bayon 茶饮厨房 · BKK1 店", "Bayon Tea & Kitchen · BKK1", "បាយ័ន តែ និងម្ហូប · បឹងកេងកង១"),
	address: text(
		"金边市 BKK1 区 278 街 45 号",
		"No. 45, Street 278, Sangkat Boeung Keng Kang 1, Khan Boeng Keng Kang, Phnom Penh",
		"ផ្ទះលេខ 45 ផ្លូវ 278 សង្កាត់បឹងកេងកងទី១ ខណ្ឌបឹងកេងកង រាជធានីភ្នំពេញ",
	),
	phone: "+855 23 900 456",
	latitude: 11.553,
	longitude: 104.9262,
	timezone: "Asia/Phnom_Penh",
	notice: text(
		"BKK1 店早上 7 点开门，周末营业到晚上 11 点。",
		"Our BKK1 branch opens at 7 in the morning and stays open until 11 at night at weekends.",
		"សាខាបឹងកេងកង១ បើកម៉ោង 7 ព្រឹក ហើយបើករហូតដល់ម៉ោង 11 យប់នៅចុងសប្តាហ៍។",
	),
	preparationMinutes: 10,
	deskPayAfterMeal: false,
	openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
		weekday,
		...(weekday === 0 || weekday === 6 ? BRANCH_WEEKEND_HOURS : BRANCH_WEEKDAY_HOURS),
	})),
	staff: [{ mobile: DEMO_OWNER_MOBILE, role: "owner" }],
	zones: [
		{
			code: "bkk-near",
			name: text("BKK 近区", "BKK (near)", "តំបន់បឹងកេងកង (ជិត)"),
			points: [
				[11.5625, 104.918],
				[11.5625, 104.9345],
				[11.544, 104.9345],
				[11.544, 104.918],
			],
			fee: 100,
			minOrder: 500,
			strokeColor: "#d4a900",
			fillColor: "#fae35855",
			dashArray: "",
			zIndex: 1,
		},
	],
	tables: ["B1", "B2", "B3", "B4"].map((number) => ({
		number,
		seats: 4,
		area: text("室内", "Indoor", "ក្នុងហាង"),
	})),
};

/**
 * Table bookings (issue 11) in every demo shop: on, with the contract's defaults otherwise
 * (15-minute slots, bookings up to 30 days ahead, no deposit); every table takes bookings.
 */
export const demoReservations = { enabled: true } as const;

/** The demo business's branches; the first is the default shop (id 1 in a fresh database). */
export const demoShops: DemoShop[] = [demoShop, demoBranch];

// ---------------------------------------------------------------------------------------------
// Option groups. Builders return fresh objects so that items never share one by reference.

const option = (code: string, name: DemoText, priceDelta = 0, isDefault = false): DemoOption => ({
	code,
	name,
	priceDelta,
	isDefault,
});

function sizeGroup(): DemoOptionGroup {
	return {
		code: "size",
		name: text("杯型", "Size", "ទំហំ"),
		minChoices: 1,
		maxChoices: 1,
		options: [
			option("regular", text("中杯", "Regular", "ធម្មតា"), 0, true),
			option("large", text("大杯", "Large", "ធំ"), 50),
		],
	};
}

type SugarLevel = 100 | 70 | 50 | 30 | 0;

function sugarGroup(defaultLevel: SugarLevel = 100): DemoOptionGroup {
	const levels: { level: SugarLevel; name: DemoText }[] = [
		{ level: 100, name: text("全糖（100%）", "Full sugar (100%)", "ស្ករពេញ (100%)") },
		{ level: 70, name: text("少糖（70%）", "Less sugar (70%)", "ស្ករតិច (70%)") },
		{ level: 50, name: text("半糖（50%）", "Half sugar (50%)", "ស្ករពាក់កណ្តាល (50%)") },
		{ level: 30, name: text("微糖（30%）", "Light sugar (30%)", "ស្ករតិចតួច (30%)") },
		{ level: 0, name: text("无糖（0%）", "No sugar (0%)", "គ្មានស្ករ (0%)") },
	];
	return {
		code: "sugar",
		name: text("甜度", "Sweetness", "កម្រិតស្ករ"),
		minChoices: 1,
		maxChoices: 1,
		options: levels.map(({ level, name }) => option(`sugar-${level}`, name, 0, level === defaultLevel)),
	};
}

function iceGroup(canBeHot: boolean): DemoOptionGroup {
	const options = [
		option("normal-ice", text("正常冰", "Normal ice", "ទឹកកកធម្មតា"), 0, true),
		option("less-ice", text("少冰", "Less ice", "ទឹកកកតិច")),
		option("no-ice", text("去冰", "No ice", "គ្មានទឹកកក")),
	];
	if (canBeHot) options.push(option("hot", text("热饮", "Hot", "ក្តៅ")));
	return {
		code: "ice",
		name: canBeHot ? text("温度", "Ice / hot", "ទឹកកក / ក្តៅ") : text("冰量", "Ice", "ទឹកកក"),
		minChoices: 1,
		maxChoices: 1,
		options,
	};
}

function toppingsGroup(): DemoOptionGroup {
	return {
		code: "toppings",
		name: text("加料", "Toppings", "គ្រឿងបន្ថែម"),
		minChoices: 0,
		maxChoices: 3,
		options: [
			option("pearls", text("珍珠", "Tapioca pearls", "គុជ"), 30),
			option("coconut-jelly", text("椰果", "Coconut jelly", "ចាហួយដូង"), 30),
			option("pudding", text("布丁", "Pudding", "ពូឌីង"), 40),
			option("cheese-foam", text("芝士奶盖", "Cheese foam", "ក្រែមឈីស"), 50),
		],
	};
}

function spiceGroup(): DemoOptionGroup {
	return {
		code: "spice",
		name: text("辣度", "Spice level", "កម្រិតហឹរ"),
		minChoices: 1,
		maxChoices: 1,
		options: [
			option("not-spicy", text("不辣", "Not spicy", "មិនហឹរ"), 0, true),
			option("mild", text("微辣", "Mild", "ហឹរតិច")),
			option("medium", text("中辣", "Medium", "ហឹរមធ្យម")),
			option("extra-hot", text("特辣", "Extra hot", "ហឹរខ្លាំង")),
		],
	};
}

const FRIED_EGG = () => option("fried-egg", text("煎蛋", "Fried egg", "ពងមាន់ចៀន"), 50);
const EXTRA_RICE = () => option("extra-rice", text("加饭", "Extra rice", "បាយបន្ថែម"), 50);

function addOnsGroup(options: DemoOption[]): DemoOptionGroup {
	return {
		code: "add-ons",
		name: text("加配", "Add-ons", "បន្ថែម"),
		minChoices: 0,
		maxChoices: options.length,
		options,
	};
}

const drinkOptions = (sugar: SugarLevel, canBeHot: boolean) => [sizeGroup(), sugarGroup(sugar), iceGroup(canBeHot)];
const milkTeaOptions = (sugar: SugarLevel, canBeHot: boolean) => [...drinkOptions(sugar, canBeHot), toppingsGroup()];

// ---------------------------------------------------------------------------------------------
// Menu

interface ItemInput {
	code: string;
	picture: string;
	name: DemoText;
	description: DemoText;
	price: number;
	originalPrice?: number;
	stock?: number;
	soldOut?: boolean;
	optionGroups?: DemoOptionGroup[];
	orderTypes?: DemoMenuItem["orderTypes"];
}

const item = (input: ItemInput): DemoMenuItem => ({
	code: input.code,
	picture: input.picture,
	name: input.name,
	description: input.description,
	price: input.price,
	originalPrice: input.originalPrice ?? null,
	stock: input.stock ?? null,
	soldOut: input.soldOut ?? false,
	optionGroups: input.optionGroups ?? [],
	...(input.orderTypes ? { orderTypes: input.orderTypes } : {}),
});

export const demoMenu: DemoCategory[] = [
	{
		code: "coffee",
		name: text("咖啡", "Coffee", "កាហ្វេ"),
		items: [
			item({
				code: "iced-khmer-coffee",
				picture: "tumbler-glass",
				name: text("柬式冰奶咖啡", "Iced Khmer coffee", "កាហ្វេទឹកដោះគោទឹកកក"),
				description: text(
					"浓郁滴滤咖啡配炼乳，柬埔寨街头经典。",
					"Strong drip coffee over sweetened condensed milk, a Cambodian street classic.",
					"កាហ្វេច្រោះរសជាតិខ្លាំង លាយទឹកដោះគោខាប់ ជារសជាតិបុរាណតាមដងផ្លូវនៃកម្ពុជា។",
				),
				price: 250,
				originalPrice: 300,
				optionGroups: drinkOptions(100, true),
			}),
			item({
				code: "iced-black-coffee",
				picture: "cup-with-straw",
				name: text("柬式冰黑咖啡", "Iced black coffee", "កាហ្វេខ្មៅទឹកកក"),
				description: text(
					"本地烘焙的柬埔寨咖啡豆，不加奶，浓烈提神。",
					"Locally roasted Cambodian beans without milk, bold and refreshing.",
					"គ្រាប់កាហ្វេកម្ពុជាលីងក្នុងស្រុក គ្មានទឹកដោះគោ រសជាតិខ្លាំង និងស្រស់ស្រាយ។",
				),
				price: 200,
				optionGroups: drinkOptions(70, true),
			}),
			item({
				code: "coconut-coffee",
				picture: "glass-of-milk",
				name: text("椰子咖啡", "Coconut coffee", "កាហ្វេដូង"),
				description: text(
					"浓缩咖啡淋在椰浆冰沙上，香甜顺滑。",
					"Espresso poured over blended coconut cream and ice, sweet and smooth.",
					"អេស្ប្រេសូ ចាក់លើខ្ទិះដូងក្រឡុកជាមួយទឹកកក ផ្អែម និងឈ្ងុយ។",
				),
				price: 325,
				optionGroups: drinkOptions(70, false),
			}),
			item({
				code: "cafe-latte",
				picture: "hot-beverage",
				name: text("拿铁咖啡", "Café latte", "កាហ្វេឡាតេ"),
				description: text(
					"双份浓缩咖啡配鲜奶，冷热皆宜。",
					"A double espresso with fresh milk, hot or iced.",
					"អេស្ប្រេសូពីរដង ជាមួយទឹកដោះគោស្រស់ អាចជ្រើសរើសក្តៅ ឬទឹកកក។",
				),
				price: 300,
				stock: 30,
				optionGroups: drinkOptions(0, true),
			}),
		],
	},
	{
		code: "milk-tea",
		name: text("奶茶", "Milk tea", "តែទឹកដោះគោ"),
		items: [
			item({
				code: "pearl-milk-tea",
				picture: "bubble-tea",
				name: text("珍珠奶茶", "Pearl milk tea", "តែទឹកដោះគោគុជ"),
				description: text(
					"红茶加鲜奶，配现煮黑糖珍珠。",
					"Black tea and fresh milk with freshly cooked tapioca pearls.",
					"តែខ្មៅលាយទឹកដោះគោស្រស់ ជាមួយគុជដែលទើបចម្អិនរួច។",
				),
				price: 275,
				optionGroups: milkTeaOptions(70, true),
			}),
			item({
				code: "palm-sugar-milk-tea",
				picture: "mate",
				name: text("棕榈糖奶茶", "Palm sugar milk tea", "តែទឹកដោះគោស្ករត្នោត"),
				description: text(
					"选用磅士卑省棕榈糖，带焦糖香气。",
					"Sweetened with Kampong Speu palm sugar for a gentle caramel note.",
					"ប្រើស្ករត្នោតខេត្តកំពង់ស្ពឺ ផ្តល់ក្លិនឈ្ងុយស្រដៀងការ៉ាមែល។",
				),
				price: 300,
				optionGroups: milkTeaOptions(70, false),
			}),
			item({
				code: "thai-milk-tea",
				picture: "bubble-tea",
				name: text("泰式奶茶", "Thai milk tea", "តែថៃទឹកដោះគោ"),
				description: text(
					"橙红色泰式红茶配炼乳，香浓顺滑。",
					"Orange Thai tea with condensed milk, rich and creamy.",
					"តែថៃពណ៌ទឹកក្រូច លាយទឹកដោះគោខាប់ ឈ្ងុយឆ្ងាញ់ និងរលោង។",
				),
				price: 250,
				optionGroups: milkTeaOptions(100, false),
			}),
			item({
				code: "matcha-milk-tea",
				picture: "teacup-without-handle",
				name: text("抹茶奶茶", "Matcha milk tea", "តែម៉ាចាទឹកដោះគោ"),
				description: text(
					"日本抹茶与鲜奶调和，微苦回甘。",
					"Japanese matcha whisked with fresh milk, gently bitter with a sweet finish.",
					"ម្សៅតែម៉ាចាជប៉ុន លាយទឹកដោះគោស្រស់ ល្វីងបន្តិច ហើយផ្អែមនៅចុងអណ្តាត។",
				),
				price: 325,
				soldOut: true,
				optionGroups: milkTeaOptions(50, true),
			}),
		],
	},
	{
		code: "fruit-tea-juice",
		name: text("果茶与鲜榨", "Fruit tea & juice", "តែផ្លែឈើ និងទឹកផ្លែឈើ"),
		items: [
			item({
				code: "sugarcane-juice",
				picture: "beverage-box",
				name: text("鲜榨甘蔗汁", "Fresh sugarcane juice", "ទឹកអំពៅ"),
				description: text(
					"现点现榨，加少许青柠，清甜解暑。",
					"Pressed to order with a squeeze of lime, naturally sweet and cooling.",
					"គាបស្រស់ៗតាមការកម្ម៉ង់ ដាក់ក្រូចឆ្មាបន្តិច ផ្អែមធម្មជាតិ និងត្រជាក់ស្រួល។",
				),
				price: 150,
				optionGroups: [sizeGroup(), iceGroup(false)],
			}),
			item({
				code: "fresh-coconut",
				picture: "coconut",
				name: text("鲜椰青", "Fresh young coconut", "ដូងស្រស់"),
				description: text(
					"整颗冰镇嫩椰子，附吸管和小勺，可挖椰肉。",
					"A whole chilled young coconut, with a straw and a spoon for the flesh.",
					"ដូងខ្ចីទាំងផ្លែដាក់ត្រជាក់ មានបំពង់បឺត និងស្លាបព្រាសម្រាប់កោសសាច់ដូង។",
				),
				price: 200,
				stock: 12,
				// A whole coconut does not travel well: not delivered.
				orderTypes: ["takein", "desk"],
			}),
			item({
				code: "passion-fruit-green-tea",
				picture: "tropical-drink",
				name: text("百香果绿茶", "Passion fruit green tea", "តែបៃតងផ្លែសាវម៉ាវ"),
				description: text(
					"茉莉绿茶加新鲜百香果果肉，酸甜开胃。",
					"Jasmine green tea with fresh passion fruit pulp, tangy and bright.",
					"តែបៃតងក្លិនផ្កាម្លិះ ជាមួយសាច់ផ្លែសាវម៉ាវស្រស់ ជូរផ្អែម និងស្រស់ស្រាយ។",
				),
				price: 275,
				optionGroups: drinkOptions(70, false),
			}),
			item({
				code: "lime-iced-tea",
				picture: "lime",
				name: text("青柠冰茶", "Lime iced tea", "តែក្រូចឆ្មាទឹកកក"),
				description: text(
					"红茶配现挤青柠汁，清爽解渴。",
					"Black tea with freshly squeezed lime, crisp and thirst-quenching.",
					"តែខ្មៅជាមួយទឹកក្រូចឆ្មាច្របាច់ស្រស់ៗ ស្រស់ស្រាយ និងបំបាត់ការស្រេកទឹក។",
				),
				price: 200,
				optionGroups: drinkOptions(70, false),
			}),
			item({
				code: "mango-shake",
				picture: "mango",
				name: text("芒果冰沙", "Mango shake", "ទឹកក្រឡុកស្វាយ"),
				description: text(
					"当季熟芒果加冰现打，浓稠香甜。",
					"Ripe seasonal mango blended with ice, thick and sweet.",
					"ស្វាយទុំតាមរដូវ ក្រឡុកជាមួយទឹកកក ខាប់ និងផ្អែមឆ្ងាញ់។",
				),
				price: 250,
				optionGroups: [sizeGroup(), sugarGroup(70)],
			}),
		],
	},
	{
		code: "khmer-dishes",
		name: text("高棉菜", "Khmer dishes", "ម្ហូបខ្មែរ"),
		items: [
			item({
				code: "fish-amok",
				picture: "curry-rice",
				name: text("阿莫克蒸鱼", "Fish amok", "អាម៉ុកត្រី"),
				description: text(
					"鱼肉拌椰浆与柬式香料酱，以蕉叶包裹蒸制，配白饭。",
					"Fish steamed in banana leaf with coconut cream and Khmer kroeung paste, served with rice.",
					"ត្រីចំហុយក្នុងស្លឹកចេក ជាមួយខ្ទិះដូង និងគ្រឿងខ្មែរ ទទួលទានជាមួយបាយ។",
				),
				price: 550,
				originalPrice: 650,
				stock: 20,
				optionGroups: [spiceGroup(), addOnsGroup([EXTRA_RICE()])],
			}),
			item({
				code: "beef-lok-lak",
				picture: "cut-of-meat",
				name: text("柬式炒牛肉（Lok Lak）", "Beef lok lak", "ឡុកឡាក់សាច់គោ"),
				description: text(
					"嫩牛肉块大火快炒，配贡布胡椒青柠蘸汁、生菜和白饭。",
					"Wok-tossed tender beef with a Kampot pepper and lime dip, fresh salad and rice.",
					"សាច់គោទន់ឆាភ្លើងខ្លាំង ជាមួយទឹកជ្រលក់ម្រេចកំពត និងក្រូចឆ្មា បន្លែស្រស់ និងបាយ។",
				),
				price: 600,
				optionGroups: [spiceGroup(), addOnsGroup([FRIED_EGG(), EXTRA_RICE()])],
			}),
			item({
				code: "kuy-teav",
				picture: "steaming-bowl",
				name: text("金边粿条汤", "Phnom Penh kuy teav", "គុយទាវភ្នំពេញ"),
				description: text(
					"猪骨清汤粿条，配猪肉片、虾和豆芽，早餐首选。",
					"Rice noodles in a clear pork broth with sliced pork, shrimp and bean sprouts, a breakfast favourite.",
					"គុយទាវស៊ុបឆ្អឹងជ្រូកថ្លា ជាមួយសាច់ជ្រូក បង្គា និងសណ្តែកបណ្តុះ ជាអាហារពេលព្រឹកដ៏ពេញនិយម។",
				),
				price: 350,
				optionGroups: [
					spiceGroup(),
					addOnsGroup([
						option("extra-noodles", text("加粉", "Extra noodles", "គុយទាវបន្ថែម"), 50),
						option("beef-balls", text("加牛肉丸", "Beef balls", "ប្រហិតសាច់គោ"), 75),
					]),
				],
			}),
			item({
				code: "bai-sach-chrouk",
				picture: "cooked-rice",
				name: text("柬式烤猪肉饭", "Bai sach chrouk (pork and rice)", "បាយសាច់ជ្រូក"),
				description: text(
					"椰奶腌制的炭烤猪肉配米饭、腌菜和清汤。",
					"Charcoal-grilled pork marinated in coconut milk, with rice, pickles and a clear soup.",
					"សាច់ជ្រូកប្រឡាក់ខ្ទិះដូង អាំងលើភ្លើងធ្យូង ជាមួយបាយ ជ្រក់ និងស៊ុបថ្លា។",
				),
				price: 300,
				optionGroups: [spiceGroup(), addOnsGroup([FRIED_EGG(), EXTRA_RICE()])],
			}),
			item({
				code: "nom-banh-chok",
				picture: "spaghetti",
				name: text("高棉鱼汤米线", "Nom banh chok", "នំបញ្ចុក"),
				description: text(
					"新鲜米线淋上香茅鱼肉绿咖喱汤，配生菜与香草。",
					"Fresh rice noodles under a lemongrass fish gravy, topped with raw vegetables and herbs.",
					"នំបញ្ចុកស្រស់ ជាមួយសម្លប្រហើរត្រីក្លិនស្លឹកគ្រៃ និងបន្លែស្រស់ៗ។",
				),
				price: 300,
				stock: 0,
				optionGroups: [
					spiceGroup(),
					addOnsGroup([option("extra-noodles", text("加米线", "Extra noodles", "នំបញ្ចុកបន្ថែម"), 50)]),
				],
			}),
		],
	},
	{
		code: "snacks-desserts",
		name: text("小吃与甜品", "Snacks & desserts", "អាហារសម្រន់ និងបង្អែម"),
		items: [
			item({
				code: "num-pang-pate",
				picture: "baguette-bread",
				name: text("柬式法棍三明治", "Num pang pâté", "នំបុ័ងប៉ាតេ"),
				description: text(
					"酥脆法棍夹肝酱、火腿、腌木瓜丝和香菜。",
					"A crisp baguette with pâté, ham, pickled papaya and coriander.",
					"នំបុ័ងស្រួយ ដាក់ប៉ាតេ សាច់ហាំ ល្ហុងជ្រក់ និងជីវ៉ាន់ស៊ុយ។",
				),
				price: 200,
				optionGroups: [spiceGroup(), addOnsGroup([FRIED_EGG()])],
			}),
			item({
				code: "nom-krok",
				picture: "dango",
				name: text("椰香米饼", "Nom krok (coconut rice cakes)", "នំគ្រក់"),
				description: text(
					"椰浆米浆在铁模中煎成，外脆内软，配甜鱼露。",
					"Coconut rice batter cooked in a cast-iron pan, crisp outside and soft inside, with a sweet dipping sauce.",
					"ម្សៅអង្ករលាយខ្ទិះដូង ដុតក្នុងខ្ទះដែក ស្រួយខាងក្រៅ ទន់ខាងក្នុង ជាមួយទឹកត្រីផ្អែម។",
				),
				price: 200,
			}),
			item({
				code: "mango-sticky-rice",
				picture: "rice-ball",
				name: text("芒果糯米饭", "Mango sticky rice", "បាយដំណើបស្វាយ"),
				description: text(
					"香甜椰浆糯米配当季熟芒果。",
					"Sweet coconut sticky rice with ripe seasonal mango.",
					"បាយដំណើបខ្ទិះដូងផ្អែម ជាមួយស្វាយទុំតាមរដូវ។",
				),
				price: 350,
				originalPrice: 400,
			}),
			item({
				code: "pumpkin-custard",
				picture: "custard",
				name: text("南瓜椰奶蛋羹", "Pumpkin custard (sankhya lapov)", "សង់ខ្យាល្ពៅ"),
				description: text(
					"整颗南瓜填入椰奶蛋液蒸熟，切块上桌。",
					"A whole pumpkin filled with coconut egg custard, steamed and served in slices.",
					"ល្ពៅទាំងផ្លែ ញាត់សង់ខ្យាពងមាន់ និងខ្ទិះដូង រួចចំហុយ ហើយកាត់ជាចំណិត។",
				),
				price: 250,
			}),
		],
	},
];

// ---------------------------------------------------------------------------------------------
// "My services" pages

const aboutUs = text(
	paragraphs(
		"Bayon 茶饮厨房创立于金边，名字取自吴哥通王城中心的巴戎寺。我们希望把柬埔寨本地的好味道，做成每天都能轻松享用的一杯茶、一份饭。",
		"我们的咖啡豆来自蒙多基里和腊塔纳基里的高原农场，棕榈糖来自磅士卑，鱼肉和蔬菜每天清晨从本地市场新鲜采购。高棉菜按家常做法现点现做；每一杯饮品都可以按您的口味调整甜度、冰量和加料。",
		`河畔店位于西索瓦码头路，面朝洞里萨河与湄公河交汇的四臂湾，每天 ${OPENS_AT}–${CLOSES_AT} 营业。您可以在应用内下单后到店自取，也可以提前预订座位。`,
		"我们很期待听到您的声音，欢迎通过“联系我们”把您的建议告诉我们。",
	),
	paragraphs(
		"Bayon Tea & Kitchen was founded in Phnom Penh and takes its name from the Bayon temple at the heart of Angkor Thom. We want to turn the good flavours of Cambodia into a cup of tea or a plate of food you can enjoy every day.",
		"Our coffee beans come from highland farms in Mondulkiri and Ratanakiri, our palm sugar from Kampong Speu, and our fish and vegetables are bought fresh every morning at local markets. Khmer dishes are cooked to order from home recipes, and every drink can be made to your taste: sweetness, ice and toppings.",
		`Our Riverside shop on Preah Sisowath Quay looks out over Chaktomuk, where the Tonle Sap meets the Mekong, and is open every day from ${OPENS_AT} to ${CLOSES_AT}. Order in the app and pick up at the counter, or book a table ahead.`,
		"We would love to hear from you: send us your ideas through Contact us.",
	),
	paragraphs(
		"បាយ័ន តែ និងម្ហូប ត្រូវបានបង្កើតឡើងនៅរាជធានីភ្នំពេញ ហើយដាក់ឈ្មោះតាមប្រាសាទបាយ័ន ដែលស្ថិតនៅចំកណ្តាលក្រុងអង្គរធំ។ យើងចង់នាំយករសជាតិល្អៗរបស់កម្ពុជា មកធ្វើជាតែមួយកែវ ឬម្ហូបមួយចាន ដែលលោកអ្នកអាចរីករាយបានរៀងរាល់ថ្ងៃ។",
		"គ្រាប់កាហ្វេរបស់យើងមកពីចម្ការលើខ្ពង់រាបនៅខេត្តមណ្ឌលគិរី និងរតនគិរី ស្ករត្នោតមកពីខេត្តកំពង់ស្ពឺ ហើយត្រី និងបន្លែត្រូវបានទិញស្រស់ៗពីផ្សារក្នុងស្រុករៀងរាល់ព្រឹក។ ម្ហូបខ្មែរត្រូវបានចម្អិនភ្លាមៗតាមការកម្ម៉ង់ តាមរូបមន្តបែបគ្រួសារ ហើយភេសជ្ជៈនីមួយៗអាចកែតម្រូវតាមចំណូលចិត្តរបស់លោកអ្នក ទាំងកម្រិតស្ករ ទឹកកក និងគ្រឿងបន្ថែម។",
		`សាខាមាត់ទន្លេរបស់យើងស្ថិតនៅលើមហាវិថីព្រះស៊ីសុវត្ថិ បែរមុខទៅទន្លេចតុមុខ ជាកន្លែងដែលទន្លេសាបជួបទន្លេមេគង្គ ហើយបើកលក់រៀងរាល់ថ្ងៃ ចាប់ពីម៉ោង ${OPENS_AT} ដល់ ${CLOSES_AT}។ លោកអ្នកអាចកម្ម៉ង់តាមកម្មវិធី ហើយមកយកនៅហាង ឬកក់តុទុកជាមុនបាន។`,
		"យើងរីករាយនឹងទទួលមតិយោបល់ពីលោកអ្នក។ សូមផ្ញើគំនិតរបស់លោកអ្នកមកយើងតាមរយៈ «ទំនាក់ទំនងយើង»។",
	),
);

const contactUs = text(
	paragraphs(
		shopName["zh-CN"],
		`电话：${SHOP_PHONE}`,
		`地址：${shopAddress["zh-CN"]}`,
		`营业时间：每天 ${OPENS_AT}–${CLOSES_AT}（金边时间）`,
		"咨询订单问题时，请准备好您的订单号。营业时间内我们会接听电话；营业时间以外的留言，我们会在次日回复。",
	),
	paragraphs(
		shopName.en,
		`Phone: ${SHOP_PHONE}`,
		`Address: ${shopAddress.en}`,
		`Opening hours: every day, ${OPENS_AT}–${CLOSES_AT} (Phnom Penh time)`,
		"If your question is about an order, please have your order number ready. We answer calls during opening hours; messages sent outside them are answered the next day.",
	),
	paragraphs(
		shopName.km,
		`ទូរសព្ទ៖ ${SHOP_PHONE}`,
		`អាសយដ្ឋាន៖ ${shopAddress.km}`,
		`ម៉ោងបើក៖ រៀងរាល់ថ្ងៃ ម៉ោង ${OPENS_AT}–${CLOSES_AT} (ម៉ោងភ្នំពេញ)`,
		"ប្រសិនបើលោកអ្នកមានសំណួរអំពីការកម្ម៉ង់ សូមត្រៀមលេខការកម្ម៉ង់របស់លោកអ្នក។ យើងទទួលការហៅទូរសព្ទក្នុងម៉ោងបើក ហើយសារដែលផ្ញើក្រៅម៉ោងបើក នឹងត្រូវឆ្លើយតបនៅថ្ងៃបន្ទាប់។",
	),
);

const userAgreement = text(
	paragraphs(
		"欢迎使用 Bayon 茶饮厨房。当您使用本应用点餐、预订座位或管理账户时，适用本协议。登录或下单即表示您同意本协议。",
		"一、账户。您可以使用手机号和一次性验证码登录，也可以通过 Telegram 登录。请妥善保管验证码：任何获得验证码的人都可以使用您的账户。请使用真实、文明的昵称和资料。",
		"二、订单与价格。价格以美元显示，并已包含相关税费。门店接单后订单即确认。备餐时间为预估时间，高峰时段可能更长。如有菜品售罄，我们会联系您，或取消该菜品并按原支付方式退还该菜品的款项。",
		"三、取餐与订座。请在餐品做好后 30 分钟内取餐，放置过久会影响口感。预订的座位保留至预订时间后 15 分钟，逾时座位可能安排给其他顾客。",
		"四、合理使用。请勿滥用本应用，例如下单后无意取餐、试图登录他人账户或干扰服务正常运行。对于此类行为，我们可能暂停相关账户。",
		"五、责任。我们会尽力保证应用可用、信息准确，但无法保证服务始终不中断。如您对某些食物过敏，请在点餐前告知店员；我们的厨房会使用花生、鱼类和海鲜、鸡蛋、牛奶及小麦。",
		"六、变更。我们可能不时更新本协议，新版本会在应用内公布；继续使用本应用即表示您接受新版本。本协议适用柬埔寨王国法律。",
	),
	paragraphs(
		"Welcome to Bayon Tea & Kitchen. These terms apply when you use our app to order food and drinks, book tables or manage your account. By signing in or placing an order you agree to them.",
		"1. Your account. You sign in with your mobile number and a one-time code, or with Telegram. Keep your codes to yourself: anyone who has your code can use your account. Please use a nickname and details that are true and respectful.",
		"2. Orders and prices. Prices are shown in US dollars and include applicable taxes. An order is confirmed once the shop accepts it. Preparation times are estimates and may be longer at busy times. If an item runs out, we will contact you or cancel that item and refund it the way you paid.",
		"3. Pick-up and reservations. Please collect your order within 30 minutes of it being ready; food left longer is no longer at its best. A reserved table is held for 15 minutes after the booked time, after which it may be given to other guests.",
		"4. Fair use. Do not misuse the app, for example by placing orders you do not mean to collect, trying to get into other people's accounts or interfering with the service. We may suspend accounts that do.",
		"5. Liability. We do our best to keep the app available and its information correct, but we cannot promise that the service will never be interrupted. If you have a food allergy, please tell our staff before you order; our kitchen handles peanuts, fish and seafood, eggs, milk and wheat.",
		"6. Changes. We may update these terms from time to time. We will publish the new version in the app, and using the app after that means you accept it. These terms are governed by the laws of the Kingdom of Cambodia.",
	),
	paragraphs(
		"សូមស្វាគមន៍មកកាន់ បាយ័ន តែ និងម្ហូប។ លក្ខខណ្ឌទាំងនេះអនុវត្តនៅពេលលោកអ្នកប្រើកម្មវិធីរបស់យើង ដើម្បីកម្ម៉ង់អាហារ និងភេសជ្ជៈ កក់តុ ឬគ្រប់គ្រងគណនីរបស់លោកអ្នក។ ការចូលគណនី ឬការកម្ម៉ង់ មានន័យថាលោកអ្នកយល់ព្រមតាមលក្ខខណ្ឌទាំងនេះ។",
		"1. គណនីរបស់លោកអ្នក។ លោកអ្នកចូលគណនីដោយប្រើលេខទូរសព្ទ និងលេខកូដប្រើតែម្តង ឬតាមរយៈ Telegram។ សូមរក្សាលេខកូដជាការសម្ងាត់ ព្រោះអ្នកណាដែលមានលេខកូដរបស់លោកអ្នក អាចប្រើគណនីរបស់លោកអ្នកបាន។ សូមប្រើឈ្មោះហៅក្រៅ និងព័ត៌មានដែលពិតប្រាកដ និងសមរម្យ។",
		"2. ការកម្ម៉ង់ និងតម្លៃ។ តម្លៃត្រូវបានបង្ហាញជាដុល្លារអាមេរិក ហើយរួមបញ្ចូលពន្ធដែលពាក់ព័ន្ធរួចហើយ។ ការកម្ម៉ង់ត្រូវបានបញ្ជាក់ នៅពេលហាងទទួលយក។ រយៈពេលរៀបចំគ្រាន់តែជាការប៉ាន់ស្មាន ហើយអាចយូរជាងនេះនៅម៉ោងមមាញឹក។ ប្រសិនបើមុខម្ហូបណាមួយអស់ យើងនឹងទាក់ទងលោកអ្នក ឬលុបចោលមុខនោះ ហើយសងប្រាក់សម្រាប់មុខនោះវិញ តាមវិធីដែលលោកអ្នកបានបង់។",
		"3. ការមកយក និងការកក់តុ។ សូមមកយកការកម្ម៉ង់របស់លោកអ្នកក្នុងរយៈពេល 30 នាទី បន្ទាប់ពីរៀបចំរួចរាល់ ព្រោះអាហារដែលទុកយូរនឹងលែងឆ្ងាញ់ដូចដើម។ តុដែលបានកក់ត្រូវរក្សាទុករយៈពេល 15 នាទី បន្ទាប់ពីម៉ោងដែលបានកក់ ក្រោយពីនោះតុអាចត្រូវផ្តល់ឲ្យភ្ញៀវផ្សេង។",
		"4. ការប្រើប្រាស់ត្រឹមត្រូវ។ សូមកុំប្រើកម្មវិធីខុសគោលបំណង ដូចជាកម្ម៉ង់ដោយគ្មានបំណងមកយក ព្យាយាមចូលគណនីរបស់អ្នកដទៃ ឬរំខានដល់សេវាកម្ម។ យើងអាចផ្អាកគណនីដែលធ្វើសកម្មភាពបែបនេះ។",
		"5. ការទទួលខុសត្រូវ។ យើងខិតខំរក្សាកម្មវិធីឲ្យដំណើរការ និងព័ត៌មានឲ្យត្រឹមត្រូវ ប៉ុន្តែយើងមិនអាចធានាថាសេវាកម្មនឹងមិនដែលមានការរំខាននោះទេ។ ប្រសិនបើលោកអ្នកមានប្រតិកម្មនឹងអាហារណាមួយ សូមប្រាប់បុគ្គលិករបស់យើងមុនពេលកម្ម៉ង់ ព្រោះផ្ទះបាយរបស់យើងប្រើសណ្តែកដី ត្រី និងគ្រឿងសមុទ្រ ពង ទឹកដោះគោ និងម្សៅស្រូវសាលី។",
		"6. ការកែប្រែ។ យើងអាចកែប្រែលក្ខខណ្ឌទាំងនេះម្តងម្កាល។ យើងនឹងផ្សព្វផ្សាយកំណែថ្មីនៅក្នុងកម្មវិធី ហើយការបន្តប្រើកម្មវិធីបន្ទាប់ពីនោះ មានន័យថាលោកអ្នកយល់ព្រមតាមកំណែថ្មី។ លក្ខខណ្ឌទាំងនេះស្ថិតនៅក្រោមច្បាប់នៃព្រះរាជាណាចក្រកម្ពុជា។",
	),
);

const privacyPolicy = text(
	paragraphs(
		"本政策说明 Bayon 茶饮厨房在您使用本应用时会收集哪些个人信息、为什么需要这些信息，以及我们如何保护它们。",
		"我们收集的信息：您的手机号；您自愿填写的昵称、头像、性别和生日；如您通过 Telegram 登录，您的 Telegram 用户 ID、名字和头像；您的订单、订座和储值交易记录；以及 IP 地址、设备类型等技术信息。如您授权定位，我们仅用您的位置显示与门店的距离，不会保存您的位置记录。",
		"我们如何使用：用于登录和保障账户安全，制作并交付您的订单，保留您预订的座位，准确记录您的余额和积分，回复您的咨询，以及改进菜单和服务。我们只会发送登录验证码和与订单有关的服务通知短信。",
		"我们与谁共享：我们不会出售您的个人信息。我们只向协助我们提供服务的机构（例如短信、Telegram、支付和服务器托管服务商）提供必要的信息，并在柬埔寨法律要求时向有关部门提供。门店员工只能看到制作订单所需的信息，例如您的昵称和订单内容。",
		"保存期限：账户信息在账户有效期间保存；订单和支付记录按会计和税务规定的期限保存。登录验证码仅以加密摘要形式保存，并在几分钟内失效。",
		"您的权利：您可以随时在应用内查看和修改个人资料。如需获取您的数据副本或注销账户，请通过“联系我们”中的方式联系我们，我们会在 30 天内答复。",
		"政策变更：如本政策有所修改，我们会在应用内发布新版本并注明日期。",
	),
	paragraphs(
		"This policy explains what personal information Bayon Tea & Kitchen collects when you use our app, why we need it and how we protect it.",
		"What we collect. Your mobile number; the nickname, avatar, gender and birthday you choose to add; your Telegram user id, name and photo if you sign in with Telegram; your orders, reservations and stored-value transactions; and technical data such as your IP address and device type. If you allow it, we use your location only to show how far you are from our shops; we do not keep a history of where you have been.",
		"Why we use it. To sign you in and keep your account secure, to prepare and hand over your orders, to hold your table reservations, to keep your balance and points correct, to answer your questions and to improve our menu and service. We send text messages only for sign-in codes and service notices about your orders.",
		"Who we share it with. We do not sell your personal information. We share only what is needed with the providers who help us run the service, such as text message, Telegram, payment and hosting providers, and with the authorities when Cambodian law requires it. Shop staff see only what they need to prepare your order, such as your nickname and the order details.",
		"How long we keep it. We keep your account information while your account is active, and order and payment records for as long as accounting and tax rules require. Sign-in codes are stored only in scrambled form and expire within minutes.",
		"Your choices. You can view and update your profile in the app at any time. To ask for a copy of your data or to close your account, contact us using the details under Contact us, and we will reply within 30 days.",
		"Changes. If we change this policy, we will publish the new version in the app with its date.",
	),
	paragraphs(
		"គោលការណ៍នេះពន្យល់អំពីព័ត៌មានផ្ទាល់ខ្លួនដែល បាយ័ន តែ និងម្ហូប ប្រមូល នៅពេលលោកអ្នកប្រើកម្មវិធីរបស់យើង មូលហេតុដែលយើងត្រូវការព័ត៌មាននោះ និងរបៀបដែលយើងការពារវា។",
		"ព័ត៌មានដែលយើងប្រមូល។ លេខទូរសព្ទរបស់លោកអ្នក ឈ្មោះហៅក្រៅ រូបតំណាង ភេទ និងថ្ងៃខែឆ្នាំកំណើត ដែលលោកអ្នកជ្រើសរើសបញ្ចូល លេខសម្គាល់ ឈ្មោះ និងរូបថត Telegram ប្រសិនបើលោកអ្នកចូលគណនីតាម Telegram ការកម្ម៉ង់ ការកក់តុ និងប្រតិបត្តិការទឹកប្រាក់បញ្ចូលទុករបស់លោកអ្នក ព្រមទាំងទិន្នន័យបច្ចេកទេស ដូចជាអាសយដ្ឋាន IP និងប្រភេទឧបករណ៍។ ប្រសិនបើលោកអ្នកអនុញ្ញាត យើងប្រើទីតាំងរបស់លោកអ្នក តែដើម្បីបង្ហាញចម្ងាយទៅកាន់ហាងប៉ុណ្ណោះ ហើយយើងមិនរក្សាទុកប្រវត្តិទីតាំងរបស់លោកអ្នកឡើយ។",
		"មូលហេតុដែលយើងប្រើព័ត៌មាន។ ដើម្បីឲ្យលោកអ្នកចូលគណនី និងរក្សាសុវត្ថិភាពគណនី ដើម្បីរៀបចំ និងប្រគល់ការកម្ម៉ង់ ដើម្បីរក្សាតុដែលលោកអ្នកបានកក់ ដើម្បីកត់ត្រាសមតុល្យ និងពិន្ទុឲ្យបានត្រឹមត្រូវ ដើម្បីឆ្លើយសំណួររបស់លោកអ្នក និងដើម្បីកែលម្អមុខម្ហូប និងសេវាកម្មរបស់យើង។ យើងផ្ញើសារ SMS សម្រាប់តែលេខកូដចូលគណនី និងការជូនដំណឹងអំពីការកម្ម៉ង់របស់លោកអ្នកប៉ុណ្ណោះ។",
		"អ្នកដែលយើងចែករំលែកព័ត៌មានជាមួយ។ យើងមិនលក់ព័ត៌មានផ្ទាល់ខ្លួនរបស់លោកអ្នកឡើយ។ យើងចែករំលែកតែព័ត៌មានចាំបាច់ជាមួយអ្នកផ្តល់សេវាដែលជួយយើងដំណើរការសេវាកម្ម ដូចជាសេវាផ្ញើសារ SMS, Telegram, សេវាទូទាត់ប្រាក់ និងសេវាម៉ាស៊ីនមេ ព្រមទាំងជាមួយអាជ្ញាធរ នៅពេលដែលច្បាប់កម្ពុជាតម្រូវ។ បុគ្គលិកហាងឃើញតែព័ត៌មានដែលចាំបាច់សម្រាប់រៀបចំការកម្ម៉ង់ ដូចជាឈ្មោះហៅក្រៅ និងព័ត៌មានលម្អិតនៃការកម្ម៉ង់។",
		"រយៈពេលរក្សាទុក។ យើងរក្សាព័ត៌មានគណនី ដរាបណាគណនីរបស់លោកអ្នកនៅសកម្ម ហើយរក្សាកំណត់ត្រាការកម្ម៉ង់ និងការទូទាត់ តាមរយៈពេលដែលច្បាប់គណនេយ្យ និងពន្ធដារតម្រូវ។ លេខកូដចូលគណនីត្រូវបានរក្សាទុកតែក្នុងទម្រង់អ៊ិនគ្រីបប៉ុណ្ណោះ ហើយផុតកំណត់ក្នុងរយៈពេលប៉ុន្មាននាទី។",
		"សិទ្ធិរបស់លោកអ្នក។ លោកអ្នកអាចមើល និងកែប្រែព័ត៌មានផ្ទាល់ខ្លួននៅក្នុងកម្មវិធីបានគ្រប់ពេល។ ដើម្បីស្នើសុំច្បាប់ចម្លងនៃទិន្នន័យរបស់លោកអ្នក ឬបិទគណនី សូមទាក់ទងយើងតាមព័ត៌មាននៅក្នុង «ទំនាក់ទំនងយើង» ហើយយើងនឹងឆ្លើយតបក្នុងរយៈពេល 30 ថ្ងៃ។",
		"ការកែប្រែ។ ប្រសិនបើយើងកែប្រែគោលការណ៍នេះ យើងនឹងផ្សព្វផ្សាយកំណែថ្មីនៅក្នុងកម្មវិធី ជាមួយកាលបរិច្ឆេទរបស់វា។",
	),
);

/** States the stored-value rules of spec §9. */
const storedValueAgreement = text(
	paragraphs(
		"本协议适用于您 Bayon 茶饮厨房账户中的储值余额。充值前请仔细阅读；完成充值即表示您同意本协议。",
		"一、什么是储值。储值是以美元计的预付余额，可用于支付餐饮费用。余额与您的账户（手机号）绑定，并在应用内显示。",
		"二、使用范围。储值余额既可在线上使用（在应用内下单支付），也可在我们的线下门店使用（在收银台出示您的账户即可）。",
		"三、不可退款、提现、转让或赠送。储值一经充值，不予退款，不可提现或兑换现金，也不可转让或赠送给其他账户。请按预计消费金额充值。",
		"四、不累积积分。储值不累积积分：充值金额不产生任何积分。",
		"五、订单取消。使用储值支付的订单如被取消，相应金额将退回您的储值余额，而不是以现金退还。",
		"六、账户安全。任何能登录您账户的人都可以使用您的余额。请勿向任何人透露登录验证码；如怀疑账户被他人使用，请立即联系我们。",
		"七、协议变更。我们可能修改本协议，但修改不影响您账户中已有的余额。如有疑问，请通过“联系我们”与我们联系。",
	),
	paragraphs(
		"This agreement covers the stored value (balance) in your Bayon Tea & Kitchen account. Please read it before you top up; topping up means you accept it.",
		"1. What stored value is. Stored value is a prepaid balance in US dollars that you can spend on food and drinks. It belongs to your account (your mobile number) and is shown in the app.",
		"2. Where you can use it. Your balance can be used both online, when you order in the app, and in our offline (physical) stores, by showing your account at the counter.",
		"3. No refund, withdrawal, transfer or gift. Once topped up, stored value cannot be refunded, withdrawn or exchanged for cash, and it cannot be transferred or given as a gift to another account. Please top up only what you expect to spend.",
		"4. No points. Stored value does not accrue points: topping up your balance earns no points.",
		"5. Cancelled orders. If an order paid with stored value is cancelled, the amount goes back to your balance, not to you in cash.",
		"6. Keep your account safe. Anyone who can sign in to your account can spend its balance. Never share your sign-in codes, and contact us straight away if you think someone else has used your account.",
		"7. Changes. We may change this agreement, but a change never affects the balance already in your account. If you have any questions, please reach us through Contact us.",
	),
	paragraphs(
		"កិច្ចព្រមព្រៀងនេះអនុវត្តចំពោះទឹកប្រាក់បញ្ចូលទុក (សមតុល្យ) នៅក្នុងគណនី បាយ័ន តែ និងម្ហូប របស់លោកអ្នក។ សូមអានវាមុនពេលបញ្ចូលទឹកប្រាក់។ ការបញ្ចូលទឹកប្រាក់ មានន័យថាលោកអ្នកយល់ព្រមតាមកិច្ចព្រមព្រៀងនេះ។",
		"1. ទឹកប្រាក់បញ្ចូលទុកជាអ្វី។ វាជាសមតុល្យដែលបង់ទុកជាមុនជាដុល្លារអាមេរិក ដែលលោកអ្នកអាចប្រើដើម្បីទូទាត់ថ្លៃអាហារ និងភេសជ្ជៈ។ សមតុល្យនេះភ្ជាប់ជាមួយគណនីរបស់លោកអ្នក (លេខទូរសព្ទរបស់លោកអ្នក) ហើយត្រូវបានបង្ហាញនៅក្នុងកម្មវិធី។",
		"2. កន្លែងដែលអាចប្រើបាន។ សមតុល្យរបស់លោកអ្នកអាចប្រើបានទាំងតាមអនឡាញ នៅពេលកម្ម៉ង់ក្នុងកម្មវិធី និងនៅហាងផ្ទាល់ (ក្រៅបណ្តាញ) របស់យើង ដោយបង្ហាញគណនីរបស់លោកអ្នកនៅបញ្ជរ។",
		"3. មិនអាចសងប្រាក់វិញ ដកប្រាក់ ផ្ទេរ ឬផ្តល់ជាអំណោយបានទេ។ នៅពេលបញ្ចូលរួច ទឹកប្រាក់បញ្ចូលទុកមិនអាចសងវិញ ដកចេញ ឬប្តូរជាសាច់ប្រាក់បានទេ ហើយក៏មិនអាចផ្ទេរ ឬផ្តល់ជាអំណោយទៅគណនីផ្សេងបានដែរ។ សូមបញ្ចូលតែចំនួនដែលលោកអ្នករំពឹងថានឹងចំណាយប៉ុណ្ណោះ។",
		"4. មិនទទួលបានពិន្ទុ។ ទឹកប្រាក់បញ្ចូលទុកមិនផ្តល់ពិន្ទុទេ៖ ការបញ្ចូលទឹកប្រាក់ទៅក្នុងសមតុល្យ មិនទទួលបានពិន្ទុឡើយ។",
		"5. ការកម្ម៉ង់ដែលត្រូវបានលុបចោល។ ប្រសិនបើការកម្ម៉ង់ដែលបានទូទាត់ដោយសមតុល្យត្រូវបានលុបចោល ទឹកប្រាក់នឹងត្រូវបញ្ចូលទៅក្នុងសមតុល្យរបស់លោកអ្នកវិញ មិនមែនប្រគល់ជាសាច់ប្រាក់ទេ។",
		"6. សុវត្ថិភាពគណនី។ អ្នកណាដែលអាចចូលគណនីរបស់លោកអ្នកបាន អាចចំណាយសមតុល្យរបស់លោកអ្នកបាន។ សូមកុំចែករំលែកលេខកូដចូលគណនីជាមួយអ្នកណាឡើយ ហើយសូមទាក់ទងយើងភ្លាមៗ ប្រសិនបើលោកអ្នកគិតថាមានអ្នកផ្សេងបានប្រើគណនីរបស់លោកអ្នក។",
		"7. ការកែប្រែ។ យើងអាចកែប្រែកិច្ចព្រមព្រៀងនេះ ប៉ុន្តែការកែប្រែនោះមិនប៉ះពាល់ដល់សមតុល្យដែលមាននៅក្នុងគណនីរបស់លោកអ្នករួចហើយទេ។ ប្រសិនបើមានសំណួរ សូមទាក់ទងយើងតាមរយៈ «ទំនាក់ទំនងយើង»។",
	),
);

export const demoServicePages: DemoServicePage[] = [
	{ slug: "about-us", icon: "info", name: text("关于我们", "About us", "អំពីយើង"), content: aboutUs, sort: 1 },
	{
		slug: "contact-us",
		icon: "phone",
		name: text("联系我们", "Contact us", "ទំនាក់ទំនងយើង"),
		content: contactUs,
		sort: 2,
	},
	{
		slug: "user-agreement",
		icon: "document",
		name: text("用户协议", "User agreement", "កិច្ចព្រមព្រៀងអ្នកប្រើប្រាស់"),
		content: userAgreement,
		sort: 3,
	},
	{
		slug: "privacy-policy",
		icon: "shield",
		name: text("隐私政策", "Privacy policy", "គោលការណ៍ឯកជនភាព"),
		content: privacyPolicy,
		sort: 4,
	},
	{
		slug: "stored-value-agreement",
		icon: "wallet",
		name: text("储值协议", "Stored value agreement", "កិច្ចព្រមព្រៀងទឹកប្រាក់បញ្ចូលទុក"),
		content: storedValueAgreement,
		sort: 5,
	},
];

// ---------------------------------------------------------------------------------------------
// News

export const demoNews: DemoNews[] = [
	{
		slug: "riverside-opening",
		title: text(
			"Bayon 茶饮厨房河畔店开业啦",
			"Bayon Tea & Kitchen opens on the Riverside",
			"បាយ័ន តែ និងម្ហូប បើកសាខាថ្មីនៅមាត់ទន្លេ",
		),
		summary: text(
			`我们的第一家门店已在西索瓦码头路开业，每天 ${OPENS_AT}–${CLOSES_AT} 营业。`,
			`Our first shop is now open on Preah Sisowath Quay, every day from ${OPENS_AT} to ${CLOSES_AT}.`,
			`ហាងដំបូងរបស់យើងបានបើកហើយនៅលើមហាវិថីព្រះស៊ីសុវត្ថិ រៀងរាល់ថ្ងៃ ចាប់ពីម៉ោង ${OPENS_AT} ដល់ ${CLOSES_AT}។`,
		),
		content: text(
			paragraphs(
				"我们很高兴地宣布，Bayon 茶饮厨房的第一家门店已在金边河畔的西索瓦码头路正式开业。",
				"菜单汇集了柬式咖啡、奶茶和鲜榨果汁，以及现点现做的高棉菜：从阿莫克蒸鱼、柬式炒牛肉，到一碗热腾腾的金边粿条汤。",
				`您可以在应用内下单，到店直接取餐，无需排队；也可以预订座位，边用餐边欣赏河上的船只。我们每天 ${OPENS_AT}–${CLOSES_AT} 营业，期待您的光临。`,
			),
			paragraphs(
				"We are happy to announce that the first Bayon Tea & Kitchen has opened on Preah Sisowath Quay, right on the Phnom Penh riverside.",
				"The menu brings together Cambodian coffee, milk teas and fresh juices with Khmer dishes cooked to order, from fish amok and beef lok lak to a morning bowl of kuy teav.",
				`Order in the app and pick up at the counter without queuing, or book a table and watch the boats go by on the river. We are open every day from ${OPENS_AT} to ${CLOSES_AT} and look forward to seeing you.`,
			),
			paragraphs(
				"យើងមានសេចក្តីរីករាយសូមប្រកាសថា ហាង បាយ័ន តែ និងម្ហូប ដំបូងបង្អស់ បានបើកជាផ្លូវការនៅលើមហាវិថីព្រះស៊ីសុវត្ថិ ចំមាត់ទន្លេភ្នំពេញ។",
				"មុខម្ហូបរបស់យើងរួមមាន កាហ្វេខ្មែរ តែទឹកដោះគោ និងទឹកផ្លែឈើស្រស់ៗ ព្រមទាំងម្ហូបខ្មែរដែលចម្អិនភ្លាមៗតាមការកម្ម៉ង់ ចាប់ពីអាម៉ុកត្រី និងឡុកឡាក់សាច់គោ រហូតដល់គុយទាវមួយចានសម្រាប់ពេលព្រឹក។",
				`លោកអ្នកអាចកម្ម៉ង់តាមកម្មវិធី ហើយមកយកនៅបញ្ជរដោយមិនចាំបាច់តម្រង់ជួរ ឬកក់តុដើម្បីអង្គុយមើលទូកនៅលើទន្លេ។ យើងបើករៀងរាល់ថ្ងៃ ចាប់ពីម៉ោង ${OPENS_AT} ដល់ ${CLOSES_AT} ហើយរង់ចាំស្វាគមន៍លោកអ្នក។`,
			),
		),
		publishedAt: "2026-10-01T02:00:00Z",
	},
	{
		slug: "water-festival-palm-sugar",
		title: text(
			"送水节新品：棕榈糖饮品",
			"New palm sugar drinks for the Water Festival",
			"ភេសជ្ជៈស្ករត្នោតថ្មី សម្រាប់ពិធីបុណ្យអុំទូក",
		),
		summary: text(
			"来尝尝磅士卑棕榈糖奶茶吧；节日期间人多，建议在应用内提前下单。",
			"Try our Kampong Speu palm sugar milk tea, and order ahead in the app during the busy festival days.",
			"សូមសាកល្បងតែទឹកដោះគោស្ករត្នោតកំពង់ស្ពឺរបស់យើង ហើយកម្ម៉ង់ទុកជាមុនតាមកម្មវិធី ក្នុងអំឡុងថ្ងៃបុណ្យដែលមមាញឹក។",
		),
		content: text(
			paragraphs(
				"送水节期间，河畔将迎来龙舟赛和大批游客。我们也推出了使用磅士卑棕榈糖制作的新饮品，与大家一起庆祝。",
				"棕榈糖奶茶带有淡淡的焦糖香，搭配珍珠或芝士奶盖都很合适。芒果糯米饭也在这个季节回归菜单，现正限时优惠。",
				"节日期间河畔会非常拥挤。为免排队等候，请在到店前通过应用下单，餐品做好后到柜台取餐即可。",
			),
			paragraphs(
				"The Water Festival brings boat races and big crowds to the riverside, and we are celebrating with new drinks made with palm sugar from Kampong Speu.",
				"The palm sugar milk tea has a gentle caramel taste and goes well with pearls or cheese foam. Mango sticky rice is also back on the menu for the season, now at a special price.",
				"The riverside will be very busy during the festival. To avoid waiting, place your order in the app before you arrive and collect it at the counter when it is ready.",
			),
			paragraphs(
				"ពិធីបុណ្យអុំទូកនាំមកនូវការប្រណាំងទូក និងភ្ញៀវយ៉ាងច្រើនកុះករនៅមាត់ទន្លេ ហើយយើងក៏អបអរសាទរជាមួយភេសជ្ជៈថ្មីៗ ដែលធ្វើពីស្ករត្នោតខេត្តកំពង់ស្ពឺ។",
				"តែទឹកដោះគោស្ករត្នោតមានរសជាតិឈ្ងុយស្រដៀងការ៉ាមែលស្រាលៗ ហើយញ៉ាំជាមួយគុជ ឬក្រែមឈីសគឺសាកសមណាស់។ បាយដំណើបស្វាយក៏បានត្រឡប់មកវិញសម្រាប់រដូវនេះ ក្នុងតម្លៃពិសេស។",
				"មាត់ទន្លេនឹងមានភ្ញៀវច្រើនណាស់ក្នុងអំឡុងពិធីបុណ្យ។ ដើម្បីកុំឲ្យរង់ចាំយូរ សូមកម្ម៉ង់តាមកម្មវិធីមុនពេលមកដល់ ហើយមកយកនៅបញ្ជរនៅពេលរៀបចំរួចរាល់។",
			),
		),
		publishedAt: "2026-11-01T02:00:00Z",
	},
];
