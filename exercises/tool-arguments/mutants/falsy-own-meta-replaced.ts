// mistake: Tests the arguments' own _meta for truthiness, so an own _meta of null is replaced by the request's.
// learner: Your function seems to replace the arguments' own _meta when its value is null. The arguments own that key whatever its value; look again at how you test whether it is there.
// hint: 2
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  if (Object.hasOwn(params, '_meta') && !args._meta) args._meta = params._meta;
  return args;
}
