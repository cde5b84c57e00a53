import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { serveStdio, serveHttp } from '@course/learner';
import { agrees, errorMessage, ids, invalidRequests, jsonTexts, jsonValues, names, notJson, params, taskFreedoms, unknownNames } from '@course/check';

// The task's domain: message texts of every kind, spelt with any JSON whitespace: requests with an
// id of any JSON-RPC kind (MCP's strings and integers, and null, fractions, true, objects that
// decode rejects) for ping, tools/list, tools/call (echo with a string text, or any other tool
// name) and any other name; notifications for any method; messages that break one rule of the
// envelope; JSON-RPC responses; JSON that is no object; text that is not JSON. stdio inputs are
// sessions of such lines with blank lines (spaces, tabs, a \r), \r\n endings and a final newline
// or none; HTTP requests carry any method (POST, other verbs, post in lower case), any body, and
// headers of any kind, or none (the table decides by the method and the body alone).
//
// What the task leaves free, each freedom with the task sentence it stands for:
// - "a short, non-empty `message`" (errorMessage, inside every reply)
// - "the checks parse each line, so key order is free, and so is the order of the lines"; "Each
//   reply line is compact JSON ending in `\n`" (framing: the output becomes its list of parsed
//   lines, sorted; a line that is not compact JSON, or output without its final newline, stays
//   itself)
// - "Header names may be written in any case", "headers the table does not name are free", "the
//   body of a 405 is yours", "202 | any headers" (framing: a response becomes its status, the
//   header the table names for it and its body, parsed when it is JSON text)

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

function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON text of a value with keys sorted, to put parsed lines in one order. */
function sortKey(value) {
  return JSON.stringify(value, (_key, v) => (isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v)) ?? 'undefined';
}

const anyMessage = (reply) => errorMessage.normalize(reply, { name: '', args: [] });

/** What the task fixes of stdio output: its lines, each parsed, in any order. */
function stdioForm(output) {
  if (typeof output !== 'string') return { 'output that is not text': output };
  if (output === '') return { lines: [] };
  if (!output.endsWith('\n')) return { 'output without its final newline': output };
  const lines = output.slice(0, -1).split('\n').map((line) => {
    try {
      const parsed = JSON.parse(line);
      return JSON.stringify(parsed) === line ? anyMessage(parsed) : { 'a line that is not compact JSON': line };
    } catch {
      return { 'a line that is not JSON': line };
    }
  });
  return { lines: lines.map((line) => [sortKey(line), line]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line) };
}

/** What the task fixes of an HTTP response: the status, the header the table names, the body. */
function httpForm(response) {
  if (!isRecord(response)) return { 'a response that is not an object': response };
  const headers = {};
  if (isRecord(response.headers)) for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = value;
  const { status } = response;
  if (status === 405) return { status, allow: headers.allow };
  if (status === 202) return { status, body: Object.hasOwn(response, 'body') ? response.body : '(no body member)' };
  const type = headers['content-type'];
  const contentType = typeof type === 'string' && /^application\/json\s*(;.*)?$/i.test(type) ? 'application/json' : type;
  let body = response.body;
  if (typeof body === 'string') {
    try {
      body = { json: anyMessage(JSON.parse(body)) };
    } catch {
      body = { 'a body that is not JSON': body };
    }
  }
  return { status, 'content-type': contentType, body };
}

