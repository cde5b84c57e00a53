import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

const call = (id, name, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

// A successful tool result may leave out isError or set it to false: both mean "no error".
function expectToolSuccess(reply, id, text) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
  expect(reply).not.toHaveProperty('error');
  expect(reply.result.isError ?? false).toBe(false);
}

function expectToolError(reply, id) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, result: { isError: true } });
  expect(reply).not.toHaveProperty('error');
  expect(reply.result.content).toHaveLength(1);
  expect(reply.result.content[0].type).toBe('text');
  expect(typeof reply.result.content[0].text).toBe('string');
}

function expectProtocolError(reply, id, code) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  expect(reply).not.toHaveProperty('result');
  expect(typeof reply.error.message).toBe('string');
}

describe('examples', () => {
  it('tools/list names both tools with their input schemas', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'add',
            description: 'Add two numbers.',
            inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
          },
          {
            name: 'divide',
            description: 'Divide a by b.',
            inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
          },
        ],
      },
    });
  });

  it('calling add with 2 and 3 answers the text "5"', async () => {
    expectToolSuccess(await route(call(2, 'add', { a: 2, b: 3 })), 2, '5');
  });

  it('dividing by zero is a tool error: a result with isError true, not an error envelope', async () => {
    const reply = await route(call(3, 'divide', { a: 1, b: 0 }));
    expectToolError(reply, 3);
    expect(reply.result.content[0].text).toBe('Cannot divide by zero.');
  });

  it('an unknown tool is a protocol error -32602', async () => {
    expectProtocolError(await route(call(4, 'multiply', { a: 2, b: 3 })), 4, -32602);
  });
});

describe('tool results', () => {
  it('dividing 7 by 2 answers the text "3.5"', async () => {
    expectToolSuccess(await route(call(10, 'divide', { a: 7, b: 2 })), 10, '3.5');
  });

  it('a call with a missing required argument is a tool error, as input validation is since 2025-11-25', async () => {
    expectToolError(await route(call(11, 'add', { a: 2 })), 11);
  });

  it('a call without any arguments is a tool error, not a crash', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'add' } });
    expectToolError(reply, 12);
  });

  it('the thrown message becomes the text of the tool error', async () => {
    const reply = await route(call('s-1', 'divide', { a: 5, b: 0 }));
    expectToolError(reply, 's-1');
    expect(reply.result.content[0].text).toBe('Cannot divide by zero.');
  });
});

describe('protocol errors', () => {
  it('an unknown tool answers -32602 (invalid params), not -32601: the method tools/call exists', async () => {
    expectProtocolError(await route(call(20, 'sqrt', { a: 4 })), 20, -32602);
  });

  it('a tool named toString is unknown: only own entries of the table are tools', async () => {
    expectProtocolError(await route(call(21, 'toString', {})), 21, -32602);
  });

  it('a tool named __proto__ is unknown too', async () => {
    expectProtocolError(await route(call(22, '__proto__', {})), 22, -32602);
  });

  it('an unknown method answers -32601', async () => {
    expectProtocolError(await route({ jsonrpc: '2.0', id: 23, method: 'resources/list', params: {} }), 23, -32601);
  });
});

describe('envelopes', () => {
  it('a request with id 0 is answered', async () => {
    expectToolSuccess(await route(call(0, 'add', { a: 1, b: 1 })), 0, '2');
  });

  it('tools/list without params is answered', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 30, method: 'tools/list' });
    expect(reply.result.tools.map((tool) => tool.name)).toEqual(['add', 'divide']);
  });

  it('a tools/call notification (no id) gets no reply, even when the tool fails', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'divide', arguments: { a: 1, b: 0 } } })).toBeNull();
  });

  it('a string id is echoed unchanged', async () => {
    expectToolSuccess(await route(call('abc', 'add', { a: -1, b: 1 })), 'abc', '0');
  });
});

describe('what the texts and messages say', () => {
  it('the tool error for missing arguments names what is missing, as a word of its text', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 40, method: 'tools/call', params: { name: 'divide', arguments: {} } });
    expectToolError(reply, 40);
    expect(reply.result.content[0].text).toMatch(/\b(a|b)\b/);
  });

  it('the -32601 and -32602 replies carry a short, non-empty message', async () => {
    const unknownMethod = await route({ jsonrpc: '2.0', id: 41, method: 'resources/list', params: {} });
    const unknownTool = await route(call(42, 'sqrt', { a: 4 }));
    expect(unknownMethod.error.message).toEqual(expect.stringMatching(/\S/));
    expect(unknownTool.error.message).toEqual(expect.stringMatching(/\S/));
  });
});
