import { describe, expect, it } from "vitest";
import { toParagraphs } from "./api";

describe("content paragraphs", () => {
	it("splits plain text on blank lines and keeps single line breaks inside a paragraph", () => {
		expect(toParagraphs("第一段\n第二行\n\n第二段\r\n\r\n\n  第三段  \n")).toEqual([
			"第一段\n第二行",
			"第二段",
			"第三段",
		]);
	});

	it("never interprets markup", () => {
		expect(toParagraphs("<b>bold</b>\n\n<script>x</script>")).toEqual(["<b>bold</b>", "<script>x</script>"]);
	});
});
