import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, client, errorMessage, ids, jsonValues, names, taskFreedoms, unknownNames } from '@course/check';

// The task's domain: requests (an id that is a string or an integer) and notifications (no id
// member) of prompts/list, prompts/get, logging/setLevel, completion/complete and any other
// method name; prompts/get of any name (the table's, near misses, every name an object inherits)
// with arguments left out or an object of strings under any keys (hasOwnProperty and an own
// __proto__ among them); logging/setLevel with any value as the level, or none, or no params;
// completion/complete with a ref of every type, any prompt name, any argument name and any typed
// prefix, with or without context. Every call gets a client, so every answer is a conversation.
//
// The level is the server's one piece of state. The first test of the file is the only one that
// runs before any logging/setLevel (it sees the default, info); every other check sets a level first.
//
// What the task leaves free: the error message. A call with a client answers with its whole
// conversation, which the library's errorMessage does not reach into, so `messageOfError` below
// applies it to the reply and to each message the router sent.

const PROMPT_NAMES = ['release_notes', 'commit_message', 'changelog_review'];
const METHODS = ['prompts/list', 'prompts/get', 'logging/setLevel', 'completion/complete'];
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isConversation(value) {
  return isRecord(value) && Object.hasOwn(value, 'reply') && Array.isArray(value.exchange);
}

/** `fn` applied to the reply of a conversation and to every message the router sent in it. */
function inConversation(value, fn) {
  if (!isConversation(value)) return fn(value);
  return { ...value, reply: fn(value.reply), exchange: value.exchange.map((row) => (isRecord(row) && row.from === 'router' ? { ...row, message: fn(row.message) } : row)) };
}

const messageOfError = {
  name: 'error-message-in-conversation',
  says: 'an error reply may have any non-empty message, wherever the conversation shows it',
  normalize: (value) => inConversation(value, (reply) => errorMessage.normalize(reply)),
  vary: (value) => inConversation(value, (reply) => errorMessage.vary(reply)),
};

const SAME = taskFreedoms([[messageOfError, 'a short, non-empty `message` of your choice']]);

