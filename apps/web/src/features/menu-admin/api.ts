import type {
	AdminMenu,
	MoveMenuRowInput,
	RemoveMenuRowInput,
	SavedMenuItem,
	SaveMenuCategoryInput,
	SaveMenuItemInput,
	SaveOptionGroupInput,
	SetSoldOutInput,
	SoldOutResult,
	UploadedFile,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";

/** The menu as the shop edits it (every language, hidden categories, versions). */

/** Written out rather than imported from the contract's ErrorCode (a value export). */
export const MENU_CHANGED = 1008003007;
/** A stock edit would take off more than is left now (its data: `{stock}` left now). */
export const STOCK_BELOW_WHAT_IS_LEFT = 1008003009;
/** "Back in stock" of a row with none left: say how many came back (`addStock`). */
export const RESTOCK_NEEDED = 1008003010;

export const menuAdminKeys = {
	menu: (shopId: number) => ["menu-admin", shopId] as const,
};

export const adminMenuQuery = (shopId: number) =>
	queryOptions({
		queryKey: menuAdminKeys.menu(shopId),
		queryFn: () => api.get<AdminMenu>("/merchant/menu", { shopId }),
	});

/** After any change: the editor's copy and the customer menu this device may have cached. */
export async function refreshMenus(shopId: number): Promise<void> {
	await Promise.all([
		queryClient.invalidateQueries({ queryKey: menuAdminKeys.menu(shopId) }),
		queryClient.invalidateQueries({ queryKey: ["menu"] }),
	]);
}

type Saved = { id: number; version: number };
/** Forms show the errors themselves (per field, or "changed by someone else"). */
const quiet = { toast: false, loading: true } as const;

export const saveCategory = (input: SaveMenuCategoryInput) =>
	api.post<Saved>("/merchant/menu/category/save", input, quiet);
export const saveItem = (input: SaveMenuItemInput) => api.post<SavedMenuItem>("/merchant/menu/item/save", input, quiet);
export const removeItem = (input: RemoveMenuRowInput) => api.post("/merchant/menu/item/remove", input, quiet);
export const saveOptionGroup = (input: SaveOptionGroupInput) =>
	api.post<Saved>("/merchant/menu/group/save", input, quiet);
export const removeOptionGroup = (input: RemoveMenuRowInput) => api.post("/merchant/menu/group/remove", input, quiet);
export const moveRow = (kind: "category" | "item", input: MoveMenuRowInput) =>
	api.post(`/merchant/menu/${kind}/move`, input);
/** One tap during service; the switch says what happened. */
export const setSoldOut = (input: SetSoldOutInput) =>
	api.post<SoldOutResult>("/merchant/menu/sold-out", input, { toast: false });
export const uploadPhoto = (file: File) =>
	api.upload<UploadedFile>("/infra/file/upload", file, file.name, { toast: false, loading: true });
