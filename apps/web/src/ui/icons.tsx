import type { ReactNode, SVGProps } from "react";

/** Inline line icons (24×24, stroke = currentColor). Decorative: hidden from assistive tech. Features draw their own icons in it. */
export function Svg({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
	return (
		<svg
			viewBox="0 0 24 24"
			width="24"
			height="24"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.8"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{children}
		</svg>
	);
}

type IconProps = SVGProps<SVGSVGElement>;

export const HomeIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 10.5 12 3l9 7.5" />
		<path d="M5 9.5V20h5v-6h4v6h5V9.5" />
	</Svg>
);
export const BowlIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 11h18a9 9 0 0 1-18 0Z" />
		<path d="M8 7c0-1.5 1-2 1-3.5M12 7c0-1.5 1-2 1-3.5M16 7c0-1.5 1-2 1-3.5" />
	</Svg>
);
export const ReceiptIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M6 3h12v18l-3-2-3 2-3-2-3 2Z" />
		<path d="M9 8h6M9 12h6M9 16h3" />
	</Svg>
);
export const UserIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="12" cy="8" r="4" />
		<path d="M4 21a8 8 0 0 1 16 0" />
	</Svg>
);
export const BackIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M15 5l-7 7 7 7" />
	</Svg>
);
export const ChevronIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M9 5l7 7-7 7" />
	</Svg>
);
export const BagIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M5 8h14l-1 13H6Z" />
		<path d="M9 8a3 3 0 0 1 6 0" />
	</Svg>
);
export const ScooterIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="6" cy="17" r="3" />
		<circle cx="18" cy="17" r="3" />
		<path d="M9 17h6l2-7h-4M17 10l-2-4h-3" />
	</Svg>
);
export const ScanIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
		<path d="M4 12h16" />
	</Svg>
);
export const CalendarIcon = (p: IconProps) => (
	<Svg {...p}>
		<rect x="3" y="5" width="18" height="16" rx="2" />
		<path d="M3 10h18M8 3v4M16 3v4" />
	</Svg>
);
export const GiftIcon = (p: IconProps) => (
	<Svg {...p}>
		<rect x="3" y="8" width="18" height="5" rx="1" />
		<path d="M5 13v8h14v-8M12 8v13M12 8c-2-4-6-3-5 0M12 8c2-4 6-3 5 0" />
	</Svg>
);
export const TicketIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H3Z" />
		<path d="M14 6v12" strokeDasharray="2 2" />
	</Svg>
);
export const CardIcon = (p: IconProps) => (
	<Svg {...p}>
		<rect x="2" y="5" width="20" height="14" rx="2" />
		<path d="M2 10h20M6 15h4" />
	</Svg>
);
export const WalletIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 6h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4Z" />
		<path d="M4 6a2 2 0 0 1 2-2h10v2M15 13h2" />
	</Svg>
);
export const PinIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
		<circle cx="12" cy="9.5" r="2.5" />
	</Svg>
);
export const SearchIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="11" cy="11" r="6.5" />
		<path d="m16 16 4.5 4.5" />
	</Svg>
);
export const StoreIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 10v10h16V10M3 10l2-6h14l2 6Z" />
		<path d="M9 20v-5h6v5" />
	</Svg>
);
export const GlobeIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="12" cy="12" r="9" />
		<path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
	</Svg>
);
export const LogoutIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M15 4h4v16h-4M10 16l4-4-4-4M14 12H4" />
	</Svg>
);
export const InfoIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="12" cy="12" r="9" />
		<path d="M12 11v6M12 7.5v.5" />
	</Svg>
);
export const HelpIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="12" cy="12" r="9" />
		<path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17v.5" />
	</Svg>
);
export const ShieldIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M12 3 4 6v6c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V6Z" />
		<path d="m9 12 2 2 4-4" />
	</Svg>
);
export const DocumentIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M6 3h9l4 4v14H6Z" />
		<path d="M14 3v5h5M9 13h7M9 17h5" />
	</Svg>
);
export const PhoneIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
	</Svg>
);
export const ChatIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 5h16v11H9l-5 4Z" />
	</Svg>
);
export const StarIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
	</Svg>
);
export const CheckIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="m5 12 5 5 9-10" />
	</Svg>
);
export const PrinterIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M7 9V3h10v6M7 17H4v-8h16v8h-3" />
		<path d="M7 14h10v7H7Z" />
	</Svg>
);
export const CameraIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 8h3l2-3h6l2 3h3v11H4Z" />
		<circle cx="12" cy="13" r="3.5" />
	</Svg>
);

