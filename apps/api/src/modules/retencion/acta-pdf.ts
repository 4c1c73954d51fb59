import type { ActaEliminacion } from '@ecodigital/contracts/retencion';
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fechaEspana, fechaHoraEspana } from '../../shared/dates';
import { cifra } from '../../shared/numeros';

/** What the acta PDF says of each expediente besides the acta's own rows. */
export interface ExpedienteDelActa {
  numero: string;
  asunto: string;
  fecha_cierre: string;
  documentos: number;
  bytes: number;
  /** `hash_entrada` of the last entry of its índice: the chain that stays after the bytes go. */
  huella_indice: string | null;
}

const require = createRequire(import.meta.url);
const leer = (archivo: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${archivo}`));

const A4: [number, number] = [595.28, 841.89];
const MARGEN = 48;
const GRIS = rgb(0.35, 0.35, 0.35);

/**
 * The acta de eliminación as an A4 PDF in Spanish (DejaVu Sans, embedded): who drafted and approved
 * it, when and why, and every expediente it lists with its documents and the huella of its índice.
 * It is signed by the seal (PAdES) when approved and kept as signed.
 */
export async function actaPdf(acta: ActaEliminacion, expedientes: ExpedienteDelActa[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Acta de eliminación ${acta.numero}`);
  pdf.setLanguage('es-ES');
  pdf.setCreator('EcoDigital');
  pdf.registerFontkit(fontkit);
  const normal = await pdf.embedFont(await leer('DejaVuSansCondensed.ttf'), { subset: true });
  const negrita = await pdf.embedFont(await leer('DejaVuSansCondensed-Bold.ttf'), { subset: true });
  const mono = await pdf.embedFont(await leer('DejaVuSansMono.ttf'), { subset: true });
  const admitidos = new Set(normal.getCharacterSet());
  const texto = (valor: string) =>
    Array.from(valor)
      .map((c) => (admitidos.has(c.codePointAt(0)!) ? c : '?'))
      .join('');

  const anchoUtil = A4[0] - 2 * MARGEN;
  let pagina!: PDFPage;
  let y = 0;
  const nuevaPagina = () => {
    pagina = pdf.addPage(A4);
    y = A4[1] - MARGEN;
  };
  const linea = (valor: string, font: PDFFont = normal, size = 10, color = rgb(0, 0, 0)) => {
    for (const trozo of partir(texto(valor), font, size, anchoUtil)) {
      if (y < MARGEN + 20) nuevaPagina();
      pagina.drawText(trozo, { x: MARGEN, y, size, font, color });
      y -= size + 4;
    }
  };

  nuevaPagina();
  linea(`Acta de eliminación ${acta.numero}`, negrita, 16);
  y -= 6;
  linea(`Redactada por ${acta.creada_por.nombre_completo} el ${fechaHoraEspana(acta.creada_en)}.`);
  linea(`Motivo: ${acta.motivo}`);
  if (acta.aprobada_por && acta.aprobada_en) {
    linea(`Aprobada por ${acta.aprobada_por.nombre_completo} el ${fechaHoraEspana(acta.aprobada_en)}.`);
  }
  if (acta.motivo_aprobacion) linea(`Motivo de la aprobación: ${acta.motivo_aprobacion}`);
  y -= 6;
  linea(
    'Se destruye el contenido de los documentos de los expedientes siguientes. Se conservan sus metadatos, ' +
      'su índice con las huellas SHA-256 de cada documento, su historial y esta acta.',
    normal,
    9,
    GRIS,
  );
  y -= 8;
  linea(`Expedientes (${expedientes.length}):`, negrita, 11);
  for (const expediente of expedientes) {
    y -= 4;
    linea(`${expediente.numero} · ${expediente.asunto}`, negrita, 10);
    linea(
      `Cerrado el ${fechaEspana(expediente.fecha_cierre)} · ${cifra(expediente.documentos)} ${
        expediente.documentos === 1 ? 'documento' : 'documentos'
      } · ${cifra(expediente.bytes)} bytes`,
      normal,
      9,
    );
    linea(`Huella del índice: ${expediente.huella_indice ?? '— (sin documentos)'}`, mono, 7.5);
  }
  const paginas = pdf.getPages();
  paginas.forEach((p, i) =>
    p.drawText(`${acta.numero} · Página ${i + 1} de ${paginas.length}`, {
      x: MARGEN,
      y: MARGEN - 20,
      size: 7,
      font: normal,
      color: GRIS,
    }),
  );
  return pdf.save();
}

function partir(valor: string, font: PDFFont, size: number, ancho: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of valor.split(/\s+/)) {
    const candidata = actual ? `${actual} ${palabra}` : palabra;
    if (font.widthOfTextAtSize(candidata, size) <= ancho || !actual) {
      actual = candidata;
    } else {
      lineas.push(actual);
      actual = palabra;
    }
  }
  if (actual) lineas.push(actual);
  return lineas.length ? lineas : [''];
}