// Messages, and the rows of a conversation.
const request = (id, method, params) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const notification = (method, params) => ({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
const setLevel = (id, level) => request(id, 'logging/setLevel', { level });
const getPrompt = (id, name, args) => request(id, 'prompts/get', { name, ...(args === undefined ? {} : { arguments: args }) });
const complete = (id, ref, argument, context) => request(id, 'completion/complete', { ref, argument, ...(context === undefined ? {} : { context }) });
const completeVersion = (id, value) => complete(id, { type: 'ref/prompt', name: 'release_notes' }, { name: 'version', value });
const ok = (id, result) => ({ jsonrpc: '2.0', id, result });
const failed = (id, code) => ({ jsonrpc: '2.0', id, error: { code, message: '(any non-empty message)' } });
const logged = (level, data) => ({ from: 'router', message: { jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'prompts', data } } });
const replied = (reply) => ({ from: 'router', message: reply });
const text = (value) => ({ type: 'text', text: value });
const user = (content) => ({ role: 'user', content });

/** What route answers for msg, with a client: { reply, exchange }, the error message taken as free. */
async function talk(msg) {
  return messageOfError.normalize(await route(msg, client()));
}

/** The reply alone, after checking that an error's message is a non-empty string. */
async function replyTo(msg) {
  const { reply } = await route(msg, client());
  if (isRecord(reply) && isRecord(reply.error)) expect(typeof reply.error.message === 'string' && reply.error.message.length > 0, 'an error has a short, non-empty message').toBe(true);
  return messageOfError.normalize(reply);
}

const RELEASE_NOTES = {
  description: 'Drafts the release notes for one version.',
  messages: [user(text('Write the release notes for version 2.9.4.'))],
};
const CHANGELOG = '# Changelog\n\n## 2.9.4\n- Fixed the exit code of --dry-run.\n\n## 2.9.3\n- Faster start-up.\n';

/** The versions, newest first, as the starter builds them. */
const VERSIONS = [];
for (const [major, minors] of [[2, 10], [1, 20]]) {
  for (let minor = minors - 1; minor >= 0; minor--) for (let patch = 4; patch >= 0; patch--) VERSIONS.push(`${major}.${minor}.${patch}`);
}

describe('examples', () => {
  // First in the file: no logging/setLevel has come yet.
  it('before any logging/setLevel the level is info: release_notes logs "Built release_notes" but not its debug line', async () => {
    expect(await talk(getPrompt(1, 'release_notes', { version: '2.9.4' }))).toEqual({
      reply: ok(1, RELEASE_NOTES),
      exchange: [logged('info', 'Built release_notes'), replied(ok(1, RELEASE_NOTES))],
    });
  });

  it('prompts/list lists the three prompts with their titles, descriptions and arguments', async () => {
    expect(await replyTo(request(2, 'prompts/list'))).toEqual(
      ok(2, {
        prompts: [
          { name: 'release_notes', title: 'Release notes', description: 'Drafts the release notes for one version.', arguments: [{ name: 'version', description: 'The version to describe, such as 2.9.4', required: true }] },
          {
            name: 'commit_message',
            title: 'Commit message',
            description: 'Writes a commit message for a diff.',
            arguments: [
              { name: 'diff', description: 'The diff to describe', required: true },
              { name: 'style', description: 'conventional or plain (plain when left out)', required: false },
            ],
          },
          { name: 'changelog_review', title: 'Changelog review', description: 'Asks for a review of the changelog, which it carries.', arguments: [] },
        ],
      }),
    );
  });

  it('logging/setLevel debug answers {}; then release_notes logs its debug line, its info line, then replies', async () => {
    expect(await replyTo(setLevel(1, 'debug'))).toEqual(ok(1, {}));
    expect(await talk(getPrompt(2, 'release_notes', { version: '2.9.4' }))).toEqual({
      reply: ok(2, RELEASE_NOTES),
      exchange: [logged('debug', 'prompts/get release_notes'), logged('info', 'Built release_notes'), replied(ok(2, RELEASE_NOTES))],
    });
  });

  it('at level warning the same request sends only the reply', async () => {
    await route(setLevel(1, 'warning'), client());
    expect((await talk(getPrompt(2, 'release_notes', { version: '2.9.4' }))).exchange).toEqual([replied(ok(2, RELEASE_NOTES))]);
  });

  it('at level warning, an unknown prompt sends its warning, then error -32602', async () => {
    await route(setLevel(1, 'warning'), client());
    expect((await talk(getPrompt(3, 'release_note', { version: '2.9.4' }))).exchange).toEqual([logged('warning', 'Unknown prompt: release_note'), replied(failed(3, -32602))]);
  });

  it('changelog_review carries the changelog as an embedded resource, then asks for the review', async () => {
    expect(await replyTo(getPrompt(4, 'changelog_review'))).toEqual(
      ok(4, {
        description: 'Asks for a review of the changelog, which it carries.',
        messages: [
          user({ type: 'resource', resource: { uri: 'file:///CHANGELOG.md', mimeType: 'text/markdown', text: CHANGELOG } }),
          user(text('Review the changelog above: does it name every change of the last release?')),
        ],
      }),
    );
  });

  it('the version of release_notes completes "2.1" to its five versions, newest first', async () => {
    expect(await replyTo(completeVersion(5, '2.1'))).toEqual(ok(5, { completion: { values: ['2.1.4', '2.1.3', '2.1.2', '2.1.1', '2.1.0'], total: 5, hasMore: false } }));
  });

  it('an empty value matches all 150 versions: the 100 newest, total 150, hasMore true', async () => {
    expect(await replyTo(completeVersion(6, ''))).toEqual(ok(6, { completion: { values: VERSIONS.slice(0, 100), total: 150, hasMore: true } }));
  });
});

describe('prompts/get', () => {
  it('commit_message puts its style and its diff into the text', async () => {
    await route(setLevel(0, 'emergency'), client());
    expect(await replyTo(getPrompt(1, 'commit_message', { diff: '+ a line', style: 'conventional' }))).toEqual(
      ok(1, { description: 'Writes a commit message for a diff.', messages: [user(text('Write a conventional commit message for this diff:\n+ a line'))] }),
    );
  });

  it('style is not required: commit_message without it writes a plain message', async () => {
    expect(await replyTo(getPrompt(2, 'commit_message', { diff: 'x' }))).toEqual(ok(2, { description: 'Writes a commit message for a diff.', messages: [user(text('Write a plain commit message for this diff:\nx'))] }));
  });

  it('an empty diff was sent: commit_message answers with it', async () => {
    expect(await replyTo(getPrompt(3, 'commit_message', { diff: '', style: '' }))).toEqual(ok(3, { description: 'Writes a commit message for a diff.', messages: [user(text('Write a  commit message for this diff:\n'))] }));
  });

  it('an empty version was sent too: release_notes answers with it', async () => {
    expect(await replyTo(getPrompt(4, 'release_notes', { version: '' }))).toEqual(ok(4, { description: 'Drafts the release notes for one version.', messages: [user(text('Write the release notes for version .'))] }));
  });

  it('a missing required argument is error -32602: commit_message without diff, release_notes without arguments', async () => {
    expect(await replyTo(getPrompt(5, 'commit_message', { style: 'plain' }))).toEqual(failed(5, -32602));
    expect(await replyTo(getPrompt(6, 'release_notes'))).toEqual(failed(6, -32602));
    expect(await replyTo(getPrompt(7, 'release_notes', { Version: '2.9.4' }))).toEqual(failed(7, -32602));
  });

  it('a prompt without arguments answers whether arguments is left out, empty or full of keys it does not know', async () => {
    const expected = (await replyTo(getPrompt(8, 'changelog_review'))).result;
    expect(await replyTo(getPrompt(9, 'changelog_review', {}))).toEqual(ok(9, expected));
    expect(await replyTo(getPrompt(10, 'changelog_review', { version: '1', other: 'x' }))).toEqual(ok(10, expected));
  });

  it('toString, __proto__ and constructor are not prompts: -32602', async () => {
    for (const name of ['toString', '__proto__', 'constructor']) expect(await replyTo(getPrompt(11, name, { version: '1' }))).toEqual(failed(11, -32602));
  });

  it('names are compared exactly: Release_notes, "release_notes " and release-notes name no prompt', async () => {
    for (const name of ['Release_notes', 'release_notes ', 'release-notes']) expect(await replyTo(getPrompt(12, name, { version: '1' }))).toEqual(failed(12, -32602));
  });

  it('an unknown prompt is invalid params, not an unknown method: -32602, never -32601', async () => {
    expect((await replyTo(getPrompt(13, 'summarize'))).error.code).toBe(-32602);
  });

  it('arguments may have keys named as every object\'s methods: hasOwnProperty beside diff still builds the prompt', async () => {
    expect(await replyTo(getPrompt(14, 'commit_message', { hasOwnProperty: 'yes', toString: 'x', diff: 'd' }))).toEqual(
      ok(14, { description: 'Writes a commit message for a diff.', messages: [user(text('Write a plain commit message for this diff:\nd'))] }),
    );
  });

  it('an own "__proto__" key among the arguments is just a key: release_notes still wants its version', async () => {
    expect(await replyTo(JSON.parse('{"jsonrpc":"2.0","id":15,"method":"prompts/get","params":{"name":"release_notes","arguments":{"__proto__":"2.9.4"}}}'))).toEqual(failed(15, -32602));
  });

  it('the result carries the prompt\'s description beside its messages', async () => {
    expect(Object.keys((await replyTo(getPrompt(16, 'release_notes', { version: '1.0.0' }))).result).sort()).toEqual(['description', 'messages']);
  });
});

describe('logging', () => {
  it('logging/setLevel answers {} for each of the eight levels', async () => {
    for (const level of LEVELS) expect(await replyTo(setLevel(1, level))).toEqual(ok(1, {}));
  });

  it('a level that is not one of the eight is error -32602: Info, warn, "", toString, a number, null, no level, no params', async () => {
    for (const level of ['Info', 'warn', 'WARNING', '', ' info', 'toString', '__proto__', 'constructor', 1, null, ['info']]) expect(await replyTo(setLevel(2, level))).toEqual(failed(2, -32602));
    expect(await replyTo(request(3, 'logging/setLevel', {}))).toEqual(failed(3, -32602));
    expect(await replyTo(request(4, 'logging/setLevel'))).toEqual(failed(4, -32602));
  });

  it('each level lets through exactly the messages at least as severe: debug, info and warning lines at each of the eight', async () => {
    const seen = {};
    for (const level of LEVELS) {
      await route(setLevel(1, level), client());
      const built = await talk(getPrompt(2, 'changelog_review'));
      const refused = await talk(getPrompt(3, 'nothing'));
      seen[level] = [...built.exchange, ...refused.exchange].filter((row) => row.message.method === 'notifications/message').map((row) => row.message.params.level);
    }
    expect(seen).toEqual({
      debug: ['debug', 'info', 'debug', 'warning'],
      info: ['info', 'warning'],
      notice: ['warning'],
      warning: ['warning'],
      error: [],
      critical: [],
      alert: [],
      emergency: [],
    });
  });

  it('levels are compared by severity, not as text: at level error a warning is not sent, though "warning" > "error" as text', async () => {
    await route(setLevel(1, 'error'), client());
    expect((await talk(getPrompt(2, 'nothing'))).exchange).toEqual([replied(failed(2, -32602))]);
  });

  it('a missing argument logs its warning with the argument\'s name', async () => {
    await route(setLevel(1, 'notice'), client());
    expect((await talk(getPrompt(2, 'commit_message', { style: 'plain' }))).exchange).toEqual([logged('warning', 'Missing argument: diff'), replied(failed(2, -32602))]);
  });

  it('at level debug a refusal logs the debug line first, then the warning', async () => {
    await route(setLevel(1, 'debug'), client());
    expect((await talk(getPrompt(2, 'toString'))).exchange).toEqual([logged('debug', 'prompts/get toString'), logged('warning', 'Unknown prompt: toString'), replied(failed(2, -32602))]);
  });

  it('a level holds for every later message until the next logging/setLevel', async () => {
    await route(setLevel(1, 'debug'), client());
    await route(request(2, 'prompts/list'), client());
    await route(completeVersion(3, '1'), client());
    expect((await talk(getPrompt(4, 'changelog_review'))).exchange).toHaveLength(3);
    expect((await talk(getPrompt(5, 'changelog_review'))).exchange).toHaveLength(3);
    await route(setLevel(6, 'info'), client());
    expect((await talk(getPrompt(7, 'changelog_review'))).exchange).toEqual([logged('info', 'Built changelog_review'), replied(ok(7, expect.any(Object)))]);
  });

  it('a logging/setLevel with a level that is not one of the eight leaves the level as it was', async () => {
    await route(setLevel(1, 'critical'), client());
    await route(setLevel(2, 'verbose'), client());
    await route(setLevel(3, 'toString'), client());
    await route(setLevel(4, 0), client());
    expect((await talk(getPrompt(5, 'nothing'))).exchange).toEqual([replied(failed(5, -32602))]);
    await route(setLevel(6, 'debug'), client());
    await route(request(7, 'logging/setLevel', {}), client());
    expect((await talk(getPrompt(8, 'nothing'))).exchange).toHaveLength(3);
  });

  it('a logging/setLevel notification changes nothing: the level stays', async () => {
    await route(setLevel(1, 'emergency'), client());
    expect(await talk(notification('logging/setLevel', { level: 'debug' }))).toEqual({ reply: null, exchange: [] });
    const { reply, exchange } = await talk(getPrompt(2, 'changelog_review'));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 2, result: { description: 'Asks for a review of the changelog, which it carries.' } });
    expect(exchange).toEqual([replied(reply)]);
  });

  it('a prompts/get notification logs nothing and gets null, even at level debug', async () => {
    await route(setLevel(1, 'debug'), client());
    expect(await talk(notification('prompts/get', { name: 'release_notes', arguments: { version: '1.0.0' } }))).toEqual({ reply: null, exchange: [] });
    expect(await talk(notification('prompts/get', { name: 'nothing' }))).toEqual({ reply: null, exchange: [] });
  });

  it('only prompts/get logs: prompts/list, completion and setLevel send nothing but their reply, even at level debug', async () => {
    await route(setLevel(1, 'debug'), client());
    const list = await talk(request(2, 'prompts/list'));
    const completed = await talk(completeVersion(3, '2.9.4'));
    const set = await talk(setLevel(4, 'debug'));
    expect(completed.reply).toEqual(ok(3, { completion: { values: ['2.9.4'], total: 1, hasMore: false } }));
    expect(set.reply).toEqual(ok(4, {}));
    for (const { reply, exchange } of [list, completed, set]) expect(exchange).toEqual([replied(reply)]);
  });
});

