import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Flex, Form, Grid, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ESTADOS_TEXTO,
  ETIQUETAS_ESTADO_TEXTO,
  LIMITES_BUSQUEDA,
  type EstadoTexto,
} from '@ecodigital/contracts/documentos.rules';
import { PageHeader } from '../../../components/PageHeader';
import { inputClear, selectClear } from '../../../components/clear-buttons';
import { apiErrorMessage } from '../../../lib/api-client';
import { matchesOption } from '../../../lib/option-match';
import { useBusquedaDocumentos } from '../api/buscar-documentos';
import { useTiposDocumentales } from '../api/get-tipos-documentales';
import { busquedaUrl, leerBusquedaUrl, type ConsultaDocumentos } from '../busqueda-params';
import { ResultadosBusqueda } from '../components/ResultadosBusqueda';
import '../components/documentos.css';

const DATE_FORMAT = 'DD/MM/YYYY';
const ISO_DAY = 'YYYY-MM-DD';
const estadoOptions = ESTADOS_TEXTO.map((estado) => ({ value: estado, label: ETIQUETAS_ESTADO_TEXTO[estado] }));

export interface OpcionesUnidad {
  options: { value: number; label: string }[];
  loading: boolean;
}

type Filtros = Omit<ConsultaDocumentos, 'q'>;

/**
 * `/buscar-documentos`: words inside the documents of the expedientes the person sees, narrowed by
 * tipo documental, unidad, the day a document was added and the state of its text. The URL holds
 * the search, so it can be bookmarked and the back button returns to it. Every press of «Buscar»
 * asks the server again, even for the same words: someone may have been given access meanwhile.
 */
