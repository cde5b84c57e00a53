// The tools of this server. For now every run returns a string (or, for get_weather, its
// value), and route wraps it in one text block. The task says what each tool must answer.
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
    run: () => 'This is a simple text response for testing.',
  },
  test_image_content: {
    description: 'Answers one PNG image.',
    inputSchema: NO_ARGUMENTS,
    run: () => 'TODO: one image block, the PNG of PNG_PIXEL',
  },
  test_embedded_resource: {
    description: 'Answers a text resource embedded in the result.',
    inputSchema: NO_ARGUMENTS,
    run: () => 'TODO: one embedded resource',
  },
  test_multiple_content_types: {
    description: 'Answers a text, an image and an embedded resource, in that order.',
    inputSchema: NO_ARGUMENTS,
    run: () => 'TODO: a text, an image and an embedded resource',
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

function route(msg) {
  if (!Object.hasOwn(msg, 'id')) return null;
  if (msg.method === 'tools/list') {
    const list = Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.inputSchema }));
    return { jsonrpc: '2.0', id: msg.id, result: { tools: list } };
  }
  if (msg.method === 'tools/call') {
    const { name } = msg.params;
    if (!Object.hasOwn(tools, name)) return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'Unknown tool: ' + name } };
    const out = tools[name].run(msg.params.arguments || {});
    // Text only, for now.
    const text = typeof out === 'string' ? out : JSON.stringify(out);
    return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text }] } };
  }
  return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
}
