import { Alert, Checkbox, Form, Input, Typography } from 'antd';
import type { DeclararRol, RolSinDeclarar } from '@ecodigital/contracts/administracion';
import { esRolDeTodoElDominio, LIMITES_ADMINISTRACION, ROL_PATTERN } from '@ecodigital/contracts/administracion.rules';
import { useEnvio } from '../../../lib/use-envio';
import { FormModal } from '../../../components/FormModal';

const { descripcionRolMin: MIN, descripcionRolMax: MAX } = LIMITES_ADMINISTRACION;
const nombreValido = new RegExp(ROL_PATTERN);

interface Values {
  nombre?: string;
  descripcion?: string;
  confirmar_todo_el_dominio?: boolean;
}

interface Props {
  open: boolean;
  /** Roles seen in tokens and not declared: the name may come from here. */
  sinDeclarar: readonly RolSinDeclarar[];
  onDeclare: (body: DeclararRol) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Declares a role of the identity provider so that it may be given permisos: its exact name, what
 * it is for and, for one every person of the realm carries, an explicit confirmation.
 */
export function DeclararRolModal({ open, sinDeclarar, onDeclare, onClose }: Props) {
  const { enviando: saving, enviar } = useEnvio();
  const deTodos = (nombre: string | undefined) => {
    const limpio = nombre?.trim() ?? '';
    return esRolDeTodoElDominio(limpio) || sinDeclarar.some((rol) => rol.rol === limpio && rol.todo_el_dominio);
  };

  async function submit(values: Values) {
    const nombre = values.nombre!.trim();
    const { ok } = await enviar(() =>
      onDeclare({
        nombre,
        descripcion: values.descripcion!.trim(),
        ...(deTodos(nombre) ? { confirmar_todo_el_dominio: values.confirmar_todo_el_dominio === true } : {}),
      }),
    );
    if (ok) onClose();
  }

  return (
    <FormModal<Values>
      title="Declarar rol"
      open={open}
      width={560}
      okText="Declarar rol"
      confirmLoading={saving}
      onCancel={onClose}
      form={{ name: 'declarar-rol', onFinish: submit, requiredMark: true }}
    >
      <Typography.Paragraph>
        Solo los roles declarados pueden recibir permisos. Escriba el nombre exacto del rol en el proveedor de
        identidad.
      </Typography.Paragraph>
      <Form.Item
        name="nombre"
        label="Nombre del rol"
        extra={
          sinDeclarar.length > 0
            ? `Vistos en los tokens sin declarar: ${sinDeclarar.map((rol) => rol.rol).join(', ')}.`
            : undefined
        }
        rules={[
          { required: true, whitespace: true, message: 'Indique el nombre del rol.' },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || nombreValido.test(value.trim())
                ? Promise.resolve()
                : Promise.reject(
                    new Error('Solo letras sin tilde, números, «.», «_» y «-», empezando por letra o número.'),
                  ),
          },
        ]}
      >
        <Input maxLength={64} autoComplete="off" spellCheck={false} autoFocus />
      </Form.Item>
      <Form.Item
        name="descripcion"
        label="Descripción"
        rules={[
          { required: true, whitespace: true, message: 'Indique para qué es el rol.' },
          { min: MIN, message: `La descripción debe tener al menos ${MIN} caracteres.` },
        ]}
      >
        <Input maxLength={MAX} />
      </Form.Item>
      <Form.Item noStyle dependencies={['nombre']}>
        {({ getFieldValue }) =>
          deTodos(getFieldValue('nombre') as string | undefined) && (
            <>
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="rol-de-todo-el-dominio"
                title="Este rol lo tienen todas las personas del dominio."
                description="Cualquier permiso que le dé lo tendrá todo el mundo que inicie sesión."
              />
              <Form.Item
                name="confirmar_todo_el_dominio"
                valuePropName="checked"
                rules={[
                  {
                    validator: (_, value: boolean | undefined) =>
                      value ? Promise.resolve() : Promise.reject(new Error('Confírmelo para declarar este rol.')),
                  },
                ]}
              >
                <Checkbox>Entiendo que los permisos de este rol serán de todas las personas</Checkbox>
              </Form.Item>
            </>
          )
        }
      </Form.Item>
    </FormModal>
  );
}
