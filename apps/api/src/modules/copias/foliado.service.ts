import type { IndiceElectronico } from '@ecodigital/contracts/documentos';
import { Readable } from 'node:stream';
import type { PDFDocument } from 'pdf-lib';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { DocumentStorage } from '../../storage/document-storage';
import { indiceDe, indicePdf } from '../documentos/documentos.public';
import { indiceFirmadoVigente } from '../eni/eni.public';
import { expedienteNoExiste, findExpediente, insertEvento } from '../expedientes/expedientes.public';
import { MENSAJES_COPIAS } from './copias.mensajes';
import { findClavesDocumentos } from './copias.repository';
import { Foliado, leerPdf, type DocumentoNombrado } from './foliado-pdf';
import { leerIntacto } from './leer-intacto';
import { renderizable } from './renderizable';
import { fechaEspana } from '../../shared/dates';

type Entrada = IndiceElectronico['entradas'][number];

/**
 * What a document becomes in the foliated PDF, decided by the first pass: its pages (a PDF that reads,
 * counted), its image on one page, or one page that names it. Either of the last two is one folio,
 * so an image is read only when written.
 */
type Parte =
  | { clase: 'pdf'; entrada: Entrada; clave: string; paginas: number }
  | { clase: 'imagen'; entrada: Entrada & { formato: 'JPEG' | 'PNG' }; clave: string }
  | { clase: 'aviso'; entrada: Entrada; motivo: string };

const MOTIVOS = {
  otroFormato: (formato: string) =>
    `Documento en formato ${formato}, que no se presenta en PDF: se obtiene descargándolo del expediente, ` +
    'y la huella SHA-256 identifica el original.',
  ausente:
    'El archivo de este documento no está en el almacenamiento o no coincide con su huella: no se incluye su contenido.',
  ilegible:
    'El documento no se pudo presentar en PDF (está cifrado o no se puede leer): se obtiene descargándolo del expediente, ' +
    'y la huella SHA-256 identifica el original.',
  eliminado: (acta: string, destruidoEn: string) =>
    `El contenido de este documento se eliminó el ${fechaEspana(destruidoEn)} por el acta de eliminación ` +
    `${acta}. Conserva su lugar en el índice, y la huella SHA-256 identifica el original.`,
  anulado: (entrada: Entrada) =>
    `Documento anulado${entrada.fecha_anulacion ? ` el ${fechaEspana(entrada.fecha_anulacion)}` : ''}` +
    `${entrada.motivo_anulacion ? ` (${entrada.motivo_anulacion})` : ''}. Conserva su lugar en el índice; ` +
    'su contenido no forma parte de esta copia y la huella SHA-256 identifica el original.',
};

const nombrado = (entrada: Entrada): DocumentoNombrado => ({
  orden: entrada.orden,
  nombre: entrada.nombre,
  tipo_documental: entrada.tipo_documental.nombre,
  formato: entrada.formato,
  tamano: entrada.tamano,
  huella: entrada.huella,
  fecha_incorporacion: new Date(entrada.fecha_incorporacion),
});

const paginasDe = (parte: Parte) => (parte.clase === 'pdf' ? parte.paginas : 1);

/** A document's bytes changed between the two passes: its folios were counted on other bytes. */
class DocumentoCambiado extends Error {
  constructor(numero: string, entrada: Entrada) {
    super(
      `El documento nº ${entrada.orden} (id ${entrada.id_documento}) del expediente ${numero} cambió o ` +
        'desapareció del almacenamiento mientras se escribía su PDF foliado: la descarga se interrumpe',
    );
    this.name = 'DocumentoCambiado';
  }
}

interface DependenciasFoliado {
  db: Database;
  storage: DocumentStorage;
  /** A document larger than this is named on a page instead of reproduced: it is held whole while copied. */
  maxBytesDocumento: number;
}

/**
 * The whole expediente of the caller (404 when not visible) as one foliated PDF (decisions 0402,
 * 0409), streamed: the índice first (the signed one while it covers the documents as they are; the
 * current one otherwise), then every document in índice order. A first pass reads each PDF (one at a
 * time, its SHA-256 checked) only to count its pages, so that N of «Folio n de N» is known; the
 * historial records the download with it before the first byte. The second pass reads them again and
 * writes each as soon as its pages are copied, so memory holds one document, not the expediente. A PDF
 * that no longer matches its SHA-256 in the second pass ends the stream with an error: the answer is
 * cut short, never a complete-looking PDF with other content or other folios.
 */
