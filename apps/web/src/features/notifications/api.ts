import type {
	NoticeSettings,
	SaveNoticeSettingInput,
	ShopTelegramGroup,
	TelegramGroupLink,
	UnlinkTelegramGroupInput,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, request } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";

/** The member's Telegram switches and the owner's staff group (issue 15). */
export const noticeKeys = {
	settings: ["notice-settings"] as const,
	group: (shopId: number) => ["telegram-group", shopId] as const,
};

/** Read again when the member comes back from the bot's chat (after pressing Start there). */
export const noticeSettingsQuery = () =>
	queryOptions({
		queryKey: noticeKeys.settings,
		queryFn: () => api.get<NoticeSettings>("/member/notice-settings"),
		refetchOnWindowFocus: "always",
	});

/** One switch per call, so two devices never undo each other; answers every switch as it now is. */
export function saveNoticeSetting(input: SaveNoticeSettingInput): Promise<NoticeSettings> {
	return request<NoticeSettings>("/member/notice-settings", { method: "PUT", body: input, toast: false });
}

/**
 * The shop's group: read again when the owner comes back to the page (from Telegram, where
 * they just added the bot), so the group appears without a manual refresh.
 */
export const telegramGroupQuery = (shopId: number) =>
	queryOptions({
		queryKey: noticeKeys.group(shopId),
		queryFn: () => api.get<ShopTelegramGroup>("/merchant/telegram-group", { shopId }),
		refetchOnWindowFocus: "always",
		staleTime: 0,
	});

export const createTelegramGroupLink = (shopId: number) =>
	api.post<TelegramGroupLink>("/merchant/telegram-group/link", { shopId }, { loading: true });

export async function unlinkTelegramGroup(input: UnlinkTelegramGroupInput): Promise<ShopTelegramGroup> {
	const group = await api.post<ShopTelegramGroup>("/merchant/telegram-group/unlink", input, { loading: true });
	queryClient.setQueryData(noticeKeys.group(input.shopId), group);
	return group;
}
