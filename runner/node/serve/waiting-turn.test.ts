import { describe, expect, it } from 'vitest';
import { waitingTurn } from './waiting-turn.ts';

const cancel = (requestId: unknown) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } }) as never;

describe('waitingTurn', () => {
  it('marks a waiting request its client cancelled, so it is skipped when its turn comes', () => {
    const turn = waitingTurn();
    const a = turn.enter({ jsonrpc: '2.0', id: 1, method: 'tools/call' });
    const b = turn.enter({ jsonrpc: '2.0', id: '1', method: 'tools/call' });
    expect(turn.cancel(cancel('1'))).toBe(true);
    expect(turn.leave(a)).toBe(false);
    expect(turn.leave(b)).toBe(true);
  });

  it('leaves alone what is not a waiting request: notifications, other ids, one that already had its turn', () => {
    const turn = waitingTurn();
    expect(turn.enter({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    expect(turn.enter({ jsonrpc: '2.0', id: null, method: 'ping' })).toBeUndefined();
    const a = turn.enter({ jsonrpc: '2.0', id: 7, method: 'ping' });
    expect(turn.cancel(cancel(8))).toBe(false);
    expect(turn.cancel({ jsonrpc: '2.0', method: 'notifications/cancelled', params: [7] })).toBe(false);
    expect(turn.cancel({ jsonrpc: '2.0', method: 'notifications/progress', params: { requestId: 7 } })).toBe(false);
    expect(turn.leave(a)).toBe(false);
    expect(turn.cancel(cancel(7))).toBe(false);
    expect(turn.leave(undefined)).toBe(false);
  });

  it('cancels the oldest of two waiting requests that share an id, once each', () => {
    const turn = waitingTurn();
    const first = turn.enter({ jsonrpc: '2.0', id: 3, method: 'ping' });
    const second = turn.enter({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(turn.cancel(cancel(3))).toBe(true);
    expect(turn.leave(first)).toBe(true);
    expect(turn.leave(second)).toBe(false);
  });
});
