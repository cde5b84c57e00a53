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

const SEVERITY = new Map(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].map((level, rank) => [level, rank]));

class PromptServer {
  constructor() {
    this.level = 'info';
  }

  log(peer, level, data) {
    if (SEVERITY.get(level) >= SEVERITY.get(this.level)) peer.notify('notifications/message', { level, logger: 'prompts', data });
  }

  list() {
    const out = [];
    for (const name of Object.keys(prompts)) {
      const { title, description, arguments: args } = prompts[name];
      out.push({ name, title, description, arguments: args });
    }
    return { prompts: out };
  }

  get(params, peer) {
    const { name } = params;
    this.log(peer, 'debug', `prompts/get ${name}`);
    const prompt = Object.hasOwn(prompts, name) ? prompts[name] : undefined;
    if (prompt === undefined) {
      this.log(peer, 'warning', `Unknown prompt: ${name}`);
      throw { code: -32602, message: `There is no prompt named ${name}.` };
    }
    const args = params.arguments ?? {};
    for (const argument of prompt.arguments) {
      if (argument.required === true && !Object.keys(args).includes(argument.name)) {
        this.log(peer, 'warning', `Missing argument: ${argument.name}`);
        throw { code: -32602, message: `${name} needs ${argument.name}.` };
      }
    }
    this.log(peer, 'info', `Built ${name}`);
    return { description: prompt.description, messages: prompt.messages(args) };
  }

  setLevel(params) {
    if (typeof params.level !== 'string' || !SEVERITY.has(params.level)) throw { code: -32602, message: 'Not a log level.' };
    this.level = params.level;
    return {};
  }

  complete({ ref, argument }) {
    if (ref.type !== 'ref/prompt' || !Object.hasOwn(prompts, ref.name)) throw { code: -32602, message: 'Nothing to complete.' };
    const all = ref.name === 'release_notes' && argument.name === 'version' ? VERSIONS.filter((v) => v.slice(0, argument.value.length) === argument.value) : [];
    const values = all.length > 100 ? all.slice(0, 100) : all;
    return { completion: { values, total: all.length, hasMore: all.length !== values.length } };
  }
}

const server = new PromptServer();

async function route(msg, peer) {
  if (!('id' in msg)) return null;
  const params = msg.params ?? {};
  try {
    let result;
    switch (msg.method) {
      case 'prompts/list':
        result = server.list();
        break;
      case 'prompts/get':
        result = server.get(params, peer);
        break;
      case 'logging/setLevel':
        result = server.setLevel(params);
        break;
      case 'completion/complete':
        result = server.complete(params);
        break;
      default:
        return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `No method ${msg.method}` } };
    }
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (error) {
    return { jsonrpc: '2.0', id: msg.id, error };
  }
}
