import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { DocumentStorage } from '../../storage/document-storage';
import { indiceDe, indicePdf } from '../documentos/documentos.public';
import { expedienteNoExiste, findExpediente, insertEvento } from '../expedientes/expedientes.public';
import { conflictoEni, eniConDocumentosEliminados, MENSAJES_ENI } from './eni.mensajes';
import {
  findActaDeEliminacion,
  findDatosEni,
  findDocumentosEni,
  findInteresadosEni,
  findUltimaFirma,
} from './eni.repository';
import { documentoXml, entradaDocumento, expedienteXml } from './expediente-eni';
import { indiceContenidoXml } from './indice-contenido';
import { firmarPdf } from './pades';
import type { Sello } from './sello';
import { firmarIndiceXml } from './xades';

export interface DependenciasExportacion {
  db: Database;
  storage: DocumentStorage;
  sello: () => Promise<Sello | null>;
}

export interface ExportacionEni {
  nombre: string;
  documentos: number;
  /** The ZIP as it is written; it ends with an error if a stored file is missing or altered. */
  zip: Readable;
}

/**
 * The expediente of the caller (404 when not visible) as an ENI ZIP: `expediente.xml` (the signed
 * índice and the metadata), `indice.pdf`, and one `documentos/<orden>-<identificador>.xml` per
 * document not anulado with its bytes in base64. The latest stored signature is used while it covers
 * the documents as they are now; otherwise the current índice is signed with the seal for this export
 * (not stored: exporting is not closing). The export is recorded in the historial before the bytes go.
 * Files are read from storage one at a time, when the ZIP reaches them.
 */
export async function exportarEni(
  deps: DependenciasExportacion,
  caller: Caller,
  idExpediente: number,
): Promise<ExportacionEni> {
  const { db, storage } = deps;
  if (!(await findExpediente(db, caller, idExpediente))) throw expedienteNoExiste();
  const acta = await findActaDeEliminacion(db, idExpediente);
  if (acta) throw eniConDocumentosEliminados(acta);
  const datos = (await findDatosEni(db, idExpediente))!;
  const [documentos, interesados, ultima] = await Promise.all([
    findDocumentosEni(db, idExpediente),
    findInteresadosEni(db, idExpediente),
    findUltimaFirma(db, idExpediente),
  ]);
  // Whole seconds, as when the índice is signed on closing.
  const ahora = new Date(Math.floor(Date.now() / 1000) * 1000);
  const indice = await indiceDe(db, datos, ahora);
  let firmado: { xml: string; pdf: Uint8Array };
  if (ultima && ultima.huella_indice === indice.huella_indice && ultima.documentos === documentos.length) {
    firmado = { xml: ultima.xml, pdf: ultima.pdf };
  } else {
    const sello = await deps.sello();
    if (!sello) throw conflictoEni(MENSAJES_ENI.sinSello, 'SIN_SELLO');
    firmado = {
      xml: await firmarIndiceXml(indiceContenidoXml(datos, documentos, ahora), sello, ahora),
      pdf: await firmarPdf(await indicePdf(indice), sello, ahora),
    };
  }
  const expediente = expedienteXml(
    datos,
    firmado.xml,
    interesados.map((interesado) => interesado.documento),
  );

  await insertEvento(db, {
    id_expediente: idExpediente,
    id_usuario: caller.id_usuario,
    evento: 'exportacion_eni',
    descripcion: `Exportó el expediente en formato ENI (${documentos.length === 1 ? '1 documento' : `${documentos.length} documentos`}).`,
  });

  const zip = new ZipFile();
  const salida = zip.outputStream as Readable;
  let enCurso: Readable | undefined;
  zip.on('error', (error: Error) => salida.destroy(error));
  // The person left: the file being read is closed too.
  salida.on('close', () => enCurso?.destroy());
  const opciones = { mtime: ahora };
  zip.addBuffer(Buffer.from(expediente), 'expediente.xml', opciones);
  zip.addBuffer(Buffer.from(firmado.pdf), 'indice.pdf', { ...opciones, compress: false });
  for (const documento of documentos) {
    // Stored, not deflated: the content is base64 (of PDFs and images, compressed already), which
    // deflate only brings back to about the size of the file at 20-30 MiB/s of one core; stored, the
    // export goes at the pace of reading the files (decision 0405, `npm run bench`).
    zip.addReadStreamLazy(entradaDocumento(datos, documento), { ...opciones, compress: false }, (listo) => {
      storage.read(documento.clave_almacen).then(
        (contenido) => {
          enCurso = Readable.from(documentoXml(datos, documento, contenido), { objectMode: false });
          enCurso.on('error', (error) => {
            contenido.destroy();
            salida.destroy(error);
          });
          listo(null, enCurso);
        },
        (error: unknown) => listo(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return { nombre: `expediente-eni-${datos.numero}.zip`, documentos: documentos.length, zip: salida };
}
