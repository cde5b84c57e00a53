import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

describe('examples', () => {
  it('answers ping with a result envelope', async () => {
    expect(await route({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} })).toEqual({ jsonrpc: '2.0', id: 1, result: { pong: true } });
  });
});
