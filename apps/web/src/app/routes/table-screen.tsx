import { OpenBillLink } from "../../features/ordering/bill/open-bill-link";
import OperateScreen from "../../features/tables/screens/operate-screen";

/**
 * scan/operate: the table's page (tables) with the bill the table already owes (orders). The
 * shell puts the two together, so that tables, which ordering stands on, never imports orders.
 */
export default function TableScreen() {
	return <OperateScreen openBill={(token) => <OpenBillLink token={token} />} />;
}
