import type { Browser, Request } from 'playwright-core';
import { newContext } from './chromium';
import { openAndSignIn, type DemoUser } from './sign-in-page';

interface TransferredResource {
  path: string;
  /** Bytes on the wire: the encoded body plus the response headers. */
  bytes: number;
  encoding: string;
}

export interface FirstLoadTransfer {
  totalBytes: number;
  resources: TransferredResource[];
}

/**
 * What Chromium receives from the application's origin, on a cold cache, from opening `/` signed
 * out until Inicio shows its figures and charts: the shell, its scripts and styles, and the API
 * answers, compressed as the server sends them. The identity provider's pages are not counted;
 * a download the sign-in redirect cut short counts what had arrived.
 */
export async function firstLoadTransfer(browser: Browser, webUrl: string, user: DemoUser): Promise<FirstLoadTransfer> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const origin = new URL(webUrl).origin;
    const pending: Promise<TransferredResource | undefined>[] = [];
    const measure = async (request: Request): Promise<TransferredResource | undefined> => {
      const url = new URL(request.url());
      if (url.origin !== origin) return undefined;
      const response = await request.response().catch(() => null);
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      const encoding = (await response?.headerValue('content-encoding').catch(() => null)) ?? 'identity';
      return { path: url.pathname, encoding, bytes: sizes.responseBodySize + sizes.responseHeadersSize };
    };
    page.on('requestfinished', (request) => pending.push(measure(request)));
    page.on('requestfailed', (request) => pending.push(measure(request)));

    await openAndSignIn(page, `${webUrl}/`, user);
    await page
      .getByRole('table', { name: 'Expedientes abiertos y cerrados en cada uno de los últimos 12 meses' })
      .waitFor({ state: 'attached' });
    await page
      .getByRole('table', { name: 'Documentos por tipo documental' })
      .or(page.getByText('Todavía no hay documentos.'))
      .first()
      .waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const resources = (await Promise.all(pending)).filter((resource) => resource !== undefined);
    return { totalBytes: resources.reduce((sum, resource) => sum + resource.bytes, 0), resources };
  } finally {
    await context.close();
  }
}
