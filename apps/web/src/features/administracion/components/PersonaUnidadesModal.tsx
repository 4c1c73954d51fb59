import { Form, Select, Typography } from 'antd';
import { useState } from 'react';
import type { PersonaAdmin } from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import type { UnidadCatalogo } from '@ecodigital/contracts/expedientes';
import { matchesOption } from '../../../lib/option-match';
import { selectClear } from '../../../components/clear-buttons';
import { useEnvio } from '../../../lib/use-envio';
import { FormModal } from '../../../components/FormModal';

interface Props {
  /** Null: closed. */
  persona: PersonaAdmin | null;
  unidades: readonly UnidadCatalogo[] | undefined;
  loading: boolean;
  onSave: (id_usuario: number, unidades: number[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The unidades a person belongs to. New ones must be active; one they already have stays offered
 * even if deactivated since, so saving does not take it away unasked.
 */
export function PersonaUnidadesModal({ persona: requested, unidades, loading, onSave, onClose }: Props) {
  const [persona, setPersona] = useState(requested);
  if (requested && requested !== persona) setPersona(requested);
  const { enviando: saving, enviar } = useEnvio();
  const actuales = new Set(persona?.unidades.map((unidad) => unidad.id));
  const options = (unidades ?? [])
    .filter((unidad) => unidad.activo || actuales.has(unidad.id))
    .map((unidad) => ({ value: unidad.id, label: unidad.activo ? unidad.ruta : `${unidad.ruta} (desactivada)` }));

  async function submit({ unidades: elegidas = [] }: { unidades?: number[] }) {
    if (!persona) return;
    const { ok } = await enviar(() =>
      onSave(
        persona.id_usuario,
        [...elegidas].sort((a, b) => a - b),
      ),
    );
    if (ok) onClose();
  }

  return (
    <FormModal
      title={`Unidades de ${persona?.nombre_completo ?? ''}`}
      open={requested !== null}
      width={640}
      okText="Guardar unidades"
      confirmLoading={saving}
      onCancel={onClose}
      form={{
        name: 'persona-unidades',
        initialValues: { unidades: persona?.unidades.map((unidad) => unidad.id) ?? [] },
        onFinish: submit,
      }}
    >
      <Typography.Paragraph>
        Verá los expedientes de estas unidades y de las que dependen de ellas, y podrá abrir expedientes en ellas.
      </Typography.Paragraph>
      <Form.Item
        name="unidades"
        label="Unidades"
        extra="Sin ninguna, solo verá los expedientes de los que sea responsable o a los que se le dé acceso."
      >
        <Select
          mode="multiple"
          placeholder="Ninguna unidad"
          allowClear={selectClear('Quitar todas las unidades')}
          loading={loading}
          showSearch={{ filterOption: matchesOption }}
          options={options}
          maxCount={LIMITES_ADMINISTRACION.unidadesPorPersona}
        />
      </Form.Item>
    </FormModal>
  );
}
