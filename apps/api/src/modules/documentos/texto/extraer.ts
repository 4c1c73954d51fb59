import { open, readFile, type FileHandle } from 'node:fs/promises';
import { textoDocx } from './formatos/docx';
import { extraerImagen } from './formatos/imagen';
import { textoOpenDocument } from './formatos/opendocument';
import { extraerPdf } from './formatos/pdf';
import { decodificarTexto } from './formatos/texto-plano';
import { textoXlsx } from './formatos/xlsx';
import { normalizarTexto, type OpcionesExtraccion, type ResultadoExtraccion } from './resultado';

/** Office and open documents: their text comes from their own structure (a ZIP), never by OCR. */
async function textoDeDocumento(
  ruta: string,
  leer: (file: FileHandle) => Promise<string>,
): Promise<ResultadoExtraccion> {
  const file = await open(ruta, 'r');
  try {
    return unaPagina(await leer(file));
  } finally {
    await file.close();
  }
}

const unaPagina = (texto: string): ResultadoExtraccion => ({ texto, paginas: 1, paginasOcr: 0 });

/** Every format has its case: a new one fails the typecheck's lint (switch-exhaustiveness-check). */
async function extraerSegunFormato(ruta: string, opciones: OpcionesExtraccion): Promise<ResultadoExtraccion> {
  switch (opciones.formato) {
    case 'PDF':
      return extraerPdf(ruta, opciones);
    case 'PNG':
    case 'JPEG':
    case 'TIFF':
      return extraerImagen(ruta, opciones);
    case 'TXT':
    case 'CSV':
      return unaPagina(decodificarTexto(await readFile(ruta)).texto);
    case 'DOCX':
      return textoDeDocumento(ruta, (file) => textoDocx(file, ruta));
    case 'XLSX':
      return textoDeDocumento(ruta, textoXlsx);
    case 'ODT':
    case 'ODS':
      return textoDeDocumento(ruta, textoOpenDocument);
  }
}

/**
 * The text of one stored document (and its thumbnail), normalised. Runs inside the extraction
 * process (`proceso-extractor.ts`), which the API bounds in time and memory; tests call it directly.
 */
export async function extraerDocumento(ruta: string, opciones: OpcionesExtraccion): Promise<ResultadoExtraccion> {
  const resultado = await extraerSegunFormato(ruta, opciones);
  const texto = normalizarTexto(resultado.texto);
  if (texto) {
    const { sinTexto: _sinTexto, ...conTexto } = resultado;
    return { ...conTexto, texto };
  }
  return { ...resultado, texto, sinTexto: resultado.sinTexto ?? 'no contiene texto' };
}
