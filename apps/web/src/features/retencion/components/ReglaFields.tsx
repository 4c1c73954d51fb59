import { Form, InputNumber, Select } from 'antd';
import { LIMITES_RETENCION } from '@ecodigital/contracts/retencion.rules';

export type DisposicionElegida = 'ninguna' | 'conservacion_permanente' | 'eliminacion';

/** The two fields of a retention rule: its disposition and, for eliminación, the years after closing. */
export function ReglaFields({ ninguna }: { ninguna: string }) {
  return (
    <>
      <Form.Item name="disposicion" label="Regla de conservación" rules={[{ required: true }]}>
        <Select
          options={[
            { value: 'ninguna', label: ninguna },
            { value: 'conservacion_permanente', label: 'Conservación permanente' },
            { value: 'eliminacion', label: 'Eliminación tras unos años desde el cierre' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['disposicion']}>
        {({ getFieldValue }) =>
          getFieldValue('disposicion') === 'eliminacion' && (
            <Form.Item
              name="anios"
              label="Años tras el cierre"
              rules={[{ required: true, message: 'Indique los años de conservación tras el cierre.' }]}
            >
              <InputNumber min={0} max={LIMITES_RETENCION.aniosMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}

export function reglaDe(disposicion: DisposicionElegida, anios: number | null | undefined) {
  if (disposicion === 'ninguna') return null;
  if (disposicion === 'conservacion_permanente') return { disposicion, anios: null };
  return { disposicion, anios: anios ?? 0 };
}
