import { Card, Descriptions, Empty } from 'antd';
import { PageHeader } from '../../../components/PageHeader';

export function ExpedienteDetailView({ id_expediente }: { id_expediente: string }) {
  return (
    <>
      <PageHeader title={`Expediente ${id_expediente}`} subtitle="Datos y documentos del expediente." />
      <Card>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Identificador">{id_expediente}</Descriptions.Item>
        </Descriptions>
        <Empty description="El detalle del expediente estará disponible próximamente." />
      </Card>
    </>
  );
}
