import { PlatformGuard } from "../platform-guard";
import { PlatformShopsView } from "./wallet-platform-shops";
import "../../../../ui/controls.css";
import "../../../../ui/staff/merchant.css";

/** platform/shops: every shop's wallet for a platform operator; `?shopId=` opens one (issue 14). */
export default function PlatformShopsScreen() {
	return <PlatformGuard>{() => <PlatformShopsView />}</PlatformGuard>;
}