describe('completion/complete', () => {
  it('values holds at most 100: an empty value, which matches all 150, sends exactly 100', async () => {
    expect((await replyTo(completeVersion(20, ''))).result.completion.values).toHaveLength(100);
  });

  it('total counts every match, before the cut to 100: 150 for an empty value', async () => {
    expect((await replyTo(completeVersion(21, ''))).result.completion.total).toBe(150);
  });

  it('hasMore is true when more match than values holds: 150 matches, 100 sent', async () => {
    expect((await replyTo(completeVersion(22, ''))).result.completion.hasMore).toBe(true);
  });

  it('"1" matches exactly the hundred 1.x versions: all of them, total 100, hasMore false', async () => {
    expect(await replyTo(completeVersion(1, '1'))).toEqual(ok(1, { completion: { values: VERSIONS.slice(50), total: 100, hasMore: false } }));
  });

  it('"1.1" matches 1.19.x down to 1.10.x, then 1.1.x, in the order of VERSIONS', async () => {
    const values = VERSIONS.filter((v) => v.startsWith('1.1'));
    expect(values).toHaveLength(55);
    expect(await replyTo(completeVersion(2, '1.1'))).toEqual(ok(2, { completion: { values, total: 55, hasMore: false } }));
  });

  it('a version that matches nothing (3, v2, " 2", 2.9.40) gets no values, total 0', async () => {
    for (const value of ['3', 'v2', ' 2', '2.9.40']) expect(await replyTo(completeVersion(3, value))).toEqual(ok(3, { completion: { values: [], total: 0, hasMore: false } }));
  });

  it('a whole version matches itself', async () => {
    expect(await replyTo(completeVersion(4, '2.9.4'))).toEqual(ok(4, { completion: { values: ['2.9.4'], total: 1, hasMore: false } }));
  });

  it('values are matched from the start, not anywhere: "9.4" matches nothing', async () => {
    expect(await replyTo(completeVersion(5, '9.4'))).toEqual(ok(5, { completion: { values: [], total: 0, hasMore: false } }));
  });

  it('another argument, of release_notes or of another prompt, has no suggestions: diff, style, and version of commit_message', async () => {
    const none = { completion: { values: [], total: 0, hasMore: false } };
    expect(await replyTo(complete(6, { type: 'ref/prompt', name: 'commit_message' }, { name: 'diff', value: '' }))).toEqual(ok(6, none));
    expect(await replyTo(complete(7, { type: 'ref/prompt', name: 'commit_message' }, { name: 'version', value: '2' }))).toEqual(ok(7, none));
    expect(await replyTo(complete(8, { type: 'ref/prompt', name: 'changelog_review' }, { name: 'version', value: '' }))).toEqual(ok(8, none));
    expect(await replyTo(complete(9, { type: 'ref/prompt', name: 'release_notes' }, { name: 'Version', value: '2' }))).toEqual(ok(9, none));
  });

  it('an unknown prompt is error -32602, toString and __proto__ included', async () => {
    for (const name of ['release_note', 'toString', '__proto__']) expect(await replyTo(complete(10, { type: 'ref/prompt', name }, { name: 'version', value: '2' }))).toEqual(failed(10, -32602));
  });

  it('a ref/resource ref is error -32602: this server completes prompts only', async () => {
    expect(await replyTo(complete(11, { type: 'ref/resource', uri: 'file:///{path}' }, { name: 'path', value: '' }))).toEqual(failed(11, -32602));
  });

  it('a ref of another type (ref/Prompt, prompt) is error -32602, even with a prompt\'s name', async () => {
    for (const type of ['ref/Prompt', 'prompt']) expect(await replyTo(complete(12, { type, name: 'release_notes' }, { name: 'version', value: '2' }))).toEqual(failed(12, -32602));
  });

  it('context.arguments changes nothing', async () => {
    expect(await replyTo(complete(13, { type: 'ref/prompt', name: 'release_notes' }, { name: 'version', value: '2.1' }, { arguments: { version: '1.0.0' } }))).toEqual(
      ok(13, { completion: { values: ['2.1.4', '2.1.3', '2.1.2', '2.1.1', '2.1.0'], total: 5, hasMore: false } }),
    );
  });
});

