import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ZipArchive, ZipEntry } from '../../inspection/zip-archive';
import { ErrorDeExtraccion } from '../resultado';

export interface ReglasXml {
  /**
   * Whether the text inside this element is kept (and so everything below it); elements are
   * handed over with their attributes. Without it, all text is kept.
   */
  conTexto?: (tag: SaxesTagPlain) => boolean;
  /** Elements that end a line or a cell: a line break after them. */
  saltos: ReadonlySet<string>;
  /** Elements that stand for a blank (`text:s`, `text:tab`…). */
  blancos?: ReadonlySet<string>;
  /** Text taken from attributes (sheet names…). */
  atributos?: (tag: SaxesTagPlain) => string | undefined;
}

/**
 * The text of an XML part of an office document, parsed as it inflates (saxes, no tree in memory,
 * DTDs and entities not expanded).
 */
export async function textoDeXml(archive: ZipArchive, entry: ZipEntry, reglas: ReglasXml): Promise<string> {
  const partes: string[] = [];
  const parser = new SaxesParser();
  // For each open element: whether it turned capture on.
  const pila: boolean[] = [];
  let dentro = 0;
  parser.on('opentag', (tag) => {
    const captura = reglas.conTexto?.(tag) ?? false;
    pila.push(captura);
    if (captura) dentro++;
    if (reglas.blancos?.has(tag.name) && (dentro > 0 || !reglas.conTexto)) partes.push(' ');
    const atributo = reglas.atributos?.(tag);
    if (atributo) partes.push(atributo, '\n');
  });
  parser.on('closetag', (tag) => {
    if (pila.pop()) dentro--;
    if (reglas.saltos.has(tag.name)) partes.push('\n');
  });
  const texto = (text: string) => {
    if (!reglas.conTexto || dentro > 0) partes.push(text);
  };
  parser.on('text', texto);
  parser.on('cdata', texto);
  parser.on('error', (error) => {
    throw new ErrorDeExtraccion(`La parte «${entry.name}» no es XML válido (${error.message.split('\n')[0]}).`, true);
  });
  const decoder = new TextDecoder('utf-8');
  await archive.read(entry, (chunk) => parser.write(decoder.decode(chunk, { stream: true })));
  parser.write(decoder.decode());
  parser.close();
  return partes.join('');
}
