import { ExportOutlined } from '@ant-design/icons';
import { Button, Descriptions, Grid, Modal, Space, Tag } from 'antd';
import { openAccountManagement } from '../auth/sign-in';
import { useUsuario } from '../session/session-query';

/** Dark green on a light tint: antd's preset green tag misses WCAG AA contrast. */
const ROL_TAG_STYLE = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };

export function ProfileModal({
  open,
  onClose,
  afterClose,
}: {
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const usuario = useUsuario();
  // On a phone a label beside its value leaves each a third of the width: the label goes above.
  const narrow = Grid.useBreakpoint().sm === false;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      title="Perfil"
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<ExportOutlined />} onClick={openAccountManagement}>
            Gestionar cuenta
          </Button>
          <Button type="primary" onClick={onClose}>
            Cerrar
          </Button>
        </Space>
      }
    >
      {usuario ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          layout={narrow ? 'vertical' : 'horizontal'}
          styles={{ label: { width: 150 } }}
        >
          <Descriptions.Item label="Nombres">{usuario.nombres}</Descriptions.Item>
          <Descriptions.Item label="Apellidos">{usuario.apellidos}</Descriptions.Item>
          <Descriptions.Item label="Usuario">{usuario.username}</Descriptions.Item>
          <Descriptions.Item label="Correo electrónico">{usuario.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Roles">
            {usuario.roles.length > 0
              ? usuario.roles.map((rol) => (
                  <Tag key={rol} style={ROL_TAG_STYLE}>
                    {rol}
                  </Tag>
                ))
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        'No hay datos de la sesión.'
      )}
    </Modal>
  );
}
