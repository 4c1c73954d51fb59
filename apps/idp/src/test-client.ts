/**
 * Signs in like a browser: authorization code flow with PKCE S256 over HTTP, following the login
 * form. Works against this IdP and against Keycloak (same element ids). Dependency-free: used by
 * the API's tests too.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
  [key: string]: unknown;
}

export interface SignInOptions {
  issuer: string;
  username: string;
  password: string;
  clientId?: string;
  redirectUri?: string;
  /** Reuse a browser to keep its IdP session cookies (sign in again, log out). */
  browser?: Browser;
}

export interface RefreshOptions {
  issuer: string;
  refreshToken: string;
  clientId?: string;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  host: string;
}

/** A minimal cookie jar with manual redirects: enough to drive the login pages. */
export class Browser {
  #cookies: StoredCookie[] = [];

  cookieHeader(url: URL): string {
    return this.#cookies
      .filter(
        (cookie) =>
          cookie.host === url.host &&
          (url.pathname === cookie.path ||
            url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  #store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'path') path = attributeValue || '/';
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      this.#cookies = this.#cookies.filter(
        (cookie) => !(cookie.name === name && cookie.path === path && cookie.host === url.host),
      );
      if (!expired) this.#cookies.push({ name, value, path, host: url.host });
    }
  }

  /** One request, no redirect following; cookies sent and stored. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.#store(target, response);
    return response;
  }

  /**
   * Follows redirects (as GET) until a response that is not a redirect, or a redirect to a URL for
   * which `stop` is true (the app's redirect URI: nothing listens there). Returns the last response
   * and its URL (for a stop, the Location it pointed to).
   */
  async follow(
    url: string | URL,
    init: RequestInit = {},
    stop: (location: URL) => boolean = () => false,
  ): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      current = new URL(location, current);
      if (stop(current)) return { response, url: current };
      response = await this.request(current);
    }
    throw new Error(`too many redirects, last ${current.href}`);
  }
}

export function createPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Endpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
}

async function discover(issuer: string): Promise<Endpoints> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OpenID discovery failed for ${issuer}: HTTP ${response.status}`);
  return (await response.json()) as Endpoints;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** The `action` of the Keycloak-style login form in a page, if the page has one. */
export function loginFormAction(html: string, pageUrl: URL): URL | undefined {
  const form = /<form\b[^>]*\bid="kc-form-login"[^>]*>/i.exec(html)?.[0];
  const action = form && /\baction="([^"]*)"/i.exec(form)?.[1];
  return action === undefined ? undefined : new URL(decodeEntities(action), pageUrl);
}

function callbackParams(url: URL): URLSearchParams {
  return url.search ? url.searchParams : new URLSearchParams(url.hash.slice(1));
}

async function tokenRequest(tokenEndpoint: string, body: URLSearchParams): Promise<TokenResponse> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body,
  });
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(
      `token request failed: HTTP ${response.status} ${String(payload.error ?? '')} ${String(payload.error_description ?? '')}`.trim(),
    );
  }
  return payload as TokenResponse;
}

export async function signIn(options: SignInOptions): Promise<TokenResponse> {
  const { issuer, username, password, clientId = 'ecodigital-web', redirectUri = 'http://localhost:3000/' } = options;
  const browser = options.browser ?? new Browser();
  const endpoints = await discover(issuer);
  const pkce = createPkce();
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');

  const authorization = new URL(endpoints.authorization_endpoint);
  authorization.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state,
    nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  }).toString();

  const isCallback = (url: URL) => url.href.startsWith(redirectUri);
  let { response, url } = await browser.follow(authorization, {}, isCallback);

  if (!isCallback(url)) {
    const html = await response.text();
    const action = loginFormAction(html, url);
    if (!action) throw new Error(`sign-in failed: no login form at ${url.href} (HTTP ${response.status})`);
    ({ response, url } = await browser.follow(
      action,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }),
      },
      isCallback,
    ));
    if (!isCallback(url)) {
      const page = await response.text();
      if (loginFormAction(page, url))
        throw new Error(`sign-in failed for "${username}": the identity provider rejected the username or password`);
      throw new Error(`sign-in failed for "${username}": unexpected page ${url.href} (HTTP ${response.status})`);
    }
  }

  const params = callbackParams(url);
  if (params.get('error'))
    throw new Error(`sign-in failed: ${params.get('error')} ${params.get('error_description') ?? ''}`.trim());
  if (params.get('state') !== state) throw new Error('sign-in failed: state mismatch in the redirect');
  const code = params.get('code');
  if (!code) throw new Error(`sign-in failed: no code in ${url.href}`);

  return tokenRequest(
    endpoints.token_endpoint,
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
    }),
  );
}

export async function refreshTokens({
  issuer,
  refreshToken,
  clientId = 'ecodigital-web',
}: RefreshOptions): Promise<TokenResponse> {
  const endpoints = await discover(issuer);
  return tokenRequest(
    endpoints.token_endpoint,
    new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
  );
}
