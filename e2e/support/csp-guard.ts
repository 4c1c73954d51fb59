import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

// Every screen every test walks must work under the Content-Security-Policy the API sends:
// one blocked script, style, frame or request fails the test that caused it.
afterEach(() => {
  expect(takeCspViolations(), 'Chromium reported Content-Security-Policy violations').toEqual([]);
});
