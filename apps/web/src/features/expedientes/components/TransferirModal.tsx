import { Form, Input, Select, Typography } from 'antd';
import type { Expediente, TransferirExpediente } from '@ecodigital/contracts/expedientes';
import { LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes.rules';
import { normalizarTexto } from '@ecodigital/contracts/texto.rules';
import { isApiError } from '../../../lib/api-client';
import { useUnidades } from '../api/get-unidades';
import { unidadOptions } from '../catalogue-options';
import { matchesOption } from '../../../lib/option-match';
import { useEnvio } from '../../../lib/use-envio';
import { reglasMotivo } from '../../../lib/reglas-texto';
import { FormModal } from '../../../components/FormModal';

const { motivoTransferenciaMin, motivoMax } = LIMITES_EXPEDIENTE;

interface Values {
  id_unidad?: number;
  motivo?: string;
}

interface Props {
  expediente: Expediente;
  open: boolean;
  onConfirm: (body: TransferirExpediente) => Promise<unknown>;
  onClose: () => void;
}

/** Chooses the unidad that takes the expediente over (an active one, not its own) and says why. */
export function TransferirModal({ expediente, open, onConfirm, onClose }: Props) {
  const { enviando: saving, enviar } = useEnvio();
  const unidades = useUnidades('todas', open);
  const destinos = unidadOptions(
    unidades.data?.filter((unidad) => unidad.activo && unidad.id !== expediente.unidad.id),
  );

  async function submit(values: Values) {
    const resultado = await enviar(() =>
      onConfirm({
        id_unidad: values.id_unidad!,
        motivo: normalizarTexto(values.motivo!, 'parrafos'),
        version: expediente.version,
      }),
    );
    // A conflict means the expediente changed meanwhile: it is being reloaded, this choice is void.
    if (resultado.ok || (isApiError(resultado.error) && resultado.error.response?.status === 409)) onClose();
  }

  return (
    <FormModal<Values>
      title={`Transferir ${expediente.numero}`}
      open={open}
      okText="Transferir"
      confirmLoading={saving}
      onCancel={onClose}
      form={{ name: 'transferir', onFinish: submit, requiredMark: true }}
    >
      <Typography.Paragraph>
        El expediente pasará a depender de la unidad que elija. Las personas de «{expediente.unidad.nombre}» dejarán de
        verlo salvo que sean su responsable o se les conceda un acceso.
      </Typography.Paragraph>
      <Form.Item
        name="id_unidad"
        label="Unidad de destino"
        rules={[{ required: true, message: 'Seleccione la unidad de destino.' }]}
      >
        <Select
          placeholder="Seleccione una unidad"
          showSearch={{ filterOption: matchesOption }}
          loading={unidades.isPending}
          options={destinos}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item
        name="motivo"
        label="Motivo"
        rules={reglasMotivo({ min: motivoTransferenciaMin, max: motivoMax }, 'Indique el motivo de la transferencia.')}
      >
        <Input.TextArea rows={3} maxLength={motivoMax} showCount />
      </Form.Item>
    </FormModal>
  );
}