describe('envelopes', () => {
  it('a request with id 0 or "" is answered with that id', async () => {
    expect(await replyTo(request(0, 'prompts/list'))).toMatchObject({ jsonrpc: '2.0', id: 0 });
    expect(await replyTo(setLevel('', 'info'))).toEqual(ok('', {}));
  });

  it('any other method is -32601: initialize, ping, tools/list, prompts/List, toString', async () => {
    for (const method of ['initialize', 'ping', 'tools/list', 'prompts/List', 'toString']) expect(await replyTo(request(1, method, {}))).toEqual(failed(1, -32601));
  });

  it('a notification of any method gets null', async () => {
    for (const method of ['prompts/list', 'completion/complete', 'notifications/initialized', 'toString']) expect(await talk(notification(method, {}))).toEqual({ reply: null, exchange: [] });
  });
});

// ---- generated ----------------------------------------------------------------------------

/** An object with these own entries, defined (an own "__proto__" stays a key, as JSON.parse makes it). */
function objectOf(entries) {
  const out = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const anyId = ids({ fractions: false });
const strings = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', '2.9.4', 'conventional', 'plain', 'a\nb', 'release_notes'));
const promptNames = fc.oneof({ weight: 3, arbitrary: names(PROMPT_NAMES) }, { weight: 1, arbitrary: fc.constantFrom('release_note', 'Release_notes', 'commit-message', 'changelog') });
// Arguments: left out, or an object of strings under the prompts' keys, near misses of them and
// keys every object inherits (an own "__proto__" among them).
const ARG_KEYS = ['version', 'diff', 'style', 'Version', 'other', '', 'hasOwnProperty', 'toString', 'valueOf', 'constructor', '__proto__'];
const promptArgs = fc.option(
  fc.uniqueArray(fc.tuple(fc.constantFrom(...ARG_KEYS), strings), { maxLength: 4, selector: ([key]) => key }).map(objectOf),
  { nil: undefined, freq: 5 },
);
// A level: one of the eight most of the time, else a near miss, an inherited name or no string at all.
const levelValues = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...LEVELS) },
  { weight: 2, arbitrary: fc.constantFrom('Info', 'WARNING', 'warn', 'fatal', 'trace', 'verbose', 'none', '', ' info', 'error ', 'toString', '__proto__', 'constructor', 'hasOwnProperty') },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -1, max: 8 }), jsonValues({ maxDepth: 1 }).filter((v) => typeof v !== 'string')) },
);
// logging/setLevel params: { level }, sometimes beside a key an object inherits, or without level, or none.
const setLevelParams = fc.oneof(
  { weight: 6, arbitrary: levelValues.map((level) => ({ level })) },
  { weight: 1, arbitrary: fc.tuple(levelValues, fc.constantFrom('hasOwnProperty', 'toString', '__proto__', '_meta')).map(([level, key]) => objectOf([[key, { level: 'debug' }], ['level', level]])) },
  { weight: 1, arbitrary: fc.constantFrom('absent', {}, { Level: 'debug' }) },
);
// Typed prefixes of a version: empty, digits and dots in any order, whole versions, anything.
const prefixes = fc.oneof(
  fc.constantFrom('', '1', '1.', '1.1', '1.19', '2', '2.', '2.1', '2.9.4', '2.9.40', '1.0.0', '3', '0', '.', 'v2', ' 2', '9.4'),
  fc.array(fc.constantFrom('1', '2', '9', '0', '4', '.'), { maxLength: 6 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 4 }),
);
const refs = fc.oneof(
  { weight: 5, arbitrary: promptNames.map((name) => ({ type: 'ref/prompt', name })) },
  { weight: 1, arbitrary: fc.constantFrom('file:///CHANGELOG.md', 'file:///{path}', 'release_notes').map((uri) => ({ type: 'ref/resource', uri })) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('ref/Prompt', 'prompt', 'ref/prompts', '', 'ref/tool'), name: fc.constantFrom(...PROMPT_NAMES) }) },
);
const argumentNames = fc.constantFrom('version', 'version', 'diff', 'style', 'Version', 'other', 'toString');
const contexts = fc.option(fc.record({ arguments: fc.dictionary(fc.constantFrom('version', 'diff', 'style'), strings, { maxKeys: 2 }) }), { nil: undefined, freq: 3 });

