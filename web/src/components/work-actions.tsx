/**
 * "Export my work" (one JSON file, see web/README.md) and "Import", with the outcome announced;
 * and the learner's name for the file, which their teacher's class report (`course report`) uses.
 */
import { useId, useRef, useState } from 'react';
import { useExportWork } from '../hooks/use-export-work.ts';
import { setPreferences, usePreferences } from '../hooks/use-preferences.ts';
import { progressStore } from '../progress-hooks.ts';

export function WorkActions() {
  const input = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const [message, setMessage] = useState('');
  const { learnerName } = usePreferences();

  const exportNow = useExportWork();

  const exportWork = () => {
    const { learner } = exportNow();
    setMessage(learner ? `Your work was downloaded as one file, in the name of ${learner}.` : 'Your work was downloaded as one file.');
  };

  const importWork = async (file: File) => {
    // Loaded on the first import only (read-work-file.ts says why).
    const reader = await import('../state/read-work-file.ts').catch(() => undefined);
    if (!reader) {
      setMessage('The import could not start: check your connection, then try again.');
      return;
    }
    const parsed = reader.parseWorkFile(await file.text());
    if (!parsed.ok) {
      setMessage(parsed.message);
      return;
    }
    progressStore.dispatch({ type: 'imported', work: parsed.work });
    // The name travels with the work, unless this browser already has one.
    if (parsed.work.learner && !learnerName.trim()) setPreferences({ learnerName: parsed.work.learner });
    const count = Object.keys(parsed.work.exercises).length;
    setMessage(`Imported your work for ${count} ${count === 1 ? 'exercise' : 'exercises'}.`);
  };

  return (
    <div className="work-actions">
      <label className="learner-name" htmlFor={nameId}>
        Your name (for your teacher's report)
      </label>
      <input
        id={nameId}
        type="text"
        className="learner-name-input"
        autoComplete="name"
        maxLength={100}
        value={learnerName}
        onChange={(e) => setPreferences({ learnerName: e.target.value })}
      />
      <button type="button" onClick={exportWork}>
        Export my work
      </button>
      <button type="button" onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        aria-label="Choose an exported work file to import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importWork(file);
        }}
      />
      <span role="status" className="work-message">
        {message}
      </span>
    </div>
  );
}
