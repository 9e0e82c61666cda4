import { QrViewfinder } from "../../../ui/qr-camera";
import { useStaffStoredValueText } from "../staff-strings";

/** The counter's camera, reading a member's payment code until `onText` accepts it. */
export function StaffPayCodeScanner({ onText }: { onText: (text: string) => void }) {
	const { st } = useStaffStoredValueText();
	return (
		<QrViewfinder
			onText={onText}
			texts={{
				starting: st("counter.starting"),
				denied: st("counter.cameraDenied"),
				noCamera: st("counter.noCamera"),
				failed: st("counter.cameraFailed"),
				retry: st("counter.retryCamera"),
			}}
			className="sv-counter__viewfinder"
			testId="counter-camera"
		/>
	);
}
