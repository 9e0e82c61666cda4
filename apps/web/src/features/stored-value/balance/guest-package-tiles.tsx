import type { RechargePackageView } from "@bayon/contract";
import { useId } from "react";
import { useMoney } from "../../../lib/app-config";
import { CheckIcon } from "../../../ui/icons";
import { useStoredValueText } from "../guest-strings";

/**
 * The recharge packages as tiles, one of which is chosen: "pay X", "get X + bonus", the bonus
 * highlighted. Each tile is a label around a hidden native radio, so keys and assistive tech
 * work as for any radio group.
 */
export function GuestPackageTiles({
	packages,
	selectedId,
	onSelect,
	invalid,
	labelledBy,
}: {
	packages: RechargePackageView[];
	selectedId: number | null;
	onSelect: (id: number) => void;
	invalid: boolean;
	labelledBy: string;
}) {
	const { st } = useStoredValueText();
	const money = useMoney();
	const name = useId();
	return (
		<div
			className={`sv-packages${invalid ? " is-invalid" : ""}`}
			role="radiogroup"
			aria-labelledby={labelledBy}
			aria-invalid={invalid || undefined}
			data-testid="recharge-packages"
		>
			{packages.map((pack) => {
				const selected = pack.id === selectedId;
				return (
					<label
						key={pack.id}
						className={`sv-package${selected ? " is-selected" : ""}`}
						data-testid={`recharge-package-${pack.id}`}
					>
						<input
							type="radio"
							className="visually-hidden"
							name={name}
							value={pack.id}
							checked={selected}
							onChange={() => onSelect(pack.id)}
						/>
						{selected && <CheckIcon className="sv-package__check" />}
						<span className="sv-package__name">{pack.name}</span>
						<span className="sv-package__pay">
							<span className="sv-package__pay-label">{st("package.pay")}</span>
							<span className="sv-package__pay-amount">{money(pack.payAmount)}</span>
						</span>
						<span className="sv-package__get">
							{st("package.get", { amount: money(pack.payAmount + pack.bonusAmount) })}
						</span>
						{pack.bonusAmount > 0 && (
							<span className="sv-package__bonus" data-testid={`recharge-package-bonus-${pack.id}`}>
								{st("package.bonus", { amount: money(pack.bonusAmount) })}
							</span>
						)}
					</label>
				);
			})}
		</div>
	);
}
