import { describe, it, expect, beforeEach } from 'vitest';
import fc from 'fast-check';
import { route, write, reset } from '@course/learner';
import { agrees, client, errorMessage, ids, INHERITED_NAMES, nearMisses, taskFreedoms, unknownNames } from '@course/check';

// The task's domain: after reset(), messages of every kind (an id that is a string or an integer,
// or no id member at all) to the five resource methods and to any other name; params absent or an
// object, whose uri is absent, a string of any kind (the table's URIs, their near misses, URIs of
// the template with ids of every kind and its near misses, keys every object inherits, any text)
// or no string at all, whose cursor (for the lists) is absent or of any JSON kind, with other
// members beside them (_meta, keys named as every object's methods, an own "__proto__" holding a
// uri or a cursor); and sessions of such messages with write(uri, text, peer) of any URI and any
// text and further resets between them, each session ending with a read and a write of the
// watched resource so that the state it left behind is seen.
//
// What the task leaves free is declared in SAME below, with the words that grant it.
const SAME = taskFreedoms([[errorMessage, 'its `message` is a short, non-empty string of your choice']]);

const METHODS = ['resources/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe'];
const TEXT = 'test://static-text';
const BINARY = 'test://static-binary';
const WATCHED = 'test://watched-resource';
const TABLE = [TEXT, BINARY, WATCHED];
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const LISTED = [
  { uri: TEXT, name: 'static-text', title: 'Static text', description: 'A text that never changes.', mimeType: 'text/plain' },
  { uri: BINARY, name: 'static-binary', title: 'Static binary', description: 'A PNG image of one red pixel.', mimeType: 'image/png' },
  { uri: WATCHED, name: 'watched-resource', title: 'Watched resource', description: 'A text that write() changes.', mimeType: 'text/plain' },
];
const TEMPLATE = { uriTemplate: 'test://template/{id}/data', name: 'template', title: 'Data by id', description: 'JSON data about one id.', mimeType: 'application/json' };

const request = (id, method, params) => (params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
const ok = (id, result) => ({ jsonrpc: '2.0', id, result });
const read = (id, uri) => request(id, 'resources/read', { uri });
const sub = (id, uri) => request(id, 'resources/subscribe', { uri });
const unsub = (id, uri) => request(id, 'resources/unsubscribe', { uri });
const templateText = (id) => JSON.stringify({ id, templateTest: true, data: 'Data for ID: ' + id });
const updated = (uri) => ({ from: 'router', message: { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } } });

function expectError(reply, id, code) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  expect(reply).not.toHaveProperty('result');
  expect(reply.error.message).toEqual(expect.stringMatching(/\S/));
}

function expectNotFound(reply, id, uri) {
  expectError(reply, id, -32002);
  expect(reply.error.data).toStrictEqual({ uri });
}

/** What the client hears from write(uri, text): the notifications it was sent, in order. */
async function heard(uri, text) {
  const talk = await write(uri, text, client());
  return talk.exchange;
}

