// npm run bench:webhooks: webhook deliveries while one receiver is slow and one is down. Ten endpoints on
// loopback subscribe to enrollment.created: eight answer at once, one answers after 10 seconds (as long as
// an attempt may take) and one answers 500 to everything. A partner's server enrolls a student through the
// API (enrollStudent with an API key) 100 times a minute; each enrollment is one event to every endpoint.
// Measured: the time from an event (the body's createdAt) to its first arrival at each healthy endpoint
// (target: p95 at most 2 s), and, for the slow endpoint, that every request it got is an attempt the
// product logged (no duplicate beyond its retries) and that it never had two of its deliveries at once.
// Options: --no-build, --minutes N (3), --per-minute N (100), --no-record (print only),
// --wait-seconds N and --allow-busy (machine-load.mjs). Results: bench/results/webhooks.md.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { percentile } from './load.mjs';
import { loadNote, quietMachine } from './machine-load.mjs';
import { root, startFreshDatabase, startProduct, stopProcess } from './product.mjs';

const args = process.argv.slice(2);
const valueOf = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const MINUTES = valueOf('minutes', 3);
const PER_MINUTE = valueOf('per-minute', 100);
const HEALTHY = 8;
const SLOW_MS = 10_000;
const TARGET_P95_MS = 2000;
/** How long after the last event the healthy endpoints may take to catch up before the bench gives up on them. */
const DRAIN_MS = 30_000;

/** A receiver on loopback: `kind` decides its answer; every request is kept with when it came and left. */
async function startReceiver(kind) {
  const received = [];
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const at = Date.now();
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      const event = JSON.parse(body);
      received.push({ at, eventId: event.id, createdAt: Date.parse(event.createdAt), deliveryId: req.headers['shikhon-delivery-id'] });
      const answer = () => {
        open -= 1;
        res.writeHead(kind === 'failing' ? 500 : 200).end();
      };
      if (kind === 'slow') setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  // An answer after the product gave up must not keep the server from closing.
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    kind,
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    mostOpen: () => mostOpen,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

async function graphql(url, query, variables, token) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (!body.data || body.errors) throw new Error(`${res.status} ${JSON.stringify(body.errors)}`);
  return body.data;
}

