import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

const request = (id, method, params) => ({ jsonrpc: '2.0', id, method, params });

function expectMethodNotFound(reply, id) {
  expect(reply).toEqual({ jsonrpc: '2.0', id, error: expect.objectContaining({ code: -32601, message: expect.any(String) }) });
}

describe('examples', () => {
  it('ping is answered with {}', async () => {
    expect(await route(request(1, 'ping', {}))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('"toString" is not a method of this server: -32601', async () => {
    expectMethodNotFound(await route(request(2, 'toString', {})), 2);
  });
});

describe('names every object inherits', () => {
  it('"constructor" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(3, 'constructor', {})), 3);
  });

  it('"__proto__" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(4, '__proto__', {})), 4);
  });

  it('"hasOwnProperty" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(5, 'hasOwnProperty', {})), 5);
  });

  it('"valueOf" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(6, 'valueOf', {})), 6);
  });

  it('"isPrototypeOf" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(7, 'isPrototypeOf', {})), 7);
  });

  it('"__defineGetter__" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(8, '__defineGetter__', {})), 8);
  });

  it('a notification named "toString" gets null', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'toString' })).toBeNull();
  });
});

describe('real methods still work', () => {
  it('add returns the sum of its params', async () => {
    expect(await route(request(10, 'add', { a: 2, b: 3 }))).toEqual({ jsonrpc: '2.0', id: 10, result: { sum: 5 } });
  });

  it('an unknown method is -32601', async () => {
    expectMethodNotFound(await route(request(11, 'tools/list', {})), 11);
  });

  it('a request with id 0 is answered', async () => {
    expect(await route(request(0, 'ping', {}))).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('a notification for a real method gets null', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
  });
});

describe('the error reply', () => {
  it('the -32601 reply carries a short, non-empty message', async () => {
    const reply = await route(request(12, 'toString', {}));
    expect(reply.error.message).toEqual(expect.stringMatching(/\S/));
  });
});
