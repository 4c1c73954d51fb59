import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CREDENTIALS_MESSAGE } from './pages';
import { Browser, createPkce, loginFormAction, signIn } from './test-client';
import { authorizationUrl, REDIRECT_URI, startTestIdp } from './test-support';

let idp: Awaited<ReturnType<typeof startTestIdp>>;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp.stop());

const isCallback = (url: URL) => url.href.startsWith(REDIRECT_URI);

async function openLoginPage(browser: Browser) {
  const { challenge } = createPkce();
  const { response, url } = await browser.follow(
    authorizationUrl(idp.issuer, { code_challenge: challenge, code_challenge_method: 'S256' }),
  );
  return { response, url, html: await response.text() };
}

describe('login page', () => {
  it('is a Spanish page with the element ids of Keycloak', async () => {
    const { response, url, html } = await openLoginPage(new Browser());
    expect(response.status).toBe(200);
    expect(url.pathname).toMatch(/^\/realms\/ecodigital\/login-actions\/authenticate\//);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Iniciar sesión · EcoDigital</title>');
    expect(html).toMatch(/<form id="kc-form-login" method="post"/);
    expect(html).toMatch(/<label for="username">/);
    expect(html).toMatch(/<input id="username" name="username"/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/id="kc-login"[^>]*type="submit"/);
    expect(html).not.toContain(BAD_CREDENTIALS_MESSAGE);
  });

  it('answers a bad attempt with the form again, the Spanish message and the username kept', async () => {
    const browser = new Browser();
    const { url, html } = await openLoginPage(browser);
    const action = loginFormAction(html, url);
    expect(action).toBeDefined();

    const response = await browser.request(action!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'gestor', password: 'incorrecta' }),
    });
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain('Usuario o contraseña incorrectos.');
    expect(page).toMatch(/<input id="username" name="username" type="text" value="gestor"/);
    expect(loginFormAction(page, url)?.href).toBe(action!.href);

    // The same interaction still accepts the right password afterwards.
    const retry = await browser.follow(
      action!,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'gestor', password: 'gestor' }),
      },
      isCallback,
    );
    expect(retry.url.searchParams.get('code')).toBeTruthy();
  });

  it('signIn reports rejected credentials clearly', async () => {
    await expect(signIn({ issuer: idp.issuer, username: 'admin', password: 'mal' })).rejects.toThrow(
      /rejected the username or password/,
    );
    await expect(signIn({ issuer: idp.issuer, username: 'nadie', password: 'nadie' })).rejects.toThrow(/rejected/);
  });

  it('goes from the login form straight back to the app with a code: no consent screen', async () => {
    const browser = new Browser();
    const { url, html } = await openLoginPage(browser);
    const result = await browser.follow(
      loginFormAction(html, url)!,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'consulta', password: 'consulta' }),
      },
      isCallback,
    );
    expect(isCallback(result.url)).toBe(true);
    expect(result.url.searchParams.get('code')).toBeTruthy();
    expect(result.url.searchParams.get('state')).toBe('estado-de-prueba');
    expect(result.url.searchParams.get('iss')).toBe(idp.issuer);

    // With the IdP session, a second authorization request needs no login at all.
    const { challenge } = createPkce();
    const again = await browser.follow(
      authorizationUrl(idp.issuer, { code_challenge: challenge, code_challenge_method: 'S256' }),
      {},
      isCallback,
    );
    expect(isCallback(again.url)).toBe(true);
    expect(again.url.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a login form posted without its interaction', async () => {
    const response = await fetch(`${idp.issuer}/login-actions/authenticate/inventado`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: 'admin' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('ha caducado o no es válida');
  });
});