export function BuscarDocumentosView({ unidades }: { unidades: OpcionesUnidad }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { consulta, page } = leerBusquedaUrl(searchParams);
  const [texto, setTexto] = useState(consulta.q);
  const [urlQ, setUrlQ] = useState(consulta.q);
  const [aviso, setAviso] = useState<string | undefined>();
  // The URL wins when it changes from outside the box (back button, a link from the list).
  if (urlQ !== consulta.q) {
    setUrlQ(consulta.q);
    setTexto(consulta.q);
  }
  const busqueda = useBusquedaDocumentos(consulta, page);
  const tipos = useTiposDocumentales();
  const narrow = Grid.useBreakpoint().md === false;
  const ancho = (px: number) => (narrow ? '100%' : px);

  const ir = (siguiente: ConsultaDocumentos, pagina = 1) =>
    setSearchParams(busquedaUrl({ consulta: siguiente, page: pagina }));
  const filtrar = (cambio: Partial<Filtros>) => ir({ ...consulta, ...cambio });
  const hayFiltros = Object.keys(consulta).some((campo) => campo !== 'q');

  function buscar(event?: FormEvent) {
    event?.preventDefault();
    const q = texto.trim();
    if (q.length < LIMITES_BUSQUEDA.qMin) {
      setAviso(`Escriba al menos ${LIMITES_BUSQUEDA.qMin} letras que buscar.`);
      return;
    }
    setAviso(undefined);
    const siguiente = busquedaUrl({ consulta: { ...consulta, q }, page: 1 });
    if (siguiente.toString() === searchParams.toString()) void busqueda.refetch();
    else setSearchParams(siguiente);
  }

  const rango: [Dayjs | null, Dayjs | null] | null =
    consulta.desde || consulta.hasta
      ? [consulta.desde ? dayjs(consulta.desde) : null, consulta.hasta ? dayjs(consulta.hasta) : null]
      : null;

  return (
    <>
      <PageHeader
        title="Buscar en documentos"
        subtitle="Palabras dentro de los documentos de los expedientes que usted puede ver."
      />
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
        <form role="search" aria-label="Buscar en documentos" onSubmit={buscar} noValidate>
          <Flex vertical gap={12}>
            <Form.Item
              layout="vertical"
              label="Palabras que buscar"
              htmlFor="buscar-documentos-q"
              validateStatus={aviso ? 'error' : undefined}
              help={aviso}
              extra="Entre comillas, una frase exacta; con «-» delante, una palabra que no debe estar; «o» entre alternativas."
              style={{ marginBottom: 0 }}
            >
              <Flex gap={8} wrap={narrow}>
                <Input
                  id="buscar-documentos-q"
                  value={texto}
                  onChange={(event) => setTexto(event.target.value)}
                  placeholder="Por ejemplo: licencia de obra"
                  allowClear={inputClear('Borrar las palabras')}
                  maxLength={LIMITES_BUSQUEDA.qMax}
                  autoFocus={!consulta.q}
                  style={{ width: ancho(480) }}
                />
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  Buscar
                </Button>
              </Flex>
            </Form.Item>
            <Flex gap={12} wrap align="center" role="group" aria-label="Filtros de la búsqueda">
              <Select<number>
                aria-label="Tipo documental"
                placeholder="Tipo documental"
                allowClear={selectClear('Quitar el filtro Tipo documental')}
                showSearch={{ filterOption: matchesOption }}
                loading={tipos.isPending}
                options={(tipos.data ?? []).map((tipo) => ({
                  value: tipo.id,
                  label: tipo.activo ? tipo.nombre : `${tipo.nombre} (desactivado)`,
                }))}
                value={consulta.id_tipo_documental}
                onChange={(id_tipo_documental) => filtrar({ id_tipo_documental })}
                style={{ width: ancho(200) }}
              />
              {/* The API includes the unidades below the chosen one. */}
              <Select<number>
                aria-label="Unidad"
                placeholder="Unidad"
                allowClear={selectClear('Quitar el filtro Unidad')}
                showSearch={{ filterOption: matchesOption }}
                loading={unidades.loading}
                options={unidades.options}
                value={consulta.id_unidad}
                onChange={(id_unidad) => filtrar({ id_unidad })}
                popupMatchSelectWidth={false}
                style={{ width: ancho(240) }}
              />
              <Flex vertical={narrow} gap={4} style={{ width: ancho(330) }}>
                {narrow && <span className="buscar-documentos-prefijo">Incorporados</span>}
                <DatePicker.RangePicker
                  aria-label="Incorporados entre"
                  format={DATE_FORMAT}
                  prefix={narrow ? undefined : <span className="buscar-documentos-prefijo">Incorporados</span>}
                  placeholder={['desde', 'hasta']}
                  allowEmpty={[true, true]}
                  value={rango}
                  onChange={(dias) =>
                    filtrar({
                      desde: dias?.[0]?.format(ISO_DAY) ?? undefined,
                      hasta: dias?.[1]?.format(ISO_DAY) ?? undefined,
                    })
                  }
                  style={{ width: '100%' }}
                />
              </Flex>
              <Select<EstadoTexto>
                aria-label="Estado de extracción del texto"
                placeholder="Estado del texto"
                allowClear={selectClear('Quitar el filtro Estado del texto')}
                options={estadoOptions}
                value={consulta.estado_texto}
                onChange={(estado_texto) => filtrar({ estado_texto })}
                style={{ width: ancho(190) }}
              />
              <Button icon={<ClearOutlined />} disabled={!hayFiltros} onClick={() => ir({ q: consulta.q })}>
                Limpiar filtros
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      <Card styles={{ body: { padding: 16 } }}>
        {consulta.q.length < LIMITES_BUSQUEDA.qMin ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="busqueda-sin-palabras">
            Escriba las palabras que busca y pulse «Buscar». Se encuentran sin distinguir tildes ni mayúsculas, con sus
            variantes («licencias» encuentra «licencia») y empezadas («licen»).
          </Typography.Paragraph>
        ) : busqueda.isError ? (
          <Alert type="error" showIcon title={apiErrorMessage(busqueda.error)} />
        ) : (
          <ResultadosBusqueda
            q={consulta.q}
            datos={busqueda.data}
            cargando={busqueda.isFetching}
            page={page}
            onPage={(pagina) => ir(consulta, pagina)}
          />
        )}
      </Card>
    </>
  );
}
