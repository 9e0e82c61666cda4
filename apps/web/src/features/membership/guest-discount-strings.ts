import { featureStrings } from "../../lib/i18n/feature-strings";

/**
 * The texts the cart, the pay page and an order need for a card's benefits and a coupon's
 * discount (issue 13), kept apart from the card pages' texts so those screens download only
 * these. zh-CN is the source; en and km have exactly its keys (guest-strings.test.ts).
 */
export const discountStrings = featureStrings({
	"zh-CN": {
		"discount.memberCard": "会员优惠（{{name}}）",
		"discount.freeDelivery": "{{name}}免配送费",
		"discount.coupon": "优惠券（{{name}}）",
	},
	en: {
		"discount.memberCard": "Member discount ({{name}})",
		"discount.freeDelivery": "Free delivery with {{name}}",
		"discount.coupon": "Coupon ({{name}})",
	},
	km: {
		"discount.memberCard": "បញ្ចុះតម្លៃសមាជិក ({{name}})",
		"discount.freeDelivery": "ដឹកជញ្ជូនឥតគិតថ្លៃជាមួយ {{name}}",
		"discount.coupon": "គូប៉ុង ({{name}})",
	},
});
