// mistake: Without a request _meta it returns params.arguments itself instead of a new object.
// learner: Your function seems to hand back the arguments object itself when the request has no _meta. The result should be a new object in every case.
// hint: 1
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  if (!Object.hasOwn(params, '_meta')) return params.arguments || {};
  const args = { ...(params.arguments || {}) };
  if (!Object.hasOwn(args, '_meta')) args._meta = params._meta;
  return args;
}
