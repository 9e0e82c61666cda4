import { CreateBranchInput, type CreatedBranch } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatMessage, isMessageKey } from "../../../lib/i18n/messages";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { queryClient } from "../../../lib/query-client";
import { identityKeys } from "../../identity/api";
import type { LatLng } from "../../maps/map-style";
import { shopDetailQuery } from "../../venues/api";
import { createBranch } from "../api";
import { useBranchText } from "../strings";

export const LANGS = ["zh-CN", "en", "km"] as const;
type Lang = (typeof LANGS)[number];
export type Texts = Record<Lang, string>;
const emptyTexts = (): Texts => ({ "zh-CN": "", en: "", km: "" });

/** Every field the form shows a problem under: `name.zh-CN`, `phone`, `point`… */
export type Problems = Record<string, string>;

/**
 * The new branch's form: the shop it copies, its names, addresses, phone and place, the
 * contract's checks, and one idempotency key for the form.
 */
export function useBranchForm({
	initialSource,
	onCreated,
}: {
	initialSource: number;
	onCreated: (branch: CreatedBranch) => void;
}) {
	const { bt, lang } = useBranchText();
	const [sourceShopId, setSourceShopId] = useState(initialSource);
	const [name, setName] = useState<Texts>(emptyTexts);
	const [address, setAddress] = useState<Texts>(emptyTexts);
	const [phone, setPhone] = useState("");
	const [point, setPoint] = useState<LatLng | null>(null);
	const [problems, setProblems] = useState<Problems>({});
	const [saving, setSaving] = useState(false);
	// One key for this form: a double tap or a resend after a lost answer opens one branch (the
	// server keeps the key only when a branch was opened, so a refused try may be corrected).
	const [key] = useState(newIdempotencyKey);
	const source = useQuery(shopDetailQuery(sourceShopId, lang));
	const sourcePlace = source.data ? { latitude: source.data.latitude, longitude: source.data.longitude } : null;

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		if (saving) return;
		const parsed = CreateBranchInput.safeParse({
			sourceShopId,
			name,
			address,
			phone,
			latitude: point?.latitude,
			longitude: point?.longitude,
		});
		const found: Problems = {};
		if (!parsed.success)
			for (const issue of parsed.error.issues) {
				const field = issue.path[0] === "latitude" || issue.path[0] === "longitude" ? "point" : issue.path.join(".");
				found[field] ??= field === "point" ? bt("pickPoint") : messageOf(issue.message, lang);
			}
		setProblems(found);
		if (!parsed.success) return;
		setSaving(true);
		try {
			const branch = await createBranch(parsed.data, key);
			// The member's shops now include the branch: merchant/my and the guard see it.
			await queryClient.invalidateQueries({ queryKey: identityKeys.member });
			onCreated(branch);
		} catch {
			// The request layer showed the server's message.
		} finally {
			setSaving(false);
		}
	};

	/** An edited field's problem goes away until the next submit checks it again. */
	const edited = (field: string) =>
		setProblems((current) => {
			if (!(field in current)) return current;
			const { [field]: _fixed, ...rest } = current;
			return rest;
		});

	return {
		sourceShopId,
		setSourceShopId,
		name,
		setName,
		address,
		setAddress,
		phone,
		setPhone,
		point,
		setPoint,
		problems,
		edited,
		saving,
		source,
		sourcePlace,
		submit,
	};
}

export type BranchFormState = ReturnType<typeof useBranchForm>;

/** The contract's message in the page's language (a rule's key), or the text as it came. */
function messageOf(message: string, lang: string): string {
	return isMessageKey(message) ? formatMessage(message, lang) : message;
}
