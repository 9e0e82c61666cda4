export { default } from "../../merchant/screens/merchant-placeholder-screen";