/**
 * The service list's `icon` is a short keyword chosen by the shop. Known keywords get a
 * matching icon; anything else gets a neutral document icon.
 */
const serviceIcons: Record<string, (p: IconProps) => ReactNode> = {
	help: HelpIcon,
	faq: HelpIcon,
	question: HelpIcon,
	about: InfoIcon,
	info: InfoIcon,
	agreement: DocumentIcon,
	terms: DocumentIcon,
	document: DocumentIcon,
	doc: DocumentIcon,
	privacy: ShieldIcon,
	shield: ShieldIcon,
	phone: PhoneIcon,
	contact: PhoneIcon,
	service: ChatIcon,
	chat: ChatIcon,
	feedback: ChatIcon,
	location: PinIcon,
	address: PinIcon,
	store: StoreIcon,
	shop: StoreIcon,
	vip: StarIcon,
	star: StarIcon,
	gift: GiftIcon,
	coupon: TicketIcon,
	card: CardIcon,
	wallet: WalletIcon,
};

export function ServiceIcon({ name, ...props }: IconProps & { name: string }) {
	const key = name.trim().toLowerCase();
	const Icon =
		serviceIcons[key] ?? Object.entries(serviceIcons).find(([keyword]) => key.includes(keyword))?.[1] ?? DocumentIcon;
	return <>{Icon(props)}</>;
}

// Icons of the menu, cart and shop screens.

export const CartIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 4h2l2.2 10.5a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
		<circle cx="9.5" cy="19" r="1.5" />
		<circle cx="17" cy="19" r="1.5" />
	</Svg>
);
export const PlusIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M12 5v14M5 12h14" />
	</Svg>
);
export const MinusIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M5 12h14" />
	</Svg>
);
export const CloseIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M6 6l12 12M18 6 6 18" />
	</Svg>
);
export const TrashIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
	</Svg>
);
export const CupIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M6 8h12l-1.5 12.5a1 1 0 0 1-1 .5h-7a1 1 0 0 1-1-.5Z" />
		<path d="M5 8h14M13 8l2-5 3 1" />
		<circle cx="10" cy="16" r=".6" />
		<circle cx="13" cy="17.5" r=".6" />
		<circle cx="14" cy="14.5" r=".6" />
	</Svg>
);
export const ClockIcon = (p: IconProps) => (
	<Svg {...p}>
		<circle cx="12" cy="12" r="9" />
		<path d="M12 7v5l3 2" />
	</Svg>
);
export const MegaphoneIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 10v4h3l6 4V6L7 10Z" />
		<path d="M17 9a4 4 0 0 1 0 6" />
	</Svg>
);
/** Sound on: a speaker with waves. */
export const SpeakerIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 9.5v5h3.5L12 18V6L7.5 9.5Z" />
		<path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
	</Svg>
);
/** Sound off: the speaker crossed out. */
export const SpeakerOffIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 9.5v5h3.5L12 18V6L7.5 9.5Z" />
		<path d="m16 9.5 5 5M21 9.5l-5 5" />
	</Svg>
);
export const BellIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
		<path d="M10 20.5a2 2 0 0 0 4 0" />
	</Svg>
);
export const TableIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 9h18M5 9v10M19 9v10M8 9V6h8v3" />
	</Svg>
);
/** A covered dish: the art of empty lists and of an item without a picture. */
export const ClocheIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 18h18M4.5 18a7.5 7.5 0 0 1 15 0" />
		<path d="M12 10.5V8.5M10.5 8.5h3" />
	</Svg>
);
export const WarningIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M12 4 2.8 19.5h18.4Z" />
		<path d="M12 10v4.5M12 17.3v.2" />
	</Svg>
);
export const LockIcon = (p: IconProps) => (
	<Svg {...p}>
		<rect x="5" y="10.5" width="14" height="10" rx="2" />
		<path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
	</Svg>
);
/** Work in progress: a page a later release fills. */
export const ToolsIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9Z" />
	</Svg>
);
/** Money coming back: an arrow turning back (refunds). */
export const RefundIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M9 14 4 9l5-5" />
		<path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
	</Svg>
);
/** A payment code to show at the counter. */
export const QrCodeIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M4 4h6v6H4ZM14 4h6v6h-6ZM4 14h6v6H4ZM14 14h3v3h-3ZM20 14v2M14 20h2M18 19h2v1" />
	</Svg>
);

/** An open eye: show what is hidden (a member's full phone number). */
export const EyeIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
		<circle cx="12" cy="12" r="3" />
	</Svg>
);
