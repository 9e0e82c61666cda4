export * from "./checkout.js";
export * from "./rail-settings.js";
export * from "./statements.js";
export * from "./transfers.js";
