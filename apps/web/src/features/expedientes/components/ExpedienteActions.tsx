import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { allowedTransitions, canEdit, type ExpedientesAccess, type Transicion } from '../access';

interface Props {
  expediente: Expediente;
  access: ExpedientesAccess;
  onEdit: () => void;
  onTransicion: (transicion: Transicion) => void;
}

/** Only what the life cycle and the person's permissions allow; the API checks both again. */
export function ExpedienteActions({ expediente, access, onEdit, onTransicion }: Props) {
  const transiciones = allowedTransitions(expediente.estado, access);
  const editable = canEdit(expediente.estado, access);
  if (!editable && transiciones.length === 0) return null;
  return (
    <Space wrap data-testid="expediente-acciones">
      {editable && (
        <Button icon={<EditOutlined />} onClick={onEdit}>
          Editar
        </Button>
      )}
      {transiciones.map((transicion, index) => (
        <Button
          key={transicion.accion}
          type={index === 0 ? 'primary' : 'default'}
          onClick={() => onTransicion(transicion)}
        >
          {transicion.etiqueta}
        </Button>
      ))}
    </Space>
  );
}