/** JSON of a value with every object's keys in reverse order: the same JSON, spelt otherwise. */
function keysReversed(value) {
  if (Array.isArray(value)) return value.map(keysReversed);
  if (!isRecord(value)) return value;
  const out = {};
  for (const key of Object.keys(value).reverse()) Object.defineProperty(out, key, { value: keysReversed(value[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Stdio output with its lines in reverse order, each line's keys reversed (still compact JSON). */
function otherLines(output) {
  if (typeof output !== 'string' || !output.endsWith('\n')) return output;
  const lines = output.slice(0, -1).split('\n').map((line) => {
    try {
      return JSON.stringify(keysReversed(JSON.parse(line)));
    } catch {
      return line;
    }
  });
  return `${lines.reverse().join('\n')}\n`;
}

/** An HTTP response with its header names in capitals, a header of its own, a 405 body of its own and JSON spelt otherwise. */
function otherResponse(response) {
  if (!isRecord(response) || !isRecord(response.headers)) return response;
  const headers = { 'X-Served-By': 'a derived variant' };
  for (const [name, value] of Object.entries(response.headers)) headers[name.replace(/(^|-)([a-z])/g, (_, dash, letter) => dash + letter.toUpperCase())] = value;
  let { body } = response;
  if (response.status === 405) body = 'Only POST, please.';
  else if (typeof body === 'string') {
    try {
      body = JSON.stringify(keysReversed(JSON.parse(body)), null, 2);
    } catch {
      // Not JSON: left as it is.
    }
  }
  return { ...response, headers, body };
}

const framing = {
  name: 'framing',
  says: 'stdio lines and HTTP bodies are compared as the JSON they hold; line order, header-name case, headers the task does not name and the body of a 405 are free',
  normalize: (value, call) => (call.name === 'serveStdio' ? stdioForm(value) : call.name === 'serveHttp' ? httpForm(value) : value),
  vary: (value, call) => (call.name === 'serveStdio' ? otherLines(value) : call.name === 'serveHttp' ? otherResponse(value) : value),
};
const SAME = taskFreedoms([
  [framing, [
    'they parse each stdio line, so key order is free, and so is the order of the lines',
    'the body of a 405 is yours',
    'Header names may be written in any case (`Content-Type` is `content-type`), and headers the table does not name are free',
  ]],
]);

// Message texts, as values first, then spelt.
const METHODS = ['ping', 'tools/list', 'tools/call', 'notifications/initialized'];
const mcpId = ids({ fractions: false });
const anyRpcId = fc.oneof({ arbitrary: mcpId, weight: 4 }, { arbitrary: fc.constantFrom(null, 1.5, -0.5, 1e-7, true, false, {}, [], [1]), weight: 1 });
const objectParams = params({ maxDepth: 1 }).filter((p) => p === undefined || !Array.isArray(p));
const echoCall = fc.record({ text: fc.string({ maxLength: 8 }), extra: fc.constantFrom(undefined, { n: 1 }) }).map(({ text, extra }) => ({ name: 'echo', arguments: extra ? { text, ...extra } : { text } }));
const otherToolCall = fc.record({ name: unknownNames(['echo']), args: fc.option(jsonValues({ maxDepth: 1 }).filter(isRecord), { nil: undefined }) }).map(({ name, args }) => (args === undefined ? { name } : { name, arguments: args }));
const requestBody = fc.oneof(
  { arbitrary: fc.record({ method: fc.constantFrom('ping', 'tools/list'), params: objectParams }), weight: 2 },
  { arbitrary: fc.record({ method: fc.constant('tools/call'), params: fc.oneof(echoCall, otherToolCall) }), weight: 3 },
  { arbitrary: fc.record({ method: unknownNames(METHODS), params: objectParams }), weight: 2 },
);
const withoutUndefined = (msg) => Object.fromEntries(Object.entries(msg).filter(([, v]) => v !== undefined));
const request = (idArb) => fc.record({ id: idArb, body: requestBody }).map(({ id, body }) => withoutUndefined({ jsonrpc: '2.0', id, ...body }));
const notification = fc.oneof(fc.constant({ method: 'notifications/initialized' }), requestBody).map((body) => withoutUndefined({ jsonrpc: '2.0', ...body }));
const response = fc.record({ id: mcpId, result: fc.constantFrom({}, { ok: true }) }).map(({ id, result }) => ({ jsonrpc: '2.0', id, result }));
const invalid = invalidRequests({ ids: mcpId, methods: names(METHODS.slice(0, 2)) }).map(({ message }) => message);
const badParams = fc.record({ id: mcpId, p: fc.constantFrom([], [1], null, 'x', 0) }).map(({ id, p }) => ({ jsonrpc: '2.0', id, method: 'ping', params: p }));
const messageValue = fc.oneof(
  { arbitrary: request(mcpId), weight: 5 },
  { arbitrary: notification, weight: 2 },
  { arbitrary: request(anyRpcId), weight: 2 },
  { arbitrary: fc.oneof(invalid, badParams, response), weight: 2 },
  { arbitrary: fc.constantFrom(0, 1, 'x', '', true, null, [], [1], {}), weight: 1 },
);
/** One message text: JSON of any message value spelt any way, or text that is not JSON. */
const messageText = fc.oneof({ arbitrary: jsonTexts(messageValue), weight: 6 }, { arbitrary: notJson().filter((t) => t.trim() !== ''), weight: 1 });
/** The same, on one line: JSON whitespace \n becomes a space (a raw newline never sits inside a JSON string). */
const lineText = messageText.map((text) => text.replace(/\n/g, ' '));

const blankLine = fc.array(fc.constantFrom(' ', '\t', '\r'), { maxLength: 3 }).map((chars) => chars.join(''));
const stdioInput = fc
  .tuple(fc.array(fc.oneof({ arbitrary: lineText, weight: 4 }, { arbitrary: blankLine, weight: 1 }), { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, end, last]) => lines.join(end) + (last ? end : ''));
const VERBS = ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'post', 'Post', ' POST', 'POST '];
// Request headers: the task's table never looks at them, so any headers, none, or a content-type
// that is not JSON at all get the answer the body and the method decide.
const REQUEST_HEADERS = [HEADERS, {}, { 'Content-Type': 'application/json' }, { 'content-type': 'text/plain' }, { accept: 'application/json' }, { 'content-type': 'application/json; charset=utf-8', accept: 'text/event-stream, application/json' }];
const httpRequest = fc
  .record({ method: fc.oneof({ arbitrary: fc.constant('POST'), weight: 5 }, { arbitrary: fc.constantFrom(...VERBS), weight: 1 }), headers: fc.constantFrom(...REQUEST_HEADERS), body: messageText })
  .map(({ method, headers, body }) => ({ method, headers, body }));
const bothTransports = (text) => [['serveStdio', text + '\n'], ['serveHttp', post(text)]];

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
    expect(response.body, 'a 202 has no body: null').toBeNull();
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

  it('an unknown tool is -32602 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}');
    expect(stdio).toMatchObject({ error: { code: -32602 } });
    expect(http).toEqual(stdio);
  });

  it('an unknown method is -32601 on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":5,"method":"resources/list"}');
    expect(stdio).toMatchObject({ error: { code: -32601 } });
    expect(http).toEqual(stdio);
  });

  it('bytes that are not JSON get the same -32700 error on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":7,');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) });
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
    expect(replies).toContainEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) });
    expect(replies).toContainEqual({ jsonrpc: '2.0', id: 1, result: {} });
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
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: -32601 } });
  });

  it('a notification for an unknown method is still 202 with no body', async () => {
    const response = await serveHttp(post('{"jsonrpc":"2.0","method":"notifications/unknown"}'));
    expect(response.status).toBe(202);
    expect(response.body, 'a 202 has no body: null').toBeNull();
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
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: -32600 } });
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

  it('id null is not a valid MCP request id: -32600 with id null on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":null,"method":"ping"}');
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
    expect(stdio).toMatchObject({ error: { code: -32600 } });
    expect(http).toEqual(stdio);
  });

});

