import { accessTokenForRequest } from '../auth/access-token';
import { NOTIFICATION_LIFE_MS } from './constants';
import { createHttpClient, type HttpClient } from './http/http-client';
import { isCancel, type ApiError } from './http/http-error';
import type { HttpResponse } from './http/http-types';
import { toast } from './toast';

export { isApiError, isCancel, ApiError } from './http/http-error';
export type { HttpResponse, RequestConfig, UploadProgress } from './http/http-types';

export const GENERIC_ERROR_MESSAGE = 'Error general';

interface ApiClientOptions {
  getAccessToken: () => Promise<string | undefined>;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('msg' in body)) return undefined;
  const { msg } = body as { msg: unknown };
  return typeof msg === 'string' && msg.trim() !== '' ? msg : undefined;
}

function toastSuccessMessage(response: HttpResponse): void {
  const body: unknown = response.data;
  const msg = messageOf(body);
  const succeeded = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
  if (succeeded && msg && !response.config.silent) {
    toast.show({ severity: 'success', summary: 'Éxito', detail: msg, life: NOTIFICATION_LIFE_MS });
  }
}

function toastFailure(error: ApiError): void {
  if (!error.config.silent && !isCancel(error)) {
    toast.show({
      severity: 'error',
      summary: 'Error',
      detail: messageOf(error.response?.data) ?? GENERIC_ERROR_MESSAGE,
      life: NOTIFICATION_LIFE_MS,
    });
  }
}

/** Builds the product's HTTP client: base `/api`, bearer token, no timeout, toasts by the seed's rules. */
export function createApiClient({ getAccessToken }: ApiClientOptions): HttpClient {
  return createHttpClient(
    { baseURL: '/api', timeout: 0, headers: { Accept: 'application/json' } },
    {
      async beforeRequest(config) {
        const token = await getAccessToken();
        if (token) config.headers = { ...config.headers, Authorization: `Bearer ${token}` };
      },
      afterResponse: toastSuccessMessage,
      afterFailure: toastFailure,
    },
  );
}

/** The one HTTP client of the web app. */
export const api = createApiClient({ getAccessToken: accessTokenForRequest });
