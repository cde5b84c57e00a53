import { describe, it, expect } from 'vitest';
import { serveStdio, serveHttp } from '@course/learner';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const post = (body) => ({ method: 'POST', headers: HEADERS, body });

/** Header names are case-insensitive in HTTP: `Content-Type` and `content-type` are one header. */
function header(response, name) {
  const headers = response.headers || {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Splits stdio output into parsed replies, checking the framing: every reply is one line ending in "\n". */
function stdioReplies(output) {
  expect(typeof output, 'serveStdio returns the output as a string').toBe('string');
  if (output === '') return [];
  expect(output.endsWith('\n'), 'every reply line ends with a newline, the last one too').toBe(true);
  return output
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** Sends one message over both transports and returns both replies, parsed. */
async function both(text) {
  const lines = stdioReplies(await serveStdio(text + '\n'));
  expect(lines.length, 'stdio writes exactly one line for one request').toBe(1);
  const response = await serveHttp(post(text));
  expect(typeof response.body, 'the HTTP body of a reply is JSON text').toBe('string');
  return { stdio: lines[0], http: JSON.parse(response.body) };
}

const byId = (a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0);

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
const ECHO = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}';
const ECHO_RESULT = { content: [{ type: 'text', text: 'hi' }] };

describe('examples', () => {
  it('stdio answers a ping line with one JSON line', async () => {
    expect(stdioReplies(await serveStdio(PING + '\n'))).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('HTTP answers a ping POST with 200, application/json and the reply', async () => {
    const response = await serveHttp(post(PING));
    expect(response.status).toBe(200);
    expect(header(response, 'content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('HTTP answers a notification with 202 and no body', async () => {
    const response = await serveHttp(post(INITIALIZED));
    expect(response.status).toBe(202);
    // No body: null, undefined and the empty string all mean that nothing is sent.
    expect(response.body ?? '').toBe('');
  });

  it('tools/call echo gets the same reply on stdio and on HTTP', async () => {
    const { stdio, http } = await both(ECHO);
    expect(stdio).toEqual({ jsonrpc: '2.0', id: 2, result: ECHO_RESULT });
    expect(http).toEqual(stdio);
  });
});

describe('one table behind both transports', () => {
  it('tools/call is answered on stdio too, with an MCP tool result', async () => {
    expect(stdioReplies(await serveStdio(ECHO + '\n'))).toEqual([{ jsonrpc: '2.0', id: 2, result: ECHO_RESULT }]);
  });

  it('tools/call over HTTP returns content as a list of text blocks', async () => {
    expect(JSON.parse((await serveHttp(post(ECHO))).body)).toEqual({ jsonrpc: '2.0', id: 2, result: ECHO_RESULT });
  });

  it('ping is answered the same on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":"p","method":"ping"}');
    expect(http).toEqual(stdio);
  });

  it('tools/list is answered the same on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":3,"method":"tools/list"}');
    expect(stdio.result.tools.map((t) => t.name)).toEqual(['echo']);
    expect(http).toEqual(stdio);
  });

  it('an unknown tool is -32602 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}');
    expect(stdio.error.code).toBe(-32602);
    expect(http).toEqual(stdio);
  });

  it('an unknown method is -32601 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":5,"method":"resources/list"}');
    expect(stdio.error.code).toBe(-32601);
    expect(http).toEqual(stdio);
  });

  it('the inherited name toString is -32601 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":6,"method":"toString"}');
    expect(stdio.error.code).toBe(-32601);
    expect(http).toEqual(stdio);
  });

  it('bytes that are not JSON get the same -32700 error on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":7,');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) });
    expect(http).toEqual(stdio);
  });

  it('an invalid request gets the same -32600 error on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":8}');
    expect(stdio.error.code).toBe(-32600);
    expect(http).toEqual(stdio);
  });
});

