// pi has one editor slot and one dock: a questionnaire of the question service waits until every
// questionnaire before it (the tool's or the service's) has finished, docked ones included, and the
// tool waits for the service's. The tool never waits for itself: pi runs its calls one at a time.

export type Asker = "tool" | "service";

/** Settles once every questionnaire started so far has finished. */
let everyOne: Promise<void> = Promise.resolve();
/** The same, for the service's questionnaires only. */
let services: Promise<void> = Promise.resolve();

/**
 * Runs `show` once the questionnaires that `asker` waits for have finished, or at once when
 * `signal` aborts (then `show` is expected to close without drawing anything).
 */
export async function oneAtATime<T>(asker: Asker, show: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	const before = asker === "service" ? everyOne : services;
	let finished = () => {};
	const mine = new Promise<void>((resolve) => (finished = resolve));
	everyOne = Promise.all([everyOne, mine]).then(() => {});
	if (asker === "service") services = Promise.all([services, mine]).then(() => {});
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
