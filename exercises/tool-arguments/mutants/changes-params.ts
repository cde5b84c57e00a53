// mistake: Adds _meta to params.arguments in place and returns that object, so the request's params are changed.
// learner: Your function seems to add _meta to the arguments object it was given and return that same object, so the caller's params change. The task asks for a new object, leaving params as it was.
// hint: 1
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
