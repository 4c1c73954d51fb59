import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import { inputClear } from '../../../components/clear-buttons';

interface Props {
  label: string;
  placeholder: string;
  /** The search as the URL holds it. */
  q: string | undefined;
  /** Searching commits the text (Enter or the button); emptying the field removes the search. */
  onSearch: (q: string | undefined) => void;
  width: number;
}

/**
 * A search box whose text is committed to the URL on Enter, not on every key: the text typed stays
 * the person's until the URL changes by itself (the back button, «Limpiar filtros»).
 */
export function BusquedaEnUrl({ label, placeholder, q, onSearch, width }: Props) {
  const [texto, setTexto] = useState(q ?? '');
  const [qDeUrl, setQDeUrl] = useState(q);
  if (qDeUrl !== q) {
    setQDeUrl(q);
    setTexto(q ?? '');
  }
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear={inputClear('Borrar la búsqueda')}
      searchIcon={<SearchOutlined aria-label="Buscar" />}
      value={texto}
      maxLength={100}
      onChange={(event) => {
        setTexto(event.target.value);
        if (event.target.value === '') onSearch(undefined);
      }}
      onSearch={(value) => onSearch(value.trim() || undefined)}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
