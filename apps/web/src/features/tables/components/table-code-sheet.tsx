import type { TableGridEntry } from "@bayon/contract";
import { PrinterIcon } from "../../../ui/icons";
import { QrCode } from "../../../ui/qr-code";
import { BottomSheet } from "../../../ui/sheet";
import { useTableStaffText } from "../staff-strings";

/**
 * One table's QR code on screen (issue 27): the owner checks it, or prints just this table's
 * code (after a new code, or a worn one) instead of the whole shop's sheet. Printing shows only
 * the card below (bell.css's print rules): the shop, the table's number and area, the code.
 */
export function TableCodeSheet({
	table,
	shopName,
	onClose,
}: {
	table: TableGridEntry | null;
	shopName: string;
	onClose: () => void;
}) {
	const { st } = useTableStaffText();
	return (
		<BottomSheet
			open={table !== null}
			onClose={onClose}
			title={table ? st("tables.codeTitle", { table: table.number }) : ""}
			testId="table-code"
			footer={
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => window.print()}
					data-testid="table-code-print"
				>
					<PrinterIcon aria-hidden="true" /> {st("tables.printOne")}
				</button>
			}
		>
			{table && (
				<div className="table-code">
					<div className="table-code__card" data-testid="table-code-card">
						<p className="table-code__shop">{shopName}</p>
						<QrCode
							text={table.qrUrl}
							label={st("tables.codeTitle", { table: table.number })}
							className="table-code__qr"
							testId="table-code-qr"
							size={240}
						/>
						<p className="table-code__number" data-testid="table-code-number">
							{st("tables.codeTable", { table: table.number })}
						</p>
						{table.area && <p className="table-code__area">{table.area}</p>}
					</div>
					<p className="field__hint">{st("tables.codeHint")}</p>
				</div>
			)}
		</BottomSheet>
	);
}
