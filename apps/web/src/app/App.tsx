import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider, type DataRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { NOTIFICATION_LIFE_MS } from '../lib/constants';
import { appTheme } from './theme';

dayjs.locale('es');

export function App({ router }: { router: DataRouter }) {
  return (
    <ConfigProvider locale={esES} theme={appTheme}>
      <AntdApp notification={{ placement: 'topRight', duration: NOTIFICATION_LIFE_MS / 1000, pauseOnHover: true }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