describe('stdio framing', () => {
  it('two request lines get two reply lines', async () => {
    const replies = stdioReplies(await serveStdio(PING + '\n' + ECHO + '\n'));
    expect(replies.sort(byId)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: ECHO_RESULT },
    ]);
  });

  it('a notification writes nothing: the output is the empty string', async () => {
    expect(await serveStdio(INITIALIZED + '\n')).toBe('');
  });

  it('a notification between two requests writes no line of its own', async () => {
    const replies = stdioReplies(await serveStdio(PING + '\n' + INITIALIZED + '\n' + ECHO + '\n'));
    expect(replies.map((r) => r.id).sort()).toEqual([1, 2]);
  });

  it('blank lines are skipped, not answered as parse errors', async () => {
    const replies = stdioReplies(await serveStdio('\n' + PING + '\n\n\n'));
    expect(replies).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('each reply is written on one line, never pretty-printed over several', async () => {
    const output = await serveStdio(ECHO + '\n');
    expect(output.split('\n')).toHaveLength(2);
  });

  it('a line that is not JSON gets a -32700 line, and the next line is still answered', async () => {
    const replies = stdioReplies(await serveStdio('hello?\n' + PING + '\n'));
    expect(replies).toHaveLength(2);
    expect(replies.find((r) => r.id === null).error.code).toBe(-32700);
    expect(replies.find((r) => r.id === 1).result).toEqual({});
  });

  it('the last message is answered even without a final newline', async () => {
    expect(stdioReplies(await serveStdio(PING))).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('the last reply line ends with a newline too: every reply is JSON.stringify(reply) + "\\n"', async () => {
    // Only the end of the output is looked at here: how the reply is laid out has tests of its own.
    const output = await serveStdio(PING + '\n' + ECHO + '\n');
    expect(output.slice(-1)).toBe('\n');
  });

  it('a reply has no newline inside it: the only newline is the one that ends its line', async () => {
    // Only the inside of the reply is looked at here: the newline at its end has a test of its own.
    const output = await serveStdio(ECHO + '\n');
    expect(output.replace(/\n$/, '')).not.toContain('\n');
  });
});

describe('HTTP framing', () => {
  it('an unknown method is still a 200: the JSON-RPC error is the answer to a valid request', async () => {
    const response = await serveHttp(post('{"jsonrpc":"2.0","id":9,"method":"nope"}'));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).error.code).toBe(-32601);
  });

  it('a notification for an unknown method is still 202 with no body', async () => {
    const response = await serveHttp(post('{"jsonrpc":"2.0","method":"notifications/unknown"}'));
    expect(response.status).toBe(202);
    // No body: null, undefined and the empty string all mean that nothing is sent.
    expect(response.body ?? '').toBe('');
  });

  it('a notification gets status 202 Accepted, not 200: there is no reply to carry', async () => {
    // Only the status is looked at here: the empty body has tests of its own.
    const response = await serveHttp(post(INITIALIZED));
    expect(response.status).toBe(202);
  });

  it('GET is answered 405', async () => {
    const response = await serveHttp({ method: 'GET', headers: { accept: 'text/event-stream' }, body: '' });
    expect(response.status).toBe(405);
  });

  it('a 405 names POST in its allow header', async () => {
    const response = await serveHttp({ method: 'PUT', headers: HEADERS, body: PING });
    expect(response.status).toBe(405);
    expect(String(header(response, 'allow'))).toMatch(/POST/);
  });

  it('a body that is not JSON is answered 400 with a -32700 error and id null', async () => {
    const response = await serveHttp(post('{"jsonrpc":'));
    expect(response.status).toBe(400);
    expect(header(response, 'content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) });
  });

  it('a body that is JSON but not a valid message is answered 400 with -32600', async () => {
    const response = await serveHttp(post('{"foo":"boo"}'));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error.code).toBe(-32600);
  });

  it('the reply to a request comes back with content-type application/json', async () => {
    const response = await serveHttp(post(ECHO));
    expect(header(response, 'content-type')).toMatch(/^application\/json/);
  });
});

describe('decode keeps MCP rules on both transports', () => {
  it('a body of JSON null is not a message: 400 with -32600 and id null, the same line on stdio', async () => {
    const response = await serveHttp(post('null'));
    expect(response.status).toBe(400);
    const { stdio, http } = await both('null');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) });
    expect(http).toEqual(stdio);
  });

  it('a JSON number is not a message: -32600 with id null on both', async () => {
    const { stdio, http } = await both('42');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) });
    expect(http).toEqual(stdio);
  });

  it('a string id is echoed unchanged on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":"req-1","method":"ping"}');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: 'req-1', result: {} });
    expect(http).toEqual(stdio);
  });

  it('id null is not a valid MCP request id: -32600 with id null on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":null,"method":"ping"}');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) });
    expect(http).toEqual(stdio);
  });

  it('an id that is true is invalid: -32600 with id null on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":true,"method":"ping"}');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) });
    expect(http).toEqual(stdio);
  });

  it('an invalid message without an id gets -32600 with id null on both, never a reply without id', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","method":1}');
    expect(Object.keys(stdio).sort()).toEqual(['error', 'id', 'jsonrpc']);
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) });
    expect(http).toEqual(stdio);
  });

  it('params that is an array is invalid in MCP: -32600 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":11,"method":"ping","params":[1]}');
    expect(stdio.error.code).toBe(-32600);
    expect(http).toEqual(stdio);
  });

  it('params that is null is invalid: -32600 on both, although typeof null is "object"', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":12,"method":"ping","params":null}');
    expect(stdio.error.code).toBe(-32600);
    expect(http).toEqual(stdio);
  });

  it('params that is a string is invalid: -32600 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":13,"method":"ping","params":"x"}');
    expect(stdio.error.code).toBe(-32600);
    expect(http).toEqual(stdio);
  });

  it('jsonrpc "1.0" is invalid: -32600 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"1.0","id":14,"method":"ping"}');
    expect(stdio.error.code).toBe(-32600);
    expect(http).toEqual(stdio);
  });
});

