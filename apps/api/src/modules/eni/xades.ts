import * as xadesjs from 'xadesjs';
import { XMLSerializer } from '@xmldom/xmldom';
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
 * The ENI `indice`: `IndiceContenido` (given, as XML, with `Id="INDICE_CONTENIDO"`) and its
 * XAdES-BES signature, detached inside the same document (ENI TF02): it references the content by its
 * Id, carries the seal's certificate and chain, the signing time and the signing certificate's digest.
 */
export async function firmarIndiceXml(contenidoXml: string, sello: Sello, firmadoEn: Date): Promise<string> {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<eniexpind:indice xmlns:eniexpind="${NS.indice}" xmlns:enids="${NS.firma}">` +
    contenidoXml +
    `<enids:firmas><enids:firma Id="FIRMA_INDICE" ref="#${ID_CONTENIDO}"><enids:TipoFirma>TF02</enids:TipoFirma>` +
    `<enids:ContenidoFirma><enids:FirmaConCertificado/></enids:ContenidoFirma></enids:firma></enids:firmas>` +
    `</eniexpind:indice>`;
  const documento = xadesjs.Parse(xml);
  const firmado = new xadesjs.SignedXml();
  const firma = await firmado.Sign(ALGORITMO, sello.clave, documento, {
    references: [{ uri: `#${ID_CONTENIDO}`, hash: 'SHA-256', transforms: ['c14n'] }],
    x509: [sello.certificado, ...sello.cadena].map((cert) => base64(cert.rawData)),
    signingCertificate: base64(sello.certificado.rawData),
    signingTime: { value: firmadoEn },
  });
  const destino = documento.getElementsByTagNameNS(NS.firma, 'FirmaConCertificado')[0]!;
  destino.appendChild(firma.GetXml()!);
  return new XMLSerializer().serializeToString(documento);
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
