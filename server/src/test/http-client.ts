import type { GraphQLBody } from './app';

/** A browser-like client: keeps cookies between requests and can send a bearer token. */
export class HttpClient {
  cookies = new Map<string, string>();
  token?: string;
  /** Sent with every request, e.g. `x-forwarded-for` to act from another address (loopback proxies are trusted). */
  headers: Record<string, string> = {};

  constructor(private readonly baseUrl: string) {}

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair.split('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    const cookie = this.cookieHeader();
    if (cookie) headers.set('cookie', cookie);
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    const res = await fetch(this.baseUrl + path, { ...init, headers });
    this.keepCookies(res);
    return res;
  }

  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLBody<T> & { setCookies: string[] }> {
    const res = await this.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { ...((await res.json()) as GraphQLBody<T>), setCookies: res.headers.getSetCookie() };
  }
}

/** A client signed in as `email` (the account must exist with `password`). */
export async function signedInClient(baseUrl: string, email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const { data, errors } = await client.graphql<{ login: { accessToken: string } }>(
    `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`,
    { email, password },
  );
  if (!data) throw new Error(`sign-in failed: ${JSON.stringify(errors)}`);
  client.token = data.login.accessToken;
  return client;
}
