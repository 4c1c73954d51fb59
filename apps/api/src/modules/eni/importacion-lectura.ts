import { createHash, type Hash } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import * as x509 from '@peculiar/x509';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import {
  ARCHIVE_MAX_BYTES,
  detectFormat,
  ENTRY_MAX_BYTES,
  ErrorDeExtraccion,
  ZipArchive,
  type ZipEntry,
} from '../documentos/documentos.public';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { discardTempFile, newTempPath } from '../../storage/temp-files';
import { MENSAJES_IMPORTACION, rechazoImportacion } from './eni.mensajes';
import { NS_ENI } from './expediente-eni';
import { NS, verificarIndiceXml } from './xades';
import './crypto';

/**
 * Reading an ENI ZIP from another administration into checked pieces, before anything is written:
 * the entry names (no `..`, no absolute path), the caps of the ZIP reader (entries, inflated size),
 * the ENI `expediente` XML, the XAdES signature of its índice over the `IndiceContenido` it carries,
 * and every document of the índice present with the bytes its `ValorHuella` says. Each refusal is an
 * `ApiHttpError` (400, or 413 for size) whose Spanish message names the entry, document or signature.
 * The checked bytes wait in temp files; `descartar` removes whatever was not committed.
 */

/** Entries a ZIP of one expediente may hold: its documents at most, plus the expediente, índice PDF and folders. */
export const MAX_ENTRADAS_ENI = CAPACIDAD.documentosPorExpediente + 20;

/** Enough of an XML to reach its root element. */
const CABEZA_BYTES = 64 * 1024;

