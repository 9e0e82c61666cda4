// Replaced by the issue 13 screen; until then the placeholder.
export { default } from "../../merchant/screens/merchant-placeholder-screen";
