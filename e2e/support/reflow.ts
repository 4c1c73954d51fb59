import type { Page } from 'playwright-core';

export interface Overflow {
  /** The document's width: wider than the viewport means scrolling sideways. */
  scrollWidth: number;
  viewportWidth: number;
  /** The outermost elements that stick out past the right edge, for the failure message. */
  culprits: string[];
  /** Elements cut by the left edge: no scrolling ever reaches them. */
  cutOnTheLeft: string[];
}

// An expression as a string: this package is type-checked without the DOM library.
const MEASURE = `(() => {
  const viewportWidth = document.documentElement.clientWidth;
  const culprits = [];
  const cutOnTheLeft = [];
  const describe = (element, rect) =>
    (element.tagName.toLowerCase() + (typeof element.className === 'string' && element.className ? '.' + element.className.trim().split(/\\s+/).join('.') : '')).slice(0, 100) +
    ' (' + Math.round(rect.width) + ' px wide, from ' + Math.round(rect.left) + ' to ' + Math.round(rect.right) + ')';
  const clips = (element) => getComputedStyle(element).overflowX !== 'visible';
  const visit = (element) => {
    for (const child of element.children) {
      const rect = child.getBoundingClientRect();
      const shown = rect.width > 1 && getComputedStyle(child).visibility !== 'hidden';
      if (shown && rect.right > viewportWidth + 0.5) culprits.push(describe(child, rect));
      else if (shown && rect.left < -0.5) cutOnTheLeft.push(describe(child, rect));
      else if (!clips(child)) visit(child);
    }
  };
  visit(document.body);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    viewportWidth,
    culprits: culprits.slice(0, 8),
    cutOnTheLeft: cutOnTheLeft.slice(0, 8),
  };
})()`;

/** How wide the document is against the viewport (WCAG 1.4.10: no scrolling in two directions). */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(MEASURE) as Promise<Overflow>;
}

// An expression as a string: this package is type-checked without the DOM library.
const BROKEN_DATES = `(() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\d{2}\\/\\d{2}\\/\\d{4}/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
})()`;

/** Dates (`dd/mm/aaaa`) drawn across two lines, as «23/11/202» and «6». */
export function brokenDates(page: Page): Promise<string[]> {
  return page.evaluate(BROKEN_DATES) as Promise<string[]>;
}

// An expression as a string: this package is type-checked without the DOM library.
const CUT_VALUES = `(() => [...document.querySelectorAll('input, textarea')]
  .filter((field) => field.value && field.checkVisibility() && field.scrollWidth > field.clientWidth + 1)
  .map((field) => (field.getAttribute('aria-label') || field.name || field.id || field.tagName) + ': «' + field.value + '»'))()`;

/** Fields whose value does not fit in them: a filled-in date range read «01/01/20 → 31/12/20». */
export function cutValues(page: Page): Promise<string[]> {
  return page.evaluate(CUT_VALUES) as Promise<string[]>;
}

// An expression as a string: this package is type-checked without the DOM library.
const CUT_HEADINGS = `(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
  .filter((heading) => heading.checkVisibility() && heading.scrollWidth > heading.clientWidth + 1)
  .map((heading) => heading.textContent.trim()))()`;

/** Headings too long for their line and cut (a card title ending «Expedientes abiertos y cerra…»). */
export function cutHeadings(page: Page): Promise<string[]> {
  return page.evaluate(CUT_HEADINGS) as Promise<string[]>;
}
