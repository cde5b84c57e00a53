// mistake: The request's _meta overwrites the arguments' own _meta, although the arguments' _meta must win.
// learner: Your function seems to let the request's _meta overwrite the arguments' own _meta. When both exist, the one in the arguments wins.
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
    args._meta = params._meta;
  }
  return args;
}
