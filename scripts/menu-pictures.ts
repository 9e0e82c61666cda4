// Renders the demo menu's pictures: for every Fluent Emoji Flat icon an item of
// apps/api/src/seed/demo-data.ts or a points-mall item of seed/points.ts names, a square WebP tile (the icon on a warm backdrop)
// in apps/api/src/seed/pictures/, plus the icon set's licence. Only the icons used are
// written, and tiles no item names any more are removed. Run after changing a `picture`:
//   npm run menu-pictures
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { IconifyJSON } from "@iconify/types";
import { getIconData, iconToHTML, iconToSVG } from "@iconify/utils";
import sharp from "sharp";
import { demoMenu } from "../apps/api/src/seed/demo-data.js";
import { MENU_PICTURE_BACKDROP, MENU_PICTURE_SIZE, pictureFileName } from "../apps/api/src/seed/pictures.js";
import { demoPointsPictures } from "../apps/api/src/seed/points.js";

const ICON_PACKAGE = "@iconify-json/fluent-emoji-flat";
/** The icon's share of the tile's side: room around it so a round crop still shows all of it. */
const ICON_SHARE = 0.62;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "apps/api/src/seed/pictures");
const require = createRequire(import.meta.url);
const iconSet = JSON.parse(readFileSync(require.resolve(`${ICON_PACKAGE}/icons.json`), "utf8")) as IconifyJSON;
const packageVersion = (
	JSON.parse(readFileSync(require.resolve(`${ICON_PACKAGE}/package.json`), "utf8")) as {
		version: string;
	}
).version;

async function renderTile(iconName: string): Promise<Buffer> {
	const data = getIconData(iconSet, iconName);
	if (!data) throw new Error(`${ICON_PACKAGE} has no icon "${iconName}"`);
	const iconSide = Math.round(MENU_PICTURE_SIZE * ICON_SHARE);
	const rendered = iconToSVG(data, { width: iconSide, height: iconSide });
	const icon = await sharp(Buffer.from(iconToHTML(rendered.body, rendered.attributes)))
		.resize(iconSide, iconSide)
		.png()
		.toBuffer();
	return sharp({
		create: { width: MENU_PICTURE_SIZE, height: MENU_PICTURE_SIZE, channels: 3, background: MENU_PICTURE_BACKDROP },
	})
		.composite([{ input: icon, gravity: "centre" }])
		.webp({ quality: 90, effort: 6 })
		.toBuffer();
}

const used = [
	...new Set([...demoMenu.flatMap((category) => category.items.map((item) => item.picture)), ...demoPointsPictures]),
].sort();
const wanted = new Set(used.map(pictureFileName));
for (const file of readdirSync(outDir)) {
	if (file.endsWith(".webp") && !wanted.has(file)) rmSync(path.join(outDir, file));
}
for (const name of used) {
	writeFileSync(path.join(outDir, pictureFileName(name)), await renderTile(name));
}

const info = iconSet.info;
writeFileSync(
	path.join(outDir, "LICENSE"),
	`The pictures in this folder are icons of "${info?.name ?? "Fluent Emoji Flat"}" by ${info?.author.name ?? "Microsoft Corporation"}
(${info?.author.url ?? "https://github.com/microsoft/fluentui-emoji"}), taken from the npm package
${ICON_PACKAGE}@${packageVersion} and rendered onto a plain backdrop by scripts/menu-pictures.ts.
Icons used: ${used.join(", ")}.

MIT License

Copyright (c) Microsoft Corporation.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`,
);
console.log(`menu pictures: ${used.length} icons written to ${path.relative(root, outDir)}`);
