import { describe, expect, inject, it } from 'vitest';
import { takeCspViolations } from '../support/browser';
import { signedInPage, useBrowser } from '../support/signed-in';

/**
 * The headers `npm start` sends, as Chromium receives them, and the Content-Security-Policy doing its
 * job: the app works under it (every e2e test fails on a violation, see `support/csp-guard.ts`),
 * and script injected into the page does not run.
 */
describe('security headers', () => {
  const browser = useBrowser();

  it('sends CSP without inline script, frame-ancestors none, no-referrer and nosniff; API answers are no-store', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const webUrl = inject('webUrl');

    const html = await page.request.get(`${webUrl}/expedientes`, { headers: { accept: 'text/html' } });
    const csp = html.headers()['content-security-policy']!;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(html.headers()).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });

    const session = await page.request.get(`${webUrl}/api/session/get`, {
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(session.status()).toBe(200);
    expect(session.headers()['cache-control']).toBe('no-store');
    expect(session.headers()['x-content-type-options']).toBe('nosniff');
    await page.context().close();
  });

  it('does not run script injected into the page, and reports it', async () => {
    const { page } = await signedInPage(browser(), 'consulta');
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inyectado = true';
      document.body.append(script);
    })()`);
    await expect.poll(() => takeCspViolations().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await page.evaluate('window.inyectado === true')).toBe(false);
    await page.context().close();
  });
});