/** Digest algorithms accepted in `FuncionResumen` (SHA-1 and MD5 are not: a forged document could match). */
const FUNCIONES_RESUMEN: Record<string, string> = { SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' };

interface DocumentoLeido {
  identificador: string;
  tempPath: string;
  size: number;
  sha256: string;
  /** What `detectFormat` found in the bytes. */
  formato: string;
  mime: string;
  tipoDocumentalEni: string | null;
  estadoElaboracion: string | null;
  origen: 'ciudadano' | 'administracion';
}

export interface LecturaEni {
  identificador: string;
  organo: string;
  /** Subject of the certificate that signed the índice (its chain is not validated: see decision 0399). */
  firmante: string;
  /** In the order of the índice. */
  documentos: DocumentoLeido[];
  /** The original `expediente` XML as received, kept as a document of the new expediente. */
  indiceOriginal: { tempPath: string; size: number; sha256: string };
  descartar(): Promise<void>;
}

interface DocumentoIndizado {
  identificador: string;
  huella: string;
  funcion: string;
  orden: number | null;
}

/** A name that would land outside the folder it is extracted to, or that only Windows reads as a path. */
export function entradaPeligrosa(nombre: string): boolean {
  if (nombre.includes('\\') || nombre.includes('\0')) return true;
  if (nombre.startsWith('/') || /^[A-Za-z]:/.test(nombre)) return true;
  return nombre.split('/').some((parte) => parte === '..');
}

/** Reads and checks the ZIP at `ruta`; its documents' bytes are left in temp files under `tempDir`. */
export async function leerZipEni(ruta: string, tempDir: string): Promise<LecturaEni> {
  const temporales: string[] = [];
  const file = await open(ruta, 'r');
  try {
    const archive = await ZipArchive.open(file);
    if (!archive) {
      // yauzl refuses a directory with a `..` or absolute name outright: which one, to say so.
      const peligrosa = await entradaPeligrosaDe(ruta);
      throw rechazoImportacion(
        peligrosa ? MENSAJES_IMPORTACION.rutaNoAdmitida(peligrosa) : MENSAJES_IMPORTACION.noEsZip,
      );
    }
    if (archive.entries.length > MAX_ENTRADAS_ENI) {
      throw rechazoImportacion(MENSAJES_IMPORTACION.demasiadasEntradas(archive.entries.length, MAX_ENTRADAS_ENI), 413);
    }
    for (const entry of archive.entries) {
      if (entradaPeligrosa(entry.name)) throw rechazoImportacion(MENSAJES_IMPORTACION.rutaNoAdmitida(entry.name));
    }
    const xmls = archive.entries.filter((entry) => /\.xml$/i.test(entry.name));
    const { entry: entradaExpediente, bytes } = await buscarExpediente(archive, xmls);
    const xml = bytes.toString('utf8');
    const expediente = leerExpediente(xml);
    const firmante = await comprobarFirma(xml, expediente.idContenido);

    const indizados = new Map(expediente.documentos.map((documento) => [documento.identificador, documento]));
    const leidos = new Map<string, DocumentoLeido>();
    for (const entry of xmls) {
      if (entry === entradaExpediente) continue;
      const documento = await leerDocumento(archive, entry, tempDir, temporales, indizados);
      if (!documento) continue;
      if (leidos.has(documento.identificador)) {
        throw rechazoImportacion(MENSAJES_IMPORTACION.documentoRepetido(documento.identificador));
      }
      leidos.set(documento.identificador, documento);
    }
    const documentos = expediente.documentos.map((indizado) => {
      const leido = leidos.get(indizado.identificador);
      if (!leido) throw rechazoImportacion(MENSAJES_IMPORTACION.faltaDocumento(indizado.identificador));
      return leido;
    });

    const indicePath = newTempPath(tempDir);
    temporales.push(indicePath);
    await writeFile(indicePath, bytes, { mode: 0o600 });
    return {
      identificador: expediente.identificador,
      organo: expediente.organo,
      firmante,
      documentos,
      indiceOriginal: {
        tempPath: indicePath,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
      descartar: () => descartarTodos(temporales),
    };
  } catch (error) {
    await descartarTodos(temporales);
    throw error;
  } finally {
    await file.close();
  }
}

/** The first entry name of the ZIP at `ruta` that `entradaPeligrosa` refuses, read without yauzl's own check. */
async function entradaPeligrosaDe(ruta: string): Promise<string | undefined> {
  const zip = await yauzl
    .openPromise(ruta, { lazyEntries: true, decodeStrings: false, autoClose: false })
    .catch(() => undefined);
  if (!zip) return undefined;
  try {
    let vistas = 0;
    for await (const entrada of zip.eachEntry()) {
      if (++vistas > MAX_ENTRADAS_ENI) return undefined;
      const nombre = yauzl.getFileNameLowLevel(
        entrada.generalPurposeBitFlag,
        entrada.fileNameRaw,
        entrada.extraFields,
        false,
      );
      if (entradaPeligrosa(nombre)) return nombre;
    }
  } catch {
    return undefined;
  } finally {
    zip.close();
  }
  return undefined;
}

async function descartarTodos(rutas: string[]): Promise<void> {
  await Promise.all(rutas.map((ruta) => discardTempFile(ruta)));
}

/** Stops `leerCabeza` once it has enough: the reader passes its own errors through. */
class CabezaLeida extends ErrorDeExtraccion {}

/** The reader's caps, as a refusal of the import that names the entry. */
async function leerEntrada(archive: ZipArchive, entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
  try {
    await archive.read(entry, onChunk);
  } catch (error) {
    if (!(error instanceof ErrorDeExtraccion) || error instanceof CabezaLeida) throw error;
    if (/ocupa más de/.test(error.message)) {
      throw rechazoImportacion(
        MENSAJES_IMPORTACION.entradaDemasiadoGrande(entry.name, ENTRY_MAX_BYTES, ARCHIVE_MAX_BYTES),
        413,
      );
    }
    throw rechazoImportacion(MENSAJES_IMPORTACION.entradaDanada(entry.name));
  }
}

async function leerEntera(archive: ZipArchive, entry: ZipEntry): Promise<Buffer> {
  const trozos: Buffer[] = [];
  await leerEntrada(archive, entry, (chunk) => trozos.push(chunk));
  return Buffer.concat(trozos);
}

/** The first `bytes` of an entry (inflating only those, within the same caps). */
async function leerCabeza(archive: ZipArchive, entry: ZipEntry, bytes: number): Promise<Buffer> {
  const trozos: Buffer[] = [];
  let leidos = 0;
  try {
    await leerEntrada(archive, entry, (chunk) => {
      trozos.push(chunk);
      leidos += chunk.length;
      if (leidos >= bytes) throw new CabezaLeida('', false);
    });
  } catch (error) {
    if (!(error instanceof CabezaLeida)) throw error;
  }
  return Buffer.concat(trozos).subarray(0, bytes);
}

/**
 * `expediente.xml` first (our export and INSIDE's name it so); otherwise the first XML whose root is
 * an ENI expediente, told by the head of each (a large document is not inflated whole to learn it).
 */
async function buscarExpediente(archive: ZipArchive, xmls: ZipEntry[]): Promise<{ entry: ZipEntry; bytes: Buffer }> {
  const ordenadas = [...xmls].sort(
    (a, b) => Number(b.name.toLowerCase() === 'expediente.xml') - Number(a.name.toLowerCase() === 'expediente.xml'),
  );
  for (const entry of ordenadas) {
    if (raizDe(await leerCabeza(archive, entry, CABEZA_BYTES)) === `${NS_ENI.expediente} expediente`) {
      return { entry, bytes: await leerEntera(archive, entry) };
    }
  }
  throw rechazoImportacion(MENSAJES_IMPORTACION.sinExpediente);
}

/** `<namespace> <local name>` of the root element, or null when the bytes are not XML. */
function raizDe(bytes: Buffer): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let raiz: string | null = null;
  let fallo = false;
  parser.on('opentag', (tag) => {
    raiz ??= `${tag.uri} ${tag.local}`;
  });
  parser.on('error', () => {
    fallo = true;
  });
  try {
    // The root is near the start: the head is enough, and nothing else is parsed twice.
    parser.write(bytes.subarray(0, CABEZA_BYTES).toString('utf8'));
  } catch {
    return null;
  }
  return fallo && !raiz ? null : raiz;
}

interface ExpedienteLeido {
  identificador: string;
  organo: string;
  idContenido: string;
  documentos: DocumentoIndizado[];
}

function leerExpediente(xml: string): ExpedienteLeido {
  if (/<!DOCTYPE/i.test(xml)) throw rechazoImportacion(MENSAJES_IMPORTACION.conDoctype('el expediente'));
  let errores = 0;
  const documento = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {
        errores++;
      },
      fatalError: () => {
        errores++;
      },
    },
  }).parseFromString(xml, 'application/xml');
  if (errores) throw rechazoImportacion(MENSAJES_IMPORTACION.expedienteMalFormado('no es XML bien formado'));
  const raiz = documento.documentElement;
  if (!raiz || raiz.namespaceURI !== NS_ENI.expediente || raiz.localName !== 'expediente') {
    throw rechazoImportacion(MENSAJES_IMPORTACION.sinExpediente);
  }
  const contenidos = Array.from(raiz.getElementsByTagNameNS(NS.indice, 'IndiceContenido'));
  if (contenidos.length !== 1) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.expedienteMalFormado('no lleva un único IndiceContenido'));
  }
  const contenido = contenidos[0]!;
  const idContenido = contenido.getAttribute('Id') ?? '';
  if (!idContenido)
    throw rechazoImportacion(MENSAJES_IMPORTACION.expedienteMalFormado('su IndiceContenido no tiene Id'));

  const texto = (padre: Element, ns: string, nombre: string) =>
    padre.getElementsByTagNameNS(ns, nombre)[0]?.textContent?.trim() ?? '';
  const metadatos = raiz.getElementsByTagNameNS(NS_ENI.metadatosExpediente, 'metadatosExp')[0];
  const identificador = metadatos ? texto(metadatos, NS_ENI.metadatosExpediente, 'Identificador') : '';
  const organo = metadatos ? texto(metadatos, NS_ENI.metadatosExpediente, 'Organo') : '';
  if (!identificador || !organo) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.expedienteMalFormado('faltan su Identificador o su Organo'));
  }

  const documentos = Array.from(contenido.getElementsByTagNameNS(NS.contenido, 'DocumentoIndizado')).map(
    (indizado): DocumentoIndizado => {
      const id = texto(indizado, NS.contenido, 'IdentificadorDocumento');
      const huella = texto(indizado, NS.contenido, 'ValorHuella');
      const funcion = texto(indizado, NS.contenido, 'FuncionResumen');
      const orden = texto(indizado, NS.contenido, 'OrdenDocumentoExpediente');
      if (!id || !huella) {
        throw rechazoImportacion(
          MENSAJES_IMPORTACION.expedienteMalFormado('un documento del índice no tiene identificador o huella'),
        );
      }
      if (!algoritmoDe(funcion)) throw rechazoImportacion(MENSAJES_IMPORTACION.funcionNoAdmitida(id, funcion));
      return { identificador: id, huella, funcion, orden: /^\d{1,9}$/.test(orden) ? Number(orden) : null };
    },
  );
  if (documentos.length === 0) throw rechazoImportacion(MENSAJES_IMPORTACION.sinDocumentos);
  if (documentos.length > CAPACIDAD.documentosPorExpediente) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.demasiadosDocumentos(CAPACIDAD.documentosPorExpediente), 413);
  }
  if (new Set(documentos.map((documento) => documento.identificador)).size !== documentos.length) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.expedienteMalFormado('el índice repite un documento'));
  }
  // The folio order when the índice gives it for all; otherwise the order they are listed in.
  if (documentos.every((documento) => documento.orden !== null)) documentos.sort((a, b) => a.orden! - b.orden!);
  return { identificador, organo, idContenido, documentos };
}

