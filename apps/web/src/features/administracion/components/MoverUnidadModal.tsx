import { Form, Select, Typography } from 'antd';
import { useState } from 'react';
import type { Unidad } from '@ecodigital/contracts/administracion';
import { destinosDeMovimiento, SIN_PADRE } from '../unidades-tree';
import { matchesOption } from '../../../lib/option-match';
import { useEnvio } from '../../../lib/use-envio';
import { FormModal } from '../../../components/FormModal';

interface Props {
  /** Null: closed. */
  unidad: Unidad | null;
  unidades: readonly Unidad[];
  onMove: (id: number, id_padre: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** Hangs a unidad, with everything below it, from another one; never from itself or what is below it. */
export function MoverUnidadModal({ unidad: requested, unidades, onMove, onClose }: Props) {
  const [unidad, setUnidad] = useState(requested);
  if (requested && requested !== unidad) setUnidad(requested);
  const { enviando: saving, enviar } = useEnvio();

  async function submit({ id_padre }: { id_padre: number }) {
    if (!unidad) return;
    // Refused (a name repeated at the new level, a deactivated parent): the dialog stays open.
    const { ok } = await enviar(() => onMove(unidad.id, id_padre === SIN_PADRE ? null : id_padre));
    if (ok) onClose();
  }

  return (
    <FormModal
      title={`Mover «${unidad?.nombre ?? ''}»`}
      open={requested !== null}
      okText="Mover"
      confirmLoading={saving}
      onCancel={onClose}
      form={{ name: 'mover-unidad', onFinish: submit, requiredMark: true }}
    >
      {unidad && (
        <>
          <Typography.Paragraph>
            La unidad se mueve con todas las que dependen de ella. Quien pertenezca a la nueva unidad superior verá sus
            expedientes.
          </Typography.Paragraph>
          <Form.Item
            name="id_padre"
            label="Nueva unidad superior"
            rules={[{ required: true, message: 'Seleccione dónde colocarla.' }]}
          >
            <Select
              placeholder="Seleccione una unidad"
              showSearch={{ filterOption: matchesOption }}
              options={destinosDeMovimiento(unidades, unidad)}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
