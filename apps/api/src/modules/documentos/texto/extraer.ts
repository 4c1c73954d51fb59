import { open, readFile } from 'node:fs/promises';
import { textoDocx } from './formatos/docx';
import { extraerImagen } from './formatos/imagen';
import { textoOpenDocument } from './formatos/opendocument';
import { extraerPdf } from './formatos/pdf';
import { decodificarTexto } from './formatos/texto-plano';
import { textoXlsx } from './formatos/xlsx';
import { normalizarTexto, type OpcionesExtraccion, type ResultadoExtraccion } from './resultado';

/** Office and text files are one "page"; their text comes from their own structure, never by OCR. */
async function textoDeArchivo(ruta: string, opciones: OpcionesExtraccion): Promise<string> {
  switch (opciones.formato) {
    case 'TXT':
    case 'CSV':
      return decodificarTexto(await readFile(ruta)).texto;
    default: {
      const file = await open(ruta, 'r');
      try {
        if (opciones.formato === 'DOCX') return await textoDocx(file, ruta);
        if (opciones.formato === 'XLSX') return await textoXlsx(file);
        return await textoOpenDocument(file);
      } finally {
        await file.close();
      }
    }
  }
}

async function extraerSegunFormato(ruta: string, opciones: OpcionesExtraccion): Promise<ResultadoExtraccion> {
  switch (opciones.formato) {
    case 'PDF':
      return extraerPdf(ruta, opciones);
    case 'PNG':
    case 'JPEG':
    case 'TIFF':
      return extraerImagen(ruta, opciones);
    default:
      return { texto: await textoDeArchivo(ruta, opciones), paginas: 1, paginasOcr: 0 };
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
