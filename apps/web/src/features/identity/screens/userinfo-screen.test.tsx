import type { MemberInfo } from "@bayon/contract";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { renderScreen } from "../../../test/render";
import UserinfoScreen from "./userinfo-screen";

const member: MemberInfo = testMember({ id: 3, nickname: "Dara", mobile: "13800000002" });

interface Call {
	path: string;
	body: unknown;
}
let calls: Call[] = [];

function fakeServer(answers: Record<string, unknown>) {
	calls = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
			const path = String(input).replace("/app-api", "");
			const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
			calls.push({ path, body });
			const answer = answers[path];
			const envelope = typeof answer === "function" ? answer(body) : (answer ?? { code: 0, msg: "", data: member });
			return new Response(JSON.stringify(envelope));
		}),
	);
}

function signIn() {
	localStorage.setItem("accessToken", "t");
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
}

const renderUserinfo = () => renderScreen(<UserinfoScreen />, { path: Paths.mineUserinfo, otherPaths: [Paths.login] });

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

describe("user info", () => {
	it("asks a visitor to sign in", async () => {
		fakeServer({});
		renderUserinfo();
		expect(await screen.findByTestId("userinfo-signed-out")).toBeTruthy();
	});

	it("shows the phone read-only and refuses an empty nickname with the contract's message", async () => {
		signIn();
		fakeServer({ "/member/user/get-info": { code: 0, msg: "", data: member } });
		renderUserinfo();

		const phone = await screen.findByLabelText("手机号");
		expect(phone).toHaveProperty("readOnly", true);
		expect((phone as HTMLInputElement).value).toBe("13800000002");

		fireEvent.input(screen.getByLabelText("昵称"), { target: { value: "   " } });
		fireEvent.click(screen.getByTestId("profile-save"));

		expect((await screen.findByTestId("nickname-error")).textContent).toBe("昵称需为1到20个字");
		expect(calls.filter((c) => c.path.includes("update-nickname"))).toHaveLength(0);
	});

	it("saves nickname, gender and birthday and updates the stored member", async () => {
		signIn();
		fakeServer({
			"/member/user/get-info": { code: 0, msg: "", data: member },
			"/member/user/update-nickname": (body: Record<string, unknown>) => ({
				code: 0,
				msg: "",
				data: { ...member, ...body },
			}),
		});
		renderUserinfo();

		fireEvent.input(await screen.findByLabelText("昵称"), { target: { value: "  索达  " } });
		fireEvent.click(screen.getByTestId("gender-2"));
		// The birthday is chosen part by part from the app's pickers (no browser date input).
		for (const [part, value] of [
			["year", 1995],
			["month", 4],
			["day", 13],
		] as const) {
			fireEvent.click(screen.getByTestId(`birthday-input-${part}`));
			fireEvent.click(screen.getByTestId(`birthday-input-${part}-option-${value}`));
		}
		expect(screen.getByTestId("birthday-input").dataset.value).toBe("1995-04-13");
		await act(async () => {
			fireEvent.click(screen.getByTestId("profile-save"));
		});

		await waitFor(() => expect(appStore.getState().member?.nickname).toBe("索达"));
		const saved = calls.find((c) => c.path === "/member/user/update-nickname");
		expect(saved?.body).toEqual({ nickname: "索达", gender: 2, birthday: "1995-04-13" });
		expect(appStore.getState().member?.gender).toBe(2);
		expect(JSON.parse(localStorage.getItem("userinfo") ?? "{}").nickname).toBe("索达");
		expect(currentToast()?.text).toBe("保存成功");
	});

	it("refuses a file that is not an image before uploading", async () => {
		signIn();
		fakeServer({ "/member/user/get-info": { code: 0, msg: "", data: member } });
		renderUserinfo();

		const input = await screen.findByTestId("avatar-input");
		const file = new File(["hello"], "notes.txt", { type: "text/plain" });
		await act(async () => {
			fireEvent.change(input, { target: { files: [file] } });
		});

		expect((await screen.findByTestId("avatar-error")).textContent).toBe("只能上传图片（JPEG、PNG、WebP、GIF）");
		expect(calls.filter((c) => c.path.includes("upload"))).toHaveLength(0);
	});

	it("uploads an image, then saves it as the avatar", async () => {
		signIn();
		fakeServer({
			"/member/user/get-info": { code: 0, msg: "", data: member },
			"/infra/file/upload": {
				code: 0,
				msg: "",
				data: { url: "/uploads/0123456789ab.webp", width: 8, height: 8, size: 90 },
			},
			"/member/user/update-nickname": { code: 0, msg: "", data: { ...member, avatar: "/uploads/0123456789ab.webp" } },
		});
		renderUserinfo();

		const file = new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });
		await act(async () => {
			fireEvent.change(await screen.findByTestId("avatar-input"), { target: { files: [file] } });
		});

		await waitFor(() => expect(appStore.getState().member?.avatar).toBe("/uploads/0123456789ab.webp"));
		const upload = calls.find((c) => c.path === "/infra/file/upload");
		expect(upload?.body).toBeInstanceOf(FormData);
		expect(calls.find((c) => c.path === "/member/user/update-nickname")?.body).toEqual({
			avatar: "/uploads/0123456789ab.webp",
		});
		expect(screen.getByTestId("avatar-image").getAttribute("src")).toBe("/uploads/0123456789ab.webp");
	});

	it("shows the server's message when it rejects the image", async () => {
		signIn();
		fakeServer({
			"/member/user/get-info": { code: 0, msg: "", data: member },
			"/infra/file/upload": { code: 1009001003, msg: "图片尺寸过大，每边最多 4096 像素", data: null },
		});
		renderUserinfo();

		const file = new File([new Uint8Array([1, 2, 3])], "big.png", { type: "image/png" });
		await act(async () => {
			fireEvent.change(await screen.findByTestId("avatar-input"), { target: { files: [file] } });
		});

		expect((await screen.findByTestId("avatar-error")).textContent).toBe("图片尺寸过大，每边最多 4096 像素");
		expect(calls.filter((c) => c.path.includes("update-nickname"))).toHaveLength(0);
	});
});
