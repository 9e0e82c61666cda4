import { type LanguageCode, resolveLanguage, SUPPORTED_LANGUAGES } from "@bayon/contract";

/**
 * What the bot says back when someone talks to it or presses a button (decision 024): the
 * replies to /start and /stop, the group link's outcome, the answers to a press (Telegram
 * shows them as a toast or, with `alert`, a dialog, at most 200 characters) and the line a
 * pressed message gains when it is edited to show the outcome. zh-CN, en and km.
 */
interface ReplyTexts {
	welcome: string;
	openApp: string;
	stopped: string;
	groupLinked: (shopName: string) => string;
	groupLinkDead: string;
	notYourBooking: string;
	bookingGone: string;
	bookingConfirmed: string;
	bookingAlreadyConfirmed: string;
	bookingNotConfirmable: string;
	bookingStarted: string;
	bookingCancelled: string;
	/** Cancelled in time: `amount` (deposit, pre-order paid ahead) goes back. */
	bookingCancelledRefunded: (amount: string) => string;
	/** Cancelled late: the shop keeps the deposit `amount`; `refunded`, when any, still goes back. */
	bookingCancelledDepositKept: (amount: string, refunded: string | null) => string;
	/** Before a late cancel from a button: the app's own warning (guest-strings detail.confirmLateDeposit). */
	lateCancelWarning: (amount: string) => string;
	cancelAnyway: string;
	keepBooking: string;
	bookingKept: string;
	bookingAlreadyCancelled: string;
	orderGone: string;
	notShopStaff: string;
	orderAccepted: string;
	orderAcceptedBy: (name: string) => string;
	orderAlreadyAccepted: string;
}