/** `SHA-256`, `SHA256`, `sha256` or an XML-DSig URI ending in `#sha256`: the Node name, or undefined. */
function algoritmoDe(funcion: string): string | undefined {
  const nombre = funcion.split('#').pop()!.replace(/-/g, '').toUpperCase();
  return FUNCIONES_RESUMEN[nombre];
}

/**
 * The XAdES signature of the índice must hold (its references and value, under the certificate it
 * carries) and one of its references must be the `IndiceContenido` the documents are read from, the
 * only element of the document with that Id: a valid signature over something else proves nothing.
 * Answers the signer's subject. The certificate's chain is not validated (decision 0399).
 */
async function comprobarFirma(xml: string, idContenido: string): Promise<string> {
  const documento = new DOMParser().parseFromString(xml, 'application/xml');
  const firmas = Array.from(documento.getElementsByTagNameNS(NS.ds, 'Signature'));
  if (firmas.length === 0) throw rechazoImportacion(MENSAJES_IMPORTACION.sinFirma);
  const firma = firmas[0]!;
  const nombreFirma = nombreDeFirma(firma);
  const referencias = Array.from(firma.getElementsByTagNameNS(NS.ds, 'Reference')).map((referencia) =>
    referencia.getAttribute('URI'),
  );
  const conEseId = Array.from(documento.getElementsByTagName('*')).filter(
    (elemento) => elemento.getAttribute('Id') === idContenido,
  );
  if (!referencias.includes(`#${idContenido}`) || conEseId.length !== 1) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.firmaNoCubreIndice(nombreFirma));
  }
  const { valida, motivo } = await verificarIndiceXml(indiceAislado(conEseId[0]!));
  if (!valida) throw rechazoImportacion(MENSAJES_IMPORTACION.firmaRota(nombreFirma, motivo ?? ''));
  return sujetoFirmante(firma);
}

