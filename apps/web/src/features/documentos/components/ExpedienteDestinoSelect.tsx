import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { ExpedienteResumen } from '@ecodigital/contracts/expedientes';
import { useDestinos } from '../api/search-destinos';
import { selectClear } from '../../../components/clear-buttons';

const SEARCH_DEBOUNCE_MS = 300;

function destinoLabel(expediente: Pick<ExpedienteResumen, 'numero' | 'asunto'>): string {
  return `${expediente.numero} — ${expediente.asunto}`;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface Props {
  id?: string;
  value: number | null;
  /** The chosen expediente as known outside (preselected by URL), so its label shows before any search. */
  selected?: Pick<ExpedienteResumen, 'id_expediente' | 'numero' | 'asunto'>;
  /** The chosen expediente as the search found it, or `null` when cleared. */
  onChange: (expediente: ExpedienteResumen | null) => void;
  disabled?: boolean;
}

/** Search-as-you-type over the expedientes that admit documents (abierto, en trámite) and the person may change. */
export function ExpedienteDestinoSelect({ id, value, selected, onChange, disabled }: Props) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const destinos = useDestinos(q, open);

  const options = useMemo(() => {
    const found = (destinos.data ?? []).map((expediente) => ({
      value: expediente.id_expediente,
      label: destinoLabel(expediente),
    }));
    if (selected && !found.some((option) => option.value === selected.id_expediente)) {
      found.unshift({ value: selected.id_expediente, label: destinoLabel(selected) });
    }
    return found;
  }, [destinos.data, selected]);

  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      allowClear={selectClear('Quitar el expediente de destino')}
      value={value ?? undefined}
      placeholder="Busque por número, asunto o interesado"
      options={options}
      onOpenChange={setOpen}
      onChange={(next) => {
        setSearch('');
        const found = destinos.data?.find((expediente) => expediente.id_expediente === next);
        if (next === undefined || next === null) onChange(null);
        else if (found) onChange(found);
      }}
      disabled={disabled}
      loading={destinos.isFetching}
      notFoundContent={
        destinos.isFetching ? (
          <Spin size="small" />
        ) : (
          'Ningún expediente abierto o en trámite de los que puede modificar coincide.'
        )
      }
      style={{ width: '100%' }}
    />
  );
}
