import * as x509 from '@peculiar/x509';
import forge from 'node-forge';
import { readFile } from 'node:fs/promises';
import { ErrorDeConfiguracion } from '@ecodigital/config/leer';
import { ALGORITMO, crypto } from './crypto';

/** The institution's seal, ready to sign. */
export interface Sello {
  clave: CryptoKey;
  certificado: x509.X509Certificate;
  /** The certificates above it, as the PKCS#12 carries them (its CA, for a verifier). */
  cadena: x509.X509Certificate[];
  /** The self-signed test seal of `npm start`: every place that shows a signature says «solo desarrollo». */
  soloDesarrollo: boolean;
  /** RFC 3161 timestamp authority, when configured. */
  tsaUrl: string | undefined;
}

const binario = (bytes: Uint8Array) => forge.util.createBuffer(Buffer.from(bytes).toString('binary'));
const bytesDe = (der: forge.util.ByteStringBuffer) => Buffer.from(der.getBytes(), 'binary');

/**
 * Reads a PKCS#12 (.p12/.pfx): the private key and the certificate that matches it, and the other
 * certificates as its chain. A wrong password or a file without an RSA key and its certificate stops
 * the start with a Spanish message naming `SELLO_P12`.
 */
export async function leerSello(
  archivo: string,
  password: string | undefined,
  opciones: { soloDesarrollo: boolean; tsaUrl: string | undefined },
): Promise<Sello> {
  const bytes = await readFile(archivo).catch(() => {
    throw new ErrorDeConfiguracion(`SELLO_P12: no se puede leer el archivo «${archivo}».`);
  });
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(binario(bytes)), password ?? '');
  } catch {
    throw new ErrorDeConfiguracion(
      `SELLO_P12: «${archivo}» no es un PKCS#12 válido o la contraseña (SELLO_P12_PASSWORD) no es la suya.`,
    );
  }
  const bolsas = (tipo: string) => p12.getBags({ bagType: tipo })[tipo] ?? [];
  const claveForge = [...bolsas(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bolsas(forge.pki.oids.keyBag!)][0]?.key as
    forge.pki.rsa.PrivateKey | undefined;
  const certificados = bolsas(forge.pki.oids.certBag!)
    .map((bolsa) => bolsa.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined);
  if (!claveForge || !('n' in claveForge)) {
    throw new ErrorDeConfiguracion(`SELLO_P12: «${archivo}» no contiene una clave privada RSA.`);
  }
  const propio = certificados.find((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n.equals(claveForge.n));
  if (!propio) throw new ErrorDeConfiguracion(`SELLO_P12: «${archivo}» no contiene el certificado de su clave.`);
  const pkcs8 = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(claveForge));
  const clave = await crypto.subtle.importKey('pkcs8', bytesDe(forge.asn1.toDer(pkcs8)), ALGORITMO, false, ['sign']);
  const aX509 = (cert: forge.pki.Certificate) =>
    new x509.X509Certificate(bytesDe(forge.asn1.toDer(forge.pki.certificateToAsn1(cert))));
  const certificado = aX509(propio);
  if (certificado.notAfter.getTime() < Date.now()) {
    throw new ErrorDeConfiguracion(
      `SELLO_P12: el certificado «${certificado.subject}» caducó el ${certificado.notAfter.toISOString().slice(0, 10)}.`,
    );
  }
  return {
    clave,
    certificado,
    cadena: certificados.filter((cert) => cert !== propio).map(aX509),
    ...opciones,
  };
}
