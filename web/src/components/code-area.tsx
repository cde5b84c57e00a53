/**
 * A light editor for lesson snippets: a plain textarea (keyboard and screen-reader friendly by
 * nature; Tab leaves it) that grows with its content. Ctrl/Cmd+Enter runs.
 */
import type { KeyboardEvent } from 'react';

export interface CodeAreaProps {
  value: string;
  onChange(value: string): void;
  onRun?(): void;
  label: string;
  id?: string;
}

export function CodeArea({ value, onChange, onRun, label, id }: CodeAreaProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onRun && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  return (
    <textarea
      id={id}
      className="code-area"
      aria-label={label}
      value={value}
      rows={Math.min(Math.max(value.split('\n').length, 2), 24)}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      wrap="off"
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
