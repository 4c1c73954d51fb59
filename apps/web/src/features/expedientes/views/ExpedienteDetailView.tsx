import { ApartmentOutlined, EyeOutlined, KeyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Expediente, TransferirExpediente } from '@ecodigital/contracts/expedientes';
import { PageHeader } from '../../../components/PageHeader';
import { toast } from '../../../lib/toast';
import { canEdit, canNameResponsable, type Transicion } from '../access';
import type { ConflictoDeEdicion } from '../components/ConflictoEdicion';
import { PlazoCard } from '../components/PlazoCard';
import { useChangeEstado } from '../api/change-estado';
import { expedienteQueryOptions, isNotFound, useExpediente } from '../api/get-expediente';
import { isVersionConflict } from '../api/refresh-after-change';
import { sigueVisible, useTransferirExpediente } from '../api/transferir-expediente';
import { useUpdateExpediente } from '../api/update-expediente';
import { CambioEstadoModal } from '../components/CambioEstadoModal';
import { EstadoTag } from '../../../components/EstadoTag';
import { ExpedienteActions } from '../components/ExpedienteActions';
import { ExpedienteDataPanel } from '../components/ExpedienteDataPanel';
import { ExpedienteFormModal } from '../components/ExpedienteFormModal';
import { HistorialTimeline } from '../components/HistorialTimeline';
import { TransferirModal } from '../components/TransferirModal';
import { formValuesOf, hasChanges, toEditarExpediente, type ExpedienteFormValues } from '../form-values';
import { useExpedientesAccess } from '../hooks/use-expedientes-access';
import { apiErrorMessage } from '../../../lib/api-client';
import { ResultTitle } from '../../../components/ResultTitle';

