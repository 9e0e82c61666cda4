import { ErrorCode, type MessageKey, type ShopSettings, ShopSettingsInput } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { ApiError, errorText } from "../../lib/api-client";
import { isMessageKey } from "../../lib/i18n/messages";
import { showToast } from "../../lib/toast";
import { saveShopSettings, shopSettingsQuery } from "./api";
import { useShopSettingsText } from "./strings";

type Errors = Map<string, MessageKey>;

function validate(settings: ShopSettings): Errors {
	const result = ShopSettingsInput.safeParse(settings);
	const errors: Errors = new Map();
	for (const issue of result.error?.issues ?? []) {
		const path = issue.path.join(".");
		if (!errors.has(path)) errors.set(path, isMessageKey(issue.message) ? issue.message : "fieldInvalid");
	}
	return errors;
}

/**
 * The owner's settings as a draft: started from the server (and again when someone saves), the
 * contract's checks shown once the owner tried to save, and the save.
 */
export function useShopSettingsEditor(shopId: number) {
	const { st, lang } = useShopSettingsText();
	const queryClient = useQueryClient();
	const saved = useQuery(shopSettingsQuery(shopId, lang));
	const [draft, setDraft] = useState<ShopSettings | null>(null);
	const [version, setVersion] = useState(0);
	const [showErrors, setShowErrors] = useState(false);

	useEffect(() => {
		if (saved.data && (draft === null || saved.data.version !== version)) {
			setDraft(saved.data.settings);
			setVersion(saved.data.version);
		}
	}, [saved.data, draft, version]);

	const errors: Errors = useMemo(() => (draft ? validate(draft) : new Map()), [draft]);

	// Used once the draft is there (the screen shows the loading state until then).
	const change = (patch: Partial<ShopSettings>) => setDraft({ ...(draft as ShopSettings), ...patch });
	const errorOf = (path: string) => (showErrors ? errors.get(path) : undefined);

	const save = async () => {
		if (!draft) return;
		setShowErrors(true);
		if (errors.size > 0) {
			showToast(st("fixErrors"));
			return;
		}
		try {
			const view = await saveShopSettings(shopId, version, draft);
			queryClient.setQueryData(shopSettingsQuery(shopId, lang).queryKey, view);
			setDraft(view.settings);
			setVersion(view.version);
			setShowErrors(false);
			showToast(st("saved"));
			await queryClient.invalidateQueries({ queryKey: ["venues"] });
		} catch (error) {
			showToast(errorText(error));
			// Someone else saved: show their version (the page keeps nothing stale).
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				setDraft(null);
				await saved.refetch();
			}
		}
	};

	const firstError = showErrors && errors.size > 0 ? ([...errors.values()][0] as MessageKey) : undefined;
	return { saved, draft, change, errorOf, save, firstError };
}
