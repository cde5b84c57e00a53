// mistake: Writes the titled multi-select's items with oneOf, as the titled single-select does, instead of anyOf.
// learner: Your SEP-1330 form seems to offer one of its choices in a way the client does not read as that kind of choice. Look again at how a titled multi-select lists its options.
// The tools this server offers, by name, and the two methods that use the table: tools/list and
// tools/call. A tool's run(args, context) returns its content blocks (it may be async); what it
// throws becomes a result with isError: true, because a tool that fails is still an answered call.
import { audio, embedded, image, text } from './content.js';
import { INVALID_PARAMS, RpcError } from './errors.js';
import { log } from './logging.js';

const NO_ARGUMENTS = { type: 'object', properties: {} };

function stringArgument(name, description) {
  return { type: 'object', properties: { [name]: { type: 'string', description } }, required: [name] };
}

// What test_elicitation asks the user for.
const CONTACT_FORM = {
  type: 'object',
  properties: {
    username: { type: 'string', description: "User's response" },
    email: { type: 'string', description: "User's email address" },
  },
  required: ['username', 'email'],
};

// SEP-1034: a default for each kind of primitive field.
const FORM_WITH_DEFAULTS = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', description: 'User age', default: 30 },
    score: { type: 'number', description: 'User score', default: 95.5 },
    status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', description: 'Verification status', default: true },
  },
  required: [],
};

// SEP-1330: the five ways to write a choice.
const FORM_WITH_CHOICES = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      description: 'Select one option with titles',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'Select one option (legacy)',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Select multiple options',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Select multiple options with titles',
      minItems: 1,
      maxItems: 3,
      items: {
        oneOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
  required: [],
};

// SEP-1613: a schema of JSON Schema 2020-12 that tools/list must hand on unchanged.
const SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
  },
  properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
  additionalProperties: false,
};

/** Asks the client's user to fill in `form`, and says what came back. */
async function elicit(peer, message, form, saying) {
  const answer = await peer.request('elicitation/create', { message, requestedSchema: form });
  return [text(saying + ': action=' + answer.action + ', content=' + JSON.stringify(answer.content || {}))];
}

export const tools = {
  test_simple_text: {
    description: 'Answers with one text block.',
    inputSchema: NO_ARGUMENTS,
    run: () => [text('This is a simple text response for testing.')],
  },
  test_image_content: {
    description: 'Answers with one image.',
    inputSchema: NO_ARGUMENTS,
    run: () => [image()],
  },
  test_audio_content: {
    description: 'Answers with one sound.',
    inputSchema: NO_ARGUMENTS,
    run: () => [audio()],
  },
  test_embedded_resource: {
    description: 'Answers with a resource inside the result.',
    inputSchema: NO_ARGUMENTS,
    run: () => [embedded('test://embedded-resource', 'text/plain', 'This is an embedded resource content.')],
  },
  test_multiple_content_types: {
    description: 'Answers with a text, an image and a resource.',
    inputSchema: NO_ARGUMENTS,
    run: () => [
      text('Multiple content types test:'),
      image(),
      embedded('test://mixed-content-resource', 'application/json', JSON.stringify({ test: 'data', value: 123 })),
    ],
  },
  test_tool_with_logging: {
    description: 'Sends three log messages while it runs.',
    inputSchema: NO_ARGUMENTS,
    run: (args, { peer }) => {
      log(peer, 'info', 'Tool execution started');
      log(peer, 'info', 'Tool processing data');
      log(peer, 'info', 'Tool execution completed');
      return [text('Tool with logging executed successfully')];
    },
  },
  test_tool_with_progress: {
    description: 'Reports its progress, when asked to, in three steps.',
    inputSchema: NO_ARGUMENTS,
    run: (args, { peer, progressToken }) => {
      if (progressToken !== undefined) {
        for (const progress of [0, 50, 100]) {
          peer.notify('notifications/progress', { progressToken, progress, total: 100 });
        }
      }
      return [text('Tool with progress executed successfully')];
    },
  },
  test_error_handling: {
    description: 'Always fails.',
    inputSchema: NO_ARGUMENTS,
    run: () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  },
  test_sampling: {
    description: "Asks the client's language model to answer a prompt.",
    inputSchema: stringArgument('prompt', 'The prompt to send to the LLM'),
    run: async ({ prompt }, { peer }) => {
      const answer = await peer.request('sampling/createMessage', {
        messages: [{ role: 'user', content: text(prompt) }],
        maxTokens: 100,
      });
      return [text('LLM response: ' + answer.content.text)];
    },
  },
  test_elicitation: {
    description: "Asks the client's user for a name and an email address.",
    inputSchema: stringArgument('message', 'The message to show the user'),
    run: ({ message }, { peer }) => elicit(peer, message, CONTACT_FORM, 'User response'),
  },
  test_elicitation_sep1034_defaults: {
    description: 'Asks the user to fill in a form whose fields have defaults.',
    inputSchema: NO_ARGUMENTS,
    run: (args, { peer }) => elicit(peer, 'Please review and update the form fields with defaults', FORM_WITH_DEFAULTS, 'Elicitation completed'),
  },
  test_elicitation_sep1330_enums: {
    description: 'Asks the user to choose, in each way a form can offer a choice.',
    inputSchema: NO_ARGUMENTS,
    run: (args, { peer }) => elicit(peer, 'Please select options from the enum fields', FORM_WITH_CHOICES, 'Elicitation completed'),
  },
  json_schema_2020_12_tool: {
    description: 'Takes arguments described in JSON Schema 2020-12.',
    inputSchema: SCHEMA_2020_12,
    run: (args) => [text('JSON Schema 2020-12 tool called with: ' + JSON.stringify(args))],
  },
};

export function listTools() {
  return {
    tools: Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.inputSchema })),
  };
}

/** The token the client asked progress for: a string or an integer in params._meta, else undefined. */
function progressTokenOf(params) {
  const meta = params._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || Number.isInteger(token) ? token : undefined;
}

function toolError(message) {
  return { content: [text(message)], isError: true };
}

export async function callTool(params, peer) {
  const name = params.name;
  if (typeof name !== 'string' || !Object.hasOwn(tools, name)) throw new RpcError(INVALID_PARAMS, 'Unknown tool: ' + String(name));
  const tool = tools[name];
  const args = params.arguments || {};
  const missing = (tool.inputSchema.required || []).filter((key) => !Object.hasOwn(args, key));
  if (missing.length > 0) return toolError('Missing required argument: ' + missing.join(', ') + '.');
  try {
    return { content: await tool.run(args, { peer, progressToken: progressTokenOf(params) }) };
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}