/** How the signature is named: the Id of the ENI `firma` that holds it, else its own `ds:Signature` Id. */
function nombreDeFirma(firma: Element): string {
  for (let nodo = firma.parentNode as Element | null; nodo?.getAttribute; nodo = nodo.parentNode as Element | null) {
    if (nodo.namespaceURI === NS.firma && nodo.localName === 'firma' && nodo.getAttribute('Id')) {
      return nodo.getAttribute('Id')!;
    }
  }
  return firma.getAttribute('Id') ?? '';
}

/**
 * The `indice` (the signed content's parent) as a document of its own, as it was signed: the
 * namespace declarations it inherits from the `expediente` (inclusive C14N sees them) copied onto it.
 */
function indiceAislado(contenido: Element): string {
  const indice = contenido.parentNode as Element;
  const copia = indice.cloneNode(true) as Element;
  for (
    let ancestro = indice.parentNode as Element | null;
    ancestro?.attributes;
    ancestro = ancestro.parentNode as Element | null
  ) {
    for (const atributo of Array.from(ancestro.attributes)) {
      const declaracion = atributo.name === 'xmlns' || atributo.name.startsWith('xmlns:');
      if (declaracion && !copia.hasAttribute(atributo.name)) copia.setAttribute(atributo.name, atributo.value);
    }
  }
  return new XMLSerializer().serializeToString(copia);
}

