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
}

export interface HttpClient {
  defaults: HttpClientDefaults;
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
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

function responseData(xhr: XMLHttpRequest, responseType: RequestConfig['responseType']): unknown {
  if (responseType === 'blob') return xhr.response;
  const text = xhr.responseText;
  if (responseType === 'text' || text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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

    xhr.onload = () => {
      settle();
      const response: HttpResponse<T> = {
        data: responseData(xhr, config.responseType) as T,
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        config,
      };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
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

/** A small axios-like client: base URL, default headers, hooks around every request. */
export function createHttpClient(defaults: HttpClientDefaults, hooks: HttpClientHooks = {}): HttpClient {
  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    const prepared: RequestConfig = { ...config, headers: { ...defaults.headers, ...config.headers } };
    await hooks.beforeRequest?.(prepared);
    try {
      const response = await send<T>(prepared, defaults);
      hooks.afterResponse?.(response);
      return response;
    } catch (error) {
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
  };
}
