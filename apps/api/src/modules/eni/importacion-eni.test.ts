import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import type { PersonasDemo } from '../../testing/personas';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf, samplePng } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';
import { herramienta, XSD, xmlsecVerify } from './testing/tools';
import { entradaPeligrosa, MAX_ENTRADAS_ENI } from './importacion-lectura';

type Entradas = [string, Buffer][];

/** Every entry of a ZIP in order, read with yauzl. */
function leerZip(bytes: Buffer): Promise<Entradas> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entradas: Entradas = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entradas));
      zip.on('entry', (entrada: yauzl.Entry) => {
        zip.openReadStream(entrada, (fallo, flujo) => {
          if (fallo) return reject(fallo);
          const trozos: Buffer[] = [];
          flujo.on('data', (trozo: Buffer) => trozos.push(trozo));
          flujo.on('error', reject);
          flujo.on('end', () => {
            entradas.push([entrada.fileName, Buffer.concat(trozos)]);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A ZIP of these entries, written by yazl. */
function escribirZip(entradas: Entradas): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [nombre, bytes] of entradas) zip.addBuffer(bytes, nombre);
  zip.end();
  return new Promise((resolve, reject) => {
    const trozos: Buffer[] = [];
    zip.outputStream.on('data', (trozo: Buffer) => trozos.push(trozo));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(trozos)));
  });
}

/** yazl refuses names with `..` or a leading `/`: written under a name of the same length, then renamed in the bytes. */
async function zipConNombre(entradas: Entradas, provisional: string, definitivo: string): Promise<Buffer> {
  expect(provisional.length).toBe(definitivo.length);
  const bytes = await escribirZip(entradas);
  const buscado = Buffer.from(provisional);
  let desde = 0;
  let veces = 0;
  for (let i = bytes.indexOf(buscado, desde); i >= 0; i = bytes.indexOf(buscado, desde)) {
    bytes.write(definitivo, i);
    desde = i + buscado.length;
    veces++;
  }
  expect(veces).toBe(2); // local header and central directory
  return bytes;
}

const texto = (xml: string, elemento: string) =>
  [...xml.matchAll(new RegExp(`<(?:\\w+:)?${elemento}>([^<]*)</(?:\\w+:)?${elemento}>`, 'g'))].map((m) => m[1]!);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What must not change when an import is refused. */
interface Huella {
  expedientes: number;
  documentos: number;
  almacenados: number;
  temporales: number;
}

/**
 * `POST /api/expedientes/importar-eni`: an ENI ZIP (here, one of our own exports, and broken copies
 * of it) becomes a new expediente; every refusal leaves no row and no stored file. Round trip:
 * export → import → close → export gives the same documents and hashes, every XML valid against the
 * official schemas (xmllint) and the índice signature valid (xmlsec1).
 */
describe('the ENI import (real PostgreSQL, real dev IdP, xmllint, xmlsec1)', () => {
  const stack = useTestStack();
  let personas: PersonasDemo;
  let dir: string;
  let ca: string;
  let original: Entradas;
  let zipOriginal: Buffer;
  let idTesoreria: number;
  let idTipo: number;

  const exportar = async (quien: 'gestor' | 'tesorera', id: number) => {
    const respuesta = await personas.as[quien].get(`/api/expedientes/${id}/eni`);
    expect(respuesta.statusCode, respuesta.body.slice(0, 300)).toBe(200);
    return respuesta.rawPayload;
  };

  async function importar(
    quien: keyof PersonasDemo['as'],
    zip: Buffer,
    campos: { id_unidad?: number; id_tipo?: number; asunto?: string } = {},
  ) {
    const { payload, headers } = formulario([
      { campo: 'id_unidad', valor: String(campos.id_unidad ?? idTesoreria) },
      { campo: 'id_tipo', valor: String(campos.id_tipo ?? idTipo) },
      ...(campos.asunto ? [{ campo: 'asunto', valor: campos.asunto }] : []),
      { campo: 'archivo', archivo: 'expediente.zip', contenido: zip, tipo: 'application/zip' },
    ]);
    return stack.app().inject({
      method: 'POST',
      url: '/api/expedientes/importar-eni',
      headers: { ...headers, authorization: `Bearer ${personas.tokens[quien]}` },
      payload,
    });
  }

  async function huella(): Promise<Huella> {
    const app = stack.app();
    const [filas] = await app.db.query<{ expedientes: number; documentos: number }>(
      `SELECT (SELECT count(*) FROM expediente)::int AS expedientes, (SELECT count(*) FROM documento)::int AS documentos`,
    );
    let almacenados = 0;
    for await (const _ of app.storage.listStored()) almacenados++;
    const temporales = (await readdir(app.storage.tempDir).catch(() => [])).filter((n) => n.endsWith('.part')).length;
    return { ...filas!, almacenados, temporales };
  }

  async function rechazada(zip: Buffer, status: number, mensaje: RegExp) {
    const antes = await huella();
    const respuesta = await importar('tesorera', zip);
    expect(respuesta.statusCode, respuesta.body).toBe(status);
    expect(respuesta.json().msg).toMatch(mensaje);
    expect(await huella()).toEqual(antes);
    return respuesta.json().msg as string;
  }

  const xmlDe = (entradas: Entradas, nombre: string) => entradas.find(([n]) => n === nombre)![1].toString('utf8');
  const cambiar = (entradas: Entradas, nombre: string, bytes: Buffer): Entradas =>
    entradas.map(([n, b]) => [n, n === nombre ? bytes : b]);
  const documentosDe = (entradas: Entradas) => entradas.filter(([n]) => n.startsWith('documentos/'));

  async function cerrar(quien: 'gestor' | 'tesorera', id: number) {
    const cliente = personas.as[quien];
    const version = async () => (await cliente.get(`/api/expedientes/${id}`)).json().data.version;
    for (const estado of ['en_tramite', 'cerrado']) {
      const respuesta = await cliente.post(`/api/expedientes/${id}/estado`, { estado, version: await version() });
      expect(respuesta.statusCode, respuesta.body).toBe(200);
    }
  }

  async function valida(entradas: Entradas, carpeta: string) {
    await mkdir(path.join(dir, carpeta, 'documentos'), { recursive: true });
    for (const [nombre, bytes] of entradas) {
      if (!nombre.endsWith('.xml')) continue;
      const archivo = path.join(dir, carpeta, nombre);
      await writeFile(archivo, bytes);
      const xsd = nombre === 'expediente.xml' ? 'ExpedienteEni.xsd' : 'DocumentoEni.xsd';
      const resultado = await herramienta('xmllint', ['--noout', '--schema', path.join(XSD, xsd), archivo]);
      expect(resultado.salida, nombre).toMatch(/validates/);
      expect(resultado.ok, nombre).toBe(true);
    }
    expect((await xmlsecVerify(ca, path.join(dir, carpeta, 'expediente.xml'))).salida).toMatch(/^OK$/m);
  }

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    const app = stack.app();
    dir = await mkdtemp(path.join(tmpdir(), 'ecodigital-eni-importacion-'));
    const sello = (await app.sello())!;
    ca = path.join(dir, 'ca.pem');
    await writeFile(ca, sello.cadena[0]!.toString('pem'));
    idTesoreria = await idUnidad(app.db, CODIGOS.tesoreria);
    [{ id: idTipo }] = (await app.db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1')) as [
      { id: number },
    ];

    const id = await crearExpediente(stack, 'Licencia de obra remitida a otra administración');
    await subirArchivo(stack, id, 'resolucion.pdf', samplePdf('Resolución de la licencia', { paddingKb: 150 }));
    await subirArchivo(stack, id, 'plano.png', samplePng({ width: 40, height: 30 }), 'Informe');
    await subirArchivo(stack, id, 'anexo.pdf', samplePdf('Anexo técnico'), 'Anexo');
    await cerrar('gestor', id);
    zipOriginal = await exportar('gestor', id);
    original = await leerZip(zipOriginal);
    expect(documentosDe(original)).toHaveLength(3);
  });

  it('round trip: export → import into another unidad → close → export gives the same documents and hashes', async () => {
    const respuesta = await importar('tesorera', zipOriginal);
    expect(respuesta.statusCode, respuesta.body).toBe(201);
    const { data, msg } = respuesta.json();
    expect(data.documentos).toBe(3);
    expect(data.expediente.unidad.id).toBe(idTesoreria);
    const expedienteOriginal = xmlDe(original, 'expediente.xml');
    expect(data.origen.identificador).toBe(texto(expedienteOriginal, 'eniexpmeta:Identificador')[0]);
    expect(data.origen.organo).toBe(texto(expedienteOriginal, 'Organo')[0]);
    expect(data.origen.firmante).toMatch(/CN=/);
    expect(msg).toBe(`Expediente ENI incorporado como ${data.expediente.numero} (3 documentos).`);
    const id: number = data.expediente.id_expediente;

    // Its documents: the three, in order, named by their ENI identifier, then the original XML, byte for byte.
    const documentos = (await personas.as.tesorera.get(`/api/expedientes/${id}/documentos`)).json().data;
    const identificadores = texto(expedienteOriginal, 'IdentificadorDocumento');
    expect(documentos.map((d: { nombre: string }) => d.nombre)).toEqual([
      `${identificadores[0]}.pdf`,
      `${identificadores[1]}.png`,
      `${identificadores[2]}.pdf`,
      `Índice ENI original ${data.origen.identificador}.xml`,
    ]);
    expect(documentos[3].huella).toBe(sha256(Buffer.from(expedienteOriginal)));

    // Recorded: the historial (with the origin and the signer) and the auditoría.
    const historial = (await personas.as.tesorera.get(`/api/expedientes/${id}/historial`)).json().data.items;
    const creacion = historial.find((evento: { evento: string }) => evento.evento === 'creacion');
    expect(creacion.descripcion).toContain(`al incorporar el expediente ENI ${data.origen.identificador}`);
    expect(creacion.descripcion).toContain(data.origen.firmante);
    const [auditoria] = await stack
      .app()
      .db.query<{ accion: string; despues: { identificador: string } }>(
        `SELECT accion, despues FROM auditoria WHERE entidad = 'expediente' AND id_entidad = $1`,
        [String(id)],
      );
    expect(auditoria).toMatchObject({
      accion: 'expediente.importar_eni',
      despues: { identificador: data.origen.identificador },
    });

    await cerrar('tesorera', id);
    const vuelta = await leerZip(await exportar('tesorera', id));
    const antes = documentosDe(original).map(([, bytes]) => bytes.toString('utf8'));
    const despues = documentosDe(vuelta).map(([, bytes]) => bytes.toString('utf8'));
    expect(despues).toHaveLength(4);
    const resumen = (xml: string) => ({
      formato: texto(xml, 'enifile:NombreFormato'),
      tipo: texto(xml, 'enidocmeta:TipoDocumental'),
      elaboracion: texto(xml, 'enidocmeta:ValorEstadoElaboracion'),
      bytes: sha256(Buffer.from(texto(xml, 'enifile:ValorBinario')[0]!, 'base64')),
    });
    expect(despues.slice(0, 3).map(resumen)).toEqual(antes.map(resumen));
    // The índice of the second export lists the same hashes, in the same order, and then the original's.
    const huellasAntes = texto(expedienteOriginal, 'eniconexpind:ValorHuella');
    const huellasDespues = texto(xmlDe(vuelta, 'expediente.xml'), 'eniconexpind:ValorHuella');
    expect(huellasDespues.slice(0, 3)).toEqual(huellasAntes);
    expect(Buffer.from(texto(despues[3]!, 'enifile:ValorBinario')[0]!, 'base64').toString('utf8')).toBe(
      expedienteOriginal,
    );

    await valida(original, 'original');
    await valida(vuelta, 'vuelta');
  });

  it('finds the ENI expediente under another name, after a large document told apart by its head', async () => {
    // Last, after the documents (the first one, of 150 KB, is longer than the head read of each).
    const renombrado: Entradas = [
      ...original.filter(([nombre]) => nombre !== 'expediente.xml'),
      ['zz/expediente-de-otra-administracion.xml', Buffer.from(xmlDe(original, 'expediente.xml'))],
    ];
    const respuesta = await importar('tesorera', await escribirZip(renombrado));
    expect(respuesta.statusCode, respuesta.body).toBe(201);
    expect(respuesta.json().data.documentos).toBe(3);
  });

  it('refuses a document whose bytes do not match the ValorHuella of the índice, naming it', async () => {
    const [nombre, bytes] = documentosDe(original)[1]!;
    const xml = bytes.toString('utf8');
    const contenido = Buffer.from(texto(xml, 'enifile:ValorBinario')[0]!, 'base64');
    contenido[contenido.length - 1] = contenido[contenido.length - 1]! ^ 0xff;
    const alterado = xml.replace(
      /<enifile:ValorBinario>[^<]*</,
      `<enifile:ValorBinario>${contenido.toString('base64')}<`,
    );
    const identificador = texto(xml, 'enidocmeta:Identificador')[0]!;
    const msg = await rechazada(await escribirZip(cambiar(original, nombre, Buffer.from(alterado))), 400, /huella/);
    expect(msg).toBe(
      `El contenido del documento «${identificador}» no coincide con la huella (ValorHuella) del índice firmado.`,
    );
  });

  it('refuses an índice whose signature no longer holds (its content changed), naming the signature', async () => {
    const xml = xmlDe(original, 'expediente.xml');
    const alterado = xml.replace(
      /(<eniconexpind:FechaIndiceElectronico>)(\d{4})/,
      (_, tag: string, anio: string) => `${tag}${Number(anio) - 1}`,
    );
    expect(alterado).not.toBe(xml);
    const msg = await rechazada(
      await escribirZip(cambiar(original, 'expediente.xml', Buffer.from(alterado))),
      400,
      /firma/,
    );
    expect(msg).toMatch(/^La firma «FIRMA_INDICE» del índice no es válida/);
  });

  it('refuses an índice without a signature, and one whose signature signs something else', async () => {
    const xml = xmlDe(original, 'expediente.xml');
    const sinFirma = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    expect(sinFirma).not.toBe(xml);
    await rechazada(
      await escribirZip(cambiar(original, 'expediente.xml', Buffer.from(sinFirma))),
      400,
      /^El índice del expediente ENI no lleva firma/,
    );
    // A second IndiceContenido with the signed Id (signature wrapping): the documents could be read from either.
    const envuelto = xml.replace(/(<eniexpind:IndiceContenido[\s\S]*?<\/eniexpind:IndiceContenido>)/, '$1$1');
    await rechazada(
      await escribirZip(cambiar(original, 'expediente.xml', Buffer.from(envuelto))),
      400,
      /único IndiceContenido/,
    );
  });

  it('refuses a ZIP without one of the documents of the índice', async () => {
    const [nombre, bytes] = documentosDe(original)[2]!;
    const identificador = texto(bytes.toString('utf8'), 'enidocmeta:Identificador')[0]!;
    const msg = await rechazada(await escribirZip(original.filter(([n]) => n !== nombre)), 400, /Falta/);
    expect(msg).toBe(`Falta en el ZIP el documento «${identificador}» del índice.`);
  });

  it('refuses what is not a ZIP, and a ZIP that holds no ENI expediente', async () => {
    await rechazada(samplePdf('No soy un ZIP'), 400, /^El archivo no es un ZIP válido/);
    await rechazada(
      await escribirZip([
        ['leeme.txt', Buffer.from('Hola')],
        ['otro.xml', Buffer.from('<?xml version="1.0"?><factura/>')],
      ]),
      400,
      /^El ZIP no contiene un expediente ENI/,
    );
  });

  it('refuses entries with «..» or an absolute path, naming them', async () => {
    const conTraversal = await zipConNombre(
      [...original, ['xx/evil.xml', Buffer.from('<x/>')]],
      'xx/evil.xml',
      '../evil.xml',
    );
    const msg = await rechazada(conTraversal, 400, /ruta no admitida/);
    expect(msg).toContain('«../evil.xml»');
    const absoluta = await zipConNombre(
      [...original, ['Xetc/evil.xml', Buffer.from('<x/>')]],
      'Xetc/evil.xml',
      '/etc/evil.xml',
    );
    expect(await rechazada(absoluta, 400, /ruta no admitida/)).toContain('«/etc/evil.xml»');
    expect(entradaPeligrosa('documentos/a/../../b.xml')).toBe(true);
    expect(entradaPeligrosa('C:/b.xml')).toBe(true);
    expect(entradaPeligrosa('documentos\\b.xml')).toBe(true);
    expect(entradaPeligrosa('documentos/1-ES_X_2026_DOC_1.xml')).toBe(false);
  });

  it('refuses a zip bomb (an entry that inflates past the cap) with 413, naming it', async () => {
    // 65 MB of zeros deflate to some 64 KB; the reader stops counting at 64 MB.
    const bomba = await escribirZip([...original, ['documentos/bomba.xml', Buffer.alloc(65 * 1024 * 1024)]]);
    expect(bomba.length).toBeLessThan(2 * 1024 * 1024);
    const msg = await rechazada(bomba, 413, /ocupa demasiado al descomprimirla/);
    expect(msg).toContain('«documentos/bomba.xml»');
  });

  it('refuses a ZIP with more entries than an expediente may have (413), and an XML with a DOCTYPE', async () => {
    const muchas: Entradas = Array.from({ length: MAX_ENTRADAS_ENI + 1 }, (_, i) => [`e/${i}.txt`, Buffer.from('x')]);
    await rechazada(await escribirZip([...original, ...muchas]), 413, /entradas; un expediente ENI se admite con/);
    const xml = xmlDe(original, 'expediente.xml');
    const conDoctype = xml.replace('?>', '?><!DOCTYPE expediente [<!ENTITY e "x">]>');
    await rechazada(
      await escribirZip(cambiar(original, 'expediente.xml', Buffer.from(conDoctype))),
      400,
      /declara un DOCTYPE/,
    );
  });

  it('leaves no stored file when the transaction fails after documents were stored', async () => {
    const app = stack.app();
    const commit = app.storage.commit.bind(app.storage);
    let llamadas = 0;
    const espia = vi.spyOn(app.storage, 'commit').mockImplementation(async (tempPath, clave) => {
      llamadas++;
      if (llamadas === 3) throw new Error('disco lleno (provocado por la prueba)');
      return commit(tempPath, clave);
    });
    try {
      const antes = await huella();
      const respuesta = await importar('tesorera', zipOriginal);
      expect(respuesta.statusCode).toBe(500);
      expect(llamadas).toBe(3);
      expect(await huella()).toEqual(antes);
    } finally {
      espia.mockRestore();
    }
  });

  it('needs the permiso to create expedientes, in a unidad of the caller', async () => {
    const antes = await huella();
    expect((await importar('consulta', zipOriginal)).statusCode).toBe(403);
    const ajena = await importar('gestor', zipOriginal);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().msg).toMatch(/unidad/i);
    const sinCampos = await importar('tesorera', zipOriginal, { id_tipo: 0 });
    expect(sinCampos.statusCode).toBe(400);
    expect(await huella()).toEqual(antes);
  });
});
