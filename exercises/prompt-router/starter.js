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

// `peer.notify(method, params)` sends a notification to the client that sent `msg`.
function route(msg, peer) {
  if (!Object.hasOwn(msg, 'id')) return null;
  if (msg.method === 'prompts/list') return { jsonrpc: '2.0', id: msg.id, result: listPrompts() };
  // prompts/get -> { description, messages }, or -32602 (unknown prompt, missing argument); logs as it goes
  // logging/setLevel -> {}, or -32602 for a level that is not one of the eight
  // completion/complete -> { completion: { values, total, hasMore } } for release_notes' version
  return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
}
