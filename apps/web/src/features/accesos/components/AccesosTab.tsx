import { ApartmentOutlined, KeyOutlined, PlusOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Acceso, AccesosExpediente, EstadoAcceso } from '@ecodigital/contracts/accesos';
import { ESTADO_ACCESO_ETIQUETAS, NIVEL_ACCESO_ETIQUETAS } from '@ecodigital/contracts/accesos.rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hasPermiso } from '../../../session/permissions';
import { usePermisos } from '../../../session/session-query';
import { useConcederAcceso } from '../api/conceder-acceso';
import { useAccesos } from '../api/get-accesos';
import { useRevocarAcceso } from '../api/revocar-acceso';
import { ConcederAccesoModal } from './ConcederAccesoModal';
import './accesos.css';

/** Dark text on a light tint, as the estado tags of expedientes (antd's presets miss AA contrast). */
const ESTADO_COLORES: Record<EstadoAcceso, { color: string; background: string; border: string }> = {
  vigente: { color: '#14532d', background: '#f0fdf4', border: '#86efac' },
  caducado: { color: '#374151', background: '#f3f4f6', border: '#d1d5db' },
  revocado: { color: '#7f1d1d', background: '#fef2f2', border: '#fca5a5' },
};

function EstadoAccesoTag({ estado }: { estado: EstadoAcceso }) {
  const { color, background, border } = ESTADO_COLORES[estado];
  return (
    <Tag style={{ color, background, borderColor: border }} data-estado-acceso={estado}>
      {ESTADO_ACCESO_ETIQUETAS[estado]}
    </Tag>
  );
}

export function nombreDestinatario(acceso: Pick<Acceso, 'destinatario'>): string {
  return acceso.destinatario.tipo === 'usuario'
    ? acceso.destinatario.usuario.nombre_completo
    : `Unidad «${acceso.destinatario.unidad.nombre}»`;
}

function Destinatario({ acceso }: { acceso: Acceso }) {
  const { destinatario } = acceso;
  if (destinatario.tipo === 'usuario') {
    return (
      <span>
        <UserOutlined aria-hidden="true" /> {destinatario.usuario.nombre_completo}
      </span>
    );
  }
  return (
    <Flex vertical>
      <span>
        <ApartmentOutlined aria-hidden="true" /> {destinatario.unidad.nombre}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        y las unidades que dependen de ella
      </Typography.Text>
    </Flex>
  );
}

/** One reason why people see the expediente. */
function Razon({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="accesos-razon">
      <span className="accesos-razon__icono" aria-hidden="true">
        {icon}
      </span>
      <div>
        <Typography.Text strong>{title}</Typography.Text>
        <div>{children}</div>
      </div>
    </li>
  );
}

/** Who sees the expediente and why: its unidad and those above it, its responsable, the live grants. */
function QuienLoVe({ datos }: { datos: AccesosExpediente }) {
  const [propia, ...superiores] = datos.unidades_con_vista;
  const vigentes = datos.accesos.filter((acceso) => acceso.estado === 'vigente');
  return (
    <section aria-labelledby="accesos-quien">
      <h4 id="accesos-quien" className="accesos-titulo">
        Quién puede verlo
      </h4>
      <ul className="accesos-razones" data-testid="accesos-razones">
        <Razon icon={<ApartmentOutlined />} title="Por su unidad">
          Las personas de <strong>{propia?.nombre ?? datos.unidad.nombre}</strong> (unidad responsable)
          {superiores.length > 0 && (
            <> y de las unidades superiores: {superiores.map((unidad) => unidad.nombre).join(', ')}</>
          )}
          .
        </Razon>
        <Razon icon={<UserOutlined />} title="Por ser su responsable">
          {datos.responsable ? datos.responsable.nombre_completo : 'No tiene responsable asignado.'}
        </Razon>
        <Razon icon={<KeyOutlined />} title="Por un acceso concedido">
          {vigentes.length === 0
            ? 'Ningún acceso vigente.'
            : vigentes.map((acceso) => nombreDestinatario(acceso)).join(', ')}
        </Razon>
      </ul>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Quien tiene el permiso de ver todos los expedientes también lo ve.
      </Typography.Paragraph>
    </section>
  );
}

interface Props {
  id_expediente: number;
  numero: string;
  /** A grant or a revocation was recorded (the expediente's historial changed). */
  onChanged?: () => void;
}

