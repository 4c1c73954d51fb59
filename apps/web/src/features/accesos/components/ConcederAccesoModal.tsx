import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { LIMITES_ACCESO, NIVEL_ACCESO_ETIQUETAS, NIVELES_ACCESO } from '@ecodigital/contracts/accesos.rules';
import type { ConcederAcceso } from '@ecodigital/contracts/accesos';
import { useUnidades } from '../api/get-unidades';
import { usePersonas } from '../api/get-personas';
import { toConcederAcceso, VALORES_INICIALES, type ConcederValues } from '../grant-form';
import { useEnvio } from '../../../lib/use-envio';
import { reglasMotivo } from '../../../lib/reglas-texto';
import { matchesOption } from '../../../lib/option-match';
import { FormModal } from '../../../components/FormModal';

const { motivoMin, motivoMax } = LIMITES_ACCESO;

const NIVEL_EXPLICACION =
  'Lectura: ver el expediente y sus documentos. Gestión: además, modificarlo, subir documentos y conceder accesos.';

interface Props {
  numero: string;
  open: boolean;
  /** Rejects when the server refuses: the form stays open (the client already showed why). */
  onSubmit: (body: ConcederAcceso) => Promise<unknown>;
  onClose: () => void;
}

/** Grants sight (or sight and changes) of one expediente to a person or a unidad, with a motivo. */
export function ConcederAccesoModal({ numero, open, onSubmit, onClose }: Props) {
  const { enviando: saving, enviar } = useEnvio();
  const personas = usePersonas(open);
  const unidades = useUnidades(open);

  async function submit(values: ConcederValues) {
    const { ok } = await enviar(() => onSubmit(toConcederAcceso(values)));
    if (ok) onClose();
  }

  return (
    <FormModal<ConcederValues>
      title={`Conceder acceso a ${numero}`}
      open={open}
      width={640}
      okText="Conceder acceso"
      confirmLoading={saving}
      onCancel={onClose}
      form={{ name: 'conceder-acceso', initialValues: VALORES_INICIALES, onFinish: submit, requiredMark: true }}
    >
      <Form.Item name="destinatario" label="Conceder a">
        <Radio.Group
          options={[
            { value: 'usuario', label: 'Una persona' },
            { value: 'unidad', label: 'Una unidad' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['destinatario']}>
        {({ getFieldValue }) =>
          getFieldValue('destinatario') === 'usuario' ? (
            <Form.Item
              name="id_usuario"
              label="Persona"
              rules={[{ required: true, message: 'Seleccione la persona.' }]}
            >
              <Select
                placeholder="Busque por nombre"
                showSearch={{ filterOption: matchesOption }}
                loading={personas.isPending}
                options={(personas.data ?? []).map((persona) => ({
                  value: persona.id_usuario,
                  label: `${persona.nombre_completo} (${persona.username})`,
                }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="id_unidad"
              label="Unidad"
              extra="También lo verán las personas de las unidades que dependen de ella."
              rules={[{ required: true, message: 'Seleccione la unidad.' }]}
            >
              <Select
                placeholder="Busque por nombre"
                showSearch={{ filterOption: matchesOption }}
                loading={unidades.isPending}
                popupMatchSelectWidth={false}
                options={(unidades.data ?? [])
                  .filter((unidad) => unidad.activo)
                  .map((unidad) => ({ value: unidad.id, label: unidad.ruta }))}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="nivel" label="Nivel" extra={NIVEL_EXPLICACION}>
        <Radio.Group
          options={NIVELES_ACCESO.map((nivel) => ({ value: nivel, label: NIVEL_ACCESO_ETIQUETAS[nivel] }))}
        />
      </Form.Item>
      <Form.Item name="hasta" label="Hasta (opcional)" extra="Último día con acceso. Sin fecha: hasta que se revoque.">
        <DatePicker
          format="DD/MM/YYYY"
          placeholder="dd/mm/aaaa"
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="motivo" label="Motivo" rules={reglasMotivo({ min: motivoMin, max: motivoMax })}>
        <Input.TextArea rows={3} maxLength={motivoMax} showCount placeholder="Por qué necesita verlo" />
      </Form.Item>
    </FormModal>
  );
}
