// mistake: Answers completion/complete with { values, total, hasMore } itself, not inside completion.
// learner: Your completion/complete seems to answer the suggestions in a shape the client does not find them in. Look again at where the values go in its result.
// completion/complete: suggestions for the argument a user is typing, here for the arguments of
// the prompts. A suggestion is offered when it starts with what the user typed so far.
import { INVALID_PARAMS, RpcError } from './errors.js';
import { promptNamed } from './prompts.js';

const SUGGESTIONS = {
  arg1: ['paris', 'park', 'party', 'test'],
  arg2: ['hello', 'help', 'world'],
};

export function complete(params) {
  const ref = params.ref || {};
  if (ref.type !== 'ref/prompt') throw new RpcError(INVALID_PARAMS, 'Only the arguments of prompts have completions here.');
  const prompt = promptNamed(ref.name);
  const argument = params.argument || {};
  const known = prompt.arguments.some((a) => a.name === argument.name) && Object.hasOwn(SUGGESTIONS, argument.name);
  const values = known ? SUGGESTIONS[argument.name].filter((v) => v.startsWith(argument.value)) : [];
  return { values, total: values.length, hasMore: false };
}