describe('every reply is a whole JSON-RPC response', () => {
  const nonEmpty = expect.stringMatching(/\S/);

  it('each error reply has a short, non-empty message: -32700, -32600, -32601', async () => {
    for (const text of ['{"jsonrpc":', '42', '{"jsonrpc":"2.0","id":15}', '{"jsonrpc":"2.0","id":16,"method":"nope"}']) {
      const { stdio, http } = await both(text);
      expect(stdio.error.message, text).toEqual(nonEmpty);
      expect(http).toEqual(stdio);
    }
  });

  it('tools/list lists the echo tool with its input schema: a required string argument text', async () => {
    const { stdio } = await both('{"jsonrpc":"2.0","id":17,"method":"tools/list"}');
    expect(stdio.result).toEqual({
      tools: [{ name: 'echo', description: expect.any(String), inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }],
    });
  });

  it('a tools/call that makes echo fail (no arguments) is an error reply with a numeric code and a message, the same on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"echo"}}');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: 18, error: { code: expect.any(Number), message: nonEmpty } });
    expect([-32602, -32603]).toContain(stdio.error.code);
    expect(http).toEqual(stdio);
  });

  it('notifications/initialized sent with an id still gets a reply with a result or an error', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":19,"method":"notifications/initialized"}');
    expect('result' in stdio || 'error' in stdio).toBe(true);
    expect(http).toEqual(stdio);
  });
});

describe('framing details', () => {
  it('a line of spaces is blank: skipped, not answered as a parse error', async () => {
    expect(stdioReplies(await serveStdio('   \n' + PING + '\n'))).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('an unknown tool (-32602) over HTTP is still a 200: the request was valid', async () => {
    const response = await serveHttp(post('{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"nope","arguments":{}}}'));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).error.code).toBe(-32602);
  });

  it('PUT and DELETE are answered 405 too: only POST carries messages', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await serveHttp({ method, headers: HEADERS, body: PING });
      expect(response.status, method).toBe(405);
      expect(String(header(response, 'allow')), method).toMatch(/POST/);
    }
  });

  it('the 400 for an invalid message comes with content-type application/json', async () => {
    const response = await serveHttp(post('{"foo":"boo"}'));
    expect(header(response, 'content-type')).toMatch(/^application\/json/);
  });
});
