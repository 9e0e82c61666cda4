import type { ShopSettings } from "@bayon/contract";
import { PlusIcon } from "../../../ui/icons";
import { TimeField } from "../pickers";
import { type EditorProps, FieldError, RemoveButton, Section } from "../settings-fields";
import { useShopSettingsText } from "../strings";

/** Monday first, as shops plan their week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The week's opening hours: each day's windows (one past midnight is overnight). */
export function HoursSection({ draft, change, errorOf }: EditorProps) {
	const { st, t } = useShopSettingsText();
	const windows = draft.weeklyHours.map((window, index) => ({ window, index }));
	const setWindow = (index: number, patch: Partial<ShopSettings["weeklyHours"][number]>) =>
		change({ weeklyHours: draft.weeklyHours.map((w, i) => (i === index ? { ...w, ...patch } : w)) });
	return (
		<Section title={st("section.hours")} testId="hours-section">
			<ul className="hours">
				{WEEK.map((weekday) => {
					const today = windows.filter(({ window }) => window.weekday === weekday);
					return (
						<li key={weekday} className="hours__day" data-testid={`hours-day-${weekday}`}>
							<span className="hours__weekday">{t(`shopInfo.weekday.${weekday}` as never)}</span>
							<div className="hours__windows">
								{today.length === 0 && <span className="field__hint">{st("hours.closed")}</span>}
								{today.map(({ window, index }) => {
									const error = errorOf(`weeklyHours.${index}.opensAt`) ?? errorOf(`weeklyHours.${index}.closesAt`);
									return (
										<div key={index} className="hours__window" data-testid={`hours-window-${index}`}>
											<TimeField
												value={window.opensAt}
												onChange={(opensAt) => setWindow(index, { opensAt })}
												label={st("hours.opens")}
												invalid={Boolean(error)}
												testId={`hours-${index}-opens`}
											/>
											<span aria-hidden="true">–</span>
											<TimeField
												value={window.closesAt}
												onChange={(closesAt) => setWindow(index, { closesAt })}
												label={st("hours.closes")}
												invalid={Boolean(error)}
												testId={`hours-${index}-closes`}
											/>
											{window.closesAt < window.opensAt && <span className="tag">{st("hours.overnight")}</span>}
											<RemoveButton
												onClick={() => change({ weeklyHours: draft.weeklyHours.filter((_, i) => i !== index) })}
												testId={`hours-${index}-remove`}
											/>
											<FieldError error={error} testId={`hours-${index}-error`} />
										</div>
									);
								})}
								<button
									type="button"
									className="text-button"
									onClick={() =>
										change({ weeklyHours: [...draft.weeklyHours, { weekday, opensAt: "09:00", closesAt: "17:00" }] })
									}
									data-testid={`hours-add-${weekday}`}
								>
									<PlusIcon /> {st("hours.add")}
								</button>
							</div>
						</li>
					);
				})}
			</ul>
		</Section>
	);
}
