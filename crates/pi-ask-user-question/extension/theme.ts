// pi's theme as an addon palette: the SGR code of every theme color the addon draws with.
import type { Theme } from "@mariozechner/pi-coding-agent";
import type { Addon, Palette } from "./addon.ts";

export function paletteMaker(addon: Addon): (theme: Theme) => Palette {
	const slots = addon.themeSlots();
	let cached: { key: string; palette: Palette } | undefined;
	return (theme) => {
		const fg: Record<string, string> = {};
		const bg: Record<string, string> = {};
		for (const name of slots.fg) fg[name] = code(() => theme.getFgAnsi(name as never));
		for (const name of slots.bg) bg[name] = code(() => theme.getBgAnsi(name as never));
		// The theme object is a proxy of pi's current theme, so its codes are the cache key.
		const key = JSON.stringify([fg, bg]);
		if (cached?.key !== key) cached = { key, palette: new addon.Palette(fg, bg) };
		return cached.palette;
	};
}

function code(read: () => string): string {
	try {
		return read();
	} catch {
		return ""; // a color this pi version lacks keeps the addon's default
	}
}
