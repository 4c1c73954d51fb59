import { Form, InputNumber, Radio, Typography } from 'antd';
import { useState } from 'react';
import type { PlazoTipo, TipoConPlazo } from '@ecodigital/contracts/plazos';
import { LIMITES_PLAZO, UNIDAD_PLAZO_ETIQUETAS, type UnidadPlazo } from '@ecodigital/contracts/plazos.rules';
import { FormModal } from '../../../components/FormModal';
import { useEnvio } from '../../../lib/use-envio';

interface Valores {
  con: 'si' | 'no';
  cantidad?: number;
  unidad?: UnidadPlazo;
}

const maximo = (unidad: UnidadPlazo | undefined) =>
  unidad === 'meses' ? LIMITES_PLAZO.mesesMax : LIMITES_PLAZO.diasMax;

/** Sets or takes away a tipo's plazo de resolución. */
export function PlazoTipoModal({
  tipo: requested,
  onSave,
  onClose,
}: {
  tipo: TipoConPlazo | null;
  onSave: (plazo: PlazoTipo | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const [tipo, setTipo] = useState(requested);
  if (requested && requested !== tipo) setTipo(requested);
  const { enviando, enviar } = useEnvio();
  const [form] = Form.useForm<Valores>();
  const con = Form.useWatch('con', form);
  const unidad = Form.useWatch('unidad', form);

  async function submit(valores: Valores) {
    const plazo = valores.con === 'si' ? { cantidad: valores.cantidad!, unidad: valores.unidad! } : null;
    const { ok } = await enviar(() => onSave(plazo));
    if (ok) onClose();
  }

  return (
    <FormModal<Valores>
      title={`Plazo de resolución de «${tipo?.nombre ?? ''}»`}
      open={requested !== null}
      okText="Guardar"
      confirmLoading={enviando}
      onCancel={onClose}
      form={{
        form,
        name: 'plazo-tipo',
        onFinish: submit,
        initialValues: {
          con: tipo?.plazo ? 'si' : 'no',
          cantidad: tipo?.plazo?.cantidad ?? 10,
          unidad: tipo?.plazo?.unidad ?? 'dias_habiles',
        },
      }}
    >
      <Typography.Paragraph type="secondary">
        Los expedientes abiertos de este tipo toman el plazo nuevo, contado desde su propio inicio. Los días son hábiles
        (sin sábados, domingos ni festivos del calendario laboral); los meses se cuentan de fecha a fecha.
      </Typography.Paragraph>
      <Form.Item name="con" label="¿Tiene plazo de resolución?">
        <Radio.Group
          options={[
            { value: 'si', label: 'Sí' },
            { value: 'no', label: 'Sin plazo' },
          ]}
        />
      </Form.Item>
      {con === 'si' && (
        <>
          <Form.Item name="unidad" label="Se cuenta en">
            <Radio.Group
              options={(['dias_habiles', 'meses'] as const).map((value) => ({
                value,
                label: UNIDAD_PLAZO_ETIQUETAS[value],
              }))}
            />
          </Form.Item>
          <Form.Item
            name="cantidad"
            label="Cantidad"
            rules={[
              { required: true, message: 'Indique la cantidad.' },
              {
                type: 'integer',
                min: 1,
                max: maximo(unidad),
                message: `Indique un número entero entre 1 y ${maximo(unidad)}.`,
              },
            ]}
          >
            <InputNumber min={1} max={maximo(unidad)} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
