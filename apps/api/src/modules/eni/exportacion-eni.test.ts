import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { LocalStorageConfig } from '../../storage/storage-config';
import type { PersonasDemo } from '../../testing/personas';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';
import { herramienta, XSD, xmlsecVerify } from './testing/tools';
import { samplePdf, samplePng } from '../documentos/inspection/testing/sample-files';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';

/** Every entry of a ZIP, read with yauzl (another library than the one that wrote it). */
function leerZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entradas = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entradas));
      zip.on('entry', (entrada: yauzl.Entry) => {
        zip.openReadStream(entrada, (fallo, flujo) => {
          if (fallo) return reject(fallo);
          const trozos: Buffer[] = [];
          flujo.on('data', (trozo: Buffer) => trozos.push(trozo));
          flujo.on('error', reject);
          flujo.on('end', () => {
            entradas.set(entrada.fileName, Buffer.concat(trozos));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const texto = (xml: string, elemento: string) =>
  [...xml.matchAll(new RegExp(`<(?:\\w+:)?${elemento}>([^<]*)</(?:\\w+:)?${elemento}>`, 'g'))].map((m) => m[1]!);

/**
 * `GET /api/expedientes/:id/eni`: the ZIP for remisión. Its XML validated by `xmllint` against the
 * official ENI schemas, the signature of the embedded índice by `xmlsec1`, the bytes against the
 * upload and the índice's ValorHuella.
 */
describe('the ENI export (real PostgreSQL, real dev IdP, xmllint, xmlsec1)', () => {
  const stack = useTestStack();
  let personas: PersonasDemo;
  let dir: string;
  let ca: string;
  let idExpediente: number;
  const subidos = new Map<number, Buffer>();
  let anulado: number;

  const exportar = (quien: keyof PersonasDemo['as']) => personas.as[quien].get(`/api/expedientes/${idExpediente}/eni`);

  async function exportarYLeer(carpeta: string): Promise<Map<string, Buffer>> {
    const respuesta = await exportar('gestor');
    expect(respuesta.statusCode, respuesta.body.slice(0, 300)).toBe(200);
    expect(respuesta.headers['content-type']).toBe('application/zip');
    expect(respuesta.headers['content-disposition']).toMatch(/attachment; filename="expediente-eni-.+\.zip"/);
    const entradas = await leerZip(respuesta.rawPayload);
    await mkdir(path.join(dir, carpeta, 'documentos'), { recursive: true });
    for (const [nombre, bytes] of entradas) await writeFile(path.join(dir, carpeta, nombre), bytes);
    return entradas;
  }

  async function valida(archivo: string, xsd: string) {
    const resultado = await herramienta('xmllint', ['--noout', '--schema', path.join(XSD, xsd), archivo]);
    expect(resultado.salida).toMatch(/validates/);
    expect(resultado.ok).toBe(true);
  }

  const xmlsec = (archivo: string) => xmlsecVerify(ca, archivo);

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    dir = await mkdtemp(path.join(tmpdir(), 'ecodigital-eni-'));
    const sello = (await stack.app().sello())!;
    ca = path.join(dir, 'ca.pem');
    await writeFile(ca, sello.cadena[0]!.toString('pem'));
    idExpediente = await crearExpediente(stack, 'Licencia de actividad en la plaza Mayor');
    await personas.as.gestor.post(`/api/expedientes/${idExpediente}/interesados`, {
      documento: '12345678Z',
      nombre: 'Carmen Ruiz',
    });
    const resolucion = samplePdf('Resolución de la licencia', { paddingKb: 200 });
    subidos.set(await subirArchivo(stack, idExpediente, 'resolucion.pdf', resolucion), resolucion);
    anulado = await subirArchivo(stack, idExpediente, 'erroneo.pdf', samplePdf('Subido por error'));
    const plano = samplePng({ width: 40, height: 30 });
    subidos.set(await subirArchivo(stack, idExpediente, 'plano.png', plano, 'Informe'), plano);
    const anulacion = await personas.as.gestor.post(`/api/documentos/${anulado}/anular`, {
      motivo: 'Se subió a este expediente por error.',
    });
    expect(anulacion.statusCode, anulacion.body).toBe(200);
  });

  it('answers a ZIP with expediente.xml, indice.pdf and one ENI documento per document not anulado', async () => {
    const entradas = await exportarYLeer('abierto');
    const nombres = [...entradas.keys()];
    expect(nombres.slice(0, 2)).toEqual(['expediente.xml', 'indice.pdf']);
    const documentos = nombres.slice(2);
    expect(documentos).toHaveLength(2);
    for (const nombre of documentos) expect(nombre).toMatch(/^documentos\/[13]-ES_[A-Z0-9]+_\d{4}_DOC_\d+\.xml$/);
    expect(documentos.some((nombre) => nombre.endsWith(`_DOC_${anulado}.xml`))).toBe(false);
    expect(entradas.get('indice.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');

    const expediente = entradas.get('expediente.xml')!.toString('utf8');
    await valida(path.join(dir, 'abierto', 'expediente.xml'), 'ExpedienteEni.xsd');
    expect(texto(expediente, 'Estado')).toEqual(['E01']);
    expect(texto(expediente, 'Interesado')).toEqual(['12345678Z']);
    // The índice embedded keeps its signature: the root's namespace does not enter its canonical form.
    const firma = await xmlsec(path.join(dir, 'abierto', 'expediente.xml'));
    expect(firma.salida).toMatch(/^OK$/m);

    const huellas = new Map(
      texto(expediente, 'IdentificadorDocumento').map((id, i) => [id, texto(expediente, 'ValorHuella')[i]!]),
    );
    expect(huellas.size).toBe(2);
    for (const nombre of documentos) {
      await valida(path.join(dir, 'abierto', nombre), 'DocumentoEni.xsd');
      const xml = entradas.get(nombre)!.toString('utf8');
      const [identificador] = texto(xml, 'Identificador');
      const idDocumento = Number(/_DOC_(\d+)$/.exec(identificador!)![1]);
      const bytes = Buffer.from(texto(xml, 'ValorBinario')[0]!, 'base64');
      expect(bytes.equals(subidos.get(idDocumento)!)).toBe(true);
      expect(createHash('sha256').update(bytes).digest('base64')).toBe(huellas.get(identificador!));
    }
    const png = entradas.get(documentos.find((nombre) => nombre.startsWith('documentos/3-'))!)!.toString('utf8');
    expect(texto(png, 'NombreFormato')).toEqual(['png']);
    expect(texto(png, 'TipoDocumental')).toEqual(['TD13']);
  });

  it('stores the documents without compression (deflating their base64 only cost time) and deflates expediente.xml', async () => {
    const respuesta = await exportar('gestor');
    expect(respuesta.statusCode).toBe(200);
    const metodos = await new Promise<Map<string, number>>((resolve, reject) => {
      yauzl.fromBuffer(respuesta.rawPayload, { lazyEntries: false }, (error, zip) => {
        if (error) return reject(error);
        const vistos = new Map<string, number>();
        zip.on('entry', (entrada: yauzl.Entry) => vistos.set(entrada.fileName, entrada.compressionMethod));
        zip.on('error', reject);
        zip.on('end', () => resolve(vistos));
      });
    });
    expect(metodos.get('expediente.xml')).toBe(8);
    const documentos = [...metodos].filter(([nombre]) => nombre.startsWith('documentos/'));
    expect(documentos).toHaveLength(2);
    for (const [nombre, metodo] of documentos) expect(metodo, nombre).toBe(0);
  });

  it('records the export in the historial', async () => {
    const historial = (await personas.as.gestor.get(`/api/expedientes/${idExpediente}/historial`)).json();
    const eventos = historial.data.items.filter((evento: { evento: string }) => evento.evento === 'exportacion_eni');
    expect(eventos.length).toBeGreaterThanOrEqual(1);
    expect(eventos[0].descripcion).toBe('Exportó el expediente en formato ENI (2 documentos).');
  });

  it('uses the índice signed on closing while it covers the documents', async () => {
    const gestor = personas.as.gestor;
    const actual = async () => (await gestor.get(`/api/expedientes/${idExpediente}`)).json().data.version;
    expect(
      (await gestor.post(`/api/expedientes/${idExpediente}/estado`, { estado: 'en_tramite', version: await actual() }))
        .statusCode,
    ).toBe(200);
    const cierre = await gestor.post(`/api/expedientes/${idExpediente}/estado`, {
      estado: 'cerrado',
      version: await actual(),
    });
    expect(cierre.statusCode, cierre.body).toBe(200);
    const [firma] = (await gestor.get(`/api/expedientes/${idExpediente}/firmas`)).json().data.firmas;
    const guardado = (await gestor.get(`/api/expedientes/${idExpediente}/firmas/${firma.id_firma}/indice.xml`)).body;
    const guardadoPdf = (await gestor.get(`/api/expedientes/${idExpediente}/firmas/${firma.id_firma}/indice.pdf`))
      .rawPayload;

    const entradas = await exportarYLeer('cerrado');
    const expediente = entradas.get('expediente.xml')!.toString('utf8');
    const contenido = /<eniexpind:IndiceContenido[\s\S]*<\/eniexpind:IndiceContenido>/.exec(guardado)![0];
    expect(expediente).toContain(contenido);
    expect(entradas.get('indice.pdf')!.equals(guardadoPdf)).toBe(true);
    expect(texto(expediente, 'Estado')).toEqual(['E02']);
    await valida(path.join(dir, 'cerrado', 'expediente.xml'), 'ExpedienteEni.xsd');
    expect((await xmlsec(path.join(dir, 'cerrado', 'expediente.xml'))).salida).toMatch(/^OK$/m);
  });

  it('stops at a stored file that no longer matches its huella: the ZIP never arrives complete', async () => {
    const id = await crearExpediente(stack, 'Expediente con un archivo alterado');
    const idDocumento = await subirArchivo(stack, id, 'alterado.pdf', samplePdf('Se alterará'));
    const [fila] = await stack
      .app()
      .db.query<{ clave: string }>('SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1', [
        idDocumento,
      ]);
    const dirAlmacen = (stack.testApp().config.storage as LocalStorageConfig).dir;
    const ruta = path.join(dirAlmacen, fila!.clave.slice(0, 2), fila!.clave.slice(2, 4), fila!.clave);
    const bytes = await readFile(ruta);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    await writeFile(ruta, bytes);

    // The headers are gone when the file is reached: the transfer is cut, as a download of it would be.
    await expect(personas.as.gestor.get(`/api/expedientes/${id}/eni`)).rejects.toThrow(
      /response destroyed before completion/,
    );
  });

  it('answers 403 without the permission and 404 to who does not see the expediente', async () => {
    const consulta = await exportar('consulta');
    expect(consulta.statusCode).toBe(403);
    const ajena = await exportar('tesorera');
    expect(ajena.statusCode).toBe(404);
    expect((await personas.as.gestor.get('/api/expedientes/999999/eni')).statusCode).toBe(404);
  });
});