/** An object with these own entries, defined (an own "__proto__" stays a key, as JSON.parse makes it). */
function objectOf(entries) {
  const out = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

describe('examples', () => {
  beforeEach(async () => {
    await reset();
  });

  it('resources/list names the three resources of the table, without their contents', async () => {
    expect(await route({ jsonrpc: '2.0', id: 1, method: 'resources/list' })).toStrictEqual(ok(1, { resources: LISTED }));
  });

  it('reading test://static-text answers its text with its uri and mimeType', async () => {
    expect(await route(read(2, TEXT))).toStrictEqual(ok(2, { contents: [{ uri: TEXT, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] }));
  });

  it('reading test://template/42/data goes through the template', async () => {
    expect(await route({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://template/42/data' } })).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { contents: [{ uri: 'test://template/42/data', mimeType: 'application/json', text: '{"id":"42","templateTest":true,"data":"Data for ID: 42"}' }] },
    });
  });

  it('an unknown URI is -32002 with the URI in data', async () => {
    expectNotFound(await route(read(3, 'test://nowhere')), 3, 'test://nowhere');
  });

  it('after subscribing to the watched resource, a write sends notifications/resources/updated', async () => {
    expect(await route(sub(4, WATCHED))).toStrictEqual(ok(4, {}));
    const talk = await write(WATCHED, 'new text', client());
    expect(talk.exchange).toStrictEqual([updated(WATCHED)]);
    expect(await route(read(5, WATCHED))).toStrictEqual(ok(5, { contents: [{ uri: WATCHED, mimeType: 'text/plain', text: 'new text' }] }));
  });
});

describe('lists', () => {
  beforeEach(async () => {
    await reset();
  });

  it('resources/templates/list answers the one template with its five members', async () => {
    expect(await route(request(10, 'resources/templates/list'))).toStrictEqual(ok(10, { resourceTemplates: [TEMPLATE] }));
  });

  it('the list has nothing beside resources: no nextCursor, since everything fits on one page', async () => {
    const reply = await route(request(11, 'resources/list', {}));
    expect(reply).toMatchObject({ result: { resources: expect.any(Array) } });
    expect(Object.keys(reply.result)).toEqual(['resources']);
  });

  it('a cursor this server never gave out is invalid: -32602 for both lists', async () => {
    expectError(await route(request(12, 'resources/list', { cursor: 'page-2' })), 12, -32602);
    expectError(await route(request(13, 'resources/templates/list', { cursor: 'page-2' })), 13, -32602);
  });

  it('an empty cursor is a cursor too: -32602', async () => {
    expectError(await route(request(14, 'resources/list', { cursor: '' })), 14, -32602);
  });

  it('a list request with a _meta and no cursor is answered', async () => {
    expect(await route(request(15, 'resources/list', { _meta: { progressToken: 1 } }))).toStrictEqual(ok(15, { resources: LISTED }));
  });

  it('listing after a write still lists the same three entries', async () => {
    await heard(WATCHED, 'changed');
    expect(await route(request(16, 'resources/list'))).toStrictEqual(ok(16, { resources: LISTED }));
  });
});

describe('reading', () => {
  beforeEach(async () => {
    await reset();
  });

  it('the binary resource is read as a base64 blob, with no text member', async () => {
    expect(await route(read(20, BINARY))).toStrictEqual(ok(20, { contents: [{ uri: BINARY, mimeType: 'image/png', blob: PNG }] }));
  });

  it('the watched resource reads as its first text after reset', async () => {
    expect(await route(read(21, WATCHED))).toStrictEqual(ok(21, { contents: [{ uri: WATCHED, mimeType: 'text/plain', text: 'Watched resource content' }] }));
  });

  it('a template id is taken as it stands in the URI: %2F and %20 are not decoded', async () => {
    for (const id of ['a%2Fb', 'x%20y', '%']) {
      const uri = `test://template/${id}/data`;
      expect(await route(read(22, uri))).toStrictEqual(ok(22, { contents: [{ uri, mimeType: 'application/json', text: templateText(id) }] }));
    }
  });

  it('a template id may be any text without a slash: spaces, toString, é, ..', async () => {
    for (const id of ['a b', 'toString', 'é', '..', '0']) {
      const uri = `test://template/${id}/data`;
      expect(await route(read(23, uri))).toStrictEqual(ok(23, { contents: [{ uri, mimeType: 'application/json', text: templateText(id) }] }));
    }
  });

  it('an empty template id names nothing: test://template//data is -32002', async () => {
    expectNotFound(await route(read(24, 'test://template//data')), 24, 'test://template//data');
  });

  it('an id with a slash in it names nothing: test://template/1/2/data is -32002', async () => {
    expectNotFound(await route(read(25, 'test://template/1/2/data')), 25, 'test://template/1/2/data');
  });

  it('nothing may come before test:// or after /data', async () => {
    expectNotFound(await route(read(26, 'xtest://template/1/data')), 26, 'xtest://template/1/data');
    expectNotFound(await route(read(27, 'test://template/1/data/')), 27, 'test://template/1/data/');
    expectNotFound(await route(read(28, 'test://template/1/data?x=1')), 28, 'test://template/1/data?x=1');
  });

  it('URIs are compared exactly: a trailing space or capitals name no resource', async () => {
    expectNotFound(await route(read(29, 'test://static-text ')), 29, 'test://static-text ');
    expectNotFound(await route(read(30, 'TEST://STATIC-TEXT')), 30, 'TEST://STATIC-TEXT');
  });

  it('a URI named as a key every object inherits names nothing: toString and __proto__ are -32002', async () => {
    expectNotFound(await route(read(31, 'toString')), 31, 'toString');
    expectNotFound(await route(read(32, '__proto__')), 32, '__proto__');
  });

  it('resource not found is -32002 in 2025-11-25, not the -32602 that 2026-07-28 uses', async () => {
    expect(await route(read(39, 'test://gone'))).toMatchObject({ jsonrpc: '2.0', id: 39, error: { code: -32002 } });
  });

  it('the -32002 error carries exactly data: { uri } with the URI as sent', async () => {
    const reply = await route(read(33, 'test://a b'));
    expect(reply).toMatchObject({ error: { code: -32002 } });
    expect(Object.keys(reply.error).sort()).toEqual(['code', 'data', 'message']);
    expect(reply.error.data).toStrictEqual({ uri: 'test://a b' });
  });

  it('a read without params is -32602, not a crash', async () => {
    expectError(await route(request(34, 'resources/read')), 34, -32602);
  });

  it('a uri that is not a string is -32602, not -32002: 42, null and a list', async () => {
    for (const uri of [42, null, [TEXT]]) expectError(await route(request(35, 'resources/read', { uri })), 35, -32602);
  });

  it('params without a uri is -32602', async () => {
    expectError(await route(request(36, 'resources/read', { url: TEXT })), 36, -32602);
  });

  it('-32601 and -32602 errors carry only code and message', async () => {
    const invalid = await route(request(37, 'resources/read', {}));
    const unknown = await route(request(38, 'resources/get', { uri: TEXT }));
    expect(Object.keys(invalid.error).sort()).toEqual(['code', 'message']);
    expect(Object.keys(unknown.error).sort()).toEqual(['code', 'message']);
  });
});

describe('subscriptions', () => {
  beforeEach(async () => {
    await reset();
  });

  it('a write nobody subscribed to changes the text and sends nothing', async () => {
    expect(await heard(WATCHED, 'quiet')).toStrictEqual([]);
    expect(await route(read(40, WATCHED))).toMatchObject({ result: { contents: [{ text: 'quiet' }] } });
  });

  it('the notification carries only the uri: the client reads the new text itself', async () => {
    await route(sub(41, WATCHED));
    const [row] = await heard(WATCHED, 'v2');
    expect(row).toStrictEqual(updated(WATCHED));
  });

  it('subscribing twice is one subscription: one notification per write', async () => {
    await route(sub(42, WATCHED));
    await route(sub(43, WATCHED));
    expect(await heard(WATCHED, 'once')).toStrictEqual([updated(WATCHED)]);
  });

  it('every write is a change, even with the same text: two writes, two notifications', async () => {
    await route(sub(44, WATCHED));
    expect(await heard(WATCHED, 'same')).toStrictEqual([updated(WATCHED)]);
    expect(await heard(WATCHED, 'same')).toStrictEqual([updated(WATCHED)]);
  });

  it('after unsubscribing, a write sends nothing', async () => {
    await route(sub(45, WATCHED));
    expect(await route(unsub(46, WATCHED))).toStrictEqual(ok(46, {}));
    expect(await heard(WATCHED, 'silent')).toStrictEqual([]);
  });

  it('one unsubscribe ends a subscription made twice', async () => {
    expect(await route(sub(47, WATCHED))).toStrictEqual(ok(47, {}));
    expect(await route(sub(48, WATCHED))).toStrictEqual(ok(48, {}));
    expect(await route(unsub(49, WATCHED))).toStrictEqual(ok(49, {}));
    expect(await heard(WATCHED, 'gone')).toStrictEqual([]);
  });

  it('subscriptions are per URI: one to static-text does not hear the watched resource', async () => {
    expect(await route(sub(50, TEXT))).toStrictEqual(ok(50, {}));
    expect(await heard(WATCHED, 'other')).toStrictEqual([]);
  });

  it('unsubscribing from another URI leaves the watched subscription in place', async () => {
    await route(sub(51, WATCHED));
    expect(await route(unsub(52, BINARY))).toStrictEqual(ok(52, {}));
    expect(await heard(WATCHED, 'still')).toStrictEqual([updated(WATCHED)]);
  });

  it('unsubscribing from a URI of the table never subscribed answers {}', async () => {
    expect(await route(unsub(53, TEXT))).toStrictEqual(ok(53, {}));
  });

  it('a template URI cannot be subscribed to: -32002, though it can be read', async () => {
    expectNotFound(await route(sub(54, 'test://template/1/data')), 54, 'test://template/1/data');
    expectNotFound(await route(unsub(55, 'test://template/1/data')), 55, 'test://template/1/data');
  });

  it('an unknown URI cannot be subscribed to or unsubscribed from: -32002 with data.uri', async () => {
    expectNotFound(await route(sub(56, 'test://nowhere')), 56, 'test://nowhere');
    expectNotFound(await route(unsub(57, 'toString')), 57, 'toString');
  });

  it('subscribe and unsubscribe without a string uri are -32602', async () => {
    expectError(await route(request(58, 'resources/subscribe')), 58, -32602);
    expectError(await route(request(59, 'resources/unsubscribe', { uri: 1 })), 59, -32602);
  });

  it('a resources/subscribe without an id is a notification: null, and it subscribes nothing', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'resources/subscribe', params: { uri: WATCHED } })).toBeNull();
    expect(await heard(WATCHED, 'unheard')).toStrictEqual([]);
  });

  it('a resources/unsubscribe without an id unsubscribes nothing', async () => {
    await route(sub(60, WATCHED));
    expect(await route({ jsonrpc: '2.0', method: 'resources/unsubscribe', params: { uri: WATCHED } })).toBeNull();
    expect(await heard(WATCHED, 'heard')).toStrictEqual([updated(WATCHED)]);
  });

  it('a write to any other URI changes nothing and sends nothing, even to a subscriber', async () => {
    await route(sub(61, TEXT));
    expect(await heard(TEXT, 'overwritten')).toStrictEqual([]);
    expect(await route(read(62, TEXT))).toMatchObject({ result: { contents: [{ text: 'This is the content of the static text resource.' }] } });
    expect(await heard('test://template/1/data', 'x')).toStrictEqual([]);
    expect(await route(read(63, 'test://template/1/data'))).toMatchObject({ result: { contents: [{ text: templateText('1') }] } });
  });

  it('write returns nothing', async () => {
    const talk = await write(WATCHED, 'x', client());
    expect(talk.reply).toBeUndefined();
  });

  it('reset forgets every subscription and puts the first text back', async () => {
    await route(sub(64, WATCHED));
    await heard(WATCHED, 'before reset');
    await reset();
    expect(await route(read(65, WATCHED))).toMatchObject({ result: { contents: [{ text: 'Watched resource content' }] } });
    expect(await heard(WATCHED, 'after reset')).toStrictEqual([]);
  });
});

