import { accessTokenForRequest } from '../auth/access-token';
import { startSignIn } from '../auth/sign-in';
import { renewAccessToken } from '../auth/token-refresh';
import { NOTIFICATION_LIFE_MS } from './constants';
import { createHttpClient, type HttpClient } from './http/http-client';
import { isApiError, isCancel, type ApiError } from './http/http-error';
import type { HttpResponse } from './http/http-types';
import { toast } from './toast';

export { isApiError, isCancel } from './http/http-error';

export const GENERIC_ERROR_MESSAGE = 'Error general';

/** No answer at all: offline, the server unreachable or the connection cut. */
const SIN_CONEXION = {
  summary: 'Sin conexión',
  detail: 'No se pudo contactar con el servidor. Compruebe la conexión y vuelva a intentarlo.',
} as const;

/** The request got no answer (as opposed to an answer refusing it). */
const isSinConexion = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'ERR_NETWORK' || error.code === 'ECONNABORTED');

interface ApiClientOptions {
  getAccessToken: () => Promise<string | undefined>;
  /** A 401: renew the token; true when a new one is at hand. */
  renewAccessToken?: () => Promise<boolean>;
  /** A 401 that renewing could not cure. */
  signInAgain?: () => void;
}

/** The envelope's `msg`, whatever answer (JSON, or a failed download) carried it. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('msg' in body)) return undefined;
  const { msg } = body as { msg: unknown };
  return typeof msg === 'string' && msg.trim() !== '' ? msg : undefined;
}

/**
 * What to tell the person about a failed call: the server's message, that there was no connection,
 * or the seed's «Error general» for an answer without a message.
 */
export function apiErrorMessage(error: unknown): string {
  if (isSinConexion(error)) return `${SIN_CONEXION.summary}. ${SIN_CONEXION.detail}`;
  return (isApiError(error) ? messageOf(error.response?.data) : undefined) ?? GENERIC_ERROR_MESSAGE;
}

function toastSuccessMessage(response: HttpResponse): void {
  const body: unknown = response.data;
  const msg = messageOf(body);
  const succeeded = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
  if (succeeded && msg && !response.config.silent) {
    toast.show({ severity: 'success', summary: 'Éxito', detail: msg, life: NOTIFICATION_LIFE_MS });
  }
}

/** The envelope's `code` of a refusal, when the server gave one. */
export function errorCodeOf(error: unknown): string | undefined {
  const body: unknown = isApiError(error) ? error.response?.data : undefined;
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const { code } = body as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

function toastFailure(error: ApiError): void {
  if (error.config.silent || isCancel(error)) return;
  const code = errorCodeOf(error);
  if (code !== undefined && error.config.handledErrorCodes?.includes(code)) return;
  if (isSinConexion(error)) {
    toast.show({ severity: 'error', ...SIN_CONEXION, life: NOTIFICATION_LIFE_MS });
  } else {
    toast.show({
      severity: 'error',
      summary: 'Error',
      detail: messageOf(error.response?.data) ?? GENERIC_ERROR_MESSAGE,
      life: NOTIFICATION_LIFE_MS,
    });
  }
}

/**
 * Builds the product's HTTP client: base `/api`, bearer token, no timeout, toasts by the seed's
 * rules; a 401 renews the token once and retries, then starts the sign-in.
 */
export function createApiClient({ getAccessToken, renewAccessToken, signInAgain }: ApiClientOptions): HttpClient {
  return createHttpClient(
    { baseURL: '/api', timeout: 0, headers: { Accept: 'application/json' } },
    {
      async beforeRequest(config) {
        const token = await getAccessToken();
        if (token) config.headers = { ...config.headers, Authorization: `Bearer ${token}` };
      },
      afterResponse: toastSuccessMessage,
      afterFailure: toastFailure,
      recoverUnauthorized: renewAccessToken,
      onUnauthorized: signInAgain,
    },
  );
}

/** The one HTTP client of the web app. */
export const api = createApiClient({
  getAccessToken: accessTokenForRequest,
  renewAccessToken,
  signInAgain: () => startSignIn(),
});
