import { Alert, Button, Empty, Flex, Radio, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Fecha } from '../../../components/Fecha';
import { PageHeader } from '../../../components/PageHeader';
import { useMarkVistas } from '../api/mark-vistas';
import { useTodas } from '../api/get-todas';
import '../components/notificaciones.css';

type Filtro = 'todas' | 'no_leidas';

/** Dark text on a light tint of the theme's teal: antd's preset tag colours fail WCAG AA contrast. */
const ETIQUETA_NO_LEIDA = { color: '#134e4a', background: '#ccfbf1', borderColor: '#5eead4', marginInlineEnd: 0 };

/**
 * `/notificaciones` (every signed-in person): all their notifications, newest first, the unread
 * ones marked, a page at a time. Opening the bell marks them all read, as the button here does.
 */
export function NotificacionesView() {
  const [filtro, setFiltro] = useState<Filtro>('todas');
  const todas = useTodas(filtro === 'no_leidas');
  const marcar = useMarkVistas();
  const lista = useRef<HTMLUListElement>(null);
  // Where the notifications asked for with «Cargar más» start, until they are on screen.
  const primeraNueva = useRef<number | null>(null);
  const paginas = todas.data?.pages;
  useEffect(() => {
    const indice = primeraNueva.current;
    if (indice === null) return;
    const nueva = lista.current?.querySelectorAll<HTMLElement>('[data-testid="notificacion"]')[indice];
    if (!nueva) return;
    primeraNueva.current = null;
    // Keyboard and screen reader users go on reading where the new notifications start.
    nueva.focus();
  }, [paginas]);

  const items = paginas?.flatMap((pagina) => pagina.items) ?? [];
  const hayNoLeidas = items.some((item) => !item.leida);
  const cargarMas = () => {
    primeraNueva.current = items.length;
    void todas.fetchNextPage();
  };

  return (
    <>
      <PageHeader
        title="Notificaciones"
        subtitle="Lo que otras personas hicieron en sus expedientes y los avisos de plazo, lo más reciente primero. Abrir la campana las marca todas como leídas."
      />
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Radio.Group
            aria-label="Qué notificaciones mostrar"
            value={filtro}
            onChange={(event) => setFiltro(event.target.value as Filtro)}
            options={[
              { value: 'todas', label: 'Todas' },
              { value: 'no_leidas', label: 'No leídas' },
            ]}
          />
          <Button onClick={() => marcar.mutate({ silent: false })} loading={marcar.isPending} disabled={!hayNoLeidas}>
            Marcar todas como leídas
          </Button>
        </Flex>
        {todas.isError ? (
          <Alert
            type="error"
            showIcon
            title="No se pudieron cargar las notificaciones."
            action={<Button onClick={() => void todas.refetch()}>Reintentar</Button>}
          />
        ) : todas.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtro === 'no_leidas' ? 'No tiene notificaciones sin leer.' : 'No tiene notificaciones.'}
          />
        ) : (
          <ul className="notif-pagina" ref={lista} aria-label="Sus notificaciones">
            {items.map((item) => (
              <li
                key={item.id}
                data-testid="notificacion"
                data-leida={item.leida}
                tabIndex={-1}
                className={item.leida ? undefined : 'notif-no-leida'}
              >
                <Flex justify="space-between" align="baseline" gap={8} wrap>
                  <Link
                    to={`/expedientes/ver/${item.expediente.id_expediente}`}
                    state={{ numero: item.expediente.numero }}
                  >
                    {item.expediente.numero}
                  </Link>
                  <Flex align="center" gap={8}>
                    {!item.leida && <Tag style={ETIQUETA_NO_LEIDA}>No leída</Tag>}
                    <span className="notif-fecha">
                      <Fecha value={item.fecha} conHora />
                    </span>
                  </Flex>
                </Flex>
                <div className="notif-pagina__asunto">{item.expediente.asunto}</div>
                <div>
                  <span className="notif-pagina__autor">
                    {item.usuario ? item.usuario.nombre_completo : 'Integridad'}:
                  </span>{' '}
                  {item.descripcion}
                </div>
              </li>
            ))}
          </ul>
        )}
        {todas.hasNextPage && (
          <Flex justify="center">
            <Button onClick={cargarMas} loading={todas.isFetchingNextPage}>
              Cargar más
            </Button>
          </Flex>
        )}
      </Flex>
    </>
  );
}
