import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';
import { herramienta, XSD, xmlsecVerify } from './testing/tools';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';

/**
 * The índice signed with the seal when an expediente is closed and when its índice is closed for
 * remisión: XAdES checked by `xmlsec1`, PAdES by `pdfsig`, the XML by `xmllint` against the ENI
 * schemas; tampering is caught by the same tools.
 */
describe('the signed índice (real PostgreSQL, real dev IdP, xmlsec1, pdfsig, xmllint)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const tokens = {} as Record<DemoUsername, string>;
  let dir: string;
  let ca: string;
  let expediente: Expediente;
  let idTipo: number;

  async function subir(idExpediente: number, nombre: string) {
    const db = stack.app().db;
    const [tipo] = await db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: `${nombre}.pdf`, contenido: samplePdf(nombre) },
    ]);
    const response = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${idExpediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${tokens.gestor}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function cambiarEstado(estado: string, motivo?: string) {
    const actual = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}`)).json().data;
    return as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
      estado,
      version: actual.version,
      ...(motivo ? { motivo } : {}),
    });
  }

  const firmas = async () => (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}/firmas`)).json().data;

  async function descargar(idFirma: number, formato: 'xml' | 'pdf'): Promise<string> {
    const response = await as.consulta.get(
      `/api/expedientes/${expediente.id_expediente}/firmas/${idFirma}/indice.${formato}`,
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const archivo = path.join(dir, `firma-${idFirma}.${formato}`);
    await writeFile(archivo, response.rawPayload);
    return archivo;
  }

  const xmlsec = (archivo: string) => xmlsecVerify(ca, archivo);

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    Object.assign(tokens, personas.tokens);
    dir = await mkdtemp(path.join(tmpdir(), 'ecodigital-firma-'));
    // The verifier outside the institution trusts the institution's CA: here, the test CA.
    const sello = (await stack.app().sello())!;
    ca = path.join(dir, 'ca.pem');
    await writeFile(ca, sello.cadena[0]!.toString('pem'));
    const db = stack.app().db;
    [{ id: idTipo }] = (await db.query<{ id: number }>(
      `INSERT INTO tipo_expediente (nombre, orden) VALUES ('Licencia de prueba ENI', 999) RETURNING id`,
    )) as [{ id: number }];
    const creado = await as.gestor.post('/api/expedientes', {
      asunto: 'Licencia de obra mayor en la calle Real',
      id_tipo: idTipo,
      id_unidad: await idUnidad(db, CODIGOS.urbanismo),
    });
    expect(creado.statusCode, creado.body).toBe(201);
    expediente = creado.json().data;
    await subir(expediente.id_expediente, 'proyecto-basico');
    await subir(expediente.id_expediente, 'informe-tecnico');
  });

  it('signs the índice when the expediente is closed: xmlsec1 and pdfsig verify it, xmllint validates it', async () => {
    expect((await cambiarEstado('en_tramite')).statusCode).toBe(200);
    const cierre = await cambiarEstado('cerrado');
    expect(cierre.statusCode, cierre.body).toBe(200);

    const { firmas: lista, remision_cerrada_en } = await firmas();
    expect(remision_cerrada_en).toBeNull();
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      motivo: 'cierre',
      documentos: 2,
      solo_desarrollo: true,
      sello_tiempo: null,
      sello_tiempo_texto: expect.stringMatching(/^Sin sello de tiempo: no hay una autoridad de sellado/),
      firmado_por: { username: 'gestor' },
    });
    expect(lista[0].certificado.sujeto).toMatch(/solo desarrollo/);
    const historial = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}/historial`)).json();
    const firmado = historial.data.items.find((evento: { evento: string }) => evento.evento === 'indice_firmado');
    // The test seal's name already says «solo desarrollo»: said once, not twice.
    expect(firmado.descripcion).toBe(
      'Firmó el índice (2 documentos) con el sello «Sello de órgano de pruebas (solo desarrollo)»: cierre del expediente.',
    );

    const xml = await descargar(lista[0].id_firma, 'xml');
    const xmlsec1 = await xmlsec(xml);
    expect(xmlsec1.salida).toMatch(/^OK$/m);
    expect(xmlsec1.ok).toBe(true);
    const esquema = await herramienta('xmllint', [
      '--noout',
      '--schema',
      path.join(XSD, 'IndiceExpedienteEni.xsd'),
      xml,
    ]);
    expect(esquema.salida).toMatch(/validates/);
    expect(esquema.ok).toBe(true);

    const pdf = await descargar(lista[0].id_firma, 'pdf');
    const pdfsig = await herramienta('pdfsig', [pdf]);
    expect(pdfsig.salida).toMatch(/Signature Validation: Signature is Valid/);
    expect(pdfsig.salida).toMatch(/solo desarrollo/);
    expect(pdfsig.salida).toMatch(/ETSI\.CAdES\.detached/);
  });

  it('the same tools refuse a tampered XML or PDF', async () => {
    const [firma] = (await firmas()).firmas;
    const xml = await descargar(firma.id_firma, 'xml');
    const texto = (await import('node:fs/promises')).readFile;
    const original = await texto(xml, 'utf8');
    const alterado = path.join(dir, 'alterado.xml');
    await writeFile(
      alterado,
      original.replace(/<eniconexpind:OrdenDocumentoExpediente>2</, '<eniconexpind:OrdenDocumentoExpediente>3<'),
    );
    expect(original).not.toBe(await texto(alterado, 'utf8'));
    const xmlsec1 = await xmlsec(alterado);
    expect(xmlsec1.ok).toBe(false);
    expect(xmlsec1.salida).not.toMatch(/^OK$/m);

    const pdf = await texto(await descargar(firma.id_firma, 'pdf'));
    // A byte inside the first signed range (the PDF header comment).
    const roto = Buffer.from(pdf);
    roto[10] = roto[10] === 0x41 ? 0x42 : 0x41;
    const pdfAlterado = path.join(dir, 'alterado.pdf');
    await writeFile(pdfAlterado, roto);
    const pdfsig = await herramienta('pdfsig', [pdfAlterado]);
    expect(pdfsig.salida).not.toMatch(/Signature is Valid/);
  });

  it('refuses to close for remisión while ENI metadata is missing, saying which; then closes and signs again', async () => {
    const sinSia = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/remision`, {
      version: (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}`)).json().data.version,
    });
    expect(sinSia.statusCode).toBe(409);
    expect(sinSia.json().msg).toBe(
      'No se puede cerrar el índice para remisión: el tipo de expediente «Licencia de prueba ENI» no tiene código SIA. Complételo en Administración.',
    );
    expect((await firmas()).firmas).toHaveLength(1);

    const sia = await as.admin.patch(`/api/admin/catalogos/tipos/${idTipo}`, { codigo_eni: '2345678' });
    expect(sia.statusCode, sia.body).toBe(200);
    const version = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}`)).json().data.version;
    const consulta = await as.consulta.post(`/api/expedientes/${expediente.id_expediente}/remision`, { version });
    expect(consulta.statusCode).toBe(403);
    const ajena = await as.tesorera.post(`/api/expedientes/${expediente.id_expediente}/remision`, { version });
    expect(ajena.statusCode).toBe(404);
    const remision = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/remision`, { version });
    expect(remision.statusCode, remision.body).toBe(200);
    expect(remision.json().msg).toBe('Índice cerrado para remisión y firmado.');

    const { firmas: lista, remision_cerrada_en } = await firmas();
    expect(remision_cerrada_en).not.toBeNull();
    expect(lista.map((firma: { motivo: string }) => firma.motivo)).toEqual(['cierre', 'remision']);
    expect((await xmlsec(await descargar(lista[1].id_firma, 'xml'))).ok).toBe(true);

    const otraVez = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/remision`, {
      version: remision.json().data.version,
    });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().msg).toBe('El índice de este expediente ya está cerrado para remisión.');
  });

  it('a closed-for-remisión expediente accepts no change: not reopened, no interesado, no document', async () => {
    const reabrir = await cambiarEstado('en_tramite', 'Falta un informe');
    expect(reabrir.statusCode).toBe(409);
    expect(reabrir.json().msg).toMatch(/^El índice de este expediente está cerrado para remisión/);
    const interesado = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/interesados`, {
      documento: '12345678Z',
      nombre: 'Tarde',
    });
    expect(interesado.statusCode).toBe(409);
    const antes = (await firmas()).firmas.length;
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: '1' },
      { campo: 'archivo', archivo: 'tarde.pdf', contenido: samplePdf('tarde') },
    ]);
    const subida = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${expediente.id_expediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${tokens.gestor}` },
      payload,
    });
    expect(subida.statusCode).not.toBe(201);
    expect((await firmas()).firmas).toHaveLength(antes);
  });

  it('keeps signatures append-only, and answers 404 to who does not see the expediente', async () => {
    const [firma] = (await firmas()).firmas;
    await expect(
      stack.app().db.query(`UPDATE indice_firmado SET xml = 'x' WHERE id_firma = $1`, [firma.id_firma]),
      // The API's role may not (017); the owner is stopped by the trigger (020).
    ).rejects.toThrow(/permission denied for table indice_firmado|Un índice firmado no se modifica ni se borra/);
    for (const url of [
      `/api/expedientes/${expediente.id_expediente}/firmas`,
      `/api/expedientes/${expediente.id_expediente}/firmas/${firma.id_firma}/indice.xml`,
      `/api/expedientes/${expediente.id_expediente}/firmas/${firma.id_firma}/indice.pdf`,
    ]) {
      expect((await as.tesorera.get(url)).statusCode, url).toBe(404);
    }
    expect(
      (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}/firmas/999999/indice.xml`)).statusCode,
    ).toBe(404);
  });
  it('verificar checks the signatures too, and reports a broken one', async () => {
    const url = `/api/expedientes/${expediente.id_expediente}/verificar`;
    const sano = await as.gestor.post(url);
    expect(sano.statusCode, sano.body).toBe(200);
    expect(sano.json().data).toMatchObject({ correcto: true, firmas_verificadas: 2, incidencias: [] });

    // Someone with the owner's SQL access alters a stored signed índice behind the trigger's back.
    const owner = stack.testApp().owner();
    const [firma] = (await firmas()).firmas;
    await owner.query('ALTER TABLE indice_firmado DISABLE TRIGGER indice_firmado_inmutable');
    try {
      await owner.query(
        `UPDATE indice_firmado SET xml = replace(xml, '<eniconexpind:OrdenDocumentoExpediente>2<', '<eniconexpind:OrdenDocumentoExpediente>3<')
         WHERE id_firma = $1`,
        [firma.id_firma],
      );
    } finally {
      await owner.query('ALTER TABLE indice_firmado ENABLE TRIGGER indice_firmado_inmutable');
    }
    const roto = await as.gestor.post(url);
    expect(roto.statusCode, roto.body).toBe(200);
    const resultado = roto.json().data;
    expect(resultado.correcto).toBe(false);
    expect(resultado.incidencias).toEqual([
      {
        orden: null,
        nombre: null,
        tipo: 'firma_rota',
        detalle: expect.stringMatching(
          /^La firma del índice del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(cierre del expediente\) no es válida: la firma XAdES no corresponde al contenido del índice\.$/,
        ),
      },
    ]);
  });
});
