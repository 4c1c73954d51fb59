import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api-from-page';
import { seriousAxeViolations } from '../support/axe';
import { newContext, settle } from '../support/browser';
import { samplePdf } from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { DEMO_USERS, expectPath, sideMenu } from '../support/session';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

/** The whole page, frame included, once its motion has ended. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** Describes the focused element: enough to know where Tab went and whether the focus is drawn. */
function focused(page: Page) {
  return page.evaluate(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.textContent ?? '').trim(),
      inSideMenu: Boolean(element.closest('nav[aria-label="Menú principal"]')),
      isUserMenu: element.matches('[data-testid="user-menu"]'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      boxShadow: style.boxShadow !== 'none',
    };
  })()`) as Promise<{
    tag: string;
    text: string;
    inSideMenu: boolean;
    isUserMenu: boolean;
    outline: boolean;
    boxShadow: boolean;
  } | null>;
}

describe('accessibility (axe-core, WCAG 2.1 AA) and keyboard', () => {
  it('login page, with and without the error message', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${webUrl}/`);
    await page.locator('#username').waitFor();
    await expectNoSeriousViolations(page);

    await page.locator('#username').fill(DEMO_USERS.gestor.username);
    await page.locator('#password').fill('no-es-la-contraseña');
    await page.locator('#kc-login').click();
    await page.locator('#input-error').waitFor();
    await expectNoSeriousViolations(page);
    await context.close();
  });

  it('Inicio, list, detail (both tabs), upload, Perfil and not-found', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const ids = {
      id_tipo: (await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/tipos-expediente')).body
        .data[0]!.id,
      id_unidad: (await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/unidades')).body
        .data[0]!.id,
    };
    const creado = await callApi<{ data: { id_expediente: number; numero: string } }>(
      page,
      token(),
      'POST',
      '/api/expedientes',
      {
        asunto: 'Expediente para revisar la accesibilidad',
        interesado_nombre: 'Asociación de vecinos del Retiro',
        ...ids,
      },
    );
    expect(creado.status).toBe(201);
    const { id_expediente: id, numero } = creado.body.data;
    const tiposDocumentales = await callApi<{ data: { id: number }[] }>(
      page,
      token(),
      'GET',
      '/api/catalogos/tipos-documentales',
    );
    const subida = await page.evaluate(
      async ({ token, id, tipo, pdf }) => {
        const form = new FormData();
        form.append('id_tipo_documental', String(tipo));
        form.append(
          'archivo',
          new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
          'informe-accesibilidad.pdf',
        );
        const response = await fetch(`/api/expedientes/${id}/documentos`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        return response.status;
      },
      { token: token(), id, tipo: tiposDocumentales.body.data[0]!.id, pdf: [...samplePdf('Informe de accesibilidad')] },
    );
    expect(subida).toBe(201);

    // Inicio: header, side menu, figures and charts.
    await page.reload();
    await page.getByText('Expediente para revisar la accesibilidad').first().waitFor();
    await page.locator('a[data-cifra="abiertos"]').waitFor();
    await expectNoSeriousViolations(page);

    // The list, with rows.
    await page.goto(`${webUrl}/expedientes`);
    await page.locator('.expedientes-row', { hasText: numero }).waitFor();
    await expectNoSeriousViolations(page);

    // The detail: Documentos tab (with a document), then Historial.
    await page.goto(`${webUrl}/expedientes/ver/${id}`);
    await page
      .getByTestId('documentos-tab')
      .getByText('informe-accesibilidad.pdf')
      .first()
      .waitFor({ timeout: 20_000 });
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page.getByRole('tabpanel', { name: 'Historial' }).waitFor();
    await page.getByRole('tabpanel', { name: 'Historial' }).locator('.ant-timeline-item').first().waitFor();
    await expectNoSeriousViolations(page);

    // The upload view with the expediente already chosen.
    await page.goto(`${webUrl}/subir-documentos?expediente=${id}`);
    await page.getByText(`${numero} — Expediente para revisar la accesibilidad`).waitFor();
    await expectNoSeriousViolations(page);

    // Perfil, from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const perfil = page.getByRole('dialog', { name: 'Perfil' });
    await perfil.getByText(DEMO_USERS.gestor.apellidos).waitFor();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await perfil.waitFor({ state: 'hidden' });

    // Not found.
    await page.goto(`${webUrl}/no-existe-esta-pagina`);
    await page.getByText('Página no encontrada').waitFor();
    await expectNoSeriousViolations(page);
    await page.context().close();
  });

  it('works by keyboard: Tab reaches the menu and the user menu, Enter opens it, Escape closes Perfil, focus is drawn', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    await page.locator('a[data-cifra="abiertos"]').waitFor();
    await sideMenu(page).getByRole('link', { name: 'Inicio' }).waitFor();
    await page.evaluate('document.activeElement?.blur()');

    const stops: NonNullable<Awaited<ReturnType<typeof focused>>>[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      if (stop) stops.push(stop);
    }
    const menuLinks = stops.filter((stop) => stop.inSideMenu && stop.tag === 'a').map((stop) => stop.text);
    expect(menuLinks).toContain('Inicio');
    expect(menuLinks).toContain('Expedientes');
    expect(stops.some((stop) => stop.isUserMenu)).toBe(true);
    // Every stop shows where the focus is.
    expect(stops.filter((stop) => !stop.outline && !stop.boxShadow)).toEqual([]);

    // Back to the user menu by keyboard, then Enter opens it.
    await page.evaluate('document.activeElement?.blur()');
    let onUserMenu = false;
    for (let i = 0; i < 40 && !onUserMenu; i++) {
      await page.keyboard.press('Tab');
      onUserMenu = Boolean((await focused(page))?.isUserMenu);
    }
    expect(onUserMenu).toBe(true);
    await page.keyboard.press('Enter');
    const perfilItem = page.getByRole('menuitem', { name: 'Perfil' });
    await perfilItem.waitFor();
    await perfilItem.focus();
    await page.keyboard.press('Enter');
    const perfil = page.getByRole('dialog', { name: 'Perfil' });
    await perfil.getByText(DEMO_USERS.gestor.apellidos).waitFor();
    await page.keyboard.press('Escape');
    await perfil.waitFor({ state: 'hidden' });

    // A menu link by keyboard navigates.
    await sideMenu(page).getByRole('link', { name: 'Expedientes' }).focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/expedientes');
    await page.context().close();
  });
});
