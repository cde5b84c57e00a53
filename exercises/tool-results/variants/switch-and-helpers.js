// Shows: a correct server with block helpers, a switch per tool, isError: false on success and indented JSON text.
const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const WEATHER = {
  Paris: { temperature: 18.5, conditions: 'Partly cloudy' },
  Oslo: { temperature: -3, conditions: 'Snow' },
  Cairo: { temperature: 31, conditions: 'Sunny' },
};

const NONE = { type: 'object', additionalProperties: false };
const CITY = { type: 'object', properties: { city: { type: 'string', description: 'Paris, Oslo or Cairo' } }, required: ['city'] };
const WEATHER_SHAPE = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperature: { type: 'number', description: 'Degrees Celsius' },
    conditions: { type: 'string' },
  },
  required: ['city', 'temperature', 'conditions'],
};

const LISTING = [
  { name: 'test_simple_text', description: 'Answers one text block.', inputSchema: NONE },
  { name: 'test_image_content', description: 'Answers one PNG image.', inputSchema: NONE },
  { name: 'test_embedded_resource', description: 'Answers a text resource embedded in the result.', inputSchema: NONE },
  { name: 'test_multiple_content_types', description: 'Answers a text, an image and an embedded resource, in that order.', inputSchema: NONE },
  { name: 'get_weather', description: 'Current weather for a city.', inputSchema: CITY, outputSchema: WEATHER_SHAPE },
  { name: 'test_error_handling', description: 'Always fails.', inputSchema: NONE },
];

const text = (value) => ({ type: 'text', text: value });
const image = () => ({ type: 'image', data: PNG_PIXEL, mimeType: 'image/png' });
const embedded = (uri, mimeType, value) => ({ type: 'resource', resource: { uri, mimeType, text: value } });
const ok = (content, extra) => ({ content, ...extra, isError: false });
const failed = (message) => ({ content: [text(message)], isError: true });

function call(name, args) {
  const keys = Object.keys(args);
  switch (name) {
    case 'test_simple_text':
      return keys.length ? failed('test_simple_text takes no arguments.') : ok([text('This is a simple text response for testing.')]);
    case 'test_image_content':
      return keys.length ? failed('test_image_content takes no arguments.') : ok([image()]);
    case 'test_embedded_resource':
      return keys.length ? failed('test_embedded_resource takes no arguments.') : ok([embedded('test://embedded-resource', 'text/plain', 'This is an embedded resource content.')]);
    case 'test_multiple_content_types':
      if (keys.length) return failed('test_multiple_content_types takes no arguments.');
      return ok([text('Multiple content types test:'), image(), embedded('test://mixed-content-resource', 'application/json', '{"test":"data","value":123}')]);
    case 'get_weather': {
      if (!keys.includes('city') || typeof args.city !== 'string') return failed('get_weather needs city, a string.');
      const { city } = args;
      if (!Object.prototype.hasOwnProperty.call(WEATHER, city)) return failed(`No weather data for ${city}.`);
      const value = { city, ...WEATHER[city] };
      return ok([text(JSON.stringify(value, null, 2))], { structuredContent: value });
    }
    case 'test_error_handling':
      return keys.length ? failed('test_error_handling takes no arguments.') : failed('This tool intentionally returns an error for testing');
    default:
      return undefined;
  }
}

function route(msg) {
  if (!('id' in msg)) return null;
  const { id } = msg;
  switch (msg.method) {
    case 'tools/list':
      return { jsonrpc: '2.0', id, result: { tools: LISTING } };
    case 'tools/call': {
      const name = msg.params.name;
      const result = LISTING.some((tool) => tool.name === name) ? call(name, msg.params.arguments ?? {}) : undefined;
      return result ? { jsonrpc: '2.0', id, result } : { jsonrpc: '2.0', id, error: { code: -32602, message: `No tool called ${name}` } };
    }
    default:
      return { jsonrpc: '2.0', id, error: { code: -32601, message: `Unknown method ${msg.method}` } };
  }
}
