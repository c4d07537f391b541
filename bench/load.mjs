// Sending requests for the measuring scripts: autocannon for steady load, fetch for single answers.
import autocannon from 'autocannon';

export const graphql = (query, variables, operationName) => ({
  path: '/graphql',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
});

/** One request's JSON answer; anything but 200 throws. Every request gives up after 30 s. */
export async function fetchJson(base, request, headers = {}) {
  const res = await fetch(base + request.path, {
    method: request.method ?? 'GET',
    headers: { ...request.headers, ...headers },
    body: request.body,
    signal: globalThis.AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`${request.path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Steady load from `connections` connections for `duration` seconds, or until `amount` requests are
 * answered (at most 120 s); any error or non-2xx answer fails the run.
 */
export function load(base, request, connections, duration, amount) {
  return new Promise((resolve, reject) => {
    const until = amount ? { amount, duration: 120 } : { duration };
    autocannon(
      { url: base + request.path, method: request.method ?? 'GET', headers: request.headers, body: request.body, connections, ...until },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${request.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
        resolve({
          connections,
          requests: result.requests.total,
          rps: result.requests.total / (result.duration || 1),
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
        });
      },
    );
  });
}

/** Two loads at 10 connections in alternating halves, so a slow spell of the machine hits both. */
export async function alternate(first, second, duration) {
  const halves = { first: [], second: [] };
  for (let round = 0; round < 2; round++) {
    halves.first.push(await load(first.url, first.request, 10, duration / 2));
    halves.second.push(await load(second.url, second.request, 10, duration / 2));
  }
  const merge = ([a, b]) => ({
    connections: 10,
    rps: (a.rps + b.rps) / 2,
    p50: Math.max(a.p50, b.p50),
    p97_5: Math.max(a.p97_5, b.p97_5),
    p99: Math.max(a.p99, b.p99),
  });
  return { first: merge(halves.first), second: merge(halves.second) };
}

/** The p-th percentile (0..100) of a list of numbers, nearest rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Steady load from `connections` connections until `until` settles (at most 120 s). */
export function loadUntil(base, request, connections, until) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base + request.path, method: request.method ?? 'GET', headers: request.headers, body: request.body, connections, duration: 120 },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${request.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
        resolve({
          connections,
          requests: result.requests.total,
          rps: result.requests.total / (result.duration || 1),
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
        });
      },
    );
    const stop = () => instance.stop();
    until.then(stop, stop);
  });
}
