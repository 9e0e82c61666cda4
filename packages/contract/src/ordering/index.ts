// Ordering's contract: the cart and its pricing, orders and what each reader may do with one.
export * from "./cart.js";
export * from "./order-actions.js";
export * from "./orders.js";
