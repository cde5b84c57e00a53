// The tools this server offers, by name, and the two methods that use the table: tools/list and
// tools/call. A tool's run(args, context) returns its content blocks (it may be async); what it
// throws becomes a result with isError: true, because a tool that fails is still an answered call.
// context is { peer, progressToken }: the peer of the call, and the progress token it asked for.
import { text } from './content.js';
import { INVALID_PARAMS, RpcError } from './errors.js';

const NO_ARGUMENTS = { type: 'object', properties: {} };

export const tools = {
  test_simple_text: {
    description: 'Answers with one text block.',
    inputSchema: NO_ARGUMENTS,
    run: () => [text('This is a simple text response for testing.')],
  },
  // The suite's other tools go here.
};

export function listTools() {
  return {
    tools: Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.inputSchema })),
  };
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
    return { content: await tool.run(args, { peer }) };
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}
