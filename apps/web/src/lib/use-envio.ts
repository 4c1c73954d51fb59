import { useState } from 'react';

export type ResultadoEnvio = { ok: true } | { ok: false; error: unknown };

/**
 * A form's change while it is sent: `enviar(cambio)` marks it under way until it settles and says
 * how it went. A refusal is not thrown on: the API client has already shown the server's message,
 * and the form stays open so the person can correct it and try again.
 */
export function useEnvio() {
  const [enviando, setEnviando] = useState(false);
  async function enviar(cambio: () => Promise<unknown>): Promise<ResultadoEnvio> {
    setEnviando(true);
    try {
      await cambio();
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    } finally {
      setEnviando(false);
    }
  }
  return { enviando, enviar };
}
