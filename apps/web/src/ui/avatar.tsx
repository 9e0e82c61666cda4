import { UserIcon } from "./icons";

/** A round avatar: the image when there is one, else the name's first letter (or a silhouette). */
export function Avatar({
	src,
	name,
	alt,
	size = 64,
}: {
	src: string | null | undefined;
	name: string | null | undefined;
	/** Text alternative of the image; leave empty when the name is shown next to it. */
	alt: string;
	size?: number;
}) {
	const style = { width: size, height: size };
	if (src) {
		return (
			<img className="avatar" src={src} alt={alt} style={style} width={size} height={size} data-testid="avatar-image" />
		);
	}
	const initial = name?.trim().charAt(0);
	return (
		<span className="avatar avatar--placeholder" style={{ ...style, fontSize: size * 0.42 }} aria-hidden="true">
			{initial ? initial.toUpperCase() : <UserIcon />}
		</span>
	);
}
