import { useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../../lib/api-client";
import { formatTimeInZone } from "../../../lib/format";
import { showToast } from "../../../lib/toast";
import { shopDetailQuery } from "../../venues/api";
import { pauseShop, setAcceptingOrders } from "../api";
import { Section } from "../settings-fields";
import { useShopSettingsText } from "../strings";

/**
 * Staff too: pause new orders for 15 / 30 / 60 minutes, or take them again. A shop closed until
 * opened (a new branch, decision 018) says so first, and the owner or a manager opens it here.
 */
export function PauseSection({ shopId, canOpen }: { shopId: number; canOpen: boolean }) {
	const { st, lang } = useShopSettingsText();
	const queryClient = useQueryClient();
	const detail = useQuery(shopDetailQuery(shopId, lang));
	const pausedUntil = detail.data?.openState.pausedUntil ?? null;
	const closed = detail.data?.openState.acceptingOrders === false;
	const open = async () => {
		try {
			await setAcceptingOrders(shopId, true);
			showToast(st("accepting.opened"));
		} catch (error) {
			showToast(errorText(error));
		}
		await queryClient.invalidateQueries({ queryKey: ["venues"] });
	};
	const until = pausedUntil && detail.data ? formatTimeInZone(pausedUntil, detail.data.timezone)?.time : null;
	const act = async (minutes: 0 | 15 | 30 | 60) => {
		try {
			await pauseShop(shopId, minutes);
		} catch (error) {
			showToast(errorText(error));
		}
		await queryClient.invalidateQueries({ queryKey: ["venues"] });
	};
	return (
		<Section title={st("section.pause")} testId="pause-section">
			{closed && (
				<div className="accepting-state" data-testid="accepting-state" role="status">
					<p className="pause-state pause-state--on">{st(canOpen ? "accepting.closed" : "accepting.askOwner")}</p>
					{canOpen && (
						<button
							type="button"
							className="button button--primary button--block"
							onClick={() => void open()}
							data-testid="accepting-open"
						>
							{st("accepting.open")}
						</button>
					)}
				</div>
			)}
			<p className="field__hint">{st("pause.hint")}</p>
			{/* "Taking orders" would contradict the closed state above. */}
			{(until || !closed) && (
				<p className={`pause-state${until ? " pause-state--on" : ""}`} data-testid="pause-state" role="status">
					{until ? st("pause.until", { time: until }) : st("pause.notPaused")}
				</p>
			)}
			<div className="shop-settings__row">
				{([15, 30, 60] as const).map((minutes) => (
					<button
						key={minutes}
						type="button"
						className="button button--small"
						onClick={() => void act(minutes)}
						data-testid={`pause-${minutes}`}
					>
						{st("pause.for", { minutes })}
					</button>
				))}
				{until && (
					<button
						type="button"
						className="button button--small button--primary"
						onClick={() => void act(0)}
						data-testid="pause-resume"
					>
						{st("pause.resume")}
					</button>
				)}
			</div>
		</Section>
	);
}
