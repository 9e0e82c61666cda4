import type { ShopRulesPreview, ShopSettings } from "@bayon/contract";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { Stepper } from "../../../ui/stepper";
import { DateField, TimeField } from "../pickers";
import { ORDER_TYPE_KEYS, ORDER_TYPES, Section } from "../settings-fields";
import { useShopSettingsText } from "../strings";
import { type RulesPreview, useRulesPreview } from "./use-rules-preview";
import type { Point } from "./use-settings-map";

/** What a customer would meet under the unsaved settings: open or not, the zone, the fee, the messages. */
export function PreviewSection({
	draft,
	shopId,
	timezone,
	point,
	onPickPoint,
}: {
	draft: ShopSettings;
	shopId: number;
	timezone: string;
	point: Point | null;
	onPickPoint: () => void;
}) {
	const { st } = useShopSettingsText();
	const preview = useRulesPreview({ draft, shopId, timezone, point });
	const { menu, items, chosen, orderType, result } = preview;
	return (
		<Section title={st("section.preview")} testId="preview-section">
			<p className="field__hint">{st("preview.hint")}</p>
			<PreviewOrder preview={preview} />
			{orderType === "takeout" && (
				<button type="button" className="text-button" onClick={onPickPoint} data-testid="preview-pick-point">
					{st("preview.point")}
					{point && ` · ${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`}
				</button>
			)}
			{/* Nothing to price until the menu is here: the button says so instead of doing nothing. */}
			{!chosen && (
				<p className="field__hint" data-testid="preview-waiting">
					{menu.isPending
						? st("preview.menuLoading")
						: menu.isError
							? errorText(menu.error)
							: items.length === 0
								? st("preview.noItems")
								: st("preview.chooseItem")}
				</p>
			)}
			<button
				type="button"
				className="button button--block"
				onClick={() => void preview.run()}
				disabled={!chosen}
				data-testid="preview-run"
			>
				{st("preview.run")}
			</button>
			{result && <PreviewResult result={result} problems={preview.problems} />}
		</Section>
	);
}

/** The order previewed: an item, how many, the order type, the date and time. */
function PreviewOrder({ preview }: { preview: RulesPreview }) {
	const { st, m } = useShopSettingsText();
	const money = useMoney();
	const { items, chosen, quantity, orderType, date, time, setWhen } = preview;
	return (
		<>
			<fieldset className="field field--fieldset">
				<legend className="field__label">{st("preview.item")}</legend>
				<div className="shop-settings__row preview__items">
					{items.slice(0, 12).map((item) => (
						<button
							key={item.id}
							type="button"
							className={`chip${chosen?.id === item.id ? " chip--on" : ""}`}
							aria-pressed={chosen?.id === item.id}
							onClick={() => preview.setItemId(item.id)}
						>
							{item.name} · {money(item.price)}
						</button>
					))}
				</div>
			</fieldset>
			<div className="field">
				<span className="field__label">{st("preview.quantity")}</span>
				<Stepper
					value={quantity}
					onChange={(q) => preview.setQuantity(Math.max(1, q))}
					min={1}
					label={st("preview.quantity")}
					testId="preview-quantity"
				/>
			</div>
			<fieldset className="shop-settings__row shop-settings__group" aria-label={st("preview.orderType")}>
				{ORDER_TYPES.map((type) => (
					<button
						key={type}
						type="button"
						className={`chip${orderType === type ? " chip--on" : ""}`}
						aria-pressed={orderType === type}
						onClick={() => preview.setOrderType(type)}
						data-testid={`preview-type-${type}`}
					>
						{m(ORDER_TYPE_KEYS[type])}
					</button>
				))}
			</fieldset>
			<div className="shop-settings__row">
				<span className="field__label">{st("preview.date")}</span>
				<DateField
					value={date}
					onChange={(d) => setWhen({ date: d, time })}
					label={st("preview.date")}
					testId="preview-date"
				/>
				<span className="field__label">{st("preview.time")}</span>
				<TimeField
					value={time}
					onChange={(t) => setWhen({ date, time: t })}
					label={st("preview.time")}
					testId="preview-time"
				/>
			</div>
		</>
	);
}

/** The server's answer: open or closed, in the zone or not, the figures, what the customer would read. */
function PreviewResult({ result, problems }: { result: ShopRulesPreview; problems: RulesPreview["problems"] }) {
	const { st } = useShopSettingsText();
	const money = useMoney();
	return (
		<div className="preview__result" data-testid="preview-result" data-orderable={result.cart.orderable}>
			<p className={`pause-state${result.openState.isOpen ? "" : " pause-state--on"}`} data-testid="preview-open">
				{result.openState.isOpen ? st("preview.open") : st("preview.closed")}
			</p>
			{result.delivery && (
				<p data-testid="preview-zone">{result.delivery.inRange ? st("preview.inZone") : st("preview.outOfZone")}</p>
			)}
			<dl className="preview__figures">
				{result.delivery?.inRange && (
					<>
						<dt>{st("preview.fee")}</dt>
						<dd>{money(result.cart.deliveryFee)}</dd>
						<dt>{st("preview.minimum")}</dt>
						<dd>{money(result.cart.minDeliveryPrice ?? 0)}</dd>
					</>
				)}
				<dt>{st("preview.total")}</dt>
				<dd data-testid="preview-total">{money(result.cart.total)}</dd>
			</dl>
			<p className="field__label">{st("preview.customerSees")}</p>
			<ul className="preview__messages" data-testid="preview-messages">
				{problems.length === 0 ? (
					<li>{st("preview.ok")}</li>
				) : (
					problems.map((p) => <li key={`${p.code}-${p.message}`}>{p.message}</li>)
				)}
			</ul>
		</div>
	);
}
