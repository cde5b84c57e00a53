// Shows: a correct server as a class over a Map of tools, async route, and a validator that reports every problem at once.
const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const WEATHER = new Map([
  ['Paris', { temperature: 18.5, conditions: 'Partly cloudy' }],
  ['Oslo', { temperature: -3, conditions: 'Snow' }],
  ['Cairo', { temperature: 31, conditions: 'Sunny' }],
]);

class ToolError extends Error {}

class ToolServer {
  constructor() {
    this.tools = new Map();
  }

  add(name, definition) {
    this.tools.set(name, definition);
    return this;
  }

  list() {
    return [...this.tools].map(([name, { description, inputSchema, outputSchema }]) =>
      outputSchema ? { name, description, inputSchema, outputSchema } : { name, description, inputSchema });
  }

  problems(schema, args) {
    const found = [];
    for (const key of schema.required ?? []) if (!Object.keys(args).includes(key)) found.push(`${key} is required`);
    for (const [key, value] of Object.entries(args)) {
      const declared = schema.properties?.[key];
      if (!schema.properties || !Object.hasOwn(schema.properties, key)) {
        if (schema.additionalProperties === false) found.push(`${key} is not an argument of this tool`);
      } else if (declared.type === 'string' && typeof value !== 'string') found.push(`${key} must be a string`);
    }
    return found;
  }

  async call(name, args) {
    const tool = this.tools.get(name);
    const problems = this.problems(tool.inputSchema, args);
    if (problems.length > 0) return { content: [{ type: 'text', text: `Invalid arguments: ${problems.join('; ')}.` }], isError: true };
    try {
      const value = await tool.run(args);
      return tool.outputSchema ? { structuredContent: value, content: [{ type: 'text', text: JSON.stringify(value) }] } : { content: value };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    }
  }

  async route(msg) {
    if (!Object.keys(msg).includes('id')) return null;
    if (msg.method === 'tools/list') return { jsonrpc: '2.0', id: msg.id, result: { tools: this.list() } };
    if (msg.method !== 'tools/call') return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
    if (!this.tools.has(msg.params.name)) return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'Unknown tool' } };
    return { jsonrpc: '2.0', id: msg.id, result: await this.call(msg.params.name, msg.params.arguments ?? {}) };
  }
}

const NONE = { type: 'object', additionalProperties: false };
const image = { type: 'image', data: PNG_PIXEL, mimeType: 'image/png' };

const server = new ToolServer()
  .add('test_simple_text', { description: 'Answers one text block.', inputSchema: NONE, run: () => [{ type: 'text', text: 'This is a simple text response for testing.' }] })
  .add('test_image_content', { description: 'Answers one PNG image.', inputSchema: NONE, run: () => [{ ...image }] })
  .add('test_embedded_resource', {
    description: 'Answers a text resource embedded in the result.',
    inputSchema: NONE,
    run: () => [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
  })
  .add('test_multiple_content_types', {
    description: 'Answers a text, an image and an embedded resource, in that order.',
    inputSchema: NONE,
    run: () => [
      { type: 'text', text: 'Multiple content types test:' },
      { ...image },
      { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) } },
    ],
  })
  .add('get_weather', {
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'Paris, Oslo or Cairo' } }, required: ['city'] },
    outputSchema: {
      type: 'object',
      properties: { city: { type: 'string' }, temperature: { type: 'number', description: 'Degrees Celsius' }, conditions: { type: 'string' } },
      required: ['city', 'temperature', 'conditions'],
    },
    run: async ({ city }) => {
      if (!WEATHER.has(city)) throw new ToolError(`No weather data for ${city}.`);
      const { temperature, conditions } = WEATHER.get(city);
      return { city, temperature, conditions };
    },
  })
  .add('test_error_handling', {
    description: 'Always fails.',
    inputSchema: NONE,
    run: () => {
      throw new ToolError('This tool intentionally returns an error for testing');
    },
  });

async function route(msg) {
  return server.route(msg);
}