describe('envelopes', () => {
  beforeEach(async () => {
    await reset();
  });

  it('a request with id 0 is answered, and the empty string id comes back as the empty string', async () => {
    expect(await route(request(0, 'resources/list'))).toMatchObject({ id: 0, result: { resources: LISTED } });
    expect(await route(request('', 'resources/templates/list'))).toMatchObject({ id: '', result: { resourceTemplates: [TEMPLATE] } });
  });

  it('a notification gets null whatever it asks for, even a read of an unknown URI', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'resources/read', params: { uri: 'test://nowhere' } })).toBeNull();
    expect(await route({ jsonrpc: '2.0', method: 'resources/list' })).toBeNull();
    expect(await route({ jsonrpc: '2.0', method: 'nope' })).toBeNull();
  });

  it('other methods answer -32601: subscriptions/listen belongs to 2026-07-28, resources/templates/read to nobody', async () => {
    for (const method of ['subscriptions/listen', 'resources/templates/read', 'tools/list', 'toString', 'Resources/list']) {
      expectError(await route(request(70, method, { uri: TEXT })), 70, -32601);
    }
  });
});

// ---- generated checks ----

const anyId = ids({ fractions: false });

// Template ids: digits, text with spaces, percent-escapes (never decoded), inherited names, any
// text without a slash, long ones; and URIs that only look like the template's.
const templateIds = fc.oneof(
  { arbitrary: fc.constantFrom('42', '0', 'a b', '%2F', '%20', '%', 'é', '..', '?', '#x', '{id}', 'data', 'toString', '__proto__', 'x'.repeat(120)), weight: 2 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 8, unit: 'binary' }).filter((s) => !s.includes('/')), weight: 2 },
);
const templateUris = templateIds.map((id) => `test://template/${id}/data`);
const TEMPLATE_MISSES = [
  'test://template//data',
  'test://template/1/2/data',
  'test://template/1/data/',
  'test://template/1/data?x=1',
  'xtest://template/1/data',
  ' test://template/1/data',
  'test://template/1/Data',
  'test://template/1',
  'test://template/data',
  'test://template/{id}/data/',
  'test:/template/1/data',
];
const otherUris = fc.oneof(
  { arbitrary: fc.constantFrom(...TABLE.flatMap(nearMisses), ...TEMPLATE_MISSES), weight: 3 },
  { arbitrary: fc.constantFrom(...INHERITED_NAMES, '', 'test://', 'test://nowhere', 'file:///etc/passwd'), weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);
const uris = fc.oneof({ arbitrary: fc.constantFrom(...TABLE), weight: 3 }, { arbitrary: templateUris, weight: 2 }, { arbitrary: otherUris, weight: 3 });
const NOT_STRINGS = [null, 0, 42, true, false, {}, [], [TEXT], { uri: TEXT }];

// Members beside uri and cursor: _meta, names every object has, and an own "__proto__" holding a
// uri or a cursor (which only a copy made with Object.assign would inherit).
const extraMember = fc.constantFrom(
  ['_meta', { progressToken: 1 }],
  ['hasOwnProperty', 1],
  ['toString', 'x'],
  ['constructor', {}],
  ['valueOf', null],
  ['__proto__', { uri: WATCHED, cursor: 'c' }],
  ['url', TEXT],
);
const extras = fc.uniqueArray(extraMember, { maxLength: 2, selector: ([key]) => key });

// params of a read, subscribe or unsubscribe: absent, or an object whose uri is absent, a string
// of any kind or no string, with members beside it.
const uriParams = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 1 },
  {
    arbitrary: fc
      .record({ uri: fc.oneof({ arbitrary: uris, weight: 8 }, { arbitrary: fc.constantFrom('absent', ...NOT_STRINGS), weight: 1 }), extra: extras })
      .map(({ uri, extra }) => objectOf([...(uri === 'absent' ? [] : [['uri', uri]]), ...extra])),
    weight: 9,
  },
);
// params of a list: absent, or an object with a cursor of any kind or none, and members beside it.
const cursors = fc.constantFrom('absent', 'absent', 'absent', 'page-2', '', null, 0, false, {}, [], 'eyJwYWdlIjogMn0=');
const listParams = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.record({ cursor: cursors, extra: extras }).map(({ cursor, extra }) => objectOf([...(cursor === 'absent' ? [] : [['cursor', cursor]]), ...extra])), weight: 4 },
);

