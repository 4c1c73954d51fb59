import { ApartmentOutlined, KeyOutlined, PlusOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Acceso, AccesoEnExpediente, AccesosExpediente } from '@ecodigital/contracts/accesos';
import { NIVEL_ACCESO_ETIQUETAS } from '@ecodigital/contracts/accesos.rules';
import { EstadoDeAcceso } from '../../../components/EstadoAccesoTag';
import { isApiError } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hasPermiso } from '../../../session/permissions';
import { usePermisos } from '../../../session/session-query';
import { useConcederAcceso } from '../api/conceder-acceso';
import { useAccesos } from '../api/get-accesos';
import { useRevocarAcceso } from '../api/revocar-acceso';
import { ConcederAccesoModal } from './ConcederAccesoModal';
import './accesos.css';

/** The live grants made, directly or through others, on the strength of grant `id`: they end with it. */
function derivadosDe(datos: AccesosExpediente, id: number): number {
  const vivos = datos.accesos.filter((acceso) => acceso.estado === 'vigente');
  const raices = new Set([id]);
  let cuenta = 0;
  for (let cambio = true; cambio;) {
    cambio = false;
    for (const acceso of vivos) {
      if (acceso.derivado_de !== null && raices.has(acceso.derivado_de) && !raices.has(acceso.id_acceso)) {
        raices.add(acceso.id_acceso);
        cuenta++;
        cambio = true;
      }
    }
  }
  return cuenta;
}

function nombreDestinatario(acceso: Pick<Acceso, 'destinatario'>): string {
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

/** Who sees the expediente and why: its unidad and those above it, and the live grants. */
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
  /** Whether the person has gestión of the expediente: the list of grants, with their motivos, is only for them. */
  gestion: boolean;
  /** A grant or a revocation was recorded (the expediente's historial changed). */
  onChanged?: () => void;
}

function SoloQuienGestiona() {
  return (
    <Alert
      type="info"
      showIcon
      data-testid="accesos-solo-gestion"
      title="Los accesos de este expediente solo los ven quienes lo gestionan."
      description="Su unidad, quien ve todos los expedientes o quien tiene un acceso de gestión. Usted puede consultarlo, no ver quién más tiene acceso ni por qué."
    />
  );
}

/** The expediente's Accesos tab: why people see it, the grants made on it, and granting or revoking them. */
export function AccesosTab({ id_expediente, numero, gestion, onChanged }: Props) {
  if (!gestion) return <SoloQuienGestiona />;
  return <AccesosDeQuienGestiona id_expediente={id_expediente} numero={numero} onChanged={onChanged} />;
}

function AccesosDeQuienGestiona({ id_expediente, numero, onChanged }: Omit<Props, 'gestion'>) {
  const accesos = useAccesos(id_expediente);
  const conceder = useConcederAcceso(id_expediente, onChanged);
  const revocar = useRevocarAcceso(id_expediente, onChanged);
  const puedeEditar = hasPermiso(usePermisos(), 'expedientes.editar');
  const [concediendo, setConcediendo] = useState(false);
  const [revocando, setRevocando] = useState<AccesoEnExpediente | null>(null);

  if (accesos.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (accesos.isError) {
    // Gestión may have ended since the detail was read.
    if (isApiError(accesos.error) && accesos.error.response?.status === 403) return <SoloQuienGestiona />;
    return (
      <Alert
        type="error"
        showIcon
        title="No se pudieron cargar los accesos."
        action={<Button onClick={() => void accesos.refetch()}>Reintentar</Button>}
      />
    );
  }

  const datos = accesos.data;
  const gestiona = puedeEditar && datos.puede_gestionar;
  const columns: TableColumnsType<AccesoEnExpediente> = [
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
      render: (_, acceso) => <EstadoDeAcceso acceso={acceso} />,
    },
    ...(gestiona
      ? [
          {
            title: 'Acciones',
            key: 'acciones',
            width: 110,
            render: (_: unknown, acceso: AccesoEnExpediente) =>
              acceso.revocable && (
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
          <Table<AccesoEnExpediente>
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
          limite={datos.limite_concesion}
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
              <>
                <Typography.Paragraph style={{ marginBottom: derivadosDe(datos, revocando.id_acceso) ? undefined : 0 }}>
                  Dejará de ver {numero} salvo que tenga otra razón para verlo (su unidad u otro acceso). El acceso no
                  se borra: queda registrado como revocado.
                </Typography.Paragraph>
                {derivadosDe(datos, revocando.id_acceso) > 0 && (
                  <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="revocar-derivados">
                    {derivadosDe(datos, revocando.id_acceso) === 1
                      ? 'También terminará el acceso que se concedió a partir de este.'
                      : `También terminarán los ${derivadosDe(datos, revocando.id_acceso)} accesos que se concedieron a partir de este.`}
                  </Typography.Paragraph>
                )}
              </>
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
