import { InboxOutlined } from '@ant-design/icons';
import { Alert, Form, Select, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { apiErrorMessage } from '../../../lib/api-client';
import { matchesOption } from '../../../lib/option-match';
import { useImportarEni } from '../api/importar-eni';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { useUnidades } from '../api/get-unidades';
import { activeCatalogoOptions, unidadOptions } from '../catalogue-options';

interface Valores {
  archivo?: UploadFile[];
  id_unidad?: number;
  id_tipo?: number;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The expediente was created: its id, to open it. */
  onImportado: (idExpediente: number) => void;
}

/**
 * «Incorporar expediente ENI»: a ZIP received from another administration becomes a new expediente
 * in a unidad where the person may open one, with the tipo chosen. The API checks the signature of
 * the índice and every document's hash; a refusal (which document or signature failed) is shown
 * here and the dialog stays open.
 */
export function ImportarEniModal({ open, onClose, onImportado }: Props) {
  const importar = useImportarEni();
  const tipos = useTiposExpediente();
  const unidades = useUnidades('creacion', open);
  const [error, setError] = useState<string | null>(null);

  async function submit({ archivo, id_unidad, id_tipo }: Valores) {
    const file = archivo?.[0]?.originFileObj;
    if (!file || id_unidad === undefined || id_tipo === undefined) return;
    setError(null);
    try {
      const resultado = await importar.mutateAsync({ archivo: file, id_unidad, id_tipo });
      onImportado(resultado.expediente.id_expediente);
    } catch (fallo) {
      setError(apiErrorMessage(fallo));
    }
  }

  return (
    <FormModal<Valores>
      title="Incorporar expediente ENI"
      open={open}
      width={640}
      okText="Incorporar"
      confirmLoading={importar.isPending}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      form={{ name: 'importar-eni', onFinish: submit, requiredMark: true }}
    >
      <Typography.Paragraph type="secondary">
        El expediente ENI (ZIP) de otra administración se incorpora como expediente nuevo, con sus documentos y su
        índice original, después de comprobar la firma del índice y la huella de cada documento.
      </Typography.Paragraph>
      <Form.Item
        name="archivo"
        label="Archivo ZIP del expediente ENI"
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[{ required: true, message: 'Elija el archivo ZIP del expediente.' }]}
      >
        <Upload.Dragger accept=".zip,application/zip" maxCount={1} beforeUpload={() => false}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Arrastre aquí el ZIP o haga clic para elegirlo</p>
        </Upload.Dragger>
      </Form.Item>
      <Form.Item
        name="id_unidad"
        label="Unidad responsable"
        rules={[{ required: true, message: 'Seleccione la unidad responsable.' }]}
      >
        <Select
          placeholder="Seleccione una unidad"
          showSearch={{ filterOption: matchesOption }}
          loading={unidades.isPending}
          options={unidadOptions(unidades.data)}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="id_tipo" label="Tipo" rules={[{ required: true, message: 'Seleccione el tipo de expediente.' }]}>
        <Select
          placeholder="Seleccione un tipo"
          showSearch={{ filterOption: matchesOption }}
          loading={tipos.isPending}
          options={activeCatalogoOptions(tipos.data)}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon role="alert" title="No se incorporó el expediente" description={error} />}
    </FormModal>
  );
}
