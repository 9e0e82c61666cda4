import { useLoading } from "../lib/loading";
import { useToast } from "../lib/toast";

/** The single toast and the blocking loading indicator, mounted once at the app root. */
export function FeedbackHost() {
	const toast = useToast();
	const loading = useLoading();
	return (
		<>
			<div className="toast-region" aria-live="polite" aria-atomic="true">
				{toast && (
					<div key={toast.id} className="toast" role="status" data-testid="toast">
						{toast.text}
					</div>
				)}
			</div>
			{loading && (
				<div className="loading-overlay" data-testid="loading-overlay" aria-busy="true">
					<span className="spinner spinner--large" aria-hidden="true" />
				</div>
			)}
		</>
	);
}
