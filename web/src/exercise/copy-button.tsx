/**
 * A block of text to copy (a command, a configuration entry) with its Copy button. The button
 * uses the Clipboard API, falls back to the older copy command where that is refused (a page not
 * served from localhost or https, a denied permission), and when both fail selects the text so
 * the learner can press Ctrl+C. The outcome shows on the button ("Copied") and is announced.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

type CopyState = 'idle' | 'copied' | 'selected';

/** How long "Copied" stays on the button. */
const COPIED_MS = 2500;

/** Copies with a hidden text area and the copy command; puts the focus back where it was. */
function copyWithCommand(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus();
  return copied;
}

/** True when `text` reached the clipboard. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused: try the older way.
  }
  return copyWithCommand(text);
}

function selectContents(element: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!element || !selection) return;
  selection.selectAllChildren(element);
}

interface CopyButtonProps {
  text: string;
  /** What is copied, for the button and the announcement: "the command". */
  what: string;
  /** The element showing the text, selected when copying is refused. */
  shown: RefObject<HTMLElement | null>;
}

export function CopyButton({ text, what, shown }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    if (await copyText(text)) {
      setState('copied');
      return;
    }
    selectContents(shown.current);
    setState('selected');
  };

  return (
    <div className="copy-row">
      <button type="button" className="copy-button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : `Copy ${what}`}
      </button>
      <span role="status" className={state === 'selected' ? 'copy-status' : 'visually-hidden'}>
        {state === 'copied' ? `Copied ${what} to the clipboard.` : state === 'selected' ? 'This browser did not let the page copy: the text is selected, press Ctrl+C (⌘+C) to copy it.' : ''}
      </span>
    </div>
  );
}

/** A labelled block of text with its Copy button. */
export function CopyableText({ label, text, what }: { label: ReactNode; text: string; what: string }) {
  const shown = useRef<HTMLPreElement>(null);
  const id = useId();
  return (
    <figure className="copyable" aria-labelledby={id}>
      <figcaption id={id}>{label}</figcaption>
      <pre ref={shown}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} what={what} shown={shown} />
    </figure>
  );
}
