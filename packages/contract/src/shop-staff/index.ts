// A shop's staff: the roles and what each may do, and adding, re-roling and removing a member.
export * from "./roles.js";
export * from "./staff.js";
