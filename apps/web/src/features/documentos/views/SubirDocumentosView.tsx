import { Card, Empty } from 'antd';
import { PageHeader } from '../../../components/PageHeader';

export function SubirDocumentosView() {
  return (
    <>
      <PageHeader title="Subir documentos" subtitle="Incorpore documentos a un expediente." />
      <Card>
        <Empty description="La carga de documentos estará disponible próximamente." />
      </Card>
    </>
  );
}
