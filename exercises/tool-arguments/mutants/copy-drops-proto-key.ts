// mistake: copies the arguments with Object.assign, which sends an own "__proto__" argument through the prototype setter, so that key is lost.
// learner: Your copy of the arguments seems to lose an argument named "__proto__" (JSON.parse makes such a key). Look at how your copy writes each key: one way of writing sets the object's prototype instead.
// hint: 1
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args: Record<string, unknown> = Object.assign({}, params.arguments || {});
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta') && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
