import { useEffect } from 'react';
import { focusPageTitle } from '../lib/page-focus';

function isGone(element: EventTarget | null): boolean {
  if (!(element instanceof Element)) return false;
  return !element.isConnected || !element.checkVisibility();
}

/**
 * When the element that has the focus disappears (the dialog whose action removed the button that
 * opened it, as «Pasar a trámite» does; a row that was deleted), the browser leaves the focus on
 * the page itself: a keyboard user starts again from the top and a screen reader says nothing.
 * This puts it on the view's title instead. A click on an empty part of the page, or leaving the
 * window, also takes the focus away, but the element is still there: nothing happens then.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      const lost = event.target;
      clearTimeout(pending);
      // After the browser, and whoever closed the dialog, had their say about where the focus goes.
      pending = setTimeout(() => {
        const active = document.activeElement;
        if ((active === null || active === document.body) && isGone(lost)) focusPageTitle();
      });
    };
    document.addEventListener('focusout', onFocusOut);
    return () => {
      clearTimeout(pending);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
