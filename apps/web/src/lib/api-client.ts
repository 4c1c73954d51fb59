import axios, { type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { accessTokenForRequest } from '../auth/access-token';
import { NOTIFICATION_LIFE_MS } from './constants';
import { toast } from './toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skips the automatic "Éxito"/"Error" toasts, for calls whose outcome is handled quietly. */
    silent?: boolean;
  }
}

export const GENERIC_ERROR_MESSAGE = 'Error general';

interface ApiClientOptions {
  getAccessToken: () => Promise<string | undefined>;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('msg' in body)) return undefined;
  const { msg } = body as { msg: unknown };
  return typeof msg === 'string' && msg.trim() !== '' ? msg : undefined;
}

function toastSuccessMessage(response: AxiosResponse): AxiosResponse {
  const body: unknown = response.data;
  const msg = messageOf(body);
  const succeeded = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
  if (succeeded && msg && !response.config.silent) {
    toast.show({ severity: 'success', summary: 'Éxito', detail: msg, life: NOTIFICATION_LIFE_MS });
  }
  return response;
}

function toastFailure(error: AxiosError): Promise<never> {
  if (!error.config?.silent && !axios.isCancel(error)) {
    toast.show({
      severity: 'error',
      summary: 'Error',
      detail: messageOf(error.response?.data) ?? GENERIC_ERROR_MESSAGE,
      life: NOTIFICATION_LIFE_MS,
    });
  }
  return Promise.reject(error);
}

/** Builds the product's HTTP client: base `/api`, bearer token, no timeout, toasts by the seed's rules. */
export function createApiClient({ getAccessToken }: ApiClientOptions): AxiosInstance {
  const client = axios.create({ baseURL: '/api', timeout: 0, headers: { Accept: 'application/json' } });

  async function attachBearerToken(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
    const token = await getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  }

  client.interceptors.request.use(attachBearerToken);
  client.interceptors.response.use(toastSuccessMessage, toastFailure);
  return client;
}

/** The one HTTP client of the web app. */
export const api = createApiClient({ getAccessToken: accessTokenForRequest });
