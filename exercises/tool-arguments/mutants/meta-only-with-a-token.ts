// mistake: carries the request's _meta over only when it holds a progressToken, so a _meta with other keys is dropped.
// learner: Your result seems to carry the request's _meta over only when it holds a progressToken. The task carries over whatever _meta the request has, with any keys.
// hint: 2
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (params._meta?.progressToken !== undefined && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
