// mistake: Adds _meta to params.arguments in place and returns that object, so the request's params are changed.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = params.arguments || {};
  if (Object.hasOwn(params, '_meta') && !Object.hasOwn(args, '_meta')) args._meta = params._meta;
  return args;
}
