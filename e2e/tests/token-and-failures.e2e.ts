import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot } from '../support/browser';
import { E2E_ACCESS_TOKEN_TTL } from '../support/ports';
import { openAndSignIn, sideMenu } from '../support/session';
import { useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const issuer = inject('issuer');
const browser = useBrowser();

describe('token life and failures', () => {
  it(`refreshes the access token before it expires (ACCESS_TOKEN_TTL=${E2E_ACCESS_TOKEN_TTL})`, async () => {
    const page = await (await newContext(browser())).newPage();
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (
        request.url() === `${issuer}/protocol/openid-connect/token` &&
        request.postData()?.includes('grant_type=refresh_token')
      ) {
        refreshes.push(request.url());
      }
    });
    await openAndSignIn(page, webUrl, 'gestor');
    const refreshed = await page.waitForResponse(
      (response) =>
        response.url() === `${issuer}/protocol/openid-connect/token` &&
        (response.request().postData() ?? '').includes('grant_type=refresh_token'),
      { timeout: 45_000 },
    );
    expect(refreshed.status()).toBe(200);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    const { access_token: nuevo } = (await refreshed.json()) as { access_token: string };
    // The new token works against the API: the next call, in the same page, carries it and is answered.
    const llamada = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/expedientes' &&
        response.request().headers().authorization === `Bearer ${nuevo}`,
    );
    await sideMenu(page).getByRole('link', { name: 'Expedientes' }).click();
    expect((await llamada).status()).toBe(200);
    await page.context().close();
  });

  it('shows the error overlay and does not loop when the identity provider is down', async () => {
    const context = await newContext(browser());
    const idpOrigin = new URL(issuer).origin;
    await context.route(`${idpOrigin}/**`, (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    await page.clock.install();
    let documentLoads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documentLoads += 1;
    });
    await page.goto(webUrl);
    const overlay = page.locator('#app-error');
    await overlay.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await overlay.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
    await page.getByRole('button', { name: 'Reintentar' }).waitFor();
    const loadsWhenShown = documentLoads;
    // A minute of the page's timers, run at once: a retry loop on a timer would reload by now.
    await page.clock.runFor(60_000);
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    expect(documentLoads).toBe(loadsWhenShown);
    expect(documentLoads).toBeLessThanOrEqual(2);
    expect(await page.locator('#root').innerHTML()).toBe('');
    await screenshot(page, 'error-idp-caido');
    await context.close();
  });
});
