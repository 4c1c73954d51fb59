/** Marks the title of the view (`PageHeader`): where the focus goes when it has nowhere better to be. */
export const PAGE_TITLE_ATTRIBUTE = 'data-page-title';

/** The id of the main content: the skip link's target. */
export const MAIN_CONTENT_ID = 'contenido';

/**
 * Moves the focus to the view's title, or to the main content when the view has none: both take
 * the focus by script only (`tabIndex={-1}`), so they add no Tab stop.
 */
export function focusPageTitle(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const target = main?.querySelector<HTMLElement>(`[${PAGE_TITLE_ATTRIBUTE}]`) ?? main;
  target?.focus();
}
