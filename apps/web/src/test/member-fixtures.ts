import type { MemberInfo } from "@bayon/contract";

/** A signed-in customer as `/member/user/get` describes one; tests override what they need. */
export function testMember(extra: Partial<MemberInfo> = {}): MemberInfo {
	return {
		id: 7,
		nickname: "Dara",
		avatar: null,
		mobile: "13800000002",
		gender: 0,
		birthday: null,
		balance: 0,
		points: 0,
		couponCount: 0,
		userType: "user",
		isMerchant: false,
		merchantShops: [],
		telegramLinked: false,
		isPlatformOperator: false,
		isBusinessAdmin: false,
		...extra,
	};
}
