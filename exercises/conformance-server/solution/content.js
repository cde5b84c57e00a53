// Content blocks, the pieces every tool result, resource and prompt message is made of
// (MCP 2025-11-25, "Content" in the tools section). The media are the smallest real files of their kind.

/** A 1x1 red PNG, base64. */
export const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A WAV file with one silent sample, base64. */
export const WAV_SILENCE = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

export function text(value) {
  return { type: 'text', text: value };
}

export function image() {
  return { type: 'image', data: PNG_PIXEL, mimeType: 'image/png' };
}

export function audio() {
  return { type: 'audio', data: WAV_SILENCE, mimeType: 'audio/wav' };
}

/** A resource carried inside a message instead of read with resources/read. */
export function embedded(uri, mimeType, value) {
  return { type: 'resource', resource: { uri, mimeType, text: value } };
}
