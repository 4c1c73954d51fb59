import { Form, Input, Select, Typography } from 'antd';
import { useEffect } from 'react';
import type { Expediente, TransferirExpediente } from '@ecodigital/contracts/expedientes';
import { LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes.rules';
import { normalizarTexto } from '@ecodigital/contracts/texto.rules';
import { isApiError } from '../../../lib/api-client';
import { useResponsables } from '../api/get-responsables';
import { useUnidades } from '../api/get-unidades';
import { responsableOptions, unidadOptions } from '../catalogue-options';
import { matchesOption } from '../../../lib/option-match';
import { useEnvio } from '../../../lib/use-envio';
import { reglasMotivo } from '../../../lib/text-rules';
import { selectClear } from '../../../components/clear-buttons';
import { FormModal } from '../../../components/FormModal';

const { motivoTransferenciaMin, motivoMax } = LIMITES_EXPEDIENTE;

/** `null`: without a responsable, chosen on purpose; `undefined`: not decided yet for this destination. */
interface Values {
  id_unidad?: number;
  id_responsable?: number | null;
  motivo?: string;
}

/**
 * Who answers for the expediente in the destination: someone of that unidad or of one above it.
 * The current responsable is proposed when they belong there; otherwise the field starts empty and
 * says so. Emptying it leaves the expediente without responsable.
 */
function ResponsableEnDestino({ expediente, destino }: { expediente: Expediente; destino: number | undefined }) {
  const form = Form.useFormInstance<Values>();
  const responsables = useResponsables(destino, destino !== undefined);
  const actual = expediente.responsable;
  const actualPertenece = Boolean(actual && responsables.data?.some((p) => p.id_usuario === actual.id_usuario));
  useEffect(() => {
    if (responsables.data && form.getFieldValue('id_responsable') === undefined) {
      form.setFieldValue('id_responsable', actualPertenece ? actual!.id_usuario : null);
    }
  }, [responsables.data, actualPertenece, actual, form]);

  const aviso =
    destino === undefined
      ? 'Elija antes la unidad de destino.'
      : actual && responsables.data && !actualPertenece
        ? `${actual.nombre_completo} no pertenece a la unidad de destino: elija quién responderá allí o déjelo sin responsable.`
        : 'Una persona de la unidad de destino o de una superior. Vacío: sin responsable.';
  return (
    <Form.Item name="id_responsable" label="Responsable tras la transferencia" extra={aviso}>
      <Select
        placeholder="Sin responsable"
        allowClear={selectClear('Dejar sin responsable')}
        disabled={destino === undefined}
        showSearch={{ filterOption: matchesOption }}
        loading={responsables.isFetching}
        options={responsableOptions(responsables.data)}
      />
    </Form.Item>
  );
}

/** Chooses the unidad that takes the expediente over (an active one, not its own), who answers for it there, and why. */
export function TransferirModal({
  expediente,
  open,
  onConfirm,
  onClose,
}: {
  expediente: Expediente;
  open: boolean;
  onConfirm: (body: TransferirExpediente) => Promise<unknown>;
  onClose: () => void;
}) {
  const { enviando: saving, enviar } = useEnvio();
  const unidades = useUnidades('todas', open);
  const destinos = unidadOptions(
    unidades.data?.filter((unidad) => unidad.activo && unidad.id !== expediente.unidad.id),
  );

  async function submit(values: Values) {
    const resultado = await enviar(() =>
      onConfirm({
        id_unidad: values.id_unidad!,
        id_responsable: values.id_responsable ?? null,
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
        verlo salvo que la unidad de destino dependa de la suya o se les conceda un acceso.
      </Typography.Paragraph>
      <DestinoYResponsable expediente={expediente} loading={unidades.isPending} destinos={destinos} />
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

function DestinoYResponsable({
  expediente,
  loading,
  destinos,
}: {
  expediente: Expediente;
  loading: boolean;
  destinos: { value: number; label: string }[];
}) {
  const form = Form.useFormInstance<Values>();
  const destino = Form.useWatch('id_unidad', form);
  return (
    <>
      <Form.Item
        name="id_unidad"
        label="Unidad de destino"
        rules={[{ required: true, message: 'Seleccione la unidad de destino.' }]}
      >
        <Select
          placeholder="Seleccione una unidad"
          showSearch={{ filterOption: matchesOption }}
          loading={loading}
          options={destinos}
          popupMatchSelectWidth={false}
          // Who may answer for it depends on the destination: decide again for each one.
          onChange={() => form.setFieldValue('id_responsable', undefined)}
        />
      </Form.Item>
      <ResponsableEnDestino key={destino ?? 'ninguno'} expediente={expediente} destino={destino} />
    </>
  );
}