function parseId(value: string): number | null {
  if (!/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/**
 * What the person knows the expediente by: the número the link that brought them carried, or what
 * they typed in the address when it is not an id. Never the internal id alone (it means nothing to them).
 */
function referenciaDe(id_expediente: string, state: unknown): string | null {
  const numero = (state as { numero?: unknown } | null)?.numero;
  if (typeof numero === 'string' && numero) return numero;
  return parseId(id_expediente) === null ? id_expediente : null;
}

function ExpedienteNoExiste({ id_expediente }: { id_expediente: string }) {
  const navigate = useNavigate();
  const referencia = referenciaDe(id_expediente, useLocation().state);
  return (
    <Result
      status="404"
      title={<ResultTitle>El expediente no existe.</ResultTitle>}
      subTitle={
        <span data-testid="expediente-no-existe">
          {referencia
            ? `No hay ningún expediente «${referencia}» que pueda consultar: puede que no exista, que se haya transferido o que ya no tenga acceso a él.`
            : 'La dirección que ha abierto no lleva a ningún expediente que pueda consultar: puede que no exista, que se haya transferido o que ya no tenga acceso a él.'}
        </span>
      }
      extra={
        <Button type="primary" onClick={() => void navigate('/expedientes')}>
          Volver a la lista de expedientes
        </Button>
      }
    />
  );
}

/** The Documentos and Accesos tabs belong to other features: the route module supplies them. */
export type DocumentosTabRender = (expediente: Expediente) => ReactNode;
export type AccesosTabRender = (expediente: Expediente) => ReactNode;

/** The header's second line: whose expediente it is, and a word when the person may only read it. */
function UnidadYGestion({ expediente, puedeEditarPorRol }: { expediente: Expediente; puedeEditarPorRol: boolean }) {
  return (
    <Flex gap={16} wrap align="center" style={{ marginTop: 4 }}>
      <span data-testid="expediente-unidad">
        <ApartmentOutlined aria-hidden="true" /> Unidad responsable: <strong>{expediente.unidad.nombre}</strong>
      </span>
      {/* Whoever may not change it reads why the actions are missing: by role (consulta) or by unidad. */}
      {!(puedeEditarPorRol && expediente.gestion) && (
        <span data-testid="expediente-solo-lectura">
          <EyeOutlined aria-hidden="true" /> Puede consultarlo, pero no modificarlo.
        </span>
      )}
      {puedeEditarPorRol && expediente.gestion_por === 'acceso' && (
        <span data-testid="expediente-por-acceso">
          <KeyOutlined aria-hidden="true" /> Trabaja en él por un acceso concedido: no puede cambiar su responsable ni
          transferirlo.
        </span>
      )}
    </Flex>
  );
}

function ExpedienteContent({
  expediente,
  documentosTab,
  accesosTab,
  retencionCard,
}: TabRenders & { expediente: Expediente }) {
  const id = expediente.id_expediente;
  const access = useExpedientesAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateExpediente(id);
  const changeEstado = useChangeEstado(id);
  const transferir = useTransferirExpediente(id);
  // The edit under way: the version its form stands on, and the conflict its last save met.
  const [edicion, setEdicion] = useState<{ partida: Expediente; conflicto: ConflictoDeEdicion | null } | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [transicion, setTransicion] = useState<Transicion | null>(null);
  const [tab, setTab] = useState('documentos');

  async function transfer(body: TransferirExpediente) {
    const transferido = await transferir.mutateAsync(body);
    if (await sigueVisible(queryClient, id)) return;
    // Handed to a unidad the person does not belong to: the detail would now answer «no existe».
    toast.show({
      severity: 'info',
      summary: 'Expediente fuera de su alcance',
      detail: `${transferido.numero} pertenece ahora a «${transferido.unidad.nombre}» y ya no puede verlo.`,
    });
    void navigate('/expedientes');
  }

  async function saveEdit(values: ExpedienteFormValues) {
    // After a conflict the form stands on the version saved meanwhile, the one the person was shown.
    const partida = edicion?.partida ?? expediente;
    const body = toEditarExpediente(partida, values);
    if (!hasChanges(body)) {
      toast.show({ severity: 'info', summary: 'Sin cambios', detail: 'No hay cambios que guardar.' });
      setEdicion(null);
      return;
    }
    try {
      await update.mutateAsync(body);
      setEdicion(null);
    } catch (error) {
      if (!isVersionConflict(error)) throw error;
      // Someone else saved first: the form stays open with what was typed, over the new version.
      let nueva: Expediente;
      try {
        nueva = await queryClient.fetchQuery(expedienteQueryOptions(id));
      } catch (lectura) {
        toast.show({ severity: 'error', summary: 'Error', detail: apiErrorMessage(lectura) });
        throw lectura;
      }
      setEdicion({
        partida: nueva,
        conflicto: { partida, enviados: values, nueva, puedeAplicar: canEdit(nueva, access) },
      });
    }
  }

  return (
    <>
      <PageHeader
        title={expediente.numero}
        tags={<EstadoTag estado={expediente.estado} />}
        subtitle={
          <>
            <div>{expediente.asunto}</div>
            <UnidadYGestion expediente={expediente} puedeEditarPorRol={access.editar || access.cambiarEstado} />
          </>
        }
        extra={
          <ExpedienteActions
            expediente={expediente}
            access={access}
            onEdit={() => setEdicion({ partida: expediente, conflicto: null })}
            onTransfer={() => setTransferring(true)}
            onTransicion={setTransicion}
          />
        }
      />
      <Card title="Datos del expediente" style={{ marginBottom: 16 }}>
        <ExpedienteDataPanel expediente={expediente} />
      </Card>
      <PlazoCard expediente={expediente} puedeCambiar={canEdit(expediente, access)} />
      {retencionCard?.(expediente)}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'documentos',
              label: 'Documentos',
              children: documentosTab ? (
                documentosTab(expediente)
              ) : (
                <Empty description="Los documentos se mostrarán aquí." />
              ),
            },
            { key: 'historial', label: 'Historial', children: <HistorialTimeline id_expediente={id} /> },
            ...(accesosTab ? [{ key: 'accesos', label: 'Accesos', children: accesosTab(expediente) }] : []),
          ]}
        />
      </Card>
      <ExpedienteFormModal
        title={`Editar ${expediente.numero}`}
        okText="Guardar cambios"
        open={edicion !== null}
        mode={{
          crear: false,
          unidad: (edicion?.partida ?? expediente).unidad,
          responsable: (edicion?.partida ?? expediente).responsable,
          responsableFijo: !canNameResponsable(expediente),
        }}
        initialValues={formValuesOf(edicion?.partida ?? expediente)}
        onSubmit={saveEdit}
        onClose={() => setEdicion(null)}
        conflicto={edicion?.conflicto}
      />
      <CambioEstadoModal
        expediente={expediente}
        transicion={transicion}
        saving={changeEstado.isPending}
        onConfirm={(body) => changeEstado.mutateAsync(body)}
        onClose={() => setTransicion(null)}
      />
      <TransferirModal
        expediente={expediente}
        open={transferring}
        onConfirm={transfer}
        onClose={() => setTransferring(false)}
      />
    </>
  );
}

interface TabRenders {
  documentosTab?: DocumentosTabRender;
  accesosTab?: AccesosTabRender;
  /** What retention says of it (another feature's card, supplied by the route module). */
  retencionCard?: (expediente: Expediente) => ReactNode;
}

interface LoaderProps extends TabRenders {
  id: number;
  id_expediente: string;
}

function ExpedienteLoader({ id, id_expediente, ...tabs }: LoaderProps) {
  const query = useExpediente(id);
  if (query.data) return <ExpedienteContent expediente={query.data} {...tabs} />;
  if (query.isPending) {
    return (
      <Card aria-busy="true" aria-label="Cargando el expediente">
        <Skeleton active title paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (isNotFound(query.error)) return <ExpedienteNoExiste id_expediente={id_expediente} />;
  return (
    <Result
      status="error"
      title={<ResultTitle>No se pudo cargar el expediente.</ResultTitle>}
      subTitle="Compruebe la conexión e inténtelo de nuevo."
      extra={
        <Button type="primary" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      }
    />
  );
}

/** `/expedientes/ver/:id_expediente`: header with the allowed actions, data, documents, history and accesos. */
export function ExpedienteDetailView({ id_expediente, ...tabs }: TabRenders & { id_expediente: string }) {
  const id = parseId(id_expediente);
  if (id === null) return <ExpedienteNoExiste id_expediente={id_expediente} />;
  // Keyed by id: moving to another expediente starts with fresh dialogs and tabs.
  return <ExpedienteLoader key={id} id={id} id_expediente={id_expediente} {...tabs} />;
}
