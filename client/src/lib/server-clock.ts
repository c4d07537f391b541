/**
 * The server's time as the phone can tell it: many phones' clocks are minutes off (set by hand, no
 * network time), and a live exam's countdown must reach zero when the server opens the exam. Each
 * answer of the API says the server's time in its Date header (whole seconds); the difference from
 * the phone's clock at the middle of the request is kept and added to it. Before any answer, the
 * phone's own clock.
 */
let offsetMs = 0;

/** Learns the difference from one answer: sent and received by the phone's clock (ms). */
export function learnServerClock(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const date = dateHeader ? Date.parse(dateHeader) : NaN;
  if (Number.isNaN(date)) return;
  // The header rounds down to the second: the server's moment lies, on average, half a second after it.
  offsetMs = date + 500 - (sentAt + receivedAt) / 2;
}

/** Now, by the server's clock as last learnt. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** A fetch that learns the server's clock from every answer. */
export function fetchLearningServerClock(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const sentAt = Date.now();
    const response = await fetch(input, init);
    learnServerClock(response.headers.get('date'), sentAt, Date.now());
    return response;
  };
}
