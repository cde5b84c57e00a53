// The reference solution with `async` added to every function the tests call (route):
// each answer then crosses the sandbox as a promise, which must not change the verdict.
// The prompts this server offers, by name. `arguments` is what prompts/list shows of each;
// `messages(args)` builds what prompts/get returns, from the arguments the client sent.
const CHANGELOG = '# Changelog\n\n## 2.9.4\n- Fixed the exit code of --dry-run.\n\n## 2.9.3\n- Faster start-up.\n';

const prompts = {
  release_notes: {
    title: 'Release notes',
    description: 'Drafts the release notes for one version.',
    arguments: [{ name: 'version', description: 'The version to describe, such as 2.9.4', required: true }],
    messages: (args) => [{ role: 'user', content: { type: 'text', text: 'Write the release notes for version ' + args.version + '.' } }],
  },
  commit_message: {
    title: 'Commit message',
    description: 'Writes a commit message for a diff.',
    arguments: [
      { name: 'diff', description: 'The diff to describe', required: true },
      { name: 'style', description: 'conventional or plain (plain when left out)', required: false },
    ],
    messages: (args) => [
      { role: 'user', content: { type: 'text', text: 'Write a ' + (Object.hasOwn(args, 'style') ? args.style : 'plain') + ' commit message for this diff:\n' + args.diff } },
    ],
  },
  changelog_review: {
    title: 'Changelog review',
    description: 'Asks for a review of the changelog, which it carries.',
    arguments: [],
    messages: () => [
      { role: 'user', content: { type: 'resource', resource: { uri: 'file:///CHANGELOG.md', mimeType: 'text/markdown', text: CHANGELOG } } },
      { role: 'user', content: { type: 'text', text: 'Review the changelog above: does it name every change of the last release?' } },
    ],
  },
};

// Every version released, newest first: 2.9.4 down to 2.0.0, then 1.19.4 down to 1.0.0 (150).
const VERSIONS = [];
for (const [major, minors] of [[2, 10], [1, 20]]) {
  for (let minor = minors - 1; minor >= 0; minor--) {
    for (let patch = 4; patch >= 0; patch--) VERSIONS.push(major + '.' + minor + '.' + patch);
  }
}

function listPrompts() {
  return {
    prompts: Object.entries(prompts).map(([name, prompt]) => ({ name, title: prompt.title, description: prompt.description, arguments: prompt.arguments })),
  };
}

// From least to most severe: a message is sent when its level is at least the one the client set.
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
let minimum = 'info';

function log(peer, level, data) {
  if (LEVELS.indexOf(level) < LEVELS.indexOf(minimum)) return;
  peer.notify('notifications/message', { level, logger: 'prompts', data });
}

// A handler returns { result } or { error: [code, message] }; route wraps either in the envelope.
const handlers = {
  'prompts/list': () => ({ result: listPrompts() }),

  'prompts/get': (params, peer) => {
    const name = params.name;
    log(peer, 'debug', 'prompts/get ' + name);
    if (!Object.hasOwn(prompts, name)) {
      log(peer, 'warning', 'Unknown prompt: ' + name);
      return { error: [-32602, 'Unknown prompt: ' + name] };
    }
    const prompt = prompts[name];
    const args = params.arguments || {};
    // Sent means an own key of arguments: its values are strings, '' among them.
    const missing = prompt.arguments.find((a) => a.required && !Object.hasOwn(args, a.name));
    if (missing !== undefined) {
      log(peer, 'warning', 'Missing argument: ' + missing.name);
      return { error: [-32602, 'Missing required argument: ' + missing.name] };
    }
    log(peer, 'info', 'Built ' + name);
    return { result: { description: prompt.description, messages: prompt.messages(args) } };
  },

  'logging/setLevel': (params) => {
    if (!LEVELS.includes(params.level)) return { error: [-32602, 'Unknown log level'] };
    minimum = params.level;
    return { result: {} };
  },

  'completion/complete': (params) => {
    const ref = params.ref;
    if (ref.type !== 'ref/prompt' || !Object.hasOwn(prompts, ref.name)) return { error: [-32602, 'No such prompt to complete'] };
    const argument = params.argument;
    const matches = ref.name === 'release_notes' && argument.name === 'version' ? VERSIONS.filter((v) => v.startsWith(argument.value)) : [];
    return { result: { completion: { values: matches.slice(0, 100), total: matches.length, hasMore: matches.length > 100 } } };
  },
};

async function route(msg, peer) {
  // A notification gets no reply, and this server acts on none: nothing is logged or changed.
  if (!Object.hasOwn(msg, 'id')) return null;
  if (!Object.hasOwn(handlers, msg.method)) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  const outcome = handlers[msg.method](msg.params || {}, peer);
  if (outcome.error) return { jsonrpc: '2.0', id: msg.id, error: { code: outcome.error[0], message: outcome.error[1] } };
  return { jsonrpc: '2.0', id: msg.id, result: outcome.result };
}
