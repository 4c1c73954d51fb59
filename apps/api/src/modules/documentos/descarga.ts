import { FORMATOS_ADMITIDOS, type Formato } from '@ecodigital/contracts/documentos';
/**
 * HTTP details of serving a stored document: the RFC 6266 Content-Disposition with an RFC 5987
 * UTF-8 name (so "Resolución nº 5.pdf" arrives intact) and single-range requests (RFC 9110).
 */

/**
 * The name a document is downloaded under: the person's name, plus the extension of what the
 * bytes are when the name does not end in one (`poly.html` holding a PDF downloads as
 * `poly.html.pdf`), so no program opens a PDF as a web page. The name shown stays the person's.
 */
export function nombreDeDescarga(nombre: string, formato: string): string {
  const extensions: readonly string[] | undefined = FORMATOS_ADMITIDOS[formato as Formato]?.extensions;
  if (!extensions) return nombre;
  const punto = nombre.lastIndexOf('.');
  const extension = punto > 0 ? nombre.slice(punto).toLowerCase() : '';
  return extensions.includes(extension) ? nombre : `${nombre}${extensions[0]}`;
}

/** `filename="…"` for old clients: ASCII only, accents dropped, quotes and controls replaced. */
export function nombreAscii(nombre: string): string {
  const ascii = nombre
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
  return ascii.trim() || 'documento';
}

/** RFC 5987 `value-chars`: encodeURIComponent leaves `'()*` and `!` unescaped; only `!` is allowed. */
function rfc5987(valor: string): string {
  return encodeURIComponent(valor).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(tipo: 'attachment' | 'inline', nombre: string): string {
  return `${tipo}; filename="${nombreAscii(nombre)}"; filename*=UTF-8''${rfc5987(nombre)}`;
}

export type RangoPedido =
  { tipo: 'completo' } | { tipo: 'parcial'; start: number; end: number } | { tipo: 'insatisfacible' };

/**
 * One `bytes=` range → the inclusive offsets to send. Several ranges, another unit or bad syntax
 * are ignored (the whole file is sent), as RFC 9110 allows; a range past the end is unsatisfiable.
 */
export function rangoPedido(cabecera: string | undefined, tamano: number): RangoPedido {
  const match = /^bytes=(\d*)-(\d*)$/.exec(cabecera?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return { tipo: 'completo' };
  const [, desde, hasta] = match;
  if (desde === '') {
    const sufijo = Number(hasta);
    if (sufijo === 0) return { tipo: 'insatisfacible' };
    return { tipo: 'parcial', start: Math.max(0, tamano - sufijo), end: tamano - 1 };
  }
  const start = Number(desde);
  const end = hasta === '' ? tamano - 1 : Math.min(Number(hasta), tamano - 1);
  if (hasta !== '' && Number(hasta) < start) return { tipo: 'completo' };
  if (start >= tamano) return { tipo: 'insatisfacible' };
  return { tipo: 'parcial', start, end };
}

/** The strong validator of a stored document: its SHA-256, which never changes once incorporated. */
export function etagDe(huella: string): string {
  return `"${huella}"`;
}

/**
 * Whether `If-None-Match` names this ETag (RFC 9110 §13.1.2): `*`, or a comma-separated list of
 * entity tags compared weakly, so `W/"…"` from a cache matches too.
 */
export function coincideIfNoneMatch(cabecera: string | undefined, etag: string): boolean {
  const valor = cabecera?.trim();
  if (!valor) return false;
  if (valor === '*') return true;
  return (valor.match(/(?:W\/)?"[^"]*"/g) ?? []).some((candidata) => candidata.replace(/^W\//, '') === etag);
}

/** Text is served as UTF-8 (detection only accepts UTF-8 text). */
export function contentType(mime: string): string {
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}
