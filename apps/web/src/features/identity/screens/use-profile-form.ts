import { Limits, type MemberInfo, type MessageKey, UpdateProfileInput } from "@bayon/contract";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { errorText as requestErrorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { isMessageKey } from "../../../lib/i18n/messages";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { updateProfile, uploadImage } from "../api";

export type Gender = 0 | 1 | 2;
export type FieldErrors = Partial<Record<"nickname" | "gender" | "birthday" | "avatar", string>>;

/** Checks the file before uploading it; the server checks again and its message wins. */
function checkImage(file: File): MessageKey | null {
	if (!file.type.startsWith("image/")) return "fileNotImage";
	if (file.size > Limits.uploadMaxBytes) return "fileTooLarge";
	return null;
}

/** The profile's fields, started from the member's values, the avatar's upload and the save. */
export function useProfileForm(member: MemberInfo) {
	const { t, m } = useI18n();
	const [nickname, setNickname] = useState(member.nickname);
	const [gender, setGender] = useState<Gender>(member.gender);
	const [birthday, setBirthday] = useState(member.birthday ?? "");
	const [errors, setErrors] = useState<FieldErrors>({});
	const [uploading, setUploading] = useState(false);

	const onAvatarChange = async (event: ChangeEvent<HTMLInputElement>) => {
		const input = event.currentTarget;
		const file = input.files?.[0];
		input.value = ""; // choosing the same file again still fires change
		if (!file) return;
		const problem = checkImage(file);
		if (problem) {
			setErrors((current) => ({
				...current,
				avatar: m(problem, { mb: Limits.uploadMaxBytes / 1024 / 1024 }),
			}));
			return;
		}
		setErrors((current) => ({ ...current, avatar: undefined }));
		setUploading(true);
		try {
			const uploaded = await uploadImage(file);
			await updateProfile({ avatar: uploaded.url });
			showToast(t("profile.avatarUpdated"));
		} catch (error) {
			// The request layer toasted the server's message; keep it next to the avatar too.
			setErrors((current) => ({ ...current, avatar: requestErrorText(error) }));
		} finally {
			setUploading(false);
		}
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		const input = { nickname: nickname.trim(), gender, birthday: birthday || null };
		const parsed = UpdateProfileInput.safeParse(input);
		if (!parsed.success) {
			const found: FieldErrors = {};
			for (const issue of parsed.error.issues) {
				const field = String(issue.path[0] ?? "nickname") as keyof FieldErrors;
				found[field] ??= isMessageKey(issue.message) ? m(issue.message, { field }) : issue.message;
			}
			setErrors(found);
			return;
		}
		setErrors({});
		try {
			await updateProfile(parsed.data);
			showToast(t("profile.saved"));
		} catch {
			// shown by the request layer
		}
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		save();
	};

	return {
		nickname,
		setNickname,
		gender,
		setGender,
		birthday,
		setBirthday,
		errors,
		uploading,
		onAvatarChange,
		onSubmit,
		saving,
	};
}
