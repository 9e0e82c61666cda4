import type { RailName } from "../../../db/schema.js";
import { alipayRail } from "./alipay/index.js";
import { khqrRail } from "./khqr/index.js";
import type { Rail } from "./rail.js";
import { wechatRail } from "./wechat/index.js";

/** Every real rail, by name (decision 031). */
export const RAILS: { [R in RailName]: Rail<R> } = { wechat: wechatRail, alipay: alipayRail, khqr: khqrRail };
export const RAIL_NAMES = Object.keys(RAILS) as RailName[];
