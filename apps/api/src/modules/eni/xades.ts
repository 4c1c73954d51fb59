import * as xadesjs from 'xadesjs';
import { XMLSerializer } from '@xmldom/xmldom';
import { createHash } from 'node:crypto';
import { ALGORITMO } from './crypto';
import type { Sello } from './sello';

export const NS = {
  indice: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/expediente-e/indice-e',
  contenido: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/expediente-e/indice-e/contenido',
  firma: 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/firma',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** The Id of the signed `IndiceContenido` inside the `indice` element (and its signature's `ref`). */
export const ID_CONTENIDO = 'INDICE_CONTENIDO';

const base64 = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64');

/**
 * The start tag of `IndiceContenido` as `indiceContenidoXml` writes it, and as inclusive C14N writes
 * it inside the `indice`: with the namespaces it inherits from the root, all the declarations sorted
 * by prefix, then its attribute.
 */
export const APERTURA_CONTENIDO = `<eniexpind:IndiceContenido xmlns:eniconexpind="${NS.contenido}" Id="${ID_CONTENIDO}">`;
const APERTURA_CONTENIDO_C14N =
  `<eniexpind:IndiceContenido xmlns:eniconexpind="${NS.contenido}" xmlns:enids="${NS.firma}" ` +
  `xmlns:eniexpind="${NS.indice}" Id="${ID_CONTENIDO}">`;

/**
 * What C14N would write differently in the body of a content: an empty-element tag, an attribute,
 * a reference other than the four C14N writes itself, a comment, a processing instruction or CDATA,
 * a raw carriage return (a parser reads it as a line feed).
 */
const NO_CANONICO = /\/>|<[^>\s]*\s|&(?!(?:amp|lt|gt|#xD);)|<[!?]|\r/;

/**
 * The inclusive C14N of `IndiceContenido` in the `indice` (what its reference digests), from the string
 * we write: its body (text escaped by `textoC14n`, no attributes nor empty-element tags, nothing between
 * elements) is already canonical, only the start tag changes. xadesjs would parse, clone and canonicalise
 * the whole document for it (seconds for an índice of 10.000 documents); c14n.test.ts compares both.
 */
export function contenidoC14n(contenidoXml: string): string {
  const cuerpo = contenidoXml.slice(APERTURA_CONTENIDO.length);
  if (!contenidoXml.startsWith(APERTURA_CONTENIDO) || NO_CANONICO.test(cuerpo)) {
    throw new Error('IndiceContenido no está escrito en forma canónica (indiceContenidoXml)');
  }
  return APERTURA_CONTENIDO_C14N + cuerpo;
}

/** xadesjs with the digest of `IndiceContenido` given: it signs only the skeleton of the `indice`. */
class FirmaConContenido extends xadesjs.SignedXml {
  constructor(private readonly digestoDelContenido: Buffer) {
    super();
  }

  protected override async DigestReference(
    ...[fuente, referencia, hmac]: Parameters<xadesjs.SignedXml['DigestReference']>
  ): Promise<Uint8Array> {
    if (referencia.Uri === `#${ID_CONTENIDO}`) return new Uint8Array(this.digestoDelContenido);
    return super.DigestReference(fuente, referencia, hmac);
  }
}

const HUECO_FIRMA = '<enids:FirmaConCertificado/>';

/**
 * The ENI `indice`: `IndiceContenido` (given, as `indiceContenidoXml` writes it, with
 * `Id="INDICE_CONTENIDO"`) and its XAdES-BES signature, detached inside the same document (ENI TF02):
 * it references the content by its Id, carries the seal's certificate and chain, the signing time and
 * the signing certificate's digest. xadesjs signs the `indice` without its content (the same root,
 * so the same namespaces in scope for the signature's canonical forms) and the content's digest
 * computed here; the signature is written into the document as a string.
 */
export async function firmarIndiceXml(contenidoXml: string, sello: Sello, firmadoEn: Date): Promise<string> {
  const indice = (contenido: string, firma: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<eniexpind:indice xmlns:eniexpind="${NS.indice}" xmlns:enids="${NS.firma}">` +
    contenido +
    `<enids:firmas><enids:firma Id="FIRMA_INDICE" ref="#${ID_CONTENIDO}"><enids:TipoFirma>TF02</enids:TipoFirma>` +
    `<enids:ContenidoFirma>${firma}</enids:ContenidoFirma></enids:firma></enids:firmas>` +
    `</eniexpind:indice>`;
  const esqueleto = xadesjs.Parse(indice('', HUECO_FIRMA));
  const firmado = new FirmaConContenido(createHash('sha256').update(contenidoC14n(contenidoXml)).digest());
  const firma = await firmado.Sign(ALGORITMO, sello.clave, esqueleto, {
    references: [{ uri: `#${ID_CONTENIDO}`, hash: 'SHA-256', transforms: ['c14n'] }],
    x509: [sello.certificado, ...sello.cadena].map((cert) => base64(cert.rawData)),
    signingCertificate: base64(sello.certificado.rawData),
    signingTime: { value: firmadoEn },
  });
  const enElHueco = `<enids:FirmaConCertificado>${new XMLSerializer().serializeToString(firma.GetXml()!)}</enids:FirmaConCertificado>`;
  return indice(contenidoXml, enElHueco);
}

/** The XAdES signature's value, the bytes a timestamp is requested over. */
export function valorDeFirma(xml: string): Buffer {
  const documento = xadesjs.Parse(xml);
  const valor = documento.getElementsByTagNameNS(NS.ds, 'SignatureValue')[0]?.textContent ?? '';
  return Buffer.from(valor.replace(/\s+/g, ''), 'base64');
}

/**
 * Whether the XAdES signature of a stored `indice` still holds: its references (the content and the
 * signed properties) and its value under the certificate it carries. Never throws: a document that
 * cannot even be read is a broken signature.
 */
export async function verificarIndiceXml(xml: string): Promise<{ valida: boolean; motivo?: string }> {
  let firmado: xadesjs.SignedXml;
  try {
    const documento = xadesjs.Parse(xml);
    const nodo = documento.getElementsByTagNameNS(NS.ds, 'Signature')[0];
    if (!nodo) return { valida: false, motivo: 'el índice no lleva firma XAdES' };
    firmado = new xadesjs.SignedXml(documento);
    firmado.LoadXml(nodo);
  } catch {
    return { valida: false, motivo: 'la firma XAdES no se puede leer' };
  }
  // xadesjs answers false or throws when a digest or the value does not match: both are a broken signature.
  const valida = await firmado.Verify().catch(() => false);
  return valida ? { valida: true } : { valida: false, motivo: 'la firma XAdES no corresponde al contenido del índice' };
}
