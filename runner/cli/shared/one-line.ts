/** Text for a diagnostic or a table cell: on one line, cut to a length it can carry. */
const MESSAGE_CAP = 300;

export function clip(text: string, cap = MESSAGE_CAP): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > cap ? `${line.slice(0, cap - 1)}…` : line;
}
