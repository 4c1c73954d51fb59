import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createPkce, refreshTokens, signIn } from './test-client';
import { authorizationUrl, REDIRECT_URI, startTestIdp } from './test-support';

let idp: Awaited<ReturnType<typeof startTestIdp>>;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp.stop());

const logoutUrl = () => `${idp.issuer}/protocol/openid-connect/logout`;
const isCallback = (url: URL) => url.href.startsWith(REDIRECT_URI);

async function authorizeAgain(browser: Browser) {
  const { challenge } = createPkce();
  return browser.follow(
    authorizationUrl(idp.issuer, { code_challenge: challenge, code_challenge_method: 'S256' }),
    {},
    isCallback,
  );
}

describe('logout', () => {
  it('ends the session and redirects straight back, for the POST form keycloak-js sends', async () => {
    const browser = new Browser();
    const tokens = await signIn({ issuer: idp.issuer, username: 'gestor', password: 'gestor', browser });
    expect(isCallback((await authorizeAgain(browser)).url)).toBe(true);

    const response = await browser.request(logoutUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        id_token_hint: tokens.id_token,
        client_id: 'ecodigital-web',
        post_logout_redirect_uri: REDIRECT_URI,
      }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(REDIRECT_URI);

    const { response: page, url } = await authorizeAgain(browser);
    expect(isCallback(url)).toBe(false);
    expect(await page.text()).toContain('id="kc-form-login"');

    await expect(refreshTokens({ issuer: idp.issuer, refreshToken: tokens.refresh_token })).rejects.toThrow(
      /invalid_grant/,
    );
  });

  it('works as a GET with state, too', async () => {
    const browser = new Browser();
    const tokens = await signIn({ issuer: idp.issuer, username: 'admin', password: 'admin', browser });
    const url = new URL(logoutUrl());
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: REDIRECT_URI,
      state: 'xyz',
    }).toString();
    const response = await browser.request(url);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${REDIRECT_URI}?state=xyz`);
    expect(isCallback((await authorizeAgain(browser)).url)).toBe(false);
  });

  it('asks before ending the session when the request does not come from the app (no id_token_hint)', async () => {
    const browser = new Browser();
    await signIn({ issuer: idp.issuer, username: 'gestor', password: 'gestor', browser });
    const url = new URL(logoutUrl());
    url.search = new URLSearchParams({
      client_id: 'ecodigital-web',
      post_logout_redirect_uri: REDIRECT_URI,
    }).toString();

    // What a link on any page would do: the person is asked, and stays signed in meanwhile.
    const asked = await browser.request(url, { headers: { Accept: 'text/html' } });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain('¿Quiere cerrar la sesión?');
    expect(html).toContain(`id="kc-logout-cancel" class="button secondary" href="${REDIRECT_URI}"`);
    expect(isCallback((await authorizeAgain(browser)).url)).toBe(true);

    // «Cerrar sesión» submits oidc-provider's form with its anti-forgery field.
    const action =
      /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"/.exec(html)?.[1] ??
      /<form[^>]*action="([^"]+)"[^>]*id="op.logoutForm"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browser.request(new URL(action.replaceAll('&amp;', '&'), idp.issuer), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect([302, 303]).toContain(confirmed.status);
    expect(confirmed.headers.get('location')).toBe(REDIRECT_URI);
    expect(isCallback((await authorizeAgain(browser)).url)).toBe(false);
  });

  it('refuses an unregistered post-logout redirect URI', async () => {
    const browser = new Browser();
    const tokens = await signIn({ issuer: idp.issuer, username: 'admin', password: 'admin', browser });
    const url = new URL(logoutUrl());
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://evil.example/',
    }).toString();
    const response = await browser.request(url);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    // Still signed in.
    expect(isCallback((await authorizeAgain(browser)).url)).toBe(true);
  });
});

describe('account page in a browser', () => {
  it('shows the signed-in person from the IdP session, in Spanish', async () => {
    const browser = new Browser();
    await signIn({ issuer: idp.issuer, username: 'consulta', password: 'consulta', browser });
    const response = await browser.request(
      `${idp.issuer}/account?referrer=ecodigital-web&referrer_uri=${encodeURIComponent(REDIRECT_URI)}`,
      {
        headers: { Accept: 'text/html,application/xhtml+xml' },
      },
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Mi cuenta');
    expect(html).toContain('Lucía Fernández Díaz');
    expect(html).toContain('consulta@ecodigital.local');
    expect(html).toContain(`href="${REDIRECT_URI}"`);
  });
});
