import { type ComponentType, type SVGProps, useEffect, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n";
import type { UiKey } from "../../lib/i18n/locales/zh-CN";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export interface BannerSlide {
	id: string;
	titleKey: UiKey;
	textKey: UiKey;
	Icon: Icon;
	/** Two colours of the slide's gradient. */
	colors: readonly [string, string];
	onOpen: () => void;
}

const ADVANCE_MS = 5000;

function prefersReducedMotion(): boolean {
	return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The home page's banners: static slides for now (a later issue brings real content). Swipe or
 * tap a dot; they advance on their own every 5 s unless the visitor asked for less motion.
 */
export function HomeBanners({ slides }: { slides: readonly BannerSlide[] }) {
	const { t } = useI18n();
	const trackRef = useRef<HTMLDivElement>(null);
	const [current, setCurrent] = useState(0);
	const [paused, setPaused] = useState(false);

	const show = (index: number) => {
		const track = trackRef.current;
		if (!track) return;
		track.scrollTo({ left: index * track.clientWidth, behavior: prefersReducedMotion() ? "auto" : "smooth" });
	};

	useEffect(() => {
		if (paused || slides.length < 2 || prefersReducedMotion()) return;
		const timer = setInterval(() => {
			const track = trackRef.current;
			if (!track || document.hidden) return;
			const next = (Math.round(track.scrollLeft / Math.max(1, track.clientWidth)) + 1) % slides.length;
			track.scrollTo({ left: next * track.clientWidth, behavior: "smooth" });
		}, ADVANCE_MS);
		return () => clearInterval(timer);
	}, [paused, slides.length]);

	return (
		<section
			className="banners"
			aria-roledescription="carousel"
			aria-label={t("home.bannerLabel")}
			data-testid="home-banners"
			onPointerEnter={() => setPaused(true)}
			onPointerLeave={() => setPaused(false)}
			onTouchStart={() => setPaused(true)}
			onFocus={() => setPaused(true)}
			onBlur={() => setPaused(false)}
		>
			<div
				className="banners__track"
				ref={trackRef}
				onScroll={(event) => {
					const track = event.currentTarget;
					setCurrent(Math.round(track.scrollLeft / Math.max(1, track.clientWidth)));
				}}
			>
				{slides.map(({ id, titleKey, textKey, Icon, colors, onOpen }, index) => (
					<button
						key={id}
						type="button"
						className="banner"
						style={{ backgroundImage: `linear-gradient(120deg, ${colors[0]}, ${colors[1]})` }}
						aria-roledescription="slide"
						aria-label={`${t("home.bannerSlide", { n: index + 1 })}: ${t(titleKey)}`}
						onClick={onOpen}
						data-testid={`banner-${id}`}
					>
						<span className="banner__text">
							<span className="banner__title">{t(titleKey)}</span>
							<span className="banner__body">{t(textKey)}</span>
						</span>
						<span className="banner__art" aria-hidden="true">
							<Icon />
						</span>
					</button>
				))}
			</div>
			<div className="banners__dots">
				{slides.map(({ id }, index) => (
					<button
						key={id}
						type="button"
						className={`banners__dot${index === current ? " is-current" : ""}`}
						aria-label={t("home.bannerSlide", { n: index + 1 })}
						aria-current={index === current ? "true" : undefined}
						onClick={() => show(index)}
					/>
				))}
			</div>
		</section>
	);
}
