import { Form, Input } from 'antd';
import { useState } from 'react';
import type { EntradaCatalogo } from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import { normalizarTexto } from '@ecodigital/contracts/texto.rules';
import { reglasTexto } from '../../../lib/text-rules';
import { useEnvio } from '../../../lib/use-envio';
import { FormModal } from '../../../components/FormModal';

const { nombreCatalogoMin: MIN, nombreCatalogoMax: MAX } = LIMITES_ADMINISTRACION;

interface Props {
  /** Null: closed; `nueva`: adding; an entry: renaming it. */
  entrada: EntradaCatalogo | 'nueva' | null;
  /** «Tipos de expediente», «Tipos documentales». */
  catalogo: string;
  onSave: (nombre: string) => Promise<unknown>;
  onClose: () => void;
}

/** Adds an entry to a catalogue or renames one. */
export function EntradaCatalogoModal({ entrada: requested, catalogo, onSave, onClose }: Props) {
  const [entrada, setEntrada] = useState(requested);
  if (requested && requested !== entrada) setEntrada(requested);
  const { enviando: saving, enviar } = useEnvio();
  const nueva = entrada === 'nueva';

  async function submit({ nombre }: { nombre: string }) {
    // Refused (a repeated name, a name fixed by use): the dialog stays open.
    const { ok } = await enviar(() => onSave(normalizarTexto(nombre)));
    if (ok) onClose();
  }

  return (
    <FormModal
      title={nueva ? `Añadir a ${catalogo.toLowerCase()}` : `Renombrar «${entrada?.nombre ?? ''}»`}
      open={requested !== null}
      okText={nueva ? 'Añadir' : 'Guardar'}
      confirmLoading={saving}
      onCancel={onClose}
      form={{
        name: 'entrada-catalogo',
        initialValues: { nombre: nueva || !entrada ? '' : entrada.nombre },
        onFinish: submit,
        requiredMark: true,
      }}
    >
      <Form.Item
        name="nombre"
        label="Nombre"
        rules={reglasTexto({ min: MIN, max: MAX }, 'El nombre', 'Indique el nombre.')}
      >
        <Input maxLength={MAX} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