/** The certificate the signed properties name (SigningCertificate's digest), else the first one carried. */
function sujetoFirmante(firma: Element): string {
  const certificados = Array.from(firma.getElementsByTagNameNS(NS.ds, 'X509Certificate')).map((nodo) =>
    Buffer.from((nodo.textContent ?? '').replace(/\s+/g, ''), 'base64'),
  );
  const resumen = firma.getElementsByTagNameNS(NS.xades, 'CertDigest')[0];
  const valor = resumen?.getElementsByTagNameNS(NS.ds, 'DigestValue')[0]?.textContent?.trim();
  const metodo = resumen?.getElementsByTagNameNS(NS.ds, 'DigestMethod')[0]?.getAttribute('Algorithm') ?? '';
  const algoritmo = algoritmoDe(metodo) ?? 'sha256';
  const firmante =
    certificados.find((der) => valor && createHash(algoritmo).update(der).digest('base64') === valor) ??
    certificados[0];
  if (!firmante) return 'desconocido (la firma no lleva certificado)';
  try {
    return new x509.X509Certificate(firmante).subject;
  } catch {
    return 'desconocido (certificado ilegible)';
  }
}

/**
 * One ENI `documento` entry, parsed as it inflates (saxes; DTDs refused): its identifier, metadata
 * and `ValorBinario` (whole within the reader's per-entry cap), decoded into a temp file. Answers
 * null for an XML that is not an ENI documento; refuses one the índice does not list, or whose bytes
 * do not give the índice's `ValorHuella` (over the content, or over the whole ENI document).
 */
