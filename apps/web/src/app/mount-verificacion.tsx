import { ConfigProvider } from 'antd';
import esES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VerificacionPage } from '../features/verificacion/publica/VerificacionPage';
import { AppTextBase } from './AppTextBase';
import { appTheme } from './theme';

dayjs.locale('es');

/** The public verification page, on its own: no sign-in, no router, no session (decision 0394). */
export function mountVerificacion(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <ConfigProvider locale={esES} theme={appTheme}>
        <AppTextBase>
          <VerificacionPage />
        </AppTextBase>
      </ConfigProvider>
    </StrictMode>,
  );
}
