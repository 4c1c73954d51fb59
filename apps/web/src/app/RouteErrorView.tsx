import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-load';

// Plain markup instead of antd's Result: this must render even when view chunks cannot be
// fetched, and Result's illustrations would weigh on every first page load.
function StatusMessage({
  icon,
  title,
  detail,
  actions,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  actions: ReactNode;
}) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }} role="alert">
      <span style={{ fontSize: 56 }}>{icon}</span>
      <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{title}</h1>
      <p style={{ margin: 0, maxWidth: 480, color: 'rgba(0,0,0,0.55)' }}>{detail}</p>
      <Flex gap={8}>{actions}</Flex>
    </Flex>
  );
}

/** What the root error boundary (and the one inside the frame) shows. */
export function RouteErrorView() {
  const error = useRouteError();
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      Recargar
    </Button>
  );

  if (isChunkLoadError(error)) {
    return (
      <StatusMessage
        icon={<WarningFilled style={{ color: '#d97706' }} />}
        title="No se pudo cargar esta sección"
        detail="Puede que se haya publicado una nueva versión de la aplicación o que la conexión se haya interrumpido."
        actions={reload}
      />
    );
  }

  console.error(error);
  return (
    <StatusMessage
      icon={<CloseCircleFilled style={{ color: '#b91c1c' }} />}
      title="Se produjo un error inesperado"
      detail="Vuelva a cargar la página. Si el problema continúa, avise al equipo de soporte."
      actions={
        <>
          {reload}
          <Button onClick={() => window.location.assign('/')}>Volver al inicio</Button>
        </>
      }
    />
  );
}

export function RootErrorBoundary() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <RouteErrorView />
    </Flex>
  );
}
