import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEnvio } from './use-envio';

describe('useEnvio', () => {
  it('is under way while the change runs, then says it went through', async () => {
    const { result } = renderHook(() => useEnvio());
    let terminar!: () => void;
    let resultado: Promise<unknown>;
    act(() => {
      resultado = result.current.enviar(() => new Promise<void>((resolve) => (terminar = resolve)));
    });
    expect(result.current.enviando).toBe(true);
    await act(async () => {
      terminar();
      expect(await resultado).toEqual({ ok: true });
    });
    expect(result.current.enviando).toBe(false);
  });

  it('keeps a refusal (the form stays open) and hands over its error', async () => {
    const { result } = renderHook(() => useEnvio());
    const rechazo = new Error('409');
    await act(async () => {
      expect(await result.current.enviar(() => Promise.reject(rechazo))).toEqual({ ok: false, error: rechazo });
    });
    expect(result.current.enviando).toBe(false);
  });
});
