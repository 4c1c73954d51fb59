import { beforeEach, describe, expect, it } from 'vitest';
import { createReloadGuard, isReloadAllowed } from './reload-guard';

describe('isReloadAllowed', () => {
  it('allows the first reload', () => {
    expect(isReloadAllowed(null, 1_000)).toBe(true);
  });
  it('refuses a second reload within a minute', () => {
    expect(isReloadAllowed(1_000, 1_000 + 59_999)).toBe(false);
  });
  it('allows a reload once a minute has passed', () => {
    expect(isReloadAllowed(1_000, 1_000 + 60_000)).toBe(true);
  });
});

describe('createReloadGuard', () => {
  beforeEach(() => sessionStorage.clear());

  it('grants once per minute and remembers it in sessionStorage', () => {
    const guard = createReloadGuard('test.reload');
    expect(guard.claim(10_000)).toBe(true);
    expect(sessionStorage.getItem('test.reload')).toBe('10000');
    // A fresh guard (as after the reload) reads the same timestamp.
    expect(createReloadGuard('test.reload').claim(30_000)).toBe(false);
    expect(createReloadGuard('test.reload').claim(70_000)).toBe(true);
  });

  it('does not move the timestamp when it refuses', () => {
    const guard = createReloadGuard('test.reload');
    guard.claim(0 + 1);
    guard.claim(50_000);
    expect(sessionStorage.getItem('test.reload')).toBe('1');
  });

  it('ignores a corrupt stored value', () => {
    sessionStorage.setItem('test.reload', 'garbage');
    expect(createReloadGuard('test.reload').claim(5)).toBe(true);
  });
});
