import type { MemberInfo } from "@bayon/contract";
import { Link } from "react-router";
import { maskPhone } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { Avatar } from "../../../ui/avatar";
import { ChevronIcon } from "../../../ui/icons";

/** The top of the mine page: the member's summary, or a sign-in entry for visitors. */
export function ProfileHeader({ member }: { member: MemberInfo | null }) {
	const { t } = useI18n();
	if (!member) {
		return (
			<Link to={Paths.login} className="mine-profile" data-testid="mine-sign-in">
				<Avatar src={null} name={null} alt="" />
				<span className="mine-profile__text">
					<span className="mine-profile__name">{t("mine.signIn")}</span>
					<span className="mine-profile__meta">{t("mine.signInHint")}</span>
				</span>
				<ChevronIcon className="mine-profile__chevron" />
			</Link>
		);
	}
	return (
		<Link
			to={Paths.mineUserinfo}
			className="mine-profile"
			data-testid="mine-profile"
			aria-label={`${member.nickname} · ${t("mine.editProfile")}`}
		>
			<Avatar src={member.avatar} name={member.nickname} alt={t("mine.avatarAlt", { name: member.nickname })} />
			<span className="mine-profile__text">
				<span className="mine-profile__name" data-testid="mine-nickname">
					{member.nickname}
				</span>
				<span className="mine-profile__meta" data-testid="mine-phone">
					{maskPhone(member.mobile)}
				</span>
			</span>
			<span className="mine-profile__edit">{t("mine.editProfile")}</span>
			<ChevronIcon className="mine-profile__chevron" />
		</Link>
	);
}
