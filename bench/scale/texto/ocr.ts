/**
 * OCR throughput as the API gets it: as many isolated extractors at once as an API started without
 * EXTRACCION_* variables runs on this machine, each reading a scanned PDF, against the `tesseract`
 * program alone (one process, one core) reading the same pages, drawn as the extractor draws them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, type ExtraccionConfig } from '@ecodigital/api/config';
import { ExtractorAislado } from '@ecodigital/api/modules/documentos/texto/extractor-aislado';
import { medidaParaOcr } from '@ecodigital/api/modules/documentos/texto/formatos/pdf';
import type { OpcionesExtraccion } from '@ecodigital/api/modules/documentos/texto/resultado';
import { pdfEscaneado } from '@ecodigital/api/modules/documentos/texto/testing/archivos-con-texto';
import { numero, type Measure } from '../measure';

const ejecutar = promisify(execFile);

/** Pages of the PDF each extractor reads: a dense page takes Tesseract about 3 s of one core. */
const PAGINAS = 3;
/** The pages `pdfEscaneado` makes, in points. */
const A4 = { ancho: 595, alto: 842 };

export async function measureOcr(): Promise<Measure> {
  const config = loadConfig({ DATA_DIR: os.tmpdir() }).extraccion;
  const nucleos = os.availableParallelism();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-bench-ocr-'));
  try {
    const pdf = path.join(dir, 'escaneado.pdf');
    await writeFile(pdf, await pdfEscaneado(paginas()));
    const nuestras = await conExtractores(config, pdf, dir);
    const solo = await conTesseractSolo(config, pdf, dir);
    const ratio = nuestras.porSegundo / solo;
    const minimo = 0.8 * nucleos;
    return {
      medida: `OCR en español: ${config.trabajos} extractores a la vez (EXTRACCION_TRABAJOS por defecto), ${nuestras.paginas} páginas escaneadas`,
      valor: `${numero(nuestras.porSegundo, 2)} páginas/s`,
      base: `${numero(solo, 2)} páginas/s (tesseract solo, un núcleo)`,
      ratio: numero(ratio, 2),
      objetivo: `≥ ${numero(minimo, 1)} (0,8 × ${nucleos} núcleos)`,
      cumple: ratio >= minimo,
      datos: {
        paginas_por_segundo: nuestras.porSegundo,
        tesseract_paginas_por_segundo: solo,
        ratio,
        trabajos: config.trabajos,
        nucleos,
        paginas: nuestras.paginas,
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Dense pages, each a little different, as a scanned resolución. */
function paginas(): string[] {
  return Array.from({ length: PAGINAS }, (_, pagina) =>
    Array.from(
      { length: 12 },
      (_, i) =>
        `Resolución ${pagina * 12 + i + 1}: se concede la licencia de obra menor solicitada por doña María Núñez ` +
        'para la reforma de la vivienda de la calle Mayor, con las condiciones del informe técnico municipal.',
    ).join(' '),
  );
}

/** Every extractor reads the whole PDF at once; pages read by OCR per second of the slowest. */
async function conExtractores(
  config: ExtraccionConfig,
  pdf: string,
  dir: string,
): Promise<{ porSegundo: number; paginas: number }> {
  const opciones: OpcionesExtraccion = {
    formato: 'PDF',
    paginasMax: config.paginasMax,
    tessdataDir: config.tessdataDir,
    megapixelesMax: config.megapixelesMax,
    herramientas: { memoriaMb: config.memoriaMaxMb, cpuS: config.tiempoMaxMs / 1000 },
  };
  const extractores = Array.from(
    { length: config.trabajos },
    () => new ExtractorAislado({ tiempoMaxMs: config.tiempoMaxMs, memoriaMaxMb: config.memoriaMaxMb }),
  );
  try {
    // Processes started and Tesseract's model loaded, as in an API that has been running a while.
    const calentamiento = path.join(dir, 'calentamiento.pdf');
    await writeFile(calentamiento, await pdfEscaneado(['Calentamiento']));
    await Promise.all(extractores.map((extractor) => extractor.extraer(calentamiento, opciones)));
    const inicio = performance.now();
    const resultados = await Promise.all(extractores.map((extractor) => extractor.extraer(pdf, opciones)));
    const segundos = (performance.now() - inicio) / 1000;
    const leidas = resultados.reduce((suma, resultado) => suma + resultado.paginasOcr, 0);
    if (leidas === 0)
      throw new Error(`el extractor no leyó ninguna página por OCR (${resultados[0]?.sinTexto ?? '—'}).`);
    return { porSegundo: leidas / segundos, paginas: leidas };
  } finally {
    for (const extractor of extractores) extractor.cerrar();
  }
}

/** The same pages, grey and at the extractor's size, read by the `tesseract` program one after another. */
async function conTesseractSolo(config: ExtraccionConfig, pdf: string, dir: string): Promise<number> {
  const { ancho, alto } = medidaParaOcr(A4, 1, config.megapixelesMax);
  const prefijo = path.join(dir, 'pagina');
  await ejecutar('pdftoppm', [
    '-scale-to-x',
    `${ancho}`,
    '-scale-to-y',
    `${alto}`,
    '-gray',
    '-png',
    pdf,
    prefijo,
  ]).catch(falta('pdftoppm', 'poppler-utils'));
  const imagenes = (await readdir(dir)).filter((nombre) => nombre.startsWith('pagina')).sort();
  const inicio = performance.now();
  for (const imagen of imagenes) {
    // The LSTM engine and the page as one block, as the extractor reads it; one thread, so the
    // program stays on one core.
    await ejecutar('tesseract', [path.join(dir, imagen), '-', '-l', 'spa', '--oem', '1', '--psm', '6'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    }).catch(falta('tesseract', 'tesseract-ocr y tesseract-ocr-spa'));
  }
  return imagenes.length / ((performance.now() - inicio) / 1000);
}

/** Why a program of the baseline failed, in Spanish: not installed, or what it wrote. */
const falta = (programa: string, paquete: string) => (error: NodeJS.ErrnoException & { stderr?: string }) => {
  if (error.code === 'ENOENT') {
    throw new Error(`falta el programa ${programa} (paquete de Debian ${paquete}) para la medida de referencia.`);
  }
  throw new Error(`${programa} falló en la medida de referencia: ${error.stderr?.trim() || error.message}`);
};
