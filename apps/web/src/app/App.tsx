import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import esES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider, type DataRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AppTextBase } from './AppTextBase';
import { appTheme } from './theme';
import './ui-kit.css';

dayjs.locale('es');

export function App({ router }: { router: DataRouter }) {
  return (
    <ConfigProvider locale={esES} theme={appTheme}>
      <AppTextBase>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppTextBase>
    </ConfigProvider>
  );
}
