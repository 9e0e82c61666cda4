import type { PayMethod } from "@bayon/contract";
import type { SVGProps } from "react";
import { CardIcon, Svg, WalletIcon } from "../../../ui/icons";

type IconProps = SVGProps<SVGSVGElement>;

/**
 * Each way to pay as a plain line icon of our own (no provider's logo): two speech bubbles for
 * WeChat Pay, a wallet sheet for Alipay, a scan code for KHQR, a card for the sandbox, the
 * wallet for the balance. Coloured by the row's CSS (the rail's own colour), decorative.
 */
export const WechatPayIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M9.5 4C5.4 4 2.5 6.6 2.5 9.7c0 1.8 1 3.4 2.6 4.4L4.5 16.5l2.8-1.4c.7.2 1.4.3 2.2.3" />
		<path d="M15.2 9.2c3.5 0 6.3 2.3 6.3 5.1 0 1.5-.8 2.8-2.1 3.7l.5 2-2.3-1.2c-.8.2-1.6.4-2.4.4-3.5 0-6.3-2.3-6.3-5s2.8-5 6.3-5z" />
		<path d="M7.2 8.2h.01M11.6 8.2h.01M13.3 13.3h.01M17.1 13.3h.01" strokeWidth="2.4" />
	</Svg>
);

export const AlipayIcon = (p: IconProps) => (
	<Svg {...p}>
		<rect x="3" y="3" width="18" height="18" rx="5" />
		<path d="M7 9h10M12 6.5V13M8 17c3.2-.6 6-2.6 7.8-6.2M11 13.5c2.2 1 4.6 2.2 6.5 3.5" />
	</Svg>
);

export const KhqrIcon = (p: IconProps) => (
	<Svg {...p}>
		<rect x="3.5" y="3.5" width="6" height="6" rx="1" />
		<rect x="14.5" y="3.5" width="6" height="6" rx="1" />
		<rect x="3.5" y="14.5" width="6" height="6" rx="1" />
		<path d="M14.5 14.5h2.5v2.5M20.5 14.5v6h-6M17 20.5v-1" />
	</Svg>
);

export function PayMethodIcon({ method, ...props }: IconProps & { method: PayMethod }) {
	switch (method) {
		case "balance":
			return <WalletIcon {...props} />;
		case "wechat":
			return <WechatPayIcon {...props} />;
		case "alipay":
			return <AlipayIcon {...props} />;
		case "khqr":
			return <KhqrIcon {...props} />;
		default:
			return <CardIcon {...props} />;
	}
}