const TEXTS: Record<LanguageCode, ReplyTexts> = {
	"zh-CN": {
		welcome: "欢迎！订单、预订和余额的消息会发到这里。发送 /stop 可以关闭所有消息。",
		openApp: "打开应用",
		stopped: "已关闭所有消息。发送 /start 即可重新开启。",
		groupLinked: (shop) => `本群现在会收到「${shop}」的新订单、新预订、呼叫服务员和退款申请。`,
		groupLinkDead: "这个链接已失效。请让店主在商家后台重新生成一个。",
		notYourBooking: "这不是您的预订。",
		bookingGone: "找不到这个预订。",
		bookingConfirmed: "已确认：餐厅知道您会到店。",
		bookingAlreadyConfirmed: "您已经确认过了。",
		bookingNotConfirmable: "这个预订现在无法确认。",
		bookingStarted: "预订时间已开始，无法再更改。",
		bookingCancelled: "预订已取消。",
		bookingCancelledRefunded: (amount) => `预订已取消，${amount} 将原路退回。`,
		bookingCancelledDepositKept: (amount, refunded) =>
			`预订已取消。已过免费取消时间，定金 ${amount} 不予退还。${refunded ? `${refunded} 将原路退回。` : ""}`,
		lateCancelWarning: (amount) => `已过免费取消时间。现在取消，定金 ${amount} 将不予退还。确定取消吗？`,
		cancelAnyway: "仍要取消",
		keepBooking: "暂不取消",
		bookingKept: "预订已保留。",
		bookingAlreadyCancelled: "这个预订已经取消了。",
		orderGone: "找不到这个订单。",
		notShopStaff: "只有本店员工才能接单。",
		orderAccepted: "已接单。",
		orderAcceptedBy: (name) => `已接单（${name}）。`,
		orderAlreadyAccepted: "这个订单已经接过了。",
	},
	en: {
		welcome:
			"Welcome! News about your orders, bookings and balance will arrive here. Send /stop to turn all messages off.",
		openApp: "Open the app",
		stopped: "All messages are off. Send /start to turn them back on.",
		groupLinked: (shop) => `This group now hears ${shop}: new orders, bookings, bell calls and refund requests.`,
		groupLinkDead: "This link no longer works. Ask the shop's owner for a new one from the merchant area.",
		notYourBooking: "This is not your booking.",
		bookingGone: "This booking could not be found.",
		bookingConfirmed: "Confirmed: the restaurant knows you are coming.",
		bookingAlreadyConfirmed: "You have already confirmed.",
		bookingNotConfirmable: "This booking cannot be confirmed now.",
		bookingStarted: "This booking has already started and can no longer be changed.",
		bookingCancelled: "Booking cancelled.",
		bookingCancelledRefunded: (amount) => `Booking cancelled. ${amount} goes back the way you paid.`,
		bookingCancelledDepositKept: (amount, refunded) =>
			`Booking cancelled. The free cancellation time had passed, so the deposit of ${amount} is kept.${
				refunded ? ` ${refunded} goes back the way you paid.` : ""
			}`,
		lateCancelWarning: (amount) =>
			`The free cancellation time has passed. If you cancel now, the deposit of ${amount} is not refunded. Cancel anyway?`,
		cancelAnyway: "Cancel anyway",
		keepBooking: "Keep my booking",
		bookingKept: "Your booking stands.",
		bookingAlreadyCancelled: "This booking is already cancelled.",
		orderGone: "This order could not be found.",
		notShopStaff: "Only this shop's staff can accept orders.",
		orderAccepted: "Order accepted.",
		orderAcceptedBy: (name) => `Accepted by ${name}.`,
		orderAlreadyAccepted: "This order has already been accepted.",
	},
	km: {
		welcome: "សូមស្វាគមន៍! ដំណឹងអំពីការបញ្ជាទិញ ការកក់ និងសមតុល្យរបស់អ្នកនឹងមកដល់ទីនេះ។ ផ្ញើ /stop ដើម្បីបិទសារទាំងអស់។",
		openApp: "បើកកម្មវិធី",
		stopped: "សារទាំងអស់ត្រូវបានបិទ។ ផ្ញើ /start ដើម្បីបើកវាឡើងវិញ។",
		groupLinked: (shop) => `ក្រុមនេះនឹងទទួលដំណឹងពី ${shop}៖ ការបញ្ជាទិញថ្មី ការកក់ ការហៅអ្នកបម្រើ និងសំណើសងប្រាក់។`,
		groupLinkDead: "តំណនេះលែងដំណើរការហើយ។ សូមស្នើម្ចាស់ហាងឱ្យបង្កើតតំណថ្មីពីផ្នែកអាជីវករ។",
		notYourBooking: "នេះមិនមែនជាការកក់របស់អ្នកទេ។",
		bookingGone: "រកមិនឃើញការកក់នេះទេ។",
		bookingConfirmed: "បានបញ្ជាក់៖ ភោជនីយដ្ឋានដឹងថាអ្នកនឹងមក។",
		bookingAlreadyConfirmed: "អ្នកបានបញ្ជាក់រួចហើយ។",
		bookingNotConfirmable: "ការកក់នេះមិនអាចបញ្ជាក់បានទេឥឡូវនេះ។",
		bookingStarted: "ការកក់នេះបានចាប់ផ្តើមហើយ មិនអាចផ្លាស់ប្តូរបានទៀតទេ។",
		bookingCancelled: "ការកក់ត្រូវបានលុបចោល។",
		bookingCancelledRefunded: (amount) => `ការកក់ត្រូវបានលុបចោល។ ${amount} នឹងត្រឡប់តាមវិធីដែលអ្នកបានបង់។`,
		bookingCancelledDepositKept: (amount, refunded) =>
			`ការកក់ត្រូវបានលុបចោល។ ពេលវេលាលុបចោលដោយឥតគិតថ្លៃបានកន្លងផុតហើយ ដូច្នេះប្រាក់កក់ ${amount} មិនត្រូវបានសងវិញទេ។${
				refunded ? ` ${refunded} នឹងត្រឡប់តាមវិធីដែលអ្នកបានបង់។` : ""
			}`,
		lateCancelWarning: (amount) =>
			`ពេលវេលាលុបចោលដោយឥតគិតថ្លៃបានកន្លងផុតហើយ។ បើលុបចោលឥឡូវ ប្រាក់កក់ ${amount} នឹងមិនត្រូវបង្វិលសងទេ។ នៅតែលុបចោលមែនទេ?`,
		cancelAnyway: "នៅតែលុបចោល",
		keepBooking: "រក្សាការកក់",
		bookingKept: "ការកក់របស់អ្នកនៅដដែល។",
		bookingAlreadyCancelled: "ការកក់នេះត្រូវបានលុបចោលរួចហើយ។",
		orderGone: "រកមិនឃើញការបញ្ជាទិញនេះទេ។",
		notShopStaff: "មានតែបុគ្គលិកហាងនេះទេដែលអាចទទួលការបញ្ជាទិញបាន។",
		orderAccepted: "បានទទួលការបញ្ជាទិញ។",
		orderAcceptedBy: (name) => `ទទួលដោយ ${name}។`,
		orderAlreadyAccepted: "ការបញ្ជាទិញនេះត្រូវបានទទួលរួចហើយ។",
	},
};

/** The texts in `lang` (one of ours; anything else reads as zh-CN). */
export function repliesIn(lang: string): ReplyTexts {
	return TEXTS[resolveLanguage(lang, SUPPORTED_LANGUAGES) as LanguageCode] ?? TEXTS["zh-CN"];
}

/**
 * The language for someone without settings of ours: their Telegram client's, when we speak it
 * (resolveLanguage would read any unknown language as zh-CN, which is what we want too).
 */
export function languageOfTelegramUser(languageCode: string | undefined | null): LanguageCode {
	return resolveLanguage(languageCode ?? null, SUPPORTED_LANGUAGES) as LanguageCode;
}