const ms = (value) => `${Math.round(value)} ms`;

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const loads = [await quietMachine('Webhooks')];
  const receivers = [...Array.from({ length: HEALTHY }, () => startReceiver('healthy')), startReceiver('slow'), startReceiver('failing')];
  const endpoints = await Promise.all(receivers);
  const database = await startFreshDatabase();
  // Outside production (the demo accounts, plain http:// to loopback receivers that WEBHOOK_ALLOWED_TARGETS names).
  const product = await startProduct(
    database.url,
    'webhooks',
    { WEBHOOK_ALLOWED_TARGETS: endpoints.map((endpoint) => `127.0.0.1:${endpoint.port}`).join(',') },
    { mode: 'test-payments' },
  );
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const { login } = await graphql(product.url, 'mutation { login(email: "admin@shikhon.test", password: "Admin123!") { accessToken } }');
    const admin = login.accessToken;
    for (const endpoint of endpoints) {
      await graphql(
        product.url,
        'mutation ($url: String!) { createWebhookEndpoint(url: $url, events: [ENROLLMENT_CREATED]) { secret } }',
        { url: endpoint.url },
        admin,
      );
    }
    const { createApiKey } = await graphql(product.url, 'mutation { createApiKey(name: "Webhook bench", scopes: [ENROLLMENTS_WRITE]) { secret } }', {}, admin);
    const { courses } = await graphql(product.url, '{ courses(limit: 1) { items { id } } }');
    const courseId = courses.items[0].id;

    const events = Math.round(MINUTES * PER_MINUTE);
    const gapMs = 60_000 / PER_MINUTE;
    const started = Date.now();
    let refused = 0;
    console.log(`Webhooks: ${events} enrollments, one every ${gapMs} ms, to ${endpoints.length} endpoints`);
    for (let i = 0; i < events; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * gapMs - Date.now())));
      try {
        await graphql(
          product.url,
          'mutation ($course: ID!, $email: String!) { enrollStudent(courseId: $course, email: $email) { id } }',
          { course: courseId, email: `webhook-bench-${i}@example.com` },
          createApiKey.secret,
        );
      } catch (error) {
        refused += 1;
        console.warn(`enrollment ${i} refused: ${error.message}`);
      }
    }
    const sent = events - refused;
    const healthy = endpoints.filter((endpoint) => endpoint.kind === 'healthy');
    const firstArrivals = (endpoint) => new Map(endpoint.received.map((request) => [request.eventId, request]).reverse());
    const drainUntil = Date.now() + DRAIN_MS;
    while (Date.now() < drainUntil && healthy.some((endpoint) => firstArrivals(endpoint).size < sent)) await new Promise((resolve) => setTimeout(resolve, 250));

    const delays = healthy.flatMap((endpoint) => [...firstArrivals(endpoint).values()].map((request) => request.at - request.createdAt));
    const missing = healthy.reduce((sum, endpoint) => sum + (sent - firstArrivals(endpoint).size), 0);
    const repeats = healthy.reduce((sum, endpoint) => sum + endpoint.received.length - firstArrivals(endpoint).size, 0);
    const [slow] = endpoints.filter((endpoint) => endpoint.kind === 'slow');
    const [failing] = endpoints.filter((endpoint) => endpoint.kind === 'failing');
    // Every request the slow endpoint got must be an attempt the product logged for that delivery.
    const { rows: logged } = await db.query(
      `SELECT d."id", count(a.*)::int AS "attempts" FROM "webhook_delivery" d JOIN "webhook_endpoint" e ON e."id" = d."endpointId"
       LEFT JOIN "webhook_attempt" a ON a."deliveryId" = d."id" WHERE e."url" = $1 GROUP BY d."id"`,
      [slow.url],
    );
    const attemptsOf = new Map(logged.map((row) => [row.id, row.attempts]));
    const requestsOf = new Map();
    for (const request of slow.received) requestsOf.set(request.deliveryId, (requestsOf.get(request.deliveryId) ?? 0) + 1);
    // An answer still on its way when the bench stops is an attempt not yet logged: one per delivery at most.
    const beyondRetries = [...requestsOf].filter(([id, count]) => count > (attemptsOf.get(id) ?? 0) + 1).length;

    const p95 = percentile(delays, 95);
    const rows = [
      ['Events (enrollments through the API)', `${sent} in ${MINUTES} min (${PER_MINUTE} a minute)${refused ? `; ${refused} refused` : ''}`],
      ['Healthy endpoints: first arrivals', `${delays.length} of ${sent * healthy.length}${missing ? ` (${missing} missing after ${DRAIN_MS / 1000} s)` : ''}`],
      ['Healthy endpoints: event to delivery, p50 / p95 / max', `${ms(percentile(delays, 50))} / ${ms(p95)} / ${ms(Math.max(...delays))}`],
      ['Healthy endpoints: repeated arrivals', String(repeats)],
      ['Slow endpoint (answers after 10 s): requests, deliveries, most at once', `${slow.received.length}, ${requestsOf.size}, ${slow.mostOpen()}`],
      ['Slow endpoint: deliveries with requests beyond the logged attempts', String(beyondRetries)],
      ['Failing endpoint (500): requests', String(failing.received.length)],
    ];
    const met = p95 <= TARGET_P95_MS && missing === 0 && beyondRetries === 0 && slow.mostOpen() <= 1;
    const report = `# Webhooks: a slow and a failing endpoint beside eight healthy ones

\`npm run bench:webhooks\` (bench/webhooks.mjs), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${loadNote(loads)}

| Measure | Value |
|---|---|
${rows.map(([name, value]) => `| ${name} | ${value} |`).join('\n')}

Target: p95 from event to delivery at most ${TARGET_P95_MS} ms on the healthy endpoints, none missing, no request to the slow endpoint beyond its logged attempts, one of its deliveries at a time: **${met ? 'met' : 'not met'}**.
`;
    console.log(report);
    if (!args.includes('--no-record')) fs.writeFileSync(path.join(root, 'bench', 'results', 'webhooks.md'), report);
    if (!met) process.exitCode = 1;
  } finally {
    await db.end();
    await stopProcess(product.child);
    await database.stop();
    await Promise.all(endpoints.map((endpoint) => endpoint.close()));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
