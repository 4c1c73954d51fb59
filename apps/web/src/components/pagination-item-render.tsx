import type { PaginationProps } from 'antd';
import { cloneElement, isValidElement, type ReactElement } from 'react';

/** The names antd's Spanish locale shows as these buttons' tooltips. */
const NOMBRES: Partial<Record<string, string>> = { prev: 'Página anterior', next: 'Página siguiente' };

/**
 * antd draws the previous and next page buttons with an icon alone, and they were named after the
 * icon's file, in English ("left", "right"). The icons are decorative now; this gives the buttons
 * their Spanish names. For every paginated table: `pagination={{ itemRender: paginationItemRender }}`.
 */
export const paginationItemRender: NonNullable<PaginationProps['itemRender']> = (_page, type, element) => {
  const nombre = NOMBRES[type];
  return nombre && isValidElement(element)
    ? cloneElement(element as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': nombre })
    : element;
};
