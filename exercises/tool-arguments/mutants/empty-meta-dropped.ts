// mistake: carries the request's _meta over only when it has keys, so an empty _meta {} is dropped.
// learner: Your result seems to leave out the request's _meta when it is empty. An empty _meta {} was still sent, and the task carries over whatever _meta the request has.
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
  if (Object.keys(params._meta ?? {}).length > 0 && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