describe('every reply is a whole JSON-RPC response', () => {
  const nonEmpty = expect.stringMatching(/\S/);

  it('each error reply has a short, non-empty message: -32700, -32600, -32601', async () => {
    for (const text of ['{"jsonrpc":', '{"jsonrpc":"2.0","id":16,"method":"nope"}']) {
      const { stdio, http } = await both(text);
      expect(stdio, text).toMatchObject({ error: { message: nonEmpty } });
      expect(http).toEqual(stdio);
    }
  });

  it('tools/list lists the echo tool with its input schema: a required string argument text', async () => {
    const { stdio } = await both('{"jsonrpc":"2.0","id":17,"method":"tools/list"}');
    expect(stdio.result).toEqual({
      tools: [{ name: 'echo', description: expect.any(String), inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }],
    });
  });
});

describe('framing details', () => {
  it('a line of spaces is blank: skipped, not answered as a parse error', async () => {
    expect(stdioReplies(await serveStdio('   \n' + PING + '\n'))).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('an unknown tool (-32602) over HTTP is still a 200: the request was valid', async () => {
    const response = await serveHttp(post('{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"nope","arguments":{}}}'));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: -32602 } });
  });

  it("the request's headers decide nothing: a ping POSTed with a text/plain content-type, or with no headers, is answered 200", async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}]) {
      const response = await serveHttp({ method: 'POST', headers, body: PING });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    }
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

