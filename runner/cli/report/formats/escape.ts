/** Text made safe to stand in HTML or SVG markup, as content or as a quoted attribute value. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