export async function foliarExpediente(
  deps: DependenciasFoliado,
  caller: Caller,
  idExpediente: number,
): Promise<{ nombre: string; folios: number; pdf: Readable }> {
  const { db, storage } = deps;
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  const indice = await indiceDe(db, expediente);
  const claves = await findClavesDocumentos(db, idExpediente);
  const firmado = await indiceFirmadoVigente(db, idExpediente, indice.huella_indice);
  const pdfIndice = await leerPdf(firmado ?? (await indicePdf(indice)));
  if (!pdfIndice) throw new Error(`El índice del expediente ${expediente.numero} no se pudo leer como PDF`);

  const partes: Parte[] = [];
  for (const entrada of indice.entradas) {
    partes.push(await primeraPasada(deps, entrada, claves.get(entrada.id_documento) ?? ''));
  }
  const folios = partes.reduce((suma, parte) => suma + paginasDe(parte), pdfIndice.getPageCount());

  await insertEvento(db, {
    id_expediente: idExpediente,
    id_usuario: caller.id_usuario,
    evento: 'expediente_foliado',
    descripcion: `Descargó el expediente foliado en PDF (${folios === 1 ? '1 folio' : `${folios} folios`}).`,
  });
  const foliado = await Foliado.crear(expediente.numero, `Expediente ${expediente.numero}: copia foliada`, folios);
  return {
    nombre: `expediente-${expediente.numero}-foliado.pdf`,
    folios,
    pdf: Readable.from(segundaPasada(foliado, pdfIndice, partes, storage, expediente.numero), { objectMode: false }),
  };
}

async function primeraPasada(deps: DependenciasFoliado, entrada: Entrada, clave: string): Promise<Parte> {
  if (entrada.anulado) return { clase: 'aviso', entrada, motivo: MOTIVOS.anulado(entrada) };
  if (entrada.eliminado) {
    return {
      clase: 'aviso',
      entrada,
      motivo: MOTIVOS.eliminado(entrada.eliminado.acta, entrada.eliminado.destruido_en),
    };
  }
  const formato = entrada.formato;
  if (!renderizable(formato)) return { clase: 'aviso', entrada, motivo: MOTIVOS.otroFormato(formato) };
  if (entrada.tamano > deps.maxBytesDocumento) {
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return {
      clase: 'aviso',
      entrada,
      motivo: MENSAJES_COPIAS.foliadoDocumentoDemasiadoGrande(
        Math.ceil(mb(entrada.tamano)),
        Math.floor(mb(deps.maxBytesDocumento)),
      ),
    };
  }
  if (formato !== 'PDF') return { clase: 'imagen', entrada: { ...entrada, formato }, clave };
  const bytes = await leerIntacto(deps.storage, clave, entrada);
  if (!bytes) return { clase: 'aviso', entrada, motivo: MOTIVOS.ausente };
  const pdf = await leerPdf(bytes);
  if (!pdf) return { clase: 'aviso', entrada, motivo: MOTIVOS.ilegible };
  return { clase: 'pdf', entrada, clave, paginas: pdf.getPageCount() };
}

async function* segundaPasada(
  foliado: Foliado,
  pdfIndice: PDFDocument,
  partes: Parte[],
  storage: DocumentStorage,
  numero: string,
): AsyncGenerator<Buffer> {
  await foliado.anadirPdf(pdfIndice);
  yield* foliado.volcar();
  for (const parte of partes) {
    const { entrada } = parte;
    switch (parte.clase) {
      case 'aviso':
        foliado.anadirAviso(nombrado(entrada), parte.motivo);
        break;
      case 'imagen': {
        const bytes = await leerIntacto(storage, parte.clave, entrada);
        if (!bytes) foliado.anadirAviso(nombrado(entrada), MOTIVOS.ausente);
        else if (!(await foliado.anadirImagen(bytes, parte.entrada.formato, nombrado(entrada)))) {
          foliado.anadirAviso(nombrado(entrada), MOTIVOS.ilegible);
        }
        break;
      }
      case 'pdf': {
        const bytes = await leerIntacto(storage, parte.clave, entrada);
        const pdf = bytes && (await leerPdf(bytes));
        if (!pdf || pdf.getPageCount() !== parte.paginas) throw new DocumentoCambiado(numero, entrada);
        await foliado.anadirPdf(pdf);
        break;
      }
    }
    yield* foliado.volcar();
  }
  yield* await foliado.terminar();
}
