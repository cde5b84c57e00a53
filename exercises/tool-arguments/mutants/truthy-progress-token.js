// mistake: The _meta is merged only when its progressToken is truthy, so a token of 0 and a _meta without a token are lost.
function toolArguments(params) {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (params._meta && params._meta.progressToken && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