// A message's body (method and params), of every kind the task names.
const bodies = fc.oneof(
  { weight: 3, arbitrary: fc.record({ name: promptNames, args: promptArgs }).map(({ name, args }) => ({ method: 'prompts/get', params: { name, ...(args === undefined ? {} : { arguments: args }) } })) },
  { weight: 2, arbitrary: setLevelParams.map((params) => (params === 'absent' ? { method: 'logging/setLevel' } : { method: 'logging/setLevel', params })) },
  { weight: 2, arbitrary: fc.record({ ref: refs, name: argumentNames, value: prefixes, context: contexts }).map(({ ref, name, value, context }) => ({ method: 'completion/complete', params: { ref, argument: { name, value }, ...(context === undefined ? {} : { context }) } })) },
  { weight: 1, arbitrary: fc.constantFrom('absent', {}, { cursor: 'x' }).map((params) => (params === 'absent' ? { method: 'prompts/list' } : { method: 'prompts/list', params })) },
  { weight: 1, arbitrary: unknownNames(METHODS).map((method) => ({ method, params: {} })) },
);
/** A request of `body` (an id of any MCP kind), or now and then a notification of it (no id member). */
const messagesOf = (body) =>
  fc.oneof({ weight: 4, arbitrary: fc.record({ id: anyId, body }).map(({ id, body: b }) => ({ jsonrpc: '2.0', id, ...b })) }, { weight: 1, arbitrary: body.map((b) => ({ jsonrpc: '2.0', ...b })) });