describe('one rule at a time', () => {
  const UNKNOWN_TOOL = '{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"nope","arguments":{}}}';

  it('a notification over HTTP gets no body at all: not the text "null"', async () => {
    expect((await serveHttp(post(INITIALIZED))).body).not.toBe('null');
  });

  it('a notification over HTTP carries no JSON in its body, not even {}', async () => {
    const { body } = await serveHttp(post(INITIALIZED));
    expect(typeof body === 'string' && body !== '', 'the body of a 202 holds JSON text').toBe(false);
  });

  it('the 202 body is null, not the empty string', async () => {
    expect((await serveHttp(post(INITIALIZED))).body).not.toBe('');
  });

  it('a notification on stdio writes no empty line', async () => {
    const output = await serveStdio(INITIALIZED + '\n' + PING + '\n');
    expect(typeof output === 'string' && output.split('\n').slice(0, -1).includes(''), 'an empty line in the output').toBe(false);
  });

  it('a notification on stdio writes no reply line of its own', async () => {
    const output = await serveStdio(INITIALIZED + '\n');
    expect(String(output).split('\n').filter((line) => line.trim() !== '')).toEqual([]);
  });

  it('an unknown tool is not -32601: the method tools/call exists', async () => {
    expect(stdioReplies(await serveStdio(UNKNOWN_TOOL + '\n'))).not.toContainEqual(expect.objectContaining({ error: expect.objectContaining({ code: -32601 }) }));
  });

  it('an unknown tool is not -32603: nothing broke inside the server', async () => {
    expect(stdioReplies(await serveStdio(UNKNOWN_TOOL + '\n'))).not.toContainEqual(expect.objectContaining({ error: expect.objectContaining({ code: -32603 }) }));
  });

  it('the result of echo has a content member', async () => {
    expect(stdioReplies(await serveStdio(ECHO + '\n'))).toEqual([expect.objectContaining({ result: expect.objectContaining({ content: expect.anything() }) })]);
  });

  it('the content of a tool result is a list of blocks', async () => {
    const [reply] = stdioReplies(await serveStdio(ECHO + '\n'));
    expect(reply).toMatchObject({ result: { content: expect.any(Array) } });
  });

  it('an invalid message over HTTP is a 400, like a body that is not JSON', async () => {
    expect(await serveHttp(post('{"jsonrpc":"2.0","id":31}'))).toMatchObject({ status: 400 });
  });

  it('an id of 1.5 is not an MCP request id: -32600 with id null on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":1.5,"method":"ping"}');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) });
    expect(http).toEqual(stdio);
  });

  it('post in lower case is not POST: 405', async () => {
    expect(await serveHttp({ method: 'post', headers: HEADERS, body: PING })).toMatchObject({ status: 405 });
  });

  it('a request with id 0 is answered on both', async () => {
    const { stdio, http } = await both('{"jsonrpc":"2.0","id":0,"method":"ping"}');
    expect(stdio).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
    expect(http).toEqual(stdio);
  });

  it('a request line ending in \\r\\n is answered with a line ending in \\n alone', async () => {
    const output = await serveStdio(PING + '\r\n');
    expect(stdioReplies(output)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(output.includes('\r'), 'a \\r in the output').toBe(false);
  });
});

describe('every input of the task (generated)', () => {
  it("decode keeps MCP's rules on either transport: an id is a string or an integer, never null or a fraction, and params is an object", () =>
    agrees({
      input: fc.tuple(jsonTexts(fc.oneof(request(anyRpcId), badParams, invalid)).map((t) => t.replace(/\n/g, ' ')), fc.boolean()),
      calls: ([text, overStdio]) => (overStdio ? [['serveStdio', text + '\n']] : [['serveHttp', post(text)]]),
      same: SAME,
    }));

  it('one table: every method, tool and notification is answered the same on stdio and on HTTP', () =>
    agrees({ input: jsonTexts(fc.oneof(request(mcpId), notification)).map((t) => t.replace(/\n/g, ' ')), calls: bothTransports, same: SAME }));

  it('stdio writes one compact line per reply: blank lines skipped, every other line answered, the last with or without its newline', () =>
    agrees({ input: stdioInput, calls: (input) => [['serveStdio', input]], same: SAME }));

  it('HTTP answers 200 for a request, 202 with body null for a notification, 400 for a body decode rejects, 405 for anything but POST', () =>
    agrees({ input: httpRequest, calls: (req) => [['serveHttp', req]], same: SAME }));

});
