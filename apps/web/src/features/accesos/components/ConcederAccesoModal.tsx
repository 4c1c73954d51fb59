import { Alert, Form, Input, Radio, Select } from 'antd';
import { LIMITES_ACCESO, NIVEL_ACCESO_ETIQUETAS, NIVELES_ACCESO } from '@ecodigital/contracts/accesos.rules';
import type { ConcederAcceso } from '@ecodigital/contracts/accesos';
import { useUnidades } from '../api/get-unidades';
import { usePersonas } from '../api/get-personas';
import {
  diaLegible,
  errorDeHasta,
  hoyEnMadrid,
  leerDia,
  toConcederAcceso,
  VALORES_INICIALES,
  type ConcederValues,
} from '../grant-form';
import { useEnvio } from '../../../lib/use-envio';
import { reglasMotivo } from '../../../lib/text-rules';
import { matchesOption } from '../../../lib/option-match';
import { FormModal } from '../../../components/FormModal';

const { motivoMin, motivoMax } = LIMITES_ACCESO;

const NIVEL_EXPLICACION =
  'Lectura: ver el expediente y sus documentos. Gestión: además, modificarlo, subir documentos y conceder accesos.';

interface Props {
  numero: string;
  open: boolean;
  /**
   * Null: the person decides for the expediente's unidad and may grant anything. Otherwise they
   * work on it by their own grant, which ends on `hasta` (null: never): what they grant may not outlast it.
   */
  limite: { hasta: string | null } | null;
  /** Rejects when the server refuses: the form stays open (the client already showed why). */
  onSubmit: (body: ConcederAcceso) => Promise<unknown>;
  onClose: () => void;
}

/**
 * How long the grant lasts: a choice the person makes (never a default), and when it is a day,
 * exactly the day they typed: a text they can read whole, checked before sending, not a picker
 * that may keep showing a day it refused.
 */
function Plazo({ limite }: { limite: string | null }) {
  const form = Form.useFormInstance<ConcederValues>();
  const hoy = hoyEnMadrid();
  return (
    <>
      {limite !== null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="limite-concesion"
          title={`Su acceso a este expediente termina el ${diaLegible(limite)}.`}
          description="Trabaja en él por un acceso concedido: el que conceda debe terminar ese día o antes."
        />
      )}
      <Form.Item
        name="plazo"
        label="Duración"
        rules={[{ required: true, message: 'Indique hasta cuándo dura el acceso.' }]}
      >
        <Radio.Group
          options={[
            { value: 'fecha', label: 'Hasta un día' },
            { value: 'sin_fecha', label: 'Sin fecha límite (hasta que se revoque)', disabled: limite !== null },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['plazo']}>
        {({ getFieldValue }) =>
          getFieldValue('plazo') === 'fecha' && (
            <Form.Item
              name="hasta"
              label="Último día con acceso"
              required
              extra="Escríbalo como dd/mm/aaaa; el acceso dura hasta el final de ese día."
              validateTrigger={['onBlur', 'onSubmit']}
              normalize={(value: string) => value.replace(/[^\d/.-]/g, '')}
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const error = errorDeHasta(value, hoy, limite);
                    return error ? Promise.reject(new Error(error)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                placeholder="dd/mm/aaaa"
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                style={{ width: 200 }}
                onBlur={(event) => {
                  // Shown as it will be saved: a day typed «5-3-2031» reads «05/03/2031» from then on.
                  const dia = leerDia(event.target.value);
                  if (dia) form.setFieldValue('hasta', diaLegible(dia));
                }}
              />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}

/** Grants sight (or sight and changes) of one expediente to a person or a unidad, with a motivo. */
export function ConcederAccesoModal({ numero, open, limite, onSubmit, onClose }: Props) {
  const { enviando: saving, enviar } = useEnvio();
  const personas = usePersonas(open);
  const unidades = useUnidades(open);
  // With a limited grant of their own there is no «sin fecha»: the only choice is a day.
  const iniciales: ConcederValues =
    limite?.hasta != null ? { ...VALORES_INICIALES, plazo: 'fecha' } : VALORES_INICIALES;

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
      form={{ name: 'conceder-acceso', initialValues: iniciales, onFinish: submit, requiredMark: true }}
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
      <Plazo limite={limite?.hasta ?? null} />
      <Form.Item name="motivo" label="Motivo" rules={reglasMotivo({ min: motivoMin, max: motivoMax })}>
        <Input.TextArea rows={3} maxLength={motivoMax} showCount placeholder="Por qué necesita verlo" />
      </Form.Item>
    </FormModal>
  );
}
