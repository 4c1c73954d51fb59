import { Alert, Button, Card, Empty, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PersonaAdmin, PersonasQuery } from '@ecodigital/contracts/administracion';
import { PageHeader } from '../../../components/PageHeader';
import { selectClear } from '../../../components/clear-buttons';
import { BusquedaEnUrl } from '../components/BusquedaEnUrl';
import { paginationItemRender } from '../../../components/pagination-item-render';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useAssignUnidades } from '../api/assign-unidades';
import { usePersonas } from '../api/get-personas';
import { useUnidadesConRuta } from '../api/get-unidades-con-ruta';
import { PersonaUnidadesModal } from '../components/PersonaUnidadesModal';
import { matchesOption } from '../../../lib/option-match';
import { positiveInt } from '../search-params';
import './administracion.css';

function queryOf(params: URLSearchParams): PersonasQuery {
  const q = params.get('q')?.trim();
  const unidad = positiveInt(params.get('unidad'));
  const page = positiveInt(params.get('page'));
  return { ...(q ? { q } : {}), ...(unidad ? { unidad } : {}), ...(page && page > 1 ? { page } : {}) };
}

/**
 * `/administracion/personas`: find people, see their roles and last sign-in, set their unidades,
 * and open the grants each received and made.
 */
export function PersonasView() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const personas = usePersonas(query);
  const unidades = useUnidadesConRuta();
  const assign = useAssignUnidades();
  const [editando, setEditando] = useState<PersonaAdmin | null>(null);
  const editable = personas.data?.origen_unidades === 'aplicacion';

  function update(patch: Partial<PersonasQuery>) {
    const next = { ...query, page: undefined, ...patch };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.unidad) search.set('unidad', String(next.unidad));
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  }

  const columns: TableColumnsType<PersonaAdmin> = [
    {
      title: 'Persona',
      key: 'persona',
      render: (_, persona) => (
        <Flex vertical>
          <Typography.Text strong>{persona.nombre_completo}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {persona.username}
            {persona.email ? ` · ${persona.email}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Unidades',
      key: 'unidades',
      render: (_, persona) =>
        persona.unidades.length === 0 ? (
          <Typography.Text type="secondary">Ninguna</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {persona.unidades.map((unidad) => (
              <Tag key={unidad.id} title={unidad.codigo}>
                {unidad.nombre}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: 'Roles',
      key: 'roles',
      width: 170,
      render: (_, persona) =>
        persona.roles.length === 0 ? (
          <Typography.Text type="secondary">Ninguno</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {persona.roles.map((rol) => (
              <Tag key={rol}>{rol}</Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: 'Último acceso',
      key: 'ultimo_acceso',
      width: 150,
      render: (_, persona) =>
        persona.ultimo_acceso ? (
          formatDateTime(persona.ultimo_acceso)
        ) : (
          <Typography.Text type="secondary">Nunca</Typography.Text>
        ),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: editable ? 250 : 110,
      render: (_: unknown, persona: PersonaAdmin) => (
        <Flex gap={8} wrap>
          <Link
            className="admin-enlace"
            to={`/administracion/personas/${persona.id_usuario}/accesos`}
            aria-label={`Accesos de ${persona.nombre_completo}`}
          >
            Accesos
          </Link>
          {editable && (
            <Button
              size="small"
              onClick={() => setEditando(persona)}
              aria-label={`Cambiar unidades de ${persona.nombre_completo}`}
            >
              Cambiar unidades
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Personas"
        subtitle="Las personas que la aplicación conoce: quienes han entrado y quienes están dadas de alta sin haber entrado todavía («Nunca» en Último acceso). Sus roles los asigna el proveedor de identidad; aquí se ven."
      />
      <Flex vertical gap={16}>
        <Card styles={{ body: { padding: 16 } }}>
          <Flex gap={12} wrap role="search" aria-label="Filtros de personas">
            <BusquedaEnUrl
              label="Buscar personas"
              placeholder="Buscar por nombre, usuario o correo"
              q={query.q}
              onSearch={(q) => update({ q })}
              width={340}
            />
            <Select<number>
              aria-label="Unidad"
              placeholder="Unidad"
              allowClear={selectClear('Quitar el filtro Unidad')}
              showSearch={{ filterOption: matchesOption }}
              loading={unidades.isPending}
              options={(unidades.data ?? []).map((unidad) => ({ value: unidad.id, label: unidad.ruta }))}
              value={query.unidad}
              onChange={(unidad) => update({ unidad })}
              popupMatchSelectWidth={false}
              style={{ width: 260, maxWidth: '100%' }}
            />
          </Flex>
        </Card>
        {personas.data?.origen_unidades === 'proveedor_identidad' && (
          <Alert
            type="info"
            showIcon
            data-testid="unidades-por-grupos"
            title="Las unidades de cada persona las asigna el proveedor de identidad (grupos)."
            description="Aquí solo se muestran; para cambiarlas, cambie los grupos de la persona en el proveedor de identidad."
          />
        )}
        <Card styles={{ body: { padding: 0 } }}>
          {personas.isError ? (
            <Alert
              type="error"
              showIcon
              title="No se pudieron cargar las personas."
              action={<Button onClick={() => void personas.refetch()}>Reintentar</Button>}
              style={{ margin: 16 }}
            />
          ) : (
            <Table<PersonaAdmin>
              rowKey="id_usuario"
              size="middle"
              columns={columns}
              dataSource={personas.data?.items ?? []}
              loading={personas.isFetching}
              // An empty table does not scroll: a scrolling box with nothing to focus cannot be scrolled by keyboard.
              scroll={personas.data?.items.length ? { x: 860 } : undefined}
              onRow={(persona) =>
                ({
                  'data-testid': 'persona-fila',
                  'data-username': persona.username,
                }) as React.HTMLAttributes<HTMLElement>
              }
              locale={{ emptyText: <Empty description="Ninguna persona coincide con la búsqueda." /> }}
              pagination={{
                current: personas.data?.page ?? query.page ?? 1,
                pageSize: personas.data?.pageSize ?? 50,
                total: personas.data?.total ?? 0,
                showSizeChanger: false,
                itemRender: paginationItemRender,
                showTotal: (total) => `${formatNumber(total)} ${total === 1 ? 'persona' : 'personas'}`,
                onChange: (page) => update({ ...query, page }),
                style: { padding: '0 16px' },
              }}
            />
          )}
        </Card>
      </Flex>
      {editable && (
        <PersonaUnidadesModal
          persona={editando}
          unidades={unidades.data}
          loading={unidades.isPending}
          onSave={(id_usuario, ids) => assign.mutateAsync({ id_usuario, unidades: ids })}
          onClose={() => setEditando(null)}
        />
      )}
    </>
  );
}
