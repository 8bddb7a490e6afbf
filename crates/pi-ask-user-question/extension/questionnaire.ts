// The questionnaire in pi's TUI: the addon's Session drawn in place of the editor through
// ctx.ui.custom(), with pi's keybindings; the collapse key (decided by the Session's keymap)
// collapses it to a one-line dock above the editor, handing input back to pi, and expands it
// again through ctx.ui.onTerminalInput. Ctrl+G closes it for pi's own editor on the draft
// (ctx.ui.editor) and shows it again with the edited text.
import type { AgentToolUpdateCallback, ExtensionContext, KeybindingsManager, Theme } from "@mariozechner/pi-coding-agent";
import { type Component, CURSOR_MARKER, type Focusable, type TUI } from "@mariozechner/pi-tui";
import type { Addon, Caret, Closed, Palette, Session } from "./addon.ts";
import { askKeyboard, keyboardNow } from "./keyboard.ts";

export const DOCK_WIDGET = "ask_user_question";

type Shown = "collapsed" | "finished" | "editing";

/** The questionnaire's result, or undefined when this host shows no custom UI (RPC mode). */
export async function askWithQuestionnaire(
	addon: Addon,
	session: Session,
	palette: (theme: Theme) => Palette,
	ctx: ExtensionContext,
	signal: AbortSignal | undefined,
	onUpdate: AgentToolUpdateCallback<Record<string, unknown>> | undefined,
	onShow?: (tui: TUI) => void,
): Promise<Closed | undefined> {
	// pi 1.x names its mode; only its terminal UI shows custom components (0.73 has no mode, and
	// its custom() resolves undefined where it shows nothing).
	const mode = (ctx as { mode?: string }).mode;
	if (mode !== undefined && mode !== "tui") return shownNowhere(session);
	for (;;) {
		if (signal?.aborted) return session.abort();
		// The web page or the inbox may have ended it (while it waited its turn, or pi's editor
		// was open).
		if (session.finished) return session.result();
		const shown = await ctx.ui.custom<Shown>((tui, theme, keybindings, done) => {
			session.setPalette(palette(theme));
			session.useKeys(piBindings(addon, keybindings));
			// The footer names a newline key that works in this terminal: Shift+Enter where it
			// arrives as itself (the Kitty protocol, or modifyOtherKeys the terminal took).
			session.useKeyboard(keyboardNow(tui));
			askKeyboard(tui, ctx)?.then((keyboard) => {
				if (session.finished) return;
				session.useKeyboard(keyboard);
				redraw();
			});
			onShow?.(tui);
			const onAbort = () => {
				session.abort();
				done("finished");
			};
			signal?.addEventListener("abort", onAbort, { once: true });
			// Aborted between the check above and this factory: close right after pi shows it.
			if (signal?.aborted) queueMicrotask(onAbort);
			// The one cache of drawn rows on this side: pi renders far more often than anything
			// changes, and copying the rows across from the addon costs more than keeping them.
			// Only a key, the session's wake-up (a deadline, finished background work), the theme
			// or the size changes them; even then only the rows that changed cross over
			// (`renderChanges`), since making a string here costs more than drawing it there, and
			// a row sent lately comes back by the slot it is kept in.
			let rows: string[] = [];
			const slots: string[] = [];
			let texts = 0;
			let fresh = true;
			let last: { width: number; height: number; caret: Caret | null } | undefined;
			const redraw = () => {
				last = undefined;
				tui.requestRender();
			};
			// The addon wakes this when a deadline comes (the countdown's next second, the end
			// of the time limit) or background work is done (code colored after a first frame
			// drawn plain): the clock moves to now, and the questionnaire closes if time ran out.
			session.onWake(() => {
				if (session.tick()) done("finished");
				else redraw();
			});
			// Focusable: pi sets `focused` while the questionnaire takes the keys; then the caret
			// of the editor being typed in carries pi's cursor marker, where pi puts the
			// terminal's cursor (and an input method's window).
			const component: Component & Focusable & { dispose(): void } = {
				focused: false,
				render: (width: number) => {
					const height = tui.terminal.rows;
					if (last?.width !== width || last.height !== height) {
						const held = rows;
						rows = session.renderChanges(width, height, fresh).map((row, i) =>
							row === null ? held[i] : typeof row === "number" ? slots[row] : (slots[texts++ % addon.ROW_SLOTS] = row),
						);
						fresh = false;
						last = { width, height, caret: session.caret() };
					}
					return component.focused ? withCursorMarker(rows, last.caret) : rows;
				},
				handleInput: (data: string) => {
					last = undefined;
					const outcome = session.input(data);
					if (outcome.result) done("finished");
					else if (outcome.edit) done("editing");
					else if (outcome.collapsed) done("collapsed");
				},
				invalidate: () => {
					last = undefined;
					session.setPalette(palette(theme));
				},
				dispose: () => {
					session.onWake(null);
					signal?.removeEventListener("abort", onAbort);
				},
			};
			return component;
		});
		if (shown === undefined) return shownNowhere(session);
		if (shown === "finished" || session.finished) return session.result();
		if (shown === "editing") {
			await editInPi(session, ctx, signal);
			continue;
		}
		onUpdate?.({ content: [], details: session.progress() });
		await whileDocked(session, palette, ctx, signal);
		if (session.finished) return session.result();
		onUpdate?.({ content: [], details: session.progress() });
	}
}

