import { GENERIC_ERROR_MESSAGE, isApiError } from './api-client';

/** A failed `responseType: 'blob'` request carries the error envelope as a Blob: read its `msg`. */
export async function messageOfBlobError(error: unknown): Promise<string> {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  const data: unknown = error.response?.data;
  try {
    const text =
      data instanceof Blob ? await data.text() : typeof data === 'string' ? data : JSON.stringify(data ?? {});
    const body = JSON.parse(text) as { msg?: unknown };
    return typeof body.msg === 'string' && body.msg.trim() ? body.msg : GENERIC_ERROR_MESSAGE;
  } catch {
    return GENERIC_ERROR_MESSAGE;
  }
}
