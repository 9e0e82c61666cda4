import { type PathName, Paths } from "../../lib/paths";

/** The staff pages: every merchant page, which the router puts behind the staff frame (the merchant guard). */
export function isStaffPage(name: PathName): boolean {
	return name.startsWith("merchant");
}

const staffPaths: ReadonlySet<string> = new Set(
	(Object.keys(Paths) as PathName[]).filter(isStaffPage).map((name) => Paths[name]),
);

/** Whether a path is a staff page's (the tests' one-screen router frames these as the app's router does). */
export function isStaffPath(path: string): boolean {
	return staffPaths.has(path);
}