/** Nothing shows here: undefined, unless the page or the inbox answered meanwhile. */
function shownNowhere(session: Session): Closed | undefined {
	return session.finished ? session.result() : undefined;
}

/** `rows` with pi's cursor marker (zero-width: visibleWidth skips it) at the caret's cell. */
function withCursorMarker(rows: string[], caret: Caret | null): string[] {
	const row = caret ? rows[caret.row] : undefined;
	if (!caret || row === undefined) return rows;
	const marked = rows.slice();
	marked[caret.row] = row.slice(0, caret.index) + CURSOR_MARKER + row.slice(caret.index);
	return marked;
}

/** Shows the dock above pi's editor until the Session expands or the call is aborted. */
function whileDocked(
	session: Session,
	palette: (theme: Theme) => Palette,
	ctx: ExtensionContext,
	signal: AbortSignal | undefined,
): Promise<void> {
	return new Promise((resolve) => {
		const finish = () => {
			session.onWake(null);
			stopListening();
			signal?.removeEventListener("abort", onAbort);
			ctx.ui.setWidget(DOCK_WIDGET, undefined);
			resolve();
		};
		const onAbort = () => {
			session.abort();
			finish();
		};
		ctx.ui.setWidget(
			DOCK_WIDGET,
			(tui, theme) => {
				// Docking takes a key, which stops a countdown; should one still run, the dock
				// shows it (the addon wakes this each second) and its end closes the call.
				session.onWake(() => {
					if (session.tick()) finish();
					else tui.requestRender();
				});
				return {
					render: (width: number) => [session.dock(width)],
					invalidate: () => session.setPalette(palette(theme)),
				};
			},
			{ placement: "aboveEditor" },
		);
		const stopListening = ctx.ui.onTerminalInput((data) => {
			const outcome = session.input(data);
			if (!outcome.consumed) return undefined; // everything but the expand key is pi's
			if (!outcome.collapsed || outcome.result) finish();
			return { consume: true };
		});
		if (signal?.aborted) onAbort();
		else signal?.addEventListener("abort", onAbort, { once: true });
	});
}

/** pi's editor on the draft the Session asked for; the text (or the cancel) goes back to it. */
async function editInPi(session: Session, ctx: ExtensionContext, signal: AbortSignal | undefined): Promise<void> {
	const request = session.pendingEdit;
	if (!request) return;
	// ctx.ui.editor takes no signal: an abort while it is open is handled when it closes.
	const text = await ctx.ui.editor(request.title, request.text);
	if (signal?.aborted) return;
	session.edited(text ?? null);
}

/**
 * pi's keys for the keybindings the questionnaire honours, by name, read from the
 * KeybindingsManager pi hands to ctx.ui.custom(): keys rebound in pi act the same here.
 */
function piBindings(addon: Addon, keybindings: KeybindingsManager): Record<string, string[]> {
	const bindings: Record<string, string[]> = {};
	for (const name of addon.piKeybindingNames()) {
		bindings[name] = keybindings.getKeys(name as Parameters<KeybindingsManager["getKeys"]>[0]);
	}
	return bindings;
}
