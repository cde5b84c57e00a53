import { describe, expect, it } from 'vitest';
import { originProblem } from './origin-check.ts';

const loopback = { host: '127.0.0.1', loopback: true };
const lan = { host: '192.168.1.5', loopback: false };

describe('originProblem (DNS rebinding protection)', () => {
  it.each([undefined, 'http://localhost:5173', 'http://127.0.0.1:3000', 'https://localhost', 'http://[::1]:8080'])('allows Origin %s on loopback', (origin) => {
    expect(originProblem({ origin, host: '127.0.0.1:3000' }, loopback)).toBeUndefined();
  });

  it.each(['https://evil.example', 'http://localhost.evil.example', 'null', 'file:///x', 'http://192.168.1.5:3000'])('refuses Origin %s on loopback', (origin) => {
    expect(originProblem({ origin, host: '127.0.0.1:3000' }, loopback)).toMatch(/Origin/);
  });

  it('refuses a Host that is not this machine on loopback (a rebound name)', () => {
    expect(originProblem({ host: 'evil.example:3000' }, loopback)).toMatch(/Host "evil\.example:3000"/);
    expect(originProblem({ host: 'localhost:3000' }, loopback)).toBeUndefined();
  });

  it('allows pages of an address spelled out on the command line', () => {
    expect(originProblem({ origin: 'http://192.168.1.5:8000', host: '192.168.1.5:3000' }, lan)).toBeUndefined();
    expect(originProblem({ origin: 'http://evil.example', host: '192.168.1.5:3000' }, lan)).toMatch(/not allowed/);
  });
});