// Every case sets a level first, so it starts from the same state whatever the case before it left.
const startAt = (level) => ['route', setLevel(0, level), client()];
const withClient = (msg) => ['route', msg, client()];

describe('every message of the task (generated)', () => {
  // Each case is two calls: a level of the eight, then one message of any kind. That the level
  // lasts over many messages, and what an unknown level or a notification leaves, the fixed
  // tests of "logging" check.
  it('any message at any level: the same reply, and the same logs before it, as the reference', () =>
    agrees({
      input: fc.record({ level: fc.constantFrom(...LEVELS), msg: messagesOf(bodies) }),
      calls: ({ level, msg }) => [startAt(level), withClient(msg)],
      same: SAME,
    }));

  it('prompts/get of any name and arguments, at any level: the same logs, then the prompt or -32602', () =>
    agrees({
      input: fc.record({ level: fc.constantFrom(...LEVELS), id: anyId, name: promptNames, args: promptArgs }),
      calls: ({ level, id, name, args }) => [startAt(level), withClient(getPrompt(id, name, args))],
      same: SAME,
    }));

  it('logging/setLevel with any value: {} for a level of the eight, -32602 for anything else', () =>
    agrees({
      input: fc.record({ params: setLevelParams, id: anyId }),
      calls: ({ params, id }) => [withClient(params === 'absent' ? request(id, 'logging/setLevel') : request(id, 'logging/setLevel', params))],
      same: SAME,
    }));

  it('completion/complete of any ref, argument and typed value: the same values, total and hasMore, or -32602', () =>
    agrees({
      input: fc.record({ id: anyId, ref: refs, name: argumentNames, value: prefixes, context: contexts }),
      calls: ({ id, ref, name, value, context }) => [withClient(complete(id, ref, { name, value }, context))],
      same: SAME,
    }));

  it('a notification of any method gets null and logs nothing, at any level; any other method is -32601', () =>
    agrees({
      input: fc.record({ level: fc.constantFrom(...LEVELS), msg: fc.oneof(bodies.map((b) => ({ jsonrpc: '2.0', ...b })), messagesOf(unknownNames(METHODS).map((method) => ({ method })))) }),
      calls: ({ level, msg }) => [startAt(level), withClient(msg)],
      same: SAME,
    }));
});