async function leerDocumento(
  archive: ZipArchive,
  entry: ZipEntry,
  tempDir: string,
  temporales: string[],
  indizados: ReadonlyMap<string, DocumentoIndizado>,
): Promise<DocumentoLeido | null> {
  const parser = new SaxesParser({ xmlns: true });
  const campos = new Map<string, string>();
  const pila: string[] = [];
  let raiz: string | null = null;
  let idRaiz = '';
  let binario: string[] | null = null;
  let base64 = '';
  let conDoctype = false;
  parser.on('doctype', () => {
    conDoctype = true;
  });
  parser.on('opentag', (tag) => {
    if (raiz === null) {
      raiz = `${tag.uri} ${tag.local}`;
      const id = tag.attributes['Id'];
      idRaiz = typeof id === 'string' ? id : (id?.value ?? '');
    }
    pila.push(`${tag.uri} ${tag.local}`);
    if (tag.uri === NS_ENI.contenido && tag.local === 'ValorBinario') binario = [];
  });
  parser.on('text', (text) => {
    const actual = pila.at(-1);
    if (binario) binario.push(text);
    else if (actual) campos.set(actual, (campos.get(actual) ?? '') + text);
  });
  parser.on('closetag', (tag) => {
    pila.pop();
    if (tag.uri === NS_ENI.contenido && tag.local === 'ValorBinario' && binario) {
      base64 = binario.join('').replace(/\s+/g, '');
      binario = null;
    }
  });
  let malFormado = false;
  parser.on('error', () => {
    malFormado = true;
  });
  const huellasEntrada = new Map<string, Hash>(
    Object.values(FUNCIONES_RESUMEN).map((algoritmo) => [algoritmo, createHash(algoritmo)]),
  );
  const decoder = new TextDecoder('utf-8');
  let esDocumento: boolean | undefined;
  await leerEntrada(archive, entry, (chunk) => {
    for (const huella of huellasEntrada.values()) huella.update(chunk);
    if (esDocumento === false || malFormado) return;
    try {
      parser.write(decoder.decode(chunk, { stream: true }));
    } catch {
      malFormado = true;
    }
    if (raiz !== null && esDocumento === undefined) esDocumento = raiz === `${NS_ENI.documento} documento`;
  });
  if (conDoctype) throw rechazoImportacion(MENSAJES_IMPORTACION.conDoctype(`la entrada «${entry.name}»`));
  if (!esDocumento) return null;
  try {
    parser.write(decoder.decode());
    parser.close();
  } catch {
    malFormado = true;
  }
  const campo = (ns: string, nombre: string) => campos.get(`${ns} ${nombre}`)?.trim() || null;
  const identificador = campo(NS_ENI.metadatosDocumento, 'Identificador') ?? idRaiz;
  const nombre = identificador || entry.name;
  if (malFormado) throw rechazoImportacion(MENSAJES_IMPORTACION.documentoMalFormado(nombre, 'no es XML bien formado'));
  const indizado = indizados.get(identificador);
  if (!indizado) throw rechazoImportacion(MENSAJES_IMPORTACION.documentoFueraDelIndice(nombre));
  if (!base64) {
    throw rechazoImportacion(
      MENSAJES_IMPORTACION.documentoMalFormado(nombre, 'no lleva su contenido dentro (ValorBinario)'),
    );
  }
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.documentoMalFormado(nombre, 'su contenido no es base64 válido'));
  }
  const bytes = Buffer.from(base64, 'base64');
  const algoritmo = algoritmoDe(indizado.funcion)!;
  const esperada = indizado.huella.replace(/\s+/g, '');
  const delContenido = createHash(algoritmo).update(bytes).digest('base64');
  const delDocumento = huellasEntrada.get(algoritmo)!.digest('base64');
  if (esperada !== delContenido && esperada !== delDocumento) {
    throw rechazoImportacion(MENSAJES_IMPORTACION.huellaNoCoincide(nombre));
  }

  const tempPath = newTempPath(tempDir);
  temporales.push(tempPath);
  await writeFile(tempPath, bytes, { mode: 0o600 });
  const formato = await detectFormat(tempPath, {
    filename: `${nombre}.${campo(NS_ENI.contenido, 'NombreFormato') ?? ''}`,
  });
  if (!formato.accepted) throw rechazoImportacion(MENSAJES_IMPORTACION.formatoNoAdmitido(nombre, formato.message));
  const origen = campo(NS_ENI.metadatosDocumento, 'OrigenCiudadanoAdministracion');
  return {
    identificador,
    tempPath,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    formato: formato.formato,
    mime: formato.mime,
    tipoDocumentalEni: campo(NS_ENI.metadatosDocumento, 'TipoDocumental'),
    estadoElaboracion: campo(NS_ENI.metadatosDocumento, 'ValorEstadoElaboracion'),
    // ENI: true = administración, false = ciudadano.
    origen: origen === 'false' || origen === '0' ? 'ciudadano' : 'administracion',
  };
}
