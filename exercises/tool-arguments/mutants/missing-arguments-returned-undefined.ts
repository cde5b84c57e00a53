// mistake: without a request _meta it returns params.arguments as it is, so a call without arguments gets undefined instead of {}.
// learner: Your function seems to give back nothing at all for a call without arguments and without a _meta. The result always starts from the arguments, or from an empty object when there are none.
// hint: 1
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  if (!Object.hasOwn(params, '_meta')) return params.arguments as Record<string, unknown>;
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta') && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
