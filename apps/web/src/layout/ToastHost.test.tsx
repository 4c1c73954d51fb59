import { act, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { cleanupApp, installBrowserShims } from '../testing/render-app';
import { ToastHost } from './ToastHost';

beforeAll(installBrowserShims);
afterEach(cleanupApp);

describe('ToastHost', () => {
  it('renders nothing until the first toast, then shows that toast and the following ones', async () => {
    render(
      <ConfigProvider>
        <ToastHost />
      </ConfigProvider>,
    );
    expect(document.querySelector('.ant-notification')).toBeNull();

    act(() => void toast.show({ severity: 'success', summary: 'Éxito', detail: 'Expediente guardado' }));
    expect(await screen.findByText('Expediente guardado')).toBeTruthy();

    act(() => void toast.show({ severity: 'error', summary: 'Error', detail: 'No se pudo guardar' }));
    expect(await screen.findByText('No se pudo guardar')).toBeTruthy();
  });

  it('removes every toast with clear(), as signing out does', async () => {
    render(
      <ConfigProvider>
        <ToastHost />
      </ConfigProvider>,
    );
    act(() => void toast.show({ severity: 'info', summary: 'Aviso', detail: 'Datos de otra persona' }));
    act(() => void toast.show({ severity: 'warn', summary: 'Aviso', detail: 'Más datos', group: 'api' }));
    expect(await screen.findByText('Datos de otra persona')).toBeTruthy();
    act(() => toast.clear());
    await waitFor(() => expect(screen.queryByText('Datos de otra persona')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Más datos')).toBeNull());
  });
});
