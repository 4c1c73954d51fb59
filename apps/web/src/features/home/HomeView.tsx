import { Card, Empty } from 'antd';
import { PageHeader } from '../../components/PageHeader';
import { useSessionStore } from '../../session/session.store';

export function HomeView() {
  const nombres = useSessionStore((state) => state.usuario?.nombres);
  return (
    <>
      <PageHeader
        title={nombres ? `Hola, ${nombres}` : 'Inicio'}
        subtitle="Gestione expedientes y documentos desde el menú lateral."
      />
      <Card>
        <Empty description="Aquí verá el resumen de su actividad." />
      </Card>
    </>
  );
}
