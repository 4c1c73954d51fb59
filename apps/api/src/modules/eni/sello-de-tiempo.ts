import * as asn1js from 'asn1js';
import { createHash, randomBytes } from 'node:crypto';
import * as pkijs from 'pkijs';
import './crypto';

const buffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The authority must answer within this long; a signature is not held open longer for it. */
const TIEMPO_MAXIMO_MS = 15_000;

class ErrorSelloDeTiempo extends Error {}

/**
 * An RFC 3161 timestamp over `datos` (SHA-256) from the authority at `url`: the token (DER) and its
 * time. Refuses an answer that is not «granted» or whose imprint is not ours.
 */
export async function selloDeTiempo(url: string, datos: Uint8Array): Promise<{ token: Buffer; fecha: Date }> {
  const huella = createHash('sha256').update(datos).digest();
  const peticion = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
      hashedMessage: new asn1js.OctetString({ valueHex: buffer(huella) }),
    }),
    nonce: new asn1js.Integer({ valueHex: buffer(randomBytes(8)) }),
    certReq: true,
  });
  const respuesta = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: Buffer.from(peticion.toSchema().toBER(false)),
    signal: AbortSignal.timeout(TIEMPO_MAXIMO_MS),
  }).catch((error: unknown) => {
    throw new ErrorSelloDeTiempo(`La autoridad de sellado de tiempo no responde (${String(error)}).`);
  });
  if (!respuesta.ok) throw new ErrorSelloDeTiempo(`La autoridad de sellado de tiempo respondió ${respuesta.status}.`);
  const tsr = pkijs.TimeStampResp.fromBER(await respuesta.arrayBuffer());
  if (tsr.status.status !== 0 && tsr.status.status !== 1) {
    throw new ErrorSelloDeTiempo('La autoridad de sellado de tiempo no concedió el sello.');
  }
  if (!tsr.timeStampToken) throw new ErrorSelloDeTiempo('La respuesta de sellado de tiempo no trae el sello.');
  const firmado = new pkijs.SignedData({ schema: tsr.timeStampToken.content });
  const info = pkijs.TSTInfo.fromBER(firmado.encapContentInfo.eContent!.valueBlock.valueHexView.slice().buffer);
  if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(huella)) {
    throw new ErrorSelloDeTiempo('El sello de tiempo recibido no corresponde a la firma.');
  }
  return { token: Buffer.from(tsr.timeStampToken.toSchema().toBER(false)), fecha: info.genTime };
}
