import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { extractSignature, Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';
import './crypto';
import type { Sello } from './sello';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

const buffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/**
 * A detached CMS signature (ETSI.CAdES.detached) by the seal over the PDF's signed byte ranges, with
 * the signed attributes PAdES baseline asks for: content type, message digest and the ESS
 * signing-certificate-v2 (the SHA-256 of the seal's certificate), and the certificates to verify it.
 */
class SignerDelSello extends Signer {
  constructor(private readonly sello: Sello) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const certificado = pkijs.Certificate.fromBER(buffer(new Uint8Array(this.sello.certificado.rawData)));
    const cadena = this.sello.cadena.map((cert) => pkijs.Certificate.fromBER(buffer(new Uint8Array(cert.rawData))));
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the
    // default hash algorithm (SHA-256) is just the certificate's hash.
    const signingCertificateV2 = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({
              value: [
                new asn1js.OctetString({ valueHex: buffer(sha256(new Uint8Array(this.sello.certificado.rawData))) }),
              ],
            }),
          ],
        }),
      ],
    });
    const atributos = [
      new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: buffer(sha256(pdf)) })],
      }),
      new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
    ];
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificado.issuer, serialNumber: certificado.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: atributos }),
        }),
      ],
      certificates: [certificado, ...cadena],
    });
    await signedData.sign(this.sello.clave, 0, 'SHA-256');
    const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}

/** A PDF signed by the seal (PAdES baseline B): `pdfsig` verifies it. `motivo` is the signature's /Reason. */
export async function firmarPdf(
  pdf: Uint8Array,
  sello: Sello,
  firmadoEn: Date,
  motivo = 'Índice electrónico del expediente (art. 70 Ley 39/2015)',
): Promise<Buffer> {
  const documento = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: documento,
    reason: motivo,
    contactInfo: '',
    name: sello.certificado.subjectName.getField('CN')[0] ?? sello.certificado.subject,
    location: 'España',
    signingTime: firmadoEn,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 16_384,
    appName: 'EcoDigital',
  });
  const conHueco = Buffer.from(await documento.save({ useObjectStreams: false }));
  return new SignPdf().sign(conHueco, new SignerDelSello(sello), firmadoEn);
}

/** Whether the PDF's signature still holds over its signed bytes. Never throws. */
export async function verificarPdf(pdf: Buffer): Promise<{ valida: boolean; motivo?: string }> {
  try {
    const { firma, firmado } = firmaDelPdf(pdf);
    const cms = pkijs.ContentInfo.fromBER(buffer(firma));
    const signedData = new pkijs.SignedData({ schema: cms.content });
    const valida = await signedData.verify({ signer: 0, data: buffer(firmado), checkChain: false });
    return valida ? { valida: true } : { valida: false, motivo: 'la firma PAdES no corresponde al PDF' };
  } catch {
    return { valida: false, motivo: 'la firma PAdES del PDF no corresponde o no se puede leer' };
  }
}

/**
 * The CMS signature of a PDF signed once, and the bytes it signs. The `/Contents` hex is padded with
 * zeros to the placeholder's size, so the CMS is cut where its own DER header says it ends:
 * `extractSignature` strips every trailing «00», the signature's own last byte too when it is 0
 * (about one signature in 256, which then read as broken).
 */
export function firmaDelPdf(pdf: Buffer): { firma: Buffer; firmado: Buffer } {
  const { ByteRange: rango, signedData: firmado } = extractSignature(pdf) as {
    ByteRange: number[];
    signedData: Buffer;
  };
  const [, finPrimero = 0, inicioSegundo = 0] = rango;
  // Between the two ranges: «<», the hex, «>».
  const der = Buffer.from(pdf.subarray((rango[0] ?? 0) + finPrimero + 1, inicioSegundo - 1).toString('latin1'), 'hex');
  if (der[0] !== 0x30 || der.length < 2) throw new Error('La firma del PDF no es una estructura DER.');
  let cabecera = 2;
  let longitud = der[1]!;
  if (longitud & 0x80) {
    const bytes = longitud & 0x7f;
    if (bytes < 1 || bytes > 4) throw new Error('La longitud DER de la firma del PDF no es válida.');
    longitud = der.subarray(2, 2 + bytes).reduce((total, byte) => total * 256 + byte, 0);
    cabecera += bytes;
  }
  if (cabecera + longitud > der.length) throw new Error('La firma del PDF está cortada.');
  return { firma: der.subarray(0, cabecera + longitud), firmado };
}
