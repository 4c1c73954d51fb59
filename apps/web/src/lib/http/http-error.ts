import type { HttpResponse, RequestConfig } from './http-types';

/** A request that failed: `response` is set when the server answered with a status outside 2xx. */
export class ApiError<T = unknown> extends Error {
  readonly isApiError = true;
  constructor(
    message: string,
    readonly code: 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ERR_CANCELED' | 'ECONNABORTED',
    readonly config: RequestConfig,
    readonly response?: HttpResponse<T>,
  ) {
    super(message);
    this.name = code === 'ERR_CANCELED' ? 'CanceledError' : 'ApiError';
  }
}

export function isApiError<T = unknown>(error: unknown): error is ApiError<T> {
  return error instanceof ApiError;
}

/** The request was aborted through its `signal`. */
export function isCancel(error: unknown): boolean {
  return isApiError(error) && error.code === 'ERR_CANCELED';
}
