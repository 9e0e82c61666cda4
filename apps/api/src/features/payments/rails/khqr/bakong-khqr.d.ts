/**
 * The part of the National Bank of Cambodia's KHQR SDK (`bakong-khqr` 1.0.20, plain
 * JavaScript without types) that the KHQR rail and its tests use, as its source reads.
 */
declare module "bakong-khqr" {
	/** `{ status: { code: 0 | 1, errorCode, message }, data }`: code 1 is a refusal, with data null. */
	interface KHQRResponse<T> {
		status: { code: number; errorCode: number | null; message: string | null };
		data: T | null;
	}
	interface OptionalData {
		/** khqrData.currency.usd (840) or .khr (116). */
		currency?: number;
		/** Dollars with at most two decimals ("12.50"), or whole riel. */
		amount?: string | number;
		billNumber?: string;
		mobileNumber?: string;
		storeLabel?: string;
		terminalLabel?: string;
		purposeOfTransaction?: string;
		/** Milliseconds since the epoch (13 digits); required for a code with an amount. */
		expirationTimestamp?: number;
		merchantCategoryCode?: string;
	}
	class IndividualInfo {
		constructor(bakongAccountID: string, merchantName: string, merchantCity: string, optional?: OptionalData);
	}
	class MerchantInfo extends IndividualInfo {
		constructor(
			bakongAccountID: string,
			merchantName: string,
			merchantCity: string,
			merchantID: string,
			acquiringBank: string,
			optional?: OptionalData,
		);
	}
	/** What decode reads out of a KHQR string (every field a string or null). */
	interface DecodedKHQR {
		merchantType: string | null;
		bakongAccountID: string | null;
		accountInformation: string | null;
		merchantID: string | null;
		acquiringBank: string | null;
		billNumber: string | null;
		mobileNumber: string | null;
		storeLabel: string | null;
		terminalLabel: string | null;
		purposeOfTransaction: string | null;
		creationTimestamp: string | null;
		expirationTimestamp: string | null;
		payloadFormatIndicator: string | null;
		pointofInitiationMethod: string | null;
		merchantCategoryCode: string | null;
		transactionCurrency: string | null;
		transactionAmount: string | null;
		countryCode: string | null;
		merchantName: string | null;
		merchantCity: string | null;
		crc: string | null;
	}
	class BakongKHQR {
		generateIndividual(info: IndividualInfo): KHQRResponse<{ qr: string; md5: string }>;
		generateMerchant(info: MerchantInfo): KHQRResponse<{ qr: string; md5: string }>;
		static decode(qr: string): KHQRResponse<DecodedKHQR>;
		static verify(qr: string): { isValid: boolean };
	}
	const sdk: {
		BakongKHQR: typeof BakongKHQR;
		IndividualInfo: typeof IndividualInfo;
		MerchantInfo: typeof MerchantInfo;
		khqrData: { currency: { usd: 840; khr: 116 }; merchantType: { merchant: "merchant"; individual: "individual" } };
	};
	export default sdk;
	export type { DecodedKHQR, KHQRResponse, OptionalData };
}
