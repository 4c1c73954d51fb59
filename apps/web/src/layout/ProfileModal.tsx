import { ExportOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Space, Tag } from 'antd';
import { openAccountManagement } from '../auth/sign-in';
import { useSessionStore } from '../session/session.store';

export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const usuario = useSessionStore((state) => state.usuario);
  return (
    <Modal
      open={open}
      onCancel={onClose}
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
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 150 } }}>
          <Descriptions.Item label="Nombres">{usuario.nombres}</Descriptions.Item>
          <Descriptions.Item label="Apellidos">{usuario.apellidos}</Descriptions.Item>
          <Descriptions.Item label="Usuario">{usuario.username}</Descriptions.Item>
          <Descriptions.Item label="Correo electrónico">{usuario.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Roles">
            {usuario.roles.length > 0
              ? usuario.roles.map((rol) => (
                  <Tag key={rol} color="green">
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