const bodyOf = (method, params) => (params === undefined ? { method } : { method, params });
const bodies = fc.oneof(
  { arbitrary: fc.record({ method: fc.constantFrom('resources/read', 'resources/subscribe', 'resources/unsubscribe'), params: uriParams }), weight: 6 },
  { arbitrary: fc.record({ method: fc.constantFrom('resources/list', 'resources/templates/list'), params: listParams }), weight: 2 },
  { arbitrary: fc.record({ method: unknownNames(METHODS), params: fc.oneof(uriParams, listParams) }), weight: 1 },
);
/** A request (an id of any MCP kind) or, now and then, a notification (no id member). */
const messages = fc
  .record({ id: fc.option(anyId, { nil: 'none', freq: 5 }), body: bodies })
  .map(({ id, body }) => ({ jsonrpc: '2.0', ...(id === 'none' ? {} : { id }), ...bodyOf(body.method, body.params) }));

const texts = fc.oneof(fc.constantFrom('', 'Watched resource content', 'v2', 'x'.repeat(200)), fc.string({ maxLength: 8, unit: 'binary' }));
const writes = fc.record({ uri: fc.oneof({ arbitrary: fc.constant(WATCHED), weight: 4 }, { arbitrary: uris, weight: 1 }), text: texts });

// Steps of a session: a message to route, a write, now and then a reset.
const steps = fc.array(
  fc.oneof(
    { arbitrary: messages.map((msg) => ({ op: 'route', msg })), weight: 5 },
    { arbitrary: writes.map((w) => ({ op: 'write', ...w })), weight: 3 },
    { arbitrary: fc.constant({ op: 'reset' }), weight: 1 },
  ),
  { minLength: 1, maxLength: 8 },
);

