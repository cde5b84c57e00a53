/**
 * Feedback text with its `code` spans shown as code: the grader writes names and values between
 * backticks (Markdown's inline code, which the CLI's reports keep), and the page must not show
 * the backticks themselves. Nothing else of Markdown is read: feedback is plain sentences.
 */
import { Fragment } from 'react';

/** The parts of `text` between pairs of backticks, as code; an unpaired backtick stays text. */
export function inlineParts(text: string): Array<{ code: boolean; text: string }> {
  const parts: Array<{ code: boolean; text: string }> = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('`');
    const close = open === -1 ? -1 : rest.indexOf('`', open + 1);
    if (close === -1) break;
    if (open > 0) parts.push({ code: false, text: rest.slice(0, open) });
    parts.push({ code: true, text: rest.slice(open + 1, close) });
    rest = rest.slice(close + 1);
  }
  if (rest) parts.push({ code: false, text: rest });
  return parts;
}

export function InlineText({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : <Fragment key={i}>{part.text}</Fragment>))}
    </>
  );
}
