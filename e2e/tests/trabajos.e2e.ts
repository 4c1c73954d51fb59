import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { dismissToasts, screenshot, settle } from '../support/browser';
import { prepareScreenData } from '../support/screens';
import { signedInPage, useBrowser } from '../support/signed-in';

const browser = useBrowser();

describe('background jobs', () => {
  it('admin sees every queue and a failed extraction with its Spanish reason, and pauses and resumes a queue', async () => {
    const gestor = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    // The gestor uploads, among others, a PDF that is damaged: its extraction fails for good.
    await prepareScreenData(gestor.page, gestor.token());
    await gestor.page.context().close();

    const { page } = await signedInPage(browser(), 'admin', '/administracion/trabajos');
    const tarjeta = (titulo: string) => page.getByTestId('cola-trabajos').filter({ hasText: titulo });
    await expect
      .poll(() => page.getByTestId('cola-trabajos').allInnerTexts())
      .toEqual([
        expect.stringContaining('Avisos de plazos de resolución'),
        expect.stringContaining('Borrado de las consultas de verificación antiguas'),
        expect.stringContaining('Extracción de texto'),
        expect.stringContaining('Reindexado del índice de búsqueda'),
        expect.stringContaining('Revisión de la integridad de los documentos'),
        expect.stringContaining('Verificación de integridad'),
      ]);
    // The screen follows the queue by itself: the failure shows without reloading.
    const fallido = page.getByTestId('trabajo-fallido').filter({ hasText: 'El PDF está dañado' }).first();
    await fallido.waitFor({ timeout: 60_000 });
    expect(await fallido.innerText()).toContain('Extracción de texto');

    const reindexado = tarjeta('Reindexado del índice de búsqueda');
    await reindexado.getByRole('button', { name: 'Pausar la cola Reindexado del índice de búsqueda' }).click();
    await page.getByRole('button', { name: 'Pausar', exact: true }).click();
    await reindexado.getByText('En pausa', { exact: true }).waitFor();
    expect(await reindexado.innerText()).toContain('por María José García López');
    await dismissToasts(page);
    await settle(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'trabajos-cola-en-pausa');

    await reindexado.getByRole('button', { name: 'Reanudar la cola Reindexado del índice de búsqueda' }).click();
    await reindexado.getByText('Activa', { exact: true }).waitFor();
    await page.context().close();
  });
});
