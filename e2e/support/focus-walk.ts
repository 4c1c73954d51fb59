import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';

/** How far around the focused element a focus indicator is looked for (outlines, rings, a wrapper's border). */
const SURROUNDINGS_PX = 8;
/** The contrast WCAG asks of the parts of a control that identify its state (1.4.11). */
const INDICATOR_CONTRAST = 3;
/** Stops past this many mean the walk is not coming back to where it started. */
const MAX_STOPS = 200;

export interface FocusStop {
  /** Where the focus was: tag, role and name, as a person would recognise it. */
  element: string;
  /** Pixels around the element whose colour differs at 3:1 or more between focused and not. */
  changedPixels: number;
  /** At least as many as a one-pixel line around the element. */
  requiredPixels: number;
  /** Why the stop does not show the focus, when it does not. */
  problem?: string;
  /** The region compared, focused and not (PNG), kept for a stop with a problem. */
  focusedImage?: Buffer;
  unfocusedImage?: Buffer;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Focused {
  repeat: boolean;
  /** The mark the walk left on the element. */
  index: number;
  element: string;
  rect: Box;
  viewport: { width: number; height: number };
  focusVisible: boolean;
}

// Expressions as strings: this package is type-checked without the DOM library.
const MARK = 'data-focus-walk';
const DESCRIBE_FOCUS = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  if (element.hasAttribute('${MARK}')) return { repeat: true };
  const index = document.querySelectorAll('[${MARK}]').length;
  element.setAttribute('${MARK}', String(index));
  const rect = element.getBoundingClientRect();
  const named = (candidate) => candidate && (candidate.getAttribute('aria-label') || candidate.getAttribute('title'));
  const name = named(element) || named(element.querySelector('[aria-label]')) || element.textContent || element.getAttribute('placeholder') || '';
  const role = element.getAttribute('role');
  return {
    repeat: false,
    index,
    element: element.tagName.toLowerCase() + (role ? '[role=' + role + ']' : '') + ' «' + name.trim().replace(/\\s+/g, ' ').slice(0, 60) + '»',
    rect: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
    viewport: { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
    focusVisible: element.matches(':focus-visible'),
  };
})()`;
const BLUR = `document.activeElement.blur()`;
const refocus = (index: number) => `(() => {
  const element = document.querySelector('[${MARK}="${index}"]');
  element.focus({ preventScroll: true });
  return document.activeElement === element && element.matches(':focus-visible');
})()`;
const FORGET = `document.querySelectorAll('[${MARK}]').forEach((element) => element.removeAttribute('${MARK}'))`;
const NEXT_FRAME = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

function relativeLuminance(r: number, g: number, b: number): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Pixels whose colour in `a` and in `b` (same size) contrast at `INDICATOR_CONTRAST` or more. */
function pixelsChangedAtContrast(a: Buffer, b: Buffer): number {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  if (first.width !== second.width || first.height !== second.height) return first.width * first.height;
  let changed = 0;
  for (let offset = 0; offset < first.data.length; offset += 4) {
    const l1 = relativeLuminance(first.data[offset]!, first.data[offset + 1]!, first.data[offset + 2]!);
    const l2 = relativeLuminance(second.data[offset]!, second.data[offset + 1]!, second.data[offset + 2]!);
    if ((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05) >= INDICATOR_CONTRAST) changed += 1;
  }
  return changed;
}

function surroundings(rect: Box, viewport: { width: number; height: number }): Box | undefined {
  const x = Math.max(0, Math.floor(rect.x - SURROUNDINGS_PX));
  const y = Math.max(0, Math.floor(rect.y - SURROUNDINGS_PX));
  const right = Math.min(viewport.width, Math.ceil(rect.x + rect.width + SURROUNDINGS_PX));
  const bottom = Math.min(viewport.height, Math.ceil(rect.y + rect.height + SURROUNDINGS_PX));
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined;
}

async function snapshot(page: Page, clip: Box): Promise<Buffer> {
  await page.evaluate(NEXT_FRAME);
  return page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
}

/**
 * Walks the page with Tab from where the focus is (the start of the page when nothing has it)
 * until the focus comes back to an element it already visited, and measures at every stop how the
 * element and its surroundings look focused and not focused (blurred, then focused again by
 * script, which keeps `:focus-visible` after keyboard use). A stop shows the focus when at least as
 * many pixels as a one-pixel line around the element change at a contrast of 3:1 or more: an
 * outline, a ring, a wrapper's border or a background. A change of text colour alone does not.
 */
export async function walkFocus(page: Page): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  await page.evaluate(FORGET);
  // Where the focus already is counts as a stop when the keyboard put it there; focus a click
  // left (a button that opened a dialog, a tab) is only where the walk starts.
  const start = (await page.evaluate(DESCRIBE_FOCUS)) as Focused | null;
  let first = start?.focusVisible ? start : null;
  let emptyStops = 0;
  try {
    while (stops.length < MAX_STOPS) {
      const focused =
        first ?? ((await page.keyboard.press('Tab'), await page.evaluate(DESCRIBE_FOCUS)) as Focused | null);
      first = null;
      if (!focused) {
        // Past the last element the focus leaves the page once, then comes back to the first.
        if (++emptyStops > 2) break;
        continue;
      }
      emptyStops = 0;
      if (focused.repeat) break;
      stops.push(await measure(page, focused));
    }
  } finally {
    await page.evaluate(FORGET);
  }
  return stops;
}

async function measure(page: Page, focused: Focused): Promise<FocusStop> {
  const { element, rect } = focused;
  const requiredPixels = Math.round(2 * (rect.width + rect.height));
  const stop = { element, changedPixels: 0, requiredPixels };
  const clip = surroundings(rect, focused.viewport);
  if (rect.width < 1 || rect.height < 1) return { ...stop, problem: 'the focused element has no size' };
  if (!clip) return { ...stop, problem: 'the focused element is outside the viewport' };
  if (!focused.focusVisible) return { ...stop, problem: 'the element does not match :focus-visible' };

  const focusedImage = await snapshot(page, clip);
  await page.evaluate(BLUR);
  const unfocusedImage = await snapshot(page, clip);
  if (!(await page.evaluate(refocus(focused.index))))
    throw new Error(`The focus could not be given back to ${element}`);

  const changedPixels = pixelsChangedAtContrast(focusedImage, unfocusedImage);
  return changedPixels >= requiredPixels
    ? { ...stop, changedPixels }
    : { ...stop, changedPixels, problem: 'the focus is not drawn', focusedImage, unfocusedImage };
}
