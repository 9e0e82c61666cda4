// Replaced by the issue 13 screen; until then the placeholder.
export { default } from "../../../app/routes/placeholder-screen";
