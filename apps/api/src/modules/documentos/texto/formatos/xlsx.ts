import type { FileHandle } from 'node:fs/promises';
import { openDocumentZip } from '../../inspection/zip-archive';
import { textoDeXml } from './xml-texto';

const HOJA = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * XLSX: the names of the sheets, the shared strings (where Excel keeps the text of cells) and, in
 * each sheet, the values of cells that are not a reference to a shared string (numbers, inline
 * strings). Formulas are not what people search for.
 */
export async function textoXlsx(file: FileHandle): Promise<string> {
  const archive = await openDocumentZip(file);
  const { entries } = archive;
  const partes: string[] = [];
  const libro = entries.find((entry) => entry.name === 'xl/workbook.xml');
  if (libro) {
    partes.push(
      await textoDeXml(archive, libro, {
        conTexto: () => false,
        saltos: new Set(),
        atributos: (tag) => (tag.name === 'sheet' ? tag.attributes.name : undefined),
      }),
    );
  }
  const compartidas = entries.find((entry) => entry.name === 'xl/sharedStrings.xml');
  if (compartidas) {
    partes.push(
      await textoDeXml(archive, compartidas, { conTexto: (tag) => tag.name === 't', saltos: new Set(['si']) }),
    );
  }
  const hojas = entries
    .filter((entry) => HOJA.test(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const hoja of hojas) {
    let referencia = false;
    partes.push(
      await textoDeXml(archive, hoja, {
        conTexto: (tag) => {
          if (tag.name === 'c') referencia = tag.attributes.t === 's';
          return (tag.name === 'v' && !referencia) || tag.name === 'is';
        },
        saltos: new Set(['c', 'row']),
      }),
    );
  }
  return partes.join('\n');
}
