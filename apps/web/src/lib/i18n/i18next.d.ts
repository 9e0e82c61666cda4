import "i18next";
import type zhCN from "./locales/zh-CN";

declare module "i18next" {
	interface CustomTypeOptions {
		defaultNS: "translation";
		keySeparator: false;
		nsSeparator: false;
		resources: { translation: typeof zhCN };
	}
}
