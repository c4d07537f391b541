import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go: public internet addresses only. A webhook is a request this server makes
 * to an address an admin typed, so without this an admin account (or anyone who takes one over)
 * could make the server call its own database, the cloud's metadata service or any machine on the
 * private network (server-side request forgery).
 *
 * - The URL parser normalises numeric host forms first (`http://2130706433/`, `http://0x7f.1/`
 *   and `http://127.1/` are all 127.0.0.1), and IPv4-mapped IPv6 is read as the IPv4 address inside.
 * - Refused: loopback, private (RFC 1918), carrier-grade NAT, link-local, unique-local, multicast,
 *   broadcast, unspecified, documentation, benchmarking and other reserved ranges (ipaddr.js's
 *   `range()` is anything but `unicast`, and IPv6 outside 2000::/3), and internal names (one label,
 *   `localhost`, `.local`, `.internal`, ...).
 * - A name is resolved when the endpoint is registered, and again at every delivery, where the
 *   connection goes to the address that was checked (the socket's own lookup), so a name that later
 *   resolves to a private address (DNS rebinding) is refused before anything is sent.
 * - WEBHOOK_ALLOWED_TARGETS (`host:port`, comma-separated, empty by default) names the private
 *   targets a developer or a test means to reach, exactly: another port on the same host is refused.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** A target this server will not call; the message says why, for the admin. */
export class WebhookTargetError extends Error {}

/** Names that only mean something inside a network (RFC 6761, 6762, 8375 and common practice). */
const INTERNAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'arpa',
  'test',
  'invalid',
  'onion',
];

/** The hostname as a bare name or address: lower case, no IPv6 brackets, no trailing dot. */
function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** `host:port` as WEBHOOK_ALLOWED_TARGETS spells it: the port the URL actually reaches. */
export function targetKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase().replace(/\.$/, '')}:${port}`;
}

/** Why an address is not public, or null when it is. */
export function nonPublicReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return `a ${range} address`;
  // Global unicast IPv6 is 2000::/3; the rest is unassigned or special.
  if (parsed.kind() === 'ipv6' && !parsed.match(ipaddr.IPv6.parse('2000::'), 3)) return 'a reserved address';
  return null;
}

/** Why a name is internal, or null. */
function internalNameReason(host: string): string | null {
  if (!host.includes('.')) return 'an internal name';
  const suffix = INTERNAL_SUFFIXES.find((end) => host === end || host.endsWith(`.${end}`));
  return suffix ? 'an internal name' : null;
}

function refuse(host: string, reason: string): never {
  throw new WebhookTargetError(`URL must reach a public internet address: ${host} is ${reason}`);
}

export class WebhookTargets {
  constructor(
    /** Keys from `allowedTargetKey`: these `host:port` are reached whatever their address. */
    readonly allowed: ReadonlySet<string> = new Set(),
    private readonly resolve: Resolve = systemResolve,
  ) {}

  private isAllowed(url: URL): boolean {
    return this.allowed.has(targetKey(url));
  }

  /** The checked addresses of a host (an address is itself); throws WebhookTargetError when any is not public or the name is internal. */
  private async addressesOf(hostname: string): Promise<ResolvedAddress[]> {
    const host = bareHost(hostname);
    if (net.isIP(host)) {
      const reason = nonPublicReason(host);
      if (reason) refuse(host, reason);
      return [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
    }
    const nameReason = internalNameReason(host);
    if (nameReason) refuse(host, nameReason);
    let found: ResolvedAddress[];
    try {
      found = await this.resolve(host);
    } catch {
      throw new WebhookTargetError(`URL's host ${host} could not be found`);
    }
    if (found.length === 0) throw new WebhookTargetError(`URL's host ${host} could not be found`);
    // Every address must be public: a name with one private address among public ones is refused.
    for (const { address } of found) {
      const reason = nonPublicReason(address);
      if (reason) refuse(host, `resolved to ${reason}`);
    }
    return found;
  }

  /** Checks a target when it is registered (after the URL's own checks). */
  async check(url: URL): Promise<void> {
    if (this.isAllowed(url)) return;
    await this.addressesOf(url.hostname);
  }

  /**
   * POSTs a body to a target, connecting only to an address checked in this very call (so what
   * was checked is what is reached). Answers the status; the answer's body is not read.
   * Throws WebhookTargetError before connecting when the target is not allowed.
   */
  async post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
    let lookup: LookupFunction | undefined;
    if (!this.isAllowed(url)) {
      const checked = await this.addressesOf(url.hostname);
      // The socket connects to these addresses, never to what a second resolution might answer.
      lookup = ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
        const wanted = options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 || options.family === 'IPv4' ? 4 : 0;
        const usable = checked.filter((entry) => wanted === 0 || entry.family === wanted);
        if (usable.length === 0) {
          callback(Object.assign(new Error(`no IPv${wanted} address for ${url.hostname}`), { code: 'ENOTFOUND' }));
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      }) as unknown as LookupFunction;
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const request = client.request(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, agent: false },
        (response) => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
          response.destroy();
        },
      );
      const timer = setTimeout(
        () => request.destroy(Object.assign(new Error(`No answer within ${timeoutMs / 1000} seconds`), { name: 'TimeoutError' })),
        timeoutMs,
      );
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  }
}
