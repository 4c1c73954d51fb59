import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api-from-page';
import { seriousAxeViolations } from '../support/axe';
import { newContext, screenshot } from '../support/browser';
import { signedInPage, useBrowser } from '../support/signed-in';

const browser = useBrowser();

const sha256 = (datos: Buffer) => createHash('sha256').update(datos).digest('hex');

interface Firmas {
  data: { firmas: { csv: string; firmado_en: string }[] };
}

/**
 * Verifiable copies by Código Seguro de Verificación (decision 0394): the expediente's detail shows
 * the code of its signed índice; anybody, signed out, checks it at /verificacion and downloads the copy.
 */
describe('verificación por CSV', () => {
  it('shows the CSV with the signed índice; signed out, /verificacion says what it certifies and gives the copy', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const ids = {
      id_tipo: (await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/tipos-expediente')).body
        .data[0]!.id,
      id_unidad: (
        await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/unidades?ambito=creacion')
      ).body.data[0]!.id,
    };
    const creado = await callApi<{ data: { id_expediente: number; numero: string } }>(
      page,
      token(),
      'POST',
      '/api/expedientes',
      { asunto: 'Expediente con índice verificable', ...ids },
    );
    expect(creado.status).toBe(201);
    const { id_expediente, numero } = creado.body.data;
    for (const estado of ['en_tramite', 'cerrado']) {
      const actual = await callApi<{ data: { version: number } }>(
        page,
        token(),
        'GET',
        `/api/expedientes/${id_expediente}`,
      );
      const cambio = await callApi(page, token(), 'POST', `/api/expedientes/${id_expediente}/estado`, {
        estado,
        version: actual.body.data.version,
      });
      expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    }
    const [firma] = (await callApi<Firmas>(page, token(), 'GET', `/api/expedientes/${id_expediente}/firmas`)).body.data
      .firmas;
    const csv = firma!.csv;
    expect(csv).toMatch(/^([A-HJ-NP-Z2-9]{4}-){6}[A-HJ-NP-Z2-9]{4}$/);

    // The detail of the expediente shows the code and where to verify it.
    await page.goto(`${inject('webUrl')}/expedientes/ver/${id_expediente}`);
    const indices = page.getByTestId('indices-firmados');
    await indices.getByText(csv, { exact: true }).waitFor();
    await indices.getByRole('link', { name: `${inject('webUrl')}/verificacion/${csv}` }).waitFor();
    await page.context().close();

    // Signed out: a fresh context, no sign-in, no redirect to the identity provider.
    const context = await newContext(browser());
    const publica = await context.newPage();
    await publica.goto(`${inject('webUrl')}/verificacion`);
    await publica.getByRole('heading', { name: 'Verificación de documentos' }).waitFor();
    expect(new URL(publica.url()).pathname).toBe('/verificacion');

    const campo = publica.getByLabel('Código seguro de verificación');
    await campo.fill('ABCD');
    await publica.getByRole('button', { name: 'Verificar' }).click();
    await publica
      .getByTestId('verificacion-error')
      .getByText(/El código no es válido/)
      .waitFor();

    await campo.fill('ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345');
    await publica.getByRole('button', { name: 'Verificar' }).click();
    await publica
      .getByTestId('verificacion-error')
      .getByText(/No hay ningún documento con ese código/)
      .waitFor();

    await campo.fill(csv.replaceAll('-', '').toLowerCase());
    await publica.getByRole('button', { name: 'Verificar' }).click();
    const resultado = publica.getByTestId('verificacion-resultado');
    await resultado.waitFor();
    expect(new URL(publica.url()).pathname).toBe(`/verificacion/${csv}`);
    const texto = await resultado.innerText();
    expect(texto).toContain(`Índice firmado del expediente ${numero}`);
    // dd/mm/aaaa in the browser's time zone, as the page writes it.
    const fecha = (await publica.evaluate(
      `new Date(${JSON.stringify(firma!.firmado_en)}).toLocaleDateString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' })`,
    )) as string;
    expect(fecha).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(texto).toContain(`Fecha de la firma\t${fecha}`);
    const huella = /\b[0-9a-f]{64}\b/.exec(texto)![0];

    expect(await seriousAxeViolations(publica)).toEqual([]);
    await screenshot(publica, 'verificacion-publica');

    // The copy is a plain link to the public download: asked for signed out, as anybody would, with a
    // time limit (a browser download waits for its end without one).
    const enlace = resultado.getByRole('link', { name: /Descargar la copia/ });
    expect(await enlace.getAttribute('download')).toMatch(new RegExp(`^indice-firmado-${numero}-cierre-.*\\.pdf$`));
    const copia = await fetch(new URL((await enlace.getAttribute('href'))!, inject('webUrl')), {
      signal: AbortSignal.timeout(30_000),
    });
    expect(copia.status).toBe(200);
    const bytes = Buffer.from(await copia.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(bytes)).toBe(huella);

    // Opened by its address, the code is verified at once.
    await publica.goto(`${inject('webUrl')}/verificacion/${csv}`);
    await publica.getByTestId('verificacion-resultado').waitFor();
    await context.close();
    // Two browser contexts, an expediente signed on closing (XAdES, PAdES and the índice PDF) and an
    // axe pass: 40 s on a quiet machine, past 120 s on a loaded one.
  }, 240_000);
});
