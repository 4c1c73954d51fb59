import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parseListSearchParams, serializeListSearchParams, type ListState } from '../list-search-params';

/**
 * The list's filters, sort and page live in the URL: a reload, a shared link and the back button
 * all restore them. Changing a filter goes back to the first page.
 */
export function useListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListSearchParams(searchParams), [searchParams]);

  // Two changes close together (the debounced search and a select) must both land: react-router's
  // functional update reads the params of the last render, so the newest ones are kept here.
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      const { cursores, ...current } = parseListSearchParams(latest.current);
      // Cursors belong to the page they were read on: any other page change (or a filter) drops them.
      const kept = 'page' in patch ? undefined : cursores;
      const next = serializeListSearchParams({ ...current, cursores: kept, ...patch });
      latest.current = next;
      setSearchParams(next);
    },
    [setSearchParams],
  );
  // A new filter is counted up to the usual bound again: counting every match was asked for the old one.
  const setFilters = useCallback(
    (patch: Partial<ListState>) => update({ ...patch, page: 1, contar: undefined }),
    [update],
  );

  return { state, update, setFilters };
}
