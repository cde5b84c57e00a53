// mistake: The two _meta objects are combined key by key instead of keeping the arguments' _meta unchanged.
// learner: Your function seems to merge the request's _meta into the arguments' own _meta, key by key. When the arguments have their own _meta, it is kept exactly as it is.
// hint: 3
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta')) {
    args._meta = { ...params._meta, ...(args._meta || {}) };
  }
  return args;
}
