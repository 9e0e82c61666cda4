import { showToast } from "../../../lib/toast";
import { usePointsText } from "../guest-strings";

/** Puts `text` on the clipboard; says so, or how to copy it by hand when the browser refuses. */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
	const { pt } = usePointsText();
	const copy = async () => {
		try {
			if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
			await navigator.clipboard.writeText(text);
			showToast(pt("order.copied"));
		} catch {
			showToast(pt("order.copyFailed"));
		}
	};
	return (
		<button
			type="button"
			className="button button--ghost button--small pt-copy"
			onClick={() => void copy()}
			data-testid={testId}
		>
			{pt("order.copy")}
		</button>
	);
}
