import { ApiError } from './http-error';
import type { HttpResponse, RequestConfig } from './http-types';
import { queryString } from './query-string';

export interface HttpClientDefaults {
  baseURL: string;
  /** Milliseconds; 0 waits for ever. */
  timeout: number;
  headers: Record<string, string>;
}

export interface HttpClientHooks {
  /** Runs before each request is sent, e.g. to add a token to `config.headers`. */
  beforeRequest?: (config: RequestConfig) => Promise<void> | void;
  afterResponse?: (response: HttpResponse) => void;
  afterFailure?: (error: ApiError) => void;
  /**
   * A 401: true when credentials were renewed (a refreshed token) and the request is worth
   * sending once more. Not called again for that second attempt.
   */
  recoverUnauthorized?: () => Promise<boolean>;
  /** A 401 that could not be recovered: the person must sign in again. */
  onUnauthorized?: () => void;
}

export interface HttpClient {
  defaults: HttpClientDefaults;
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
}

function joinUrl(baseURL: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function bodyOf(data: unknown, headers: Record<string, string>): XMLHttpRequestBodyInit | null {
  if (data === undefined || data === null) return null;
  if (typeof data === 'string' || data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) {
    return data;
  }
  headers['Content-Type'] ??= 'application/json';
  return JSON.stringify(data);
}

function parsed(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function responseData(xhr: XMLHttpRequest, responseType: RequestConfig['responseType']): unknown {
  if (responseType === 'blob') return xhr.response;
  return responseType === 'text' ? xhr.responseText : parsed(xhr.responseText);
}

/**
 * An error answer to a `blob` request is the API's JSON envelope all the same: read it, so every
 * caller finds `response.data.msg` whatever it asked for.
 */
async function errorData(xhr: XMLHttpRequest, responseType: RequestConfig['responseType']): Promise<unknown> {
  if (responseType !== 'blob' || !(xhr.response instanceof Blob)) return responseData(xhr, responseType);
  return parsed(await blobText(xhr.response));
}

/** FileReader rather than `Blob.text()`, which older browsers (and jsdom) lack. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsText(blob);
  });
}

/**
 * Sends one request over XMLHttpRequest (upload progress has no `fetch` equivalent). Resolves on
 * 2xx; rejects with an `ApiError` carrying the response otherwise, and on network errors, timeouts
 * and aborts.
 */
function send<T>(config: RequestConfig, defaults: HttpClientDefaults): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const { signal } = config;
    if (signal?.aborted) return reject(new ApiError('canceled', 'ERR_CANCELED', config));

    const xhr = new XMLHttpRequest();
    const url = joinUrl(defaults.baseURL, config.url ?? '') + queryString(config.params as Record<string, unknown>);
    xhr.open(config.method ?? 'GET', url, true);
    xhr.timeout = defaults.timeout;
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    const headers = { ...config.headers };
    const body = bodyOf(config.data, headers);
    if (body instanceof FormData) delete headers['Content-Type'];
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = async () => {
      settle();
      const ok = xhr.status >= 200 && xhr.status < 300;
      const response: HttpResponse<T> = {
        data: (ok ? responseData(xhr, config.responseType) : await errorData(xhr, config.responseType)) as T,
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        config,
      };
      if (ok) resolve(response);
      else reject(new ApiError(`Request failed with status code ${xhr.status}`, 'ERR_BAD_RESPONSE', config, response));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('Network Error', 'ERR_NETWORK', config));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new ApiError(`timeout of ${defaults.timeout}ms exceeded`, 'ECONNABORTED', config));
    };
    xhr.onabort = () => {
      settle();
      reject(new ApiError('canceled', 'ERR_CANCELED', config));
    };
    if (config.onUploadProgress) {
      const onProgress = config.onUploadProgress;
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    xhr.send(body);
  });
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.response?.status === 401;

/** A small axios-like client: base URL, default headers, hooks around every request. */
export function createHttpClient(defaults: HttpClientDefaults, hooks: HttpClientHooks = {}): HttpClient {
  async function attempt<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    const prepared: RequestConfig = { ...config, headers: { ...defaults.headers, ...config.headers } };
    await hooks.beforeRequest?.(prepared);
    return send<T>(prepared, defaults);
  }

  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    try {
      let response: HttpResponse<T>;
      try {
        response = await attempt<T>(config);
      } catch (error) {
        // An expired or revoked token: renew it once and send the same request again.
        if (!isUnauthorized(error) || !(await hooks.recoverUnauthorized?.())) throw error;
        response = await attempt<T>(config);
      }
      hooks.afterResponse?.(response);
      return response;
    } catch (error) {
      if (isUnauthorized(error)) hooks.onUnauthorized?.();
      if (error instanceof ApiError) hooks.afterFailure?.(error);
      throw error;
    }
  }
  return {
    defaults,
    request,
    get: (url, config) => request({ ...config, method: 'GET', url }),
    post: (url, data, config) => request({ ...config, method: 'POST', url, data }),
    patch: (url, data, config) => request({ ...config, method: 'PATCH', url, data }),
    put: (url, data, config) => request({ ...config, method: 'PUT', url, data }),
    delete: (url, config) => request({ ...config, method: 'DELETE', url }),
  };
}
