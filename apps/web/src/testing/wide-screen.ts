import { afterEach, beforeEach } from 'vitest';

/**
 * For the tests of the `describe` it is called in: every min-width media query matches, so antd's
 * breakpoints read a screen wider than 1.600 px (jsdom's own answer is never).
 */
export function onAWideScreen(): void {
  let matchMedia: typeof window.matchMedia;
  beforeEach(() => {
    matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia.call(window, query),
      matches: true,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });
}
