import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Database } from '../db/database';
import { incorporarArchivo } from '../modules/documentos/documentos.public';
import { leerAlcance } from '../shared/caller/alcance';
import type { Caller } from '../shared/caller/caller';
import { permisosDeRoles } from '../shared/caller/caller-cache';
import type { DocumentStorage } from '../storage/document-storage';
import { newTempPath } from '../storage/temp-files';

interface ExpedienteDemo {
  id_expediente: number;
  numero: string;
  asunto: string;
  interesado_nombre: string | null;
  estado: string;
}

interface DocumentoDemo {
  nombre: string;
  tipo: 'Solicitud' | 'Informe' | 'Resolución' | 'Notificación';
  bytes: Uint8Array;
}

/** A one-page PDF with a text layer (Helvetica covers Spanish letters in WinAnsi). */
async function pdfConTexto(titulo: string, parrafos: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(titulo);
  const fuente = await pdf.embedFont(StandardFonts.Helvetica);
  const negrita = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pagina = pdf.addPage([595, 842]);
  let y = 780;
  pagina.drawText(titulo, { x: 60, y, size: 14, font: negrita });
  y -= 30;
  for (const parrafo of parrafos) {
    // Lines of about 90 characters, cut at spaces.
    const palabras = parrafo.split(' ');
    let linea = '';
    for (const palabra of palabras) {
      if ((linea + ' ' + palabra).length > 90) {
        pagina.drawText(linea, { x: 60, y, size: 11, font: fuente });
        y -= 16;
        linea = palabra;
      } else linea = linea ? `${linea} ${palabra}` : palabra;
    }
    if (linea) pagina.drawText(linea, { x: 60, y, size: 11, font: fuente });
    y -= 26;
  }
  return pdf.save();
}

/** What an office files in an expediente of this kind: the request, a report and, once in trámite, a resolution. */
async function documentosDe(expediente: ExpedienteDemo): Promise<DocumentoDemo[]> {
  const interesado = expediente.interesado_nombre ?? 'la persona interesada';
  const documentos: DocumentoDemo[] = [
    {
      nombre: `Solicitud ${expediente.numero}.txt`,
      tipo: 'Solicitud',
      bytes: new TextEncoder().encode(
        `Solicitud presentada por ${interesado}.\n\nAsunto: ${expediente.asunto}.\n\n` +
          'Expone que reúne los requisitos exigidos por la ordenanza municipal y solicita que se ' +
          'tramite su petición, para lo que acompaña la documentación necesaria.\n',
      ),
    },
    {
      nombre: `Informe técnico ${expediente.numero}.pdf`,
      tipo: 'Informe',
      bytes: await pdfConTexto(`Informe técnico del expediente ${expediente.numero}`, [
        `Asunto: ${expediente.asunto}.`,
        'Examinada la documentación aportada, los servicios técnicos municipales informan ' +
          'favorablemente la solicitud, con las condiciones que se indican a continuación.',
        'Las obras o actuaciones se ajustarán al proyecto presentado y a la normativa urbanística vigente.',
      ]),
    },
  ];
  if (expediente.estado === 'en_tramite') {
    documentos.push({
      nombre: `Resolución ${expediente.numero}.pdf`,
      tipo: 'Resolución',
      bytes: await pdfConTexto(`Resolución de la Alcaldía. Expediente ${expediente.numero}`, [
        `Vista la solicitud de ${interesado} sobre ${expediente.asunto.toLowerCase()}, y el informe técnico favorable,`,
        'RESUELVO: conceder lo solicitado, con las condiciones del informe técnico, y notificar esta ' +
          'resolución a la persona interesada con indicación de los recursos que procedan.',
      ]),
    });
  }
  return documentos;
}

/** The demo administrator as a caller: she sees every expediente and may file documents in them. */
async function administradoraDemo(db: Database): Promise<Caller> {
  const [admin] = await db.query<{ id_usuario: number; sub: string; nombres: string; apellidos: string }>(
    `SELECT id_usuario, sub, nombres, apellidos FROM usuario WHERE username = 'admin'`,
  );
  if (!admin) throw new Error('No existe el usuario de demostración «admin».');
  const roles = ['administrador'];
  return {
    id_usuario: admin.id_usuario,
    principal: {
      sub: admin.sub,
      username: 'admin',
      nombres: admin.nombres,
      apellidos: admin.apellidos,
      email: null,
      roles,
      grupos: null,
      claims: {},
    },
    permisos: await permisosDeRoles(db, roles),
    alcance: { ver: true, todos: true, ...(await leerAlcance(db, admin.id_usuario)) },
  };
}

/**
 * Files demo documents (text and PDFs with a text layer) in the `cuantos` newest open expedientes
 * that have none, through the same path as an upload: stored, chained in the índice, recorded in
 * the historial, and queued for text extraction, which the API does once it starts. Answers how
 * many documents were filed.
 */
export async function sembrarDocumentosDemo(db: Database, storage: DocumentStorage, cuantos: number): Promise<number> {
  const expedientes = await db.query<ExpedienteDemo>(
    `SELECT e.id_expediente, e.numero, e.asunto, e.interesado_nombre, e.estado
     FROM expediente e
     WHERE e.estado IN ('abierto', 'en_tramite')
       AND NOT EXISTS (SELECT 1 FROM documento d WHERE d.id_expediente = e.id_expediente)
     ORDER BY e.id_expediente DESC
     LIMIT $1`,
    [cuantos],
  );
  if (expedientes.length === 0) return 0;
  const caller = await administradoraDemo(db);
  const tipos = new Map(
    (await db.query<{ id: number; nombre: string }>('SELECT id, nombre FROM tipo_documental')).map((tipo) => [
      tipo.nombre,
      tipo,
    ]),
  );
  const log = { error: (...detalle: unknown[]) => console.error('seed:demo:', ...detalle), info: () => {} };
  await mkdir(storage.tempDir, { recursive: true });
  let archivados = 0;
  for (const expediente of expedientes) {
    for (const documento of await documentosDe(expediente)) {
      const tipoDocumental = tipos.get(documento.tipo);
      if (!tipoDocumental) continue;
      const tempPath = newTempPath(storage.tempDir);
      await writeFile(tempPath, documento.bytes);
      const sha256 = createHash('sha256').update(documento.bytes).digest('hex');
      await incorporarArchivo(
        { db, storage, caller, log, idExpediente: expediente.id_expediente, tipoDocumental },
        { tempPath, size: documento.bytes.byteLength, sha256, nombre: documento.nombre },
      );
      archivados += 1;
    }
  }
  return archivados;
}
