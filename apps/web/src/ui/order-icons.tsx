import type { ReactNode, SVGProps } from "react";

/**
 * Line icons of the menu, cart and shop screens (24×24, stroke = currentColor), drawn like
 * icons.tsx. Kept in their own file while several screens are being built at once.
 */
function Svg({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
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
export const TableIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M3 9h18M5 9v10M19 9v10M8 9V6h8v3" />
	</Svg>
);
export const PhoneIcon = (p: IconProps) => (
	<Svg {...p}>
		<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
	</Svg>
);
