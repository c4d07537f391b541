import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for a school's endpoint: answers each request with the next status. */
export class Receiver {
  readonly received: Received[] = [];
  statuses: number[] = [];
  private waiters: Array<() => void> = [];
  private constructor(readonly server: http.Server) {}

  static async start(): Promise<Receiver> {
    const receiver: Receiver = new Receiver(
      http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          receiver.received.push({ headers: req.headers, body });
          res.statusCode = receiver.statuses.shift() ?? 200;
          res.end('ok');
          receiver.waiters.splice(0).forEach((wake) => wake());
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port() {
    return (this.server.address() as AddressInfo).port;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async waitFor(count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.received.length} of ${count} deliveries arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.received.slice(0, count);
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The verification an integrator writes (docs/integrators.md): a signature over "t.body" among the
 * header's `v1` values (two while a rotated secret still signs), and a fresh timestamp.
 */
export function verify(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([name]) => name === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  return (
    fresh && parts.some(([name, value]) => name === 'v1' && value.length === expected.length && timingSafeEqual(Buffer.from(expected), Buffer.from(value)))
  );
}
