/**
 * The tabs of an exercise of several files: one per file, in the exercise's order, each saying
 * when it is read-only and how many problems the last run marked in it. A tab list as WAI-ARIA
 * describes it: the arrow keys move between tabs, Home and End go to the ends.
 */
import type { KeyboardEvent } from 'react';

export interface FileTab {
  name: string;
  readonly: boolean;
  /** Problems the last run marked in this file. */
  problems: number;
}

export interface FileTabsProps {
  tabs: readonly FileTab[];
  active: string;
  onSelect(name: string): void;
  /** The id of the panel the tabs control (the editor). */
  panelId: string;
  idPrefix: string;
}

export const tabId = (prefix: string, name: string) => `${prefix}-tab-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

export function FileTabs({ tabs, active, onSelect, panelId, idPrefix }: FileTabsProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.name === active);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.name);
    document.getElementById(tabId(idPrefix, next.name))?.focus();
  };
  return (
    <div role="tablist" aria-label="Your files" className="file-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.name === active;
        const notes = [tab.readonly ? 'read-only' : '', tab.problems ? `${tab.problems} ${tab.problems === 1 ? 'problem' : 'problems'}` : ''].filter(Boolean);
        return (
          <button
            key={tab.name}
            id={tabId(idPrefix, tab.name)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            data-file={tab.name}
            className={`file-tab${tab.problems ? ' file-tab-problems' : ''}`}
            onClick={() => onSelect(tab.name)}
          >
            {tab.name}
            {notes.length ? <span className="file-tab-note"> ({notes.join(', ')})</span> : null}
          </button>
        );
      })}
    </div>
  );
}
