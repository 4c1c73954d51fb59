import { ClearOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ESTADOS_EXPEDIENTE, ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes';
import { useResponsables } from '../api/get-responsables';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { useUnidades } from '../api/get-unidades';
import { catalogoOptions, matchesOption, responsableOptions } from '../catalogue-options';
import { hasActiveFilters, type ListState } from '../list-search-params';

const SEARCH_DEBOUNCE_MS = 400;
const DATE_FORMAT = 'DD/MM/YYYY';
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

  const range: [Dayjs | null, Dayjs | null] | null =
    state.desde || state.hasta ? [state.desde ? dayjs(state.desde) : null, state.hasta ? dayjs(state.hasta) : null] : null;

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
      <Select<number>
        aria-label="Tipo"
        allowClear
        showSearch={{ filterOption: matchesOption }}
        placeholder="Tipo"
        loading={tipos.isPending}
        options={catalogoOptions(tipos.data)}
        value={state.tipo}
        onChange={(tipo) => onChange({ tipo })}
        style={{ width: 190 }}
      />
      <Select<number>
        aria-label="Unidad"
        allowClear
        showSearch={{ filterOption: matchesOption }}
        placeholder="Unidad"
        loading={unidades.isPending}
        options={catalogoOptions(unidades.data)}
        value={state.unidad}
        onChange={(unidad) => onChange({ unidad })}
        style={{ width: 220 }}
      />
      <Select<number>
        aria-label="Responsable"
        allowClear
        showSearch={{ filterOption: matchesOption }}
        placeholder="Responsable"
        loading={responsables.isPending}
        options={responsableOptions(responsables.data)}
        value={state.responsable}
        onChange={(responsable) => onChange({ responsable })}
        style={{ width: 220 }}
      />
      <DatePicker.RangePicker
        aria-label="Fecha de apertura"
        format={DATE_FORMAT}
        placeholder={['Apertura desde', 'Apertura hasta']}
        allowEmpty={[true, true]}
        value={range}
        onChange={(dates) =>
          onChange({ desde: dates?.[0]?.format('YYYY-MM-DD') ?? undefined, hasta: dates?.[1]?.format('YYYY-MM-DD') ?? undefined })
        }
        style={{ width: 280 }}
      />
      <Button
        icon={<ClearOutlined />}
        disabled={!hasActiveFilters(state)}
        onClick={() =>
          onChange({ q: undefined, estado: undefined, tipo: undefined, unidad: undefined, responsable: undefined, desde: undefined, hasta: undefined })
        }
      >
        Limpiar filtros
      </Button>
    </Flex>
  );
}
