// mistake: Writes test_prompt_with_arguments' text in plain quotes with ${arg1} inside, so the arguments are never put in.
// learner: Your test_prompt_with_arguments seems to answer a text without the arguments it got. Look again at how your text puts them in.
// The prompts this server offers, by name: prompts/list and prompts/get. A prompt's messages(args)
// builds what the client gets, from the arguments it sent (strings, by name).
import { embedded, image, text } from './content.js';
import { INVALID_PARAMS, RpcError } from './errors.js';

function user(content) {
  return { role: 'user', content };
}

export const prompts = {
  test_simple_prompt: {
    description: 'A prompt without arguments.',
    arguments: [],
    messages: () => [user(text('This is a simple prompt for testing.'))],
  },
  test_prompt_with_arguments: {
    description: 'A prompt that fills in two arguments.',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    messages: ({ arg1, arg2 }) => [user(text("Prompt with arguments: arg1='${arg1}', arg2='${arg2}'"))],
  },
  test_prompt_with_embedded_resource: {
    description: 'A prompt that carries a resource.',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    messages: ({ resourceUri }) => [
      user(embedded(resourceUri, 'text/plain', 'Embedded resource content for testing.')),
      user(text('Please process the embedded resource above.')),
    ],
  },
  test_prompt_with_image: {
    description: 'A prompt that carries an image.',
    arguments: [],
    messages: () => [user(image()), user(text('Please analyze the image above.'))],
  },
};

/** The prompt `name` names, or an Invalid params error. */
export function promptNamed(name) {
  if (typeof name !== 'string' || !Object.hasOwn(prompts, name)) throw new RpcError(INVALID_PARAMS, 'Unknown prompt: ' + String(name));
  return prompts[name];
}

export function listPrompts() {
  return {
    prompts: Object.entries(prompts).map(([name, prompt]) => ({ name, description: prompt.description, arguments: prompt.arguments })),
  };
}

export function getPrompt(params) {
  const prompt = promptNamed(params.name);
  const args = params.arguments || {};
  if (prompt.arguments.some((a) => a.required && !Object.hasOwn(args, a.name))) throw new RpcError(INVALID_PARAMS, 'Missing required arguments.');
  return { description: prompt.description, messages: prompt.messages(args) };
}
