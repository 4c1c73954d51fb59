import { describe, expect, it } from 'vitest';
import { refreshAnsweredBadRequest, refreshGotNoAnswer } from './token-refresh';

describe('token refresh failures', () => {
  it('tells a refresh that reached no server (offline) from one the identity provider answered', () => {
    expect(refreshGotNoAnswer(new TypeError('Failed to fetch'))).toBe(true);
    expect(refreshGotNoAnswer(undefined)).toBe(true);
    const refused = Object.assign(new Error('Server responded with an invalid status.'), {
      response: { status: 400 },
    });
    expect(refreshGotNoAnswer(refused)).toBe(false);
    expect(refreshAnsweredBadRequest(refused)).toBe(true);
    expect(refreshGotNoAnswer(Object.assign(new Error('down'), { response: { status: 503 } }))).toBe(false);
  });
});
