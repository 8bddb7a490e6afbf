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

type Settled<T> = { aborted: true } | { aborted: false; value: T };

/** What `promise` gives, or `aborted` once `signal` aborts, also when it aborted meanwhile. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<Settled<T>> {
	return new Promise((resolve, reject) => {
		const onAbort = () => resolve({ aborted: true });
		if (signal?.aborted) return onAbort();
		signal?.addEventListener("abort", onAbort, { once: true });
		promise
			.then((value) => resolve(signal?.aborted ? { aborted: true } : { aborted: false, value }), reject)
			.finally(() => signal?.removeEventListener("abort", onAbort));
	});
}
