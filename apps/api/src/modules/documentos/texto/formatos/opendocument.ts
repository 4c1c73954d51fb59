import type { FileHandle } from 'node:fs/promises';
import { openDocumentZip } from '../../inspection/zip-archive';
import { ErrorDeExtraccion } from '../resultado';
import { textoDeXml } from './xml-texto';

/** ODT and ODS: the text of `content.xml` (paragraphs, headings, cells), with OpenDocument's blanks. */
export async function textoOpenDocument(file: FileHandle): Promise<string> {
  const archive = await openDocumentZip(file);
  const content = archive.entries.find((entry) => entry.name === 'content.xml');
  if (!content) throw new ErrorDeExtraccion('El documento no tiene contenido («content.xml»).', true);
  return textoDeXml(archive, content, {
    conTexto: (tag) => tag.name === 'office:body',
    saltos: new Set(['text:p', 'text:h', 'text:list-item', 'table:table-cell', 'table:table-row']),
    blancos: new Set(['text:s', 'text:tab', 'text:line-break']),
    atributos: (tag) => (tag.name === 'table:table' ? tag.attributes['table:name'] : undefined),
  });
}
