import type { DatosEni, DocumentoEni } from './eni.repository';
import { fechaEni, identificadorDocumento, textoC14n } from './identificadores';
import { APERTURA_CONTENIDO } from './xades';

/** The órgano for the identifiers: the unidad's DIR3 code, or its own code while it has none. */
export const organoDe = (datos: Pick<DatosEni, 'codigo_dir3' | 'unidad_codigo'>) =>
  datos.codigo_dir3 ?? datos.unidad_codigo.replace(/[^A-Z0-9]/g, '');

/** A SHA-256 in hex (ours) as the ENI carries it: base64 of the digest. */
const huellaEni = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/**
 * The ENI `IndiceContenido` of the expediente (inside the `indice` element, so in its namespace,
 * its children in the `contenido` one): the date and, per document not anulado, its identifier,
 * SHA-256 (base64), incorporation date and folio. Written in canonical form (C14N text, no empty-element
 * tags, nothing between elements), so its signature's digest is that of this string with the start tag
 * of `contenidoC14n`.
 */
export function indiceContenidoXml(datos: DatosEni, documentos: DocumentoEni[], fecha: Date): string {
  const c = (nombre: string, valor: string) => `<eniconexpind:${nombre}>${textoC14n(valor)}</eniconexpind:${nombre}>`;
  const organo = organoDe(datos);
  const entradas = documentos.map(
    (documento) =>
      `<eniconexpind:DocumentoIndizado>` +
      c(
        'IdentificadorDocumento',
        identificadorDocumento(organo, documento.fecha_incorporacion.getUTCFullYear(), documento.id_documento),
      ) +
      c('ValorHuella', huellaEni(documento.huella)) +
      c('FuncionResumen', 'SHA-256') +
      c('FechaIncorporacionExpediente', fechaEni(documento.fecha_incorporacion)) +
      c('OrdenDocumentoExpediente', String(documento.orden)) +
      `</eniconexpind:DocumentoIndizado>`,
  );
  return (
    APERTURA_CONTENIDO +
    c('FechaIndiceElectronico', fechaEni(fecha)) +
    entradas.join('') +
    `</eniexpind:IndiceContenido>`
  );
}
