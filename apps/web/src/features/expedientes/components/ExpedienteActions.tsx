import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { allowedTransitions, canEdit, canTransfer, type ExpedientesAccess, type Transicion } from '../access';

interface Props {
  expediente: Expediente;
  access: ExpedientesAccess;
  onEdit: () => void;
  onTransfer: () => void;
  onTransicion: (transicion: Transicion) => void;
}

/** Only what the life cycle, the person's permissions and their gestión allow; the API checks all again. */
export function ExpedienteActions({ expediente, access, onEdit, onTransfer, onTransicion }: Props) {
  const transiciones = allowedTransitions(expediente, access);
  const editable = canEdit(expediente, access);
  const transferible = canTransfer(expediente, access);
  if (!editable && !transferible && transiciones.length === 0) return null;
  return (
    <Space wrap data-testid="expediente-acciones">
      {editable && (
        <Button icon={<EditOutlined />} onClick={onEdit}>
          Editar
        </Button>
      )}
      {transferible && (
        <Button icon={<SwapOutlined />} onClick={onTransfer}>
          Transferir
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
