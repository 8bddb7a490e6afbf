// pi has one editor slot and one dock: questionnaires (the tool's and the service's) are shown one
// at a time, each waiting for the one before to finish, docked ones included.

let last: Promise<void> = Promise.resolve();

/**
 * Runs `show` once every questionnaire queued before it has finished, or at once when `signal`
 * aborts (then `show` is expected to close without drawing anything).
 */
export async function oneAtATime<T>(show: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	const before = last;
	let finished = () => {};
	const mine = new Promise<void>((resolve) => (finished = resolve));
	last = before.then(() => mine);
	try {
		await untilAborted(before, signal);
		return await show();
	} finally {
		finished();
	}
}

function untilAborted(turn: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
	if (!signal) return turn;
	if (signal.aborted) return Promise.resolve();
	return new Promise((resolve) => {
		const done = () => {
			signal.removeEventListener("abort", done);
			resolve();
		};
		signal.addEventListener("abort", done, { once: true });
		turn.then(done);
	});
}
