import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Grid, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ESTADOS_EXPEDIENTE, ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes.rules';
import type { FiltroPlazo } from '@ecodigital/contracts/plazos.rules';
import { useResponsables } from '../api/get-responsables';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { useUnidades } from '../api/get-unidades';
import { catalogoOptions, responsableOptions, unidadOptions } from '../catalogue-options';
import { matchesOption } from '../../../lib/option-match';
import './expedientes.css';
import { hasActiveFilters, sinFiltros, type ListState } from '../list-search-params';
import { inputClear, selectClear } from '../../../components/clear-buttons';

const SEARCH_DEBOUNCE_MS = 400;
const DATE_FORMAT = 'DD/MM/YYYY';
const ISO_DAY = 'YYYY-MM-DD';
const plazoOptions: { value: FiltroPlazo; label: string }[] = [
  { value: 'vencido', label: 'Vencidos' },
  { value: 'esta_semana', label: 'Vencen esta semana' },
  { value: 'suspendido', label: 'Suspendidos' },
];
const estadoOptions = ESTADOS_EXPEDIENTE.map((estado) => ({ value: estado, label: ESTADO_ETIQUETAS[estado] }));

/** The search box writes to the URL once typing pauses; the URL wins when it changes (back button). */
function useDebouncedSearch(q: string | undefined, onSearch: (q: string | undefined) => void) {
  const [text, setText] = useState(q ?? '');
  const [urlQ, setUrlQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    setText(q ?? '');
  }

  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === q) return;
    const timer = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  return { text, setText, submit: () => onSearch(text.trim() || undefined) };
}

interface CatalogoSelectProps {
  label: string;
  loading: boolean;
  options: { value: number; label: string }[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  width: number | string;
  /** Long labels (a unidad's ruta): the list may be wider than the field. */
  widePopup?: boolean;
}

function CatalogoSelect({ label, loading, options, value, onChange, width, widePopup }: CatalogoSelectProps) {
  return (
    <Select<number>
      aria-label={label}
      allowClear={selectClear(`Quitar el filtro ${label}`)}
      showSearch={{ filterOption: matchesOption }}
      placeholder={label}
      loading={loading}
      options={options}
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={widePopup ? false : undefined}
      style={{ width }}
    />
  );
}

interface DayRangeProps {
  label: string;
  /** Shown inside the field, before the two days; above it on a phone, where the days need the room. */
  prefix: string;
  narrow: boolean;
  width: number | string;
  desde: string | undefined;
  hasta: string | undefined;
  onChange: (desde: string | undefined, hasta: string | undefined) => void;
}

/** A range of calendar days, either end optional, kept as `YYYY-MM-DD`. */
function DayRange({ label, prefix, narrow, width, desde, hasta, onChange }: DayRangeProps) {
  const value: [Dayjs | null, Dayjs | null] | null =
    desde || hasta ? [desde ? dayjs(desde) : null, hasta ? dayjs(hasta) : null] : null;
  const caption = <span className="expedientes-filtro-prefijo">{prefix}</span>;
  const picker = (
    <DatePicker.RangePicker
      aria-label={label}
      format={DATE_FORMAT}
      prefix={narrow ? undefined : caption}
      placeholder={['desde', 'hasta']}
      allowEmpty={[true, true]}
      value={value}
      onChange={(dates) => onChange(dates?.[0]?.format(ISO_DAY) ?? undefined, dates?.[1]?.format(ISO_DAY) ?? undefined)}
      style={{ width }}
    />
  );
  if (!narrow) return picker;
  return (
    <Flex vertical gap={4} style={{ width }}>
      {caption}
      {picker}
    </Flex>
  );
}

interface Props {
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
}

export function ExpedientesFilterBar({ state, onChange }: Props) {
  const tipos = useTiposExpediente();
  const unidades = useUnidades();
  const responsables = useResponsables();
  // The latest onChange, without restarting the debounce timer on every render.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const onSearch = useCallback((q: string | undefined) => onChangeRef.current({ q }), []);
  const search = useDebouncedSearch(state.q, onSearch);
  // On a phone every filter takes the whole line: at their desktop widths the dates were cut.
  const narrow = Grid.useBreakpoint().sm === false;
  const ancho = (px: number) => (narrow ? '100%' : px);

  return (
    <Flex gap={12} wrap align="center" role="search" aria-label="Filtros de expedientes">
      <Input.Search
        aria-label="Buscar expedientes"
        placeholder="Buscar por número, asunto o interesado"
        allowClear={inputClear('Borrar la búsqueda')}
        searchIcon={<SearchOutlined aria-label="Buscar" />}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        onSearch={search.submit}
        maxLength={200}
        style={{ width: ancho(320) }}
      />
      <Select<EstadoExpediente[]>
        aria-label="Estado"
        mode="multiple"
        allowClear={selectClear('Quitar el filtro Estado')}
        showSearch={{ filterOption: matchesOption }}
        placeholder="Estado"
        options={estadoOptions}
        value={state.estado ?? []}
        onChange={(estado) => onChange({ estado: estado.length > 0 ? estado : undefined })}
        maxTagCount="responsive"
        style={{ width: ancho(240) }}
      />
      <CatalogoSelect
        label="Tipo"
        loading={tipos.isPending}
        options={catalogoOptions(tipos.data)}
        value={state.tipo}
        onChange={(tipo) => onChange({ tipo })}
        width={ancho(190)}
      />
      {/* The API includes the unidades below the chosen one. */}
      <CatalogoSelect
        label="Unidad"
        loading={unidades.isPending}
        options={unidadOptions(unidades.data)}
        value={state.unidad}
        onChange={(unidad) => onChange({ unidad })}
        width={ancho(220)}
        widePopup
      />
      <CatalogoSelect
        label="Responsable"
        loading={responsables.isPending}
        options={responsableOptions(responsables.data)}
        value={state.responsable}
        onChange={(responsable) => onChange({ responsable })}
        width={ancho(220)}
      />
      <Select<FiltroPlazo>
        aria-label="Plazo"
        allowClear={selectClear('Quitar el filtro Plazo')}
        placeholder="Plazo"
        options={plazoOptions}
        value={state.plazo}
        onChange={(plazo) => onChange({ plazo })}
        style={{ width: ancho(190) }}
      />
      <DayRange
        label="Fecha de apertura"
        width={ancho(280)}
        prefix="Apertura"
        narrow={narrow}
        desde={state.desde}
        hasta={state.hasta}
        onChange={(desde, hasta) => onChange({ desde, hasta })}
      />
      <DayRange
        label="Fecha de cierre"
        width={ancho(250)}
        prefix="Cierre"
        narrow={narrow}
        desde={state.cierre_desde}
        hasta={state.cierre_hasta}
        onChange={(cierre_desde, cierre_hasta) => onChange({ cierre_desde, cierre_hasta })}
      />
      <DatePicker
        aria-label="Con documentos incorporados desde"
        format={DATE_FORMAT}
        placeholder="Con documentos desde"
        value={state.documentos_desde ? dayjs(state.documentos_desde) : null}
        onChange={(date) => onChange({ documentos_desde: date?.format(ISO_DAY) ?? undefined })}
        style={{ width: ancho(230) }}
      />
      <Button icon={<ClearOutlined />} disabled={!hasActiveFilters(state)} onClick={() => onChange(sinFiltros())}>
        Limpiar filtros
      </Button>
    </Flex>
  );
}
