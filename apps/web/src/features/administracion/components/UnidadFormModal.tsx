import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import type { CrearUnidad, EditarUnidad, Unidad } from '@ecodigital/contracts/administracion';
import { CODIGO_UNIDAD_PATTERN, LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import { normalizarTexto } from '@ecodigital/contracts/texto.rules';
import { reglasTexto } from '../../../lib/text-rules';
import { padresPosibles, SIN_PADRE } from '../unidades-tree';
import { matchesOption } from '../../../lib/option-match';
import { useEnvio } from '../../../lib/use-envio';
import { FormModal } from '../../../components/FormModal';

const codigoPattern = new RegExp(CODIGO_UNIDAD_PATTERN);
const { nombreUnidadMin, nombreUnidadMax } = LIMITES_ADMINISTRACION;

interface Values {
  codigo?: string;
  nombre?: string;
  id_padre?: number;
}

/** `crear` with the parent proposed (a row's «Añadir»), or `editar` an existing unidad's code and name. */
export type UnidadFormMode = { crear: true; id_padre: number | null } | { crear: false; unidad: Unidad };

interface Props {
  /** Null: closed. */
  mode: UnidadFormMode | null;
  unidades: readonly Unidad[];
  onCreate: (body: CrearUnidad) => Promise<unknown>;
  onEdit: (id: number, body: EditarUnidad) => Promise<unknown>;
  onClose: () => void;
}

/** Creates a unidad (code, name, where it hangs) or renames and recodes one. */
export function UnidadFormModal({ mode: requested, unidades, onCreate, onEdit, onClose }: Props) {
  // The last mode asked for stays on screen while the dialog closes.
  const [mode, setMode] = useState(requested);
  if (requested && requested !== mode) setMode(requested);
  const { enviando: saving, enviar } = useEnvio();

  const initialValues: Values | undefined = !mode
    ? undefined
    : mode.crear
      ? { id_padre: mode.id_padre ?? SIN_PADRE }
      : { codigo: mode.unidad.codigo, nombre: mode.unidad.nombre };

  async function submit(values: Values) {
    if (!mode) return;
    const codigo = values.codigo!.trim().toUpperCase();
    const nombre = normalizarTexto(values.nombre!);
    // Refused (a repeated code or name): the dialog stays open.
    const { ok } = await enviar(async () => {
      if (mode.crear) {
        await onCreate({ codigo, nombre, id_padre: values.id_padre === SIN_PADRE ? null : values.id_padre });
        return;
      }
      const body: EditarUnidad = {};
      if (codigo !== mode.unidad.codigo) body.codigo = codigo;
      if (nombre !== mode.unidad.nombre) body.nombre = nombre;
      if (Object.keys(body).length > 0) await onEdit(mode.unidad.id, body);
    });
    if (ok) onClose();
  }

  return (
    <FormModal<Values>
      title={mode?.crear ? 'Nueva unidad' : `Editar «${mode?.unidad.nombre ?? ''}»`}
      open={requested !== null}
      okText={mode?.crear ? 'Crear unidad' : 'Guardar cambios'}
      confirmLoading={saving}
      onCancel={onClose}
      form={{ name: 'unidad', initialValues, onFinish: submit, requiredMark: true }}
    >
      <Form.Item
        name="nombre"
        label="Nombre"
        rules={reglasTexto(
          { min: nombreUnidadMin, max: nombreUnidadMax },
          'El nombre',
          'Indique el nombre de la unidad.',
        )}
      >
        <Input maxLength={nombreUnidadMax} placeholder="Sección de Licencias" autoFocus />
      </Form.Item>
      <Form.Item
        name="codigo"
        label="Código"
        extra="El código DIR3 si la unidad lo tiene; si no, uno corto de letras, cifras, «.», «_» o «-»."
        normalize={(value?: string) => value?.toUpperCase().replace(/\s+/g, '')}
        rules={[
          { required: true, message: 'Indique el código de la unidad.' },
          { pattern: codigoPattern, message: 'Código no válido: hasta 32 letras, cifras, «.», «_» o «-».' },
        ]}
      >
        <Input maxLength={32} placeholder="LA0012345" />
      </Form.Item>
      {mode?.crear && (
        <Form.Item name="id_padre" label="Depende de" rules={[{ required: true }]}>
          <Select
            showSearch={{ filterOption: matchesOption }}
            options={padresPosibles(unidades)}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
