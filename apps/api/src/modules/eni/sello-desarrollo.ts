import * as x509 from '@peculiar/x509';
import forge from 'node-forge';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ALGORITMO, crypto } from './crypto';

/** The password of the development seal: it protects nothing, and says so. */
export const PASSWORD_DESARROLLO = 'solo-desarrollo';

const ARCHIVOS_DESARROLLO = { p12: 'sello.p12', ca: 'ca.pem' } as const;

const GENERACION = { ...ALGORITMO, publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const DIA = 86_400_000;

/**
 * Creates, once, a self-signed test CA and a seal it issued under `dir` (`ca.pem`, `sello.p12`): what
 * `npm start` signs with when no `SELLO_P12` is configured. Both names say «solo desarrollo». Built in
 * a folder of its own and renamed into place, so two instances starting together keep one of them.
 */
export async function asegurarSelloDesarrollo(dir: string): Promise<string> {
  const p12 = path.join(dir, ARCHIVOS_DESARROLLO.p12);
  const existe = await access(p12).then(
    () => true,
    () => false,
  );
  if (existe) return p12;
  const temporal = `${dir}.${process.pid}.${Date.now()}`;
  await mkdir(temporal, { recursive: true });
  try {
    const { ca, p12: bytes } = await crearSelloDesarrollo();
    await writeFile(path.join(temporal, ARCHIVOS_DESARROLLO.ca), ca);
    await writeFile(path.join(temporal, ARCHIVOS_DESARROLLO.p12), bytes);
    await writeFile(
      path.join(temporal, 'LEEME.txt'),
      'Sello de pruebas de EcoDigital: SOLO DESARROLLO. No tiene validez fuera de este equipo.\n' +
        'ca.pem es la CA de pruebas que lo emitió (para comprobar las firmas con xmlsec1 o pdfsig).\n' +
        `Contraseña de sello.p12: ${PASSWORD_DESARROLLO}\n`,
    );
    await mkdir(path.dirname(dir), { recursive: true });
    await rename(temporal, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another instance got there first: its seal is the one.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(temporal, { recursive: true, force: true });
  }
  return p12;
}

/** A CA and a seal it issued, as PEM (the CA) and PKCS#12 bytes (seal, key and CA). */
async function crearSelloDesarrollo(
  nombres = { ca: 'EcoDigital CA de pruebas (solo desarrollo)', sello: 'Sello de órgano de pruebas (solo desarrollo)' },
): Promise<{ ca: string; p12: Uint8Array }> {
  const ahora = Date.now();
  const claveCa = await crypto.subtle.generateKey(GENERACION, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${nombres.ca}, O=EcoDigital, C=ES`,
    notBefore: new Date(ahora - DIA),
    notAfter: new Date(ahora + 20 * 365 * DIA),
    keys: claveCa,
    signingAlgorithm: ALGORITMO,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(claveCa.publicKey),
    ],
  });
  const clave = await crypto.subtle.generateKey(GENERACION, true, ['sign', 'verify']);
  const sello = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from(crypto.getRandomValues(new Uint8Array(8)))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    subject: `CN=${nombres.sello}, O=EcoDigital, C=ES`,
    issuer: ca.subject,
    notBefore: new Date(ahora - DIA),
    notAfter: new Date(ahora + 10 * 365 * DIA),
    publicKey: clave.publicKey,
    signingKey: claveCa.privateKey,
    signingAlgorithm: ALGORITMO,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
      await x509.SubjectKeyIdentifierExtension.create(clave.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', clave.privateKey)).toString('base64');
  const claveForge = forge.pki.privateKeyFromPem(`-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----`);
  const aForge = (cert: x509.X509Certificate) => forge.pki.certificateFromPem(cert.toString('pem'));
  const pfx = forge.pkcs12.toPkcs12Asn1(claveForge, [aForge(sello), aForge(ca)], PASSWORD_DESARROLLO, {
    algorithm: '3des',
    friendlyName: nombres.sello,
  });
  return { ca: ca.toString('pem'), p12: Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary') };
}
