import type { FirmasExpediente, MotivoFirma } from '@ecodigital/contracts/eni';
import { LIMITES_FIRMAS, MOTIVO_FIRMA_ETIQUETAS } from '@ecodigital/contracts/eni';
import type { Database, Queryable } from '../../db/database';
import type { FirmaRota } from '../../shared/firma-indice';
import type { Caller } from '../../shared/caller/caller';
import { indiceDe, indicePdf } from '../documentos/documentos.public';
import { expedienteNoExiste, findExpediente, insertEvento } from '../expedientes/expedientes.public';
import {
  findDatosEni,
  findDocumentosEni,
  findFirmas,
  findTodasLasFirmas,
  findUltimaFirma,
  insertFirma,
} from './eni.repository';
import { indiceContenidoXml } from './indice-contenido';
import { firmarPdf, verificarPdf } from './pades';
import type { Sello } from './sello';
import { selloDeTiempo } from './sello-de-tiempo';
import { firmarIndiceXml, valorDeFirma, verificarIndiceXml } from './xades';
import { fechaHoraEspana } from '../../shared/dates';

/**
 * Signs the índice of the expediente as it stands inside `tx` (which holds its row lock): the ENI
 * `indice` with its XAdES signature and the índice PDF with its PAdES signature, both kept as signed
 * (append-only), and an event in the historial. With a timestamp authority configured, the XAdES
 * signature value gets an RFC 3161 timestamp, kept beside it.
 */
export async function firmarIndice(
  tx: Queryable,
  sello: Sello,
  datos: { id_expediente: number; id_usuario: number; motivo: MotivoFirma },
): Promise<number> {
  const expediente = await findDatosEni(tx, datos.id_expediente);
  if (!expediente) throw new Error(`No existe el expediente ${datos.id_expediente}`);
  // Whole seconds: the ENI dates carry none finer, and the PDF's /M neither.
  const firmadoEn = new Date(Math.floor(Date.now() / 1000) * 1000);
  const documentos = await findDocumentosEni(tx, datos.id_expediente);
  const indice = await indiceDe(tx, expediente, firmadoEn);
  const xml = await firmarIndiceXml(indiceContenidoXml(expediente, documentos, firmadoEn), sello, firmadoEn);
  const pdf = await firmarPdf(await indicePdf(indice), sello, firmadoEn);
  const tiempo = sello.tsaUrl ? await selloDeTiempo(sello.tsaUrl, valorDeFirma(xml)) : null;
  const id = await insertFirma(tx, {
    id_expediente: datos.id_expediente,
    motivo: datos.motivo,
    firmado_en: firmadoEn,
    firmado_por: datos.id_usuario,
    documentos: documentos.length,
    huella_indice: indice.huella_indice,
    xml,
    pdf,
    certificado_sujeto: sello.certificado.subject,
    certificado_emisor: sello.certificado.issuer,
    certificado_serie: sello.certificado.serialNumber,
    solo_desarrollo: sello.soloDesarrollo,
    sello_tiempo: tiempo?.token ?? null,
    sello_tiempo_tsa: tiempo ? sello.tsaUrl! : null,
    sello_tiempo_en: tiempo?.fecha ?? null,
  });
  const cn = sello.certificado.subjectName.getField('CN')[0] ?? sello.certificado.subject;
  await insertEvento(tx, {
    id_expediente: datos.id_expediente,
    id_usuario: datos.id_usuario,
    evento: 'indice_firmado',
    descripcion:
      `Firmó el índice (${documentos.length === 1 ? '1 documento' : `${documentos.length} documentos`}) ` +
      `con el sello «${cn}»` +
      `${sello.soloDesarrollo && !/solo desarrollo/i.test(cn) ? ' (solo desarrollo)' : ''}: ` +
      `${MOTIVO_FIRMA_ETIQUETAS[datos.motivo].toLowerCase()}.`,
  });
  return id;
}

/** The signatures of an expediente the caller sees (404 otherwise). */
export async function listarFirmas(db: Database, caller: Caller, idExpediente: number): Promise<FirmasExpediente> {
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  const [datos, firmas] = await Promise.all([
    findDatosEni(db, idExpediente),
    findFirmas(db, idExpediente, LIMITES_FIRMAS.listadas),
  ]);
  return { remision_cerrada_en: datos?.remision_cerrada_en?.toISOString() ?? null, firmas };
}

/** Every stored signature checked again, XML and PDF: the broken ones, each said in Spanish. */
export async function verificarFirmas(
  db: Queryable,
  idExpediente: number,
): Promise<{ comprobadas: number; rotas: FirmaRota[] }> {
  const firmas = await findTodasLasFirmas(db, idExpediente);
  const rotas: FirmaRota[] = [];
  for (const firma of firmas) {
    const [xml, pdf] = await Promise.all([verificarIndiceXml(firma.xml), verificarPdf(Buffer.from(firma.pdf))]);
    const motivos = [xml.valida ? null : xml.motivo, pdf.valida ? null : pdf.motivo].filter(Boolean);
    if (motivos.length) {
      rotas.push({
        id_firma: firma.id_firma,
        descripcion: `La firma del índice del ${fechaHoraEspana(firma.firmado_en)} (${MOTIVO_FIRMA_ETIQUETAS[firma.motivo].toLowerCase()}) no es válida: ${motivos.join('; ')}.`,
      });
    }
  }
  return { comprobadas: firmas.length, rotas };
}

/**
 * The PDF of the latest signed índice while it still covers the documents as they are now (the same
 * test the ENI export applies); `null` when the expediente was never signed or changed since.
 */
export async function indiceFirmadoVigente(
  db: Queryable,
  idExpediente: number,
  huellaIndice: string | null,
): Promise<Buffer | null> {
  const [ultima, documentos] = await Promise.all([
    findUltimaFirma(db, idExpediente),
    findDocumentosEni(db, idExpediente),
  ]);
  return ultima && ultima.huella_indice === huellaIndice && ultima.documentos === documentos.length
    ? Buffer.from(ultima.pdf)
    : null;
}
