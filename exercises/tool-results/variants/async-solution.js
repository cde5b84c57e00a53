// The reference solution with `async` added to every function the tests call (route):
// each answer then crosses the sandbox as a promise, which must not change the verdict.
// The tools of this server. A tool without outputSchema returns its content blocks; a tool with
// one returns its structured value, which route sends as structuredContent and as JSON text.
const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const WEATHER = {
  Paris: { temperature: 18.5, conditions: 'Partly cloudy' },
  Oslo: { temperature: -3, conditions: 'Snow' },
  Cairo: { temperature: 31, conditions: 'Sunny' },
};

// No arguments at all: the schema the specification recommends for a tool without parameters.
const NO_ARGUMENTS = { type: 'object', additionalProperties: false };

const tools = {
  test_simple_text: {
    description: 'Answers one text block.',
    inputSchema: NO_ARGUMENTS,
    run: () => [{ type: 'text', text: 'This is a simple text response for testing.' }],
  },
  test_image_content: {
    description: 'Answers one PNG image.',
    inputSchema: NO_ARGUMENTS,
    run: () => [{ type: 'image', data: PNG_PIXEL, mimeType: 'image/png' }],
  },
  test_embedded_resource: {
    description: 'Answers a text resource embedded in the result.',
    inputSchema: NO_ARGUMENTS,
    run: () => [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
  },
  test_multiple_content_types: {
    description: 'Answers a text, an image and an embedded resource, in that order.',
    inputSchema: NO_ARGUMENTS,
    run: () => [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG_PIXEL, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
    ],
  },
  get_weather: {
    description: 'Current weather for a city.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'Paris, Oslo or Cairo' } },
      required: ['city'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        temperature: { type: 'number', description: 'Degrees Celsius' },
        conditions: { type: 'string' },
      },
      required: ['city', 'temperature', 'conditions'],
    },
    run: ({ city }) => {
      // Own entries only: a city named toString is not in the table.
      if (!Object.hasOwn(WEATHER, city)) throw new Error('No weather data for ' + city + '.');
      return { city, temperature: WEATHER[city].temperature, conditions: WEATHER[city].conditions };
    },
  },
  test_error_handling: {
    description: 'Always fails.',
    inputSchema: NO_ARGUMENTS,
    run: () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  },
};

function reply(id, result) {
  return { jsonrpc: '2.0', id, result };
}

function fail(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

// A tool error is a result: the model reads its text and can try again.
function toolError(text) {
  return { content: [{ type: 'text', text }], isError: true };
}

/** What is wrong with `args` for `schema` (the two shapes of this table), or null when nothing is. */
function invalid(schema, args) {
  for (const key of schema.required || []) {
    if (!Object.hasOwn(args, key)) return 'Missing required argument: ' + key + '.';
  }
  for (const key of Object.keys(args)) {
    const property = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (property === undefined) {
      if (schema.additionalProperties === false) return 'Unexpected argument: ' + key + '.';
    } else if (property.type === 'string' && typeof args[key] !== 'string') {
      return 'Argument ' + key + ' must be a string.';
    }
  }
  return null;
}

function listTools() {
  return {
    tools: Object.entries(tools).map(([name, tool]) => {
      const entry = { name, description: tool.description, inputSchema: tool.inputSchema };
      if (tool.outputSchema) entry.outputSchema = tool.outputSchema;
      return entry;
    }),
  };
}

function callTool(tool, args) {
  const problem = invalid(tool.inputSchema, args);
  if (problem !== null) return toolError(problem);
  try {
    const out = tool.run(args);
    if (!tool.outputSchema) return { content: out };
    // The structured value, and the same value as JSON text for clients that read only content.
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}

async function route(msg) {
  if (!Object.hasOwn(msg, 'id')) return null;
  if (msg.method === 'tools/list') return reply(msg.id, listTools());
  if (msg.method === 'tools/call') {
    const { name } = msg.params;
    if (!Object.hasOwn(tools, name)) return fail(msg.id, -32602, 'Unknown tool: ' + name);
    return reply(msg.id, callTool(tools[name], msg.params.arguments || {}));
  }
  return fail(msg.id, -32601, 'Method not found');
}
