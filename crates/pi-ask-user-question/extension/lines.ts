// A pi-tui component that shows rows the addon drew. It redraws only when the width or the
// optional `version` value changes, or pi invalidates it (theme change).
import type { Component } from "@mariozechner/pi-tui";

export function rowsComponent(draw: (width: number) => string[], version: () => unknown = () => undefined): Component {
	let cached: { width: number; version: unknown; rows: string[] } | undefined;
	return {
		render(width: number): string[] {
			const current = version();
			if (cached?.width !== width || cached.version !== current) cached = { width, version: current, rows: draw(width) };
			return cached.rows;
		},
		invalidate(): void {
			cached = undefined;
		},
	};
}
