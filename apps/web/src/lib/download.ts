import { api } from './api-client';

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*` (UTF-8, accents
 * included) wins over the plain `filename`. Path parts are dropped.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  }
  const base = name?.split(/[\\/]/).at(-1)?.trim();
  return base ? base : undefined;
}

/** Saves a downloaded file through a temporary object URL. */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Downloads a file through the API client (bearer token; a failure is toasted by the client with the
 * server's message like any other call) and saves it under the name the server gives, or `fallbackName`.
 */
export async function downloadFile(
  url: string,
  { accept, fallbackName, params }: { accept: string; fallbackName: string; params?: object },
): Promise<string> {
  const response = await api.get<Blob>(url, { params, responseType: 'blob', headers: { Accept: accept } });
  const disposition = response.headers['content-disposition'];
  const filename = filenameFromContentDisposition(typeof disposition === 'string' ? disposition : null) ?? fallbackName;
  saveBlob(response.data, filename);
  return filename;
}