/** The expediente's Accesos tab: why people see it, the grants made on it, and granting or revoking them. */
export function AccesosTab({ id_expediente, numero, onChanged }: Props) {
  const accesos = useAccesos(id_expediente);
  const conceder = useConcederAcceso(id_expediente, onChanged);
  const revocar = useRevocarAcceso(id_expediente, onChanged);
  const puedeEditar = hasPermiso(usePermisos(), 'expedientes.editar');
  const [concediendo, setConcediendo] = useState(false);
  const [revocando, setRevocando] = useState<Acceso | null>(null);

  if (accesos.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (accesos.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="No se pudieron cargar los accesos."
        action={<Button onClick={() => accesos.refetch()}>Reintentar</Button>}
      />
    );
  }

  const datos = accesos.data;
  const gestiona = puedeEditar && datos.puede_gestionar;
  const columns: TableColumnsType<Acceso> = [
    { title: 'Destinatario', key: 'destinatario', width: 190, render: (_, acceso) => <Destinatario acceso={acceso} /> },
    { title: 'Nivel', key: 'nivel', width: 80, render: (_, acceso) => NIVEL_ACCESO_ETIQUETAS[acceso.nivel] },
    {
      title: 'Hasta',
      key: 'hasta',
      width: 110,
      render: (_, acceso) => (acceso.hasta ? formatDate(acceso.hasta) : 'Sin fecha límite'),
    },
    {
      title: 'Motivo',
      dataIndex: 'motivo',
      key: 'motivo',
      render: (motivo: string) => <span className="accesos-motivo">{motivo}</span>,
    },
    {
      title: 'Concedido',
      key: 'concedido',
      width: 170,
      render: (_, acceso) => (
        <Flex vertical>
          <span>{acceso.concedido_por.nombre_completo}</span>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {formatDateTime(acceso.concedido_en)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Estado',
      key: 'estado',
      width: 140,
      render: (_, acceso) => (
        <Flex vertical align="flex-start" gap={2}>
          <EstadoAccesoTag estado={acceso.estado} />
          {acceso.revocado_por && acceso.revocado_en && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {acceso.revocado_por.nombre_completo} · {formatDateTime(acceso.revocado_en)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    ...(gestiona
      ? [
          {
            title: 'Acciones',
            key: 'acciones',
            width: 110,
            render: (_: unknown, acceso: Acceso) =>
              acceso.estado === 'vigente' && (
                <Button
                  danger
                  size="small"
                  icon={<StopOutlined />}
                  aria-label={`Revocar el acceso de ${nombreDestinatario(acceso)}`}
                  onClick={() => setRevocando(acceso)}
                >
                  Revocar
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={20} data-testid="accesos-tab">
      <QuienLoVe datos={datos} />
      <section aria-labelledby="accesos-concedidos">
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
          <h4 id="accesos-concedidos" className="accesos-titulo" style={{ margin: 0 }}>
            Accesos concedidos
          </h4>
          {gestiona && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setConcediendo(true)}>
              Conceder acceso
            </Button>
          )}
        </Flex>
        {datos.accesos.length === 0 ? (
          // No empty table: its columns would not fit a phone, and a scrolling box with nothing to focus
          // cannot be scrolled by keyboard.
          <Empty description="No se ha concedido ningún acceso a este expediente." />
        ) : (
          <Table<Acceso>
            rowKey="id_acceso"
            size="middle"
            columns={columns}
            dataSource={datos.accesos}
            pagination={false}
            // The motivo keeps at least ~200 px; narrower screens scroll the table, not the page.
            scroll={{ x: 1000 }}
            onRow={(acceso) =>
              ({ 'data-testid': 'acceso-fila', 'data-estado': acceso.estado }) as React.HTMLAttributes<HTMLElement>
            }
          />
        )}
      </section>
      {gestiona && (
        <ConcederAccesoModal
          numero={numero}
          open={concediendo}
          onSubmit={(body) => conceder.mutateAsync(body)}
          onClose={() => setConcediendo(false)}
        />
      )}
      <ConfirmDialog
        subject={
          revocando && {
            title: `¿Revocar el acceso de ${nombreDestinatario(revocando)}?`,
            content: (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                Dejará de ver {numero} salvo que tenga otra razón para verlo (su unidad o ser su responsable). El acceso
                no se borra: queda registrado como revocado.
              </Typography.Paragraph>
            ),
          }
        }
        okText="Revocar"
        danger
        onConfirm={() => revocar.mutateAsync(revocando!.id_acceso)}
        onClose={() => setRevocando(null)}
      />
    </Flex>
  );
}
