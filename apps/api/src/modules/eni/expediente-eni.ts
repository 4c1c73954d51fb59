import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DatosEni, DocumentoEni } from './eni.repository';
import { organoDe } from './indice-contenido';
import { fechaEni, identificadorDocumento, identificadorExpediente, xmlTexto } from './identificadores';

/** The ENI schemas' namespaces of the expediente and documento XML. */
export const NS_ENI = {
  expediente: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/expediente-e',
  metadatosExpediente: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/expediente-e/metadatos',
  documento: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/documento-e',
  metadatosDocumento: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/documento-e/metadatos',
  contenido: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/documento-e/contenido',
} as const;

const PROLOGO = '<?xml version="1.0" encoding="UTF-8"?>';

/** ENI estado of the expediente: E03 once its índice is closed for remisión, E02 closed, E01 open. */
function estadoEni(datos: Pick<DatosEni, 'estado' | 'remision_cerrada_en'>): 'E01' | 'E02' | 'E03' {
  if (datos.remision_cerrada_en) return 'E03';
  return datos.estado === 'cerrado' || datos.estado === 'archivado' ? 'E02' : 'E01';
}

const identificadorExpedienteDe = (datos: DatosEni) =>
  identificadorExpediente(organoDe(datos), datos.fecha_apertura.getUTCFullYear(), datos.id_expediente);

const identificadorDocumentoDe = (datos: DatosEni, documento: DocumentoEni) =>
  identificadorDocumento(organoDe(datos), documento.fecha_incorporacion.getUTCFullYear(), documento.id_documento);

/**
 * The ENI `expediente` (ExpedienteEni.xsd): the signed `indice` as it was signed, then the metadata.
 * The root takes the default namespace and the `indice` undeclares it (`xmlns=""`), so the signed
 * `IndiceContenido` and signed properties canonicalise exactly as when they were signed: a prefix
 * declared on the root would enter their canonical form (inclusive C14N) and break the signature.
 */
export function expedienteXml(datos: DatosEni, indiceFirmado: string, interesados: string[]): string {
  const indice = indiceFirmado
    .replace(/^\s*<\?xml[^>]*\?>\s*/, '')
    .replace(/^<eniexpind:indice\b/, '<eniexpind:indice xmlns=""');
  if (!indice.startsWith('<eniexpind:indice xmlns=""'))
    throw new Error('El índice firmado no empieza por su elemento indice');
  const m = (nombre: string, valor: string) => `<eniexpmeta:${nombre}>${xmlTexto(valor)}</eniexpmeta:${nombre}>`;
  const metadatos =
    `<eniexpmeta:metadatosExp xmlns:eniexpmeta="${NS_ENI.metadatosExpediente}">` +
    m('VersionNTI', NS_ENI.expediente) +
    m('Identificador', identificadorExpedienteDe(datos)) +
    m('Organo', organoDe(datos)) +
    m('FechaAperturaExpediente', fechaEni(datos.fecha_apertura)) +
    m('Clasificacion', datos.codigo_sia ?? datos.tipo_nombre) +
    m('Estado', estadoEni(datos)) +
    interesados.map((interesado) => m('Interesado', interesado)).join('') +
    `</eniexpmeta:metadatosExp>`;
  return `${PROLOGO}<expediente xmlns="${NS_ENI.expediente}">${indice}${metadatos}</expediente>\n`;
}

/** The two ends of an ENI `documento` (DocumentoEni.xsd) around its content in base64 (`ValorBinario`). */
function documentoXmlPartes(datos: DatosEni, documento: DocumentoEni): { antes: string; despues: string } {
  const m = (nombre: string, valor: string) => `<enidocmeta:${nombre}>${xmlTexto(valor)}</enidocmeta:${nombre}>`;
  const identificador = identificadorDocumentoDe(datos, documento);
  const antes =
    `${PROLOGO}<enidoc:documento xmlns:enidoc="${NS_ENI.documento}" xmlns:enifile="${NS_ENI.contenido}" ` +
    `xmlns:enidocmeta="${NS_ENI.metadatosDocumento}" Id="${xmlTexto(identificador)}">` +
    `<enifile:contenido><enifile:ValorBinario>`;
  const despues =
    `</enifile:ValorBinario>` +
    `<enifile:NombreFormato>${xmlTexto(documento.formato.toLowerCase())}</enifile:NombreFormato></enifile:contenido>` +
    `<enidocmeta:metadatos>` +
    m('VersionNTI', NS_ENI.documento) +
    m('Identificador', identificador) +
    m('Organo', organoDe(datos)) +
    m('FechaCaptura', fechaEni(documento.fecha_incorporacion)) +
    m('OrigenCiudadanoAdministracion', documento.origen === 'administracion' ? 'true' : 'false') +
    `<enidocmeta:EstadoElaboracion>${m('ValorEstadoElaboracion', documento.estado_elaboracion)}</enidocmeta:EstadoElaboracion>` +
    // TD99 «Otros» while the tipo documental has no ENI code yet (closing for remisión demands one).
    m('TipoDocumental', documento.codigo_td ?? 'TD99') +
    `</enidocmeta:metadatos></enidoc:documento>\n`;
  return { antes, despues };
}

/** Thrown when a stored file's SHA-256 is not the one recorded: the export stops there. */
class ArchivoAlteradoError extends Error {}

/**
 * The ENI `documento` of one file, piece by piece: the bytes are read from `contenido` and written in
 * base64 as they come (three bytes at a time make four characters; what is left waits for the next
 * chunk), never the whole file in memory. Their SHA-256 is checked against the recorded one before
 * the closing tags: an altered file ends the stream with an error instead of a complete document.
 */
export async function* documentoXml(
  datos: DatosEni,
  documento: DocumentoEni,
  contenido: Readable,
): AsyncGenerator<Buffer> {
  const { antes, despues } = documentoXmlPartes(datos, documento);
  yield Buffer.from(antes);
  const huella = createHash('sha256');
  let resto: Buffer = Buffer.alloc(0);
  for await (const trozo of contenido as AsyncIterable<Buffer>) {
    huella.update(trozo);
    // Only the one or two bytes left over are copied, never the whole chunk.
    let desde = 0;
    if (resto.length) {
      desde = Math.min(3 - resto.length, trozo.length);
      resto = Buffer.concat([resto, trozo.subarray(0, desde)]);
      if (resto.length < 3) continue;
      yield Buffer.from(resto.toString('base64'), 'latin1');
    }
    const entero = desde + Math.floor((trozo.length - desde) / 3) * 3;
    resto = Buffer.from(trozo.subarray(entero));
    if (entero > desde) yield Buffer.from(trozo.subarray(desde, entero).toString('base64'), 'latin1');
  }
  if (resto.length) yield Buffer.from(resto.toString('base64'), 'latin1');
  if (huella.digest('hex') !== documento.huella) {
    throw new ArchivoAlteradoError(`El archivo del documento ${documento.id_documento} no coincide con su huella`);
  }
  yield Buffer.from(despues);
}

/** `documentos/<orden>-<identificador>.xml`, the entry of a document in the ZIP. */
export const entradaDocumento = (datos: DatosEni, documento: DocumentoEni) =>
  `documentos/${documento.orden}-${identificadorDocumentoDe(datos, documento)}.xml`;
