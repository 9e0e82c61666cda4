import type { MessageKey, OrderType, ShopSettings } from "@bayon/contract";
import { type ReactNode, useState } from "react";
import { useCurrency } from "../../lib/app-config";
import { PlusIcon, TrashIcon } from "../../ui/icons";
import { type ShopSettingsKey, useShopSettingsText } from "./strings";

export const LANGS = ["zh-CN", "en", "km"] as const;
export const ORDER_TYPES: OrderType[] = ["takein", "takeout", "desk"];
export const ORDER_TYPE_KEYS = {
	takein: "orderTypeTakein",
	takeout: "orderTypeTakeout",
	desk: "orderTypeDesk",
} as const;

/** What every section of the editor is given: the draft, a patch, and a path's problem. */
export interface EditorProps {
	draft: ShopSettings;
	change: (patch: Partial<ShopSettings>) => void;
	errorOf: (path: string) => MessageKey | undefined;
}

/** A card of the settings with its title. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
	return (
		<section className="card shop-settings__section" data-testid={testId}>
			<h2 className="section__title">{title}</h2>
			{children}
		</section>
	);
}

/** An image file input drawn as an upload button. */
export function UploadButton({ onFile, testId }: { onFile: (file: File | undefined) => void; testId: string }) {
	const { st } = useShopSettingsText();
	return (
		<label className="button button--small">
			<PlusIcon /> {st("info.upload")}
			<input
				type="file"
				accept="image/*"
				className="visually-hidden"
				onChange={(event) => onFile(event.target.files?.[0])}
				data-testid={testId}
			/>
		</label>
	);
}

export function RemoveButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
	const { st } = useShopSettingsText();
	return (
		<button type="button" className="icon-button" aria-label={st("info.remove")} onClick={onClick} data-testid={testId}>
			<TrashIcon />
		</button>
	);
}

export function FieldError({ error, testId }: { error: MessageKey | undefined; testId?: string }) {
	const { m } = useShopSettingsText();
	if (!error) return null;
	return (
		<p className="field__error" role="alert" data-testid={testId}>
			{m(error, { field: "" })}
		</p>
	);
}

export function TextField({
	label,
	value,
	onChange,
	error,
	testId,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	error?: MessageKey | undefined;
	testId: string;
}) {
	return (
		<label className="field">
			<span className="field__label">{label}</span>
			<input
				className="field__input"
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={Boolean(error)}
				data-testid={testId}
			/>
			<FieldError error={error} />
		</label>
	);
}

/** One text of the draft in the three languages. */
export function LocalizedFields({
	field,
	label,
	draft,
	change,
	errorOf,
}: EditorProps & { field: "name" | "address" | "notice"; label: ShopSettingsKey }) {
	const { st } = useShopSettingsText();
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{st(label)}</legend>
			{LANGS.map((lang) => (
				<TextField
					key={lang}
					label={st(`info.lang.${lang}`)}
					value={draft[field][lang]}
					onChange={(value) => change({ [field]: { ...draft[field], [lang]: value } })}
					error={errorOf(`${field}.${lang}`)}
					testId={`settings-${field}-${lang}`}
				/>
			))}
		</fieldset>
	);
}

/** Money typed in major units ("1.50"), kept in minor units. */
export function MoneyField({
	label,
	value,
	onChange,
	error,
	testId,
}: {
	label: string;
	value: number;
	onChange: (value: number) => void;
	error?: MessageKey | undefined;
	testId: string;
}) {
	const currency = useCurrency();
	const scale = 10 ** currency.decimals;
	const [text, setText] = useState((value / scale).toFixed(currency.decimals));
	return (
		<label className="field">
			<span className="field__label">{label}</span>
			<input
				className="field__input"
				inputMode="decimal"
				value={text}
				onChange={(event) => {
					setText(event.target.value);
					const parsed = Number(event.target.value);
					onChange(event.target.value.trim() === "" || Number.isNaN(parsed) ? Number.NaN : Math.round(parsed * scale));
				}}
				aria-invalid={Boolean(error)}
				data-testid={testId}
			/>
			<FieldError error={error} />
		</label>
	);
}
