import { type MerchantShopRef, roleAllows } from "@bayon/contract";
import { errorText } from "../../lib/api-client";
import { StaffShop } from "../../ui/staff/staff-shop";
import { ErrorState, LoadingState } from "../../ui/states";
import { MapSection } from "./delivery/map-section";
import { ClosuresSection } from "./opening/closures-section";
import { HoursSection } from "./opening/hours-section";
import { PauseSection } from "./opening/pause-section";
import { InfoSection } from "./profile/info-section";
import { useShopSettingsText } from "./strings";
import { useShopSettingsEditor } from "./use-shop-settings-editor";
import "./shop-settings.css";

/** merchant/shopInfo: the owner's shop settings, the pause switch and the rules preview. */
export default function ShopSettingsScreen() {
	return <StaffShop>{(shop) => <ShopSettingsPage shop={shop} />}</StaffShop>;
}

function ShopSettingsPage({ shop }: { shop: MerchantShopRef }) {
	const canEdit = roleAllows(shop.role, "shop");
	return (
		<div className="shop-settings page-pad" data-testid="shop-settings">
			<PauseSection shopId={shop.shopId} canOpen={canEdit} />
			{canEdit && <SettingsEditor shopId={shop.shopId} />}
		</div>
	);
}

/** The owner's part: the shop's info, hours, closures, the map with its zones and the preview, then save. */
function SettingsEditor({ shopId }: { shopId: number }) {
	const { st, m } = useShopSettingsText();
	const { saved, draft, change, errorOf, save, firstError } = useShopSettingsEditor(shopId);
	if (saved.isError) return <ErrorState message={errorText(saved.error)} onRetry={() => void saved.refetch()} />;
	if (!draft || !saved.data) return <LoadingState />;
	return (
		<>
			<InfoSection draft={draft} change={change} errorOf={errorOf} />
			<HoursSection draft={draft} change={change} errorOf={errorOf} />
			<ClosuresSection draft={draft} change={change} errorOf={errorOf} timezone={saved.data.timezone} />
			<MapSection draft={draft} change={change} errorOf={errorOf} shopId={shopId} timezone={saved.data.timezone} />
			<div className="shop-settings__save">
				{firstError && (
					<p className="field__error" role="alert" data-testid="settings-errors">
						{m(firstError)}
					</p>
				)}
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => void save()}
					data-testid="settings-save"
				>
					{st("save")}
				</button>
			</div>
		</>
	);
}
