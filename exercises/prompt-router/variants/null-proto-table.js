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

// A table with no prototype, so no name is inherited; the level as its rank.
const RANKS = { __proto__: null, debug: 0, info: 1, notice: 2, warning: 3, error: 4, critical: 5, alert: 6, emergency: 7 };
let rank = RANKS.info;

const ok = (id, result) => ({ jsonrpc: '2.0', id, result });
const fail = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });

const methods = {
  __proto__: null,
  'prompts/list': (msg) =>
    ok(msg.id, { prompts: Object.entries(prompts).map(([name, p]) => ({ name, title: p.title, description: p.description, arguments: p.arguments })) }),

  'prompts/get': (msg, say) => {
    const { name, arguments: given } = msg.params;
    say('debug', 'prompts/get ' + name);
    if (!Object.hasOwn(prompts, name)) {
      say('warning', 'Unknown prompt: ' + name);
      return fail(msg.id, -32602, 'Unknown prompt');
    }
    const args = given === undefined ? {} : given;
    const missing = prompts[name].arguments.filter((a) => a.required).map((a) => a.name).filter((key) => !Object.prototype.hasOwnProperty.call(args, key));
    if (missing.length > 0) {
      say('warning', 'Missing argument: ' + missing[0]);
      return fail(msg.id, -32602, 'Missing argument');
    }
    say('info', 'Built ' + name);
    return ok(msg.id, { description: prompts[name].description, messages: prompts[name].messages(args) });
  },

  'logging/setLevel': (msg) => {
    const level = msg.params === undefined ? undefined : msg.params.level;
    if (typeof level !== 'string' || RANKS[level] === undefined) return fail(msg.id, -32602, 'Invalid level');
    rank = RANKS[level];
    return ok(msg.id, {});
  },

  'completion/complete': (msg) => {
    const { ref, argument } = msg.params;
    if (ref.type !== 'ref/prompt' || !Object.hasOwn(prompts, ref.name)) return fail(msg.id, -32602, 'Unknown ref');
    const suggestions = ref.name === 'release_notes' && argument.name === 'version' ? VERSIONS : [];
    const values = [];
    let total = 0;
    for (const version of suggestions) {
      if (!version.startsWith(argument.value)) continue;
      total += 1;
      if (values.length < 100) values.push(version);
    }
    return ok(msg.id, { completion: { values, total, hasMore: total > values.length } });
  },
};

function route(msg, peer) {
  if (msg.id === undefined) return null;
  const method = methods[msg.method];
  if (method === undefined) return fail(msg.id, -32601, 'Method not found');
  const say = (level, data) => {
    if (RANKS[level] >= rank) peer.notify('notifications/message', { level, logger: 'prompts', data });
  };
  return method(msg, say);
}
