import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Grid,
  Skeleton,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import type { PermisoDescrito, RolAdmin } from '@ecodigital/contracts/administracion';
import { PageHeader } from '../../../components/PageHeader';
import { formatNumber } from '../../../lib/format';
import { useDeclareRol } from '../api/declare-rol';
import { useRoles } from '../api/get-roles';
import { DeclararRolModal } from '../components/DeclararRolModal';
import { useUpdatePermisos } from '../api/update-permisos';
import { alternar, cambios, marcados, type Borrador } from '../roles-matrix';
import './administracion.css';

function Celda({
  rol,
  permiso,
  borrador,
  onChange,
}: {
  rol: RolAdmin;
  permiso: PermisoDescrito;
  borrador: Borrador;
  onChange: (marcado: boolean) => void;
}) {
  const fijo = rol.permisos_fijos.includes(permiso.codigo);
  const casilla = (
    <Checkbox
      aria-label={`${rol.rol}: ${permiso.descripcion}${fijo ? ' (fijo)' : ''}`}
      checked={marcados(rol, borrador).has(permiso.codigo)}
      disabled={fijo}
      onChange={(event) => onChange(event.target.checked)}
      data-rol={rol.rol}
      data-permiso={permiso.codigo}
    />
  );
  if (!fijo) return casilla;
  // The legend under the table says the same for the keyboard and screen readers.
  return (
    <Tooltip title={`El rol «${rol.rol}» no puede perder este permiso: nadie podría devolverlo.`}>
      <span>
        {casilla} <LockOutlined aria-hidden="true" />
      </span>
    </Tooltip>
  );
}

/** `/administracion/roles`: a table of checkboxes, a column per role and a row per permiso. */
export function RolesView() {
  const roles = useRoles();
  const guardar = useUpdatePermisos();
  const declarar = useDeclareRol();
  const [declarando, setDeclarando] = useState(false);
  const [borrador, setBorrador] = useState<Borrador>(new Map());
  // On a phone a pinned permiso column would leave no room for the roles beside it.
  const ancha = Grid.useBreakpoint().md !== false;
  const anchoPermiso = ancha ? 260 : 170;

  const data = roles.data;
  const pendientes = data ? cambios(data.roles, borrador) : [];

  async function save() {
    try {
      await guardar.mutateAsync(pendientes);
      setBorrador(new Map());
    } catch {
      // The API client showed why; what was not saved stays ticked to try again.
    }
  }

  const columns: TableColumnsType<PermisoDescrito> = [
    {
      title: 'Permiso',
      key: 'permiso',
      fixed: ancha ? 'left' : undefined,
      width: anchoPermiso,
      render: (_, permiso) => (
        <Flex vertical>
          <span>{permiso.descripcion}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {permiso.codigo}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(data?.roles ?? []).map((rol) => ({
      title: (
        <Flex vertical align="center">
          <span>{rol.rol}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {rol.todo_el_dominio
              ? 'Todas las personas'
              : `${formatNumber(rol.personas)} ${rol.personas === 1 ? 'persona' : 'personas'}`}
          </Typography.Text>
        </Flex>
      ),
      key: rol.rol,
      width: 130,
      className: 'admin-matriz__celda',
      render: (_: unknown, permiso: PermisoDescrito) => (
        <Celda
          rol={rol}
          permiso={permiso}
          borrador={borrador}
          onChange={(marcado) => setBorrador((antes) => alternar(antes, rol, permiso.codigo, marcado))}
        />
      ),
    })),
  ];

  return (
    <>
      <PageHeader
        title="Roles y permisos"
        subtitle="Qué puede hacer cada rol declarado. Qué rol tiene cada persona lo decide el proveedor de identidad."
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setDeclarando(true)} disabled={!data}>
            Declarar rol
          </Button>
        }
      />
      <Card styles={{ body: { padding: 16 } }}>
        {roles.isError ? (
          <Alert
            type="error"
            showIcon
            title="No se pudieron cargar los roles."
            action={<Button onClick={() => void roles.refetch()}>Reintentar</Button>}
          />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Flex vertical gap={16}>
            <Table<PermisoDescrito>
              className="admin-matriz"
              rowKey="codigo"
              size="small"
              bordered
              columns={columns}
              dataSource={data.permisos}
              pagination={false}
              scroll={{ x: anchoPermiso + 130 * data.roles.length }}
              // The role names stay in view under the app's 64 px header while the permisos scroll by.
              sticky={{ offsetHeader: 64 }}
              onRow={(permiso) =>
                ({ 'data-testid': 'permiso-fila', 'data-permiso': permiso.codigo }) as React.HTMLAttributes<HTMLElement>
              }
            />
            <Flex gap={12} wrap align="center" justify="flex-end">
              <Typography.Text type="secondary" aria-live="polite" data-testid="roles-pendientes">
                {pendientes.length === 0
                  ? 'Sin cambios pendientes.'
                  : `Cambios sin guardar en: ${pendientes.map((cambio) => cambio.rol).join(', ')}.`}
              </Typography.Text>
              <Button disabled={pendientes.length === 0 || guardar.isPending} onClick={() => setBorrador(new Map())}>
                Descartar cambios
              </Button>
              <Button
                type="primary"
                disabled={pendientes.length === 0}
                loading={guardar.isPending}
                onClick={() => void save()}
              >
                Guardar cambios
              </Button>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {data.roles.some((rol) => rol.permisos_fijos.length > 0) && (
                <>
                  <LockOutlined aria-hidden="true" /> Fijo: un permiso que el rol conserva siempre (el administrador, el
                  de administrar roles, para que nadie se quede sin poder devolverlo).{' '}
                </>
              )}
              Los cambios se aplican en 5 segundos como mucho; el menú de cada persona cambia la próxima vez que inicie
              sesión.
            </Typography.Paragraph>
            {data.sin_declarar.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="roles-sin-declarar">
                Roles vistos en los tokens sin declarar (no dan ningún permiso):{' '}
                {data.sin_declarar
                  .map(
                    (rol) =>
                      `${rol.rol} (${rol.todo_el_dominio ? 'todas las personas' : `${formatNumber(rol.personas)} ${rol.personas === 1 ? 'persona' : 'personas'}`})`,
                  )
                  .join(', ')}
                .
              </Typography.Paragraph>
            )}
          </Flex>
        )}
      </Card>
      <DeclararRolModal
        open={declarando}
        sinDeclarar={data?.sin_declarar ?? []}
        onDeclare={(body) => declarar.mutateAsync(body)}
        onClose={() => setDeclarando(false)}
      />
    </>
  );
}