/** reset(), the steps in order, then a read and a write of the watched resource, which show the state left behind. */
function session(list) {
  const calls = [['reset']];
  for (const step of list) {
    if (step.op === 'route') calls.push(['route', step.msg]);
    else if (step.op === 'write') calls.push(['write', step.uri, step.text, client()]);
    else calls.push(['reset']);
  }
  calls.push(['route', read('probe', WATCHED)], ['write', WATCHED, 'probe', client()]);
  return calls;
}

describe('every message and session of the task (generated)', () => {
  it('every message is answered as a correct router does: notifications null, the five methods, -32602 for a cursor or a bad uri, -32002 with data.uri, -32601 for any other name', () =>
    agrees({ input: messages, calls: (msg) => [['reset'], ['route', msg]], same: SAME }));

  it('reading any URI: the table\'s own, the template\'s with ids of every kind (taken as they stand), and any other, exactly as sent, is -32002', () =>
    agrees({
      input: fc.record({ id: anyId, uri: uris }),
      calls: ({ id, uri }) => [['reset'], ['route', read(id, uri)]],
      same: SAME,
    }));

  it('subscriptions over a session: per URI, one per URI however often made, ended by one unsubscribe or a reset, heard by each write of the watched resource', () =>
    agrees({
      input: fc.array(
        fc.oneof(
          { arbitrary: fc.record({ op: fc.constantFrom('resources/subscribe', 'resources/unsubscribe'), id: fc.option(anyId, { nil: 'none', freq: 6 }), uri: fc.oneof(fc.constantFrom(...TABLE), uris) }), weight: 4 },
          { arbitrary: writes.map((w) => ({ op: 'write', ...w })), weight: 3 },
          { arbitrary: fc.constant({ op: 'reset' }), weight: 1 },
        ),
        { minLength: 1, maxLength: 8 },
      ),
      calls: (list) =>
        session(list.map((s) => (s.op.startsWith('resources/') ? { op: 'route', msg: { jsonrpc: '2.0', ...(s.id === 'none' ? {} : { id: s.id }), method: s.op, params: { uri: s.uri } } } : s))),
      same: SAME,
    }));

  it('any session of messages, writes and resets leaves the state a correct server leaves', () =>
    agrees({ input: steps, calls: session, same: SAME }));
});
