import { ClearOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ESTADOS_EXPEDIENTE, ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes.rules';
import { useResponsables } from '../api/get-responsables';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { useUnidades } from '../api/get-unidades';
import { catalogoOptions, matchesOption, responsableOptions } from '../catalogue-options';
import './expedientes.css';
import { hasActiveFilters, sinFiltros, type ListState } from '../list-search-params';

const SEARCH_DEBOUNCE_MS = 400;
const DATE_FORMAT = 'DD/MM/YYYY';
const ISO_DAY = 'YYYY-MM-DD';
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
  width: number;
}

function CatalogoSelect({ label, loading, options, value, onChange, width }: CatalogoSelectProps) {
  return (
    <Select<number>
      aria-label={label}
      allowClear
      showSearch={{ filterOption: matchesOption }}
      placeholder={label}
      loading={loading}
      options={options}
      value={value}
      onChange={onChange}
      style={{ width }}
    />
  );
}

interface DayRangeProps {
  label: string;
  /** Shown inside the field, before the two days. */
  prefix: string;
  width: number;
  desde: string | undefined;
  hasta: string | undefined;
  onChange: (desde: string | undefined, hasta: string | undefined) => void;
}

/** A range of calendar days, either end optional, kept as `YYYY-MM-DD`. */
function DayRange({ label, prefix, width, desde, hasta, onChange }: DayRangeProps) {
  const value: [Dayjs | null, Dayjs | null] | null =
    desde || hasta ? [desde ? dayjs(desde) : null, hasta ? dayjs(hasta) : null] : null;
  return (
    <DatePicker.RangePicker
      aria-label={label}
      format={DATE_FORMAT}
      prefix={<span className="expedientes-filtro-prefijo">{prefix}</span>}
      placeholder={['desde', 'hasta']}
      allowEmpty={[true, true]}
      value={value}
      onChange={(dates) => onChange(dates?.[0]?.format(ISO_DAY) ?? undefined, dates?.[1]?.format(ISO_DAY) ?? undefined)}
      style={{ width }}
    />
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

  return (
    <Flex gap={12} wrap align="center" role="search" aria-label="Filtros de expedientes">
      <Input.Search
        aria-label="Buscar expedientes"
        placeholder="Buscar por número, asunto o interesado"
        allowClear
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        onSearch={search.submit}
        maxLength={200}
        style={{ width: 320 }}
      />
      <Select<EstadoExpediente[]>
        aria-label="Estado"
        mode="multiple"
        allowClear
        showSearch={{ filterOption: matchesOption }}
        placeholder="Estado"
        options={estadoOptions}
        value={state.estado ?? []}
        onChange={(estado) => onChange({ estado: estado.length > 0 ? estado : undefined })}
        maxTagCount="responsive"
        style={{ width: 240 }}
      />
      <CatalogoSelect
        label="Tipo"
        loading={tipos.isPending}
        options={catalogoOptions(tipos.data)}
        value={state.tipo}
        onChange={(tipo) => onChange({ tipo })}
        width={190}
      />
      <CatalogoSelect
        label="Unidad"
        loading={unidades.isPending}
        options={catalogoOptions(unidades.data)}
        value={state.unidad}
        onChange={(unidad) => onChange({ unidad })}
        width={220}
      />
      <CatalogoSelect
        label="Responsable"
        loading={responsables.isPending}
        options={responsableOptions(responsables.data)}
        value={state.responsable}
        onChange={(responsable) => onChange({ responsable })}
        width={220}
      />
      <DayRange
        label="Fecha de apertura"
        width={280}
        prefix="Apertura"
        desde={state.desde}
        hasta={state.hasta}
        onChange={(desde, hasta) => onChange({ desde, hasta })}
      />
      <DayRange
        label="Fecha de cierre"
        width={250}
        prefix="Cierre"
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
        style={{ width: 230 }}
      />
      <Button icon={<ClearOutlined />} disabled={!hasActiveFilters(state)} onClick={() => onChange(sinFiltros())}>
        Limpiar filtros
      </Button>
    </Flex>
  );
}
