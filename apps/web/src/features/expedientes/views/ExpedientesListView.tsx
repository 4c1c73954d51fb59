import { Card, Empty } from 'antd';
import { PageHeader } from '../../../components/PageHeader';

export function ExpedientesListView() {
  return (
    <>
      <PageHeader title="Expedientes" subtitle="Consulte y gestione los expedientes de la institución." />
      <Card>
        <Empty description="Todavía no hay expedientes para mostrar." />
      </Card>
    </>
  );
}
