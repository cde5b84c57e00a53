/**
 * A multiple-choice question: a native radio group (or checkboxes when several options are
 * right), so arrow keys and screen readers work as everywhere; Check shows each chosen option's
 * feedback.
 */
import { useId, useState } from 'react';
import type { QuestionOption } from '../../../runner/content/index.ts';
import { progressStore, useProgress } from '../progress-hooks.ts';
import { Markdown } from '../markdown/markdown.tsx';
import { allowsSeveral, isCorrectChoice } from '../state/question.ts';

export interface QuestionProps {
  storageKey: string;
  prompt: string;
  options: QuestionOption[];
}

export function Question({ storageKey, prompt, options }: QuestionProps) {
  const saved = useProgress().progress.questions[storageKey];
  const [chosen, setChosen] = useState<number[]>(saved?.chosen ?? []);
  const several = allowsSeveral(options);
  const id = useId();
  const checked = saved !== undefined && saved.chosen.length === chosen.length && saved.chosen.every((c) => chosen.includes(c));

  const toggle = (index: number) => {
    if (!several) setChosen([index]);
    else setChosen((c) => (c.includes(index) ? c.filter((i) => i !== index) : [...c, index].sort((a, b) => a - b)));
  };

  const check = () => {
    if (chosen.length === 0) return;
    progressStore.dispatch({ type: 'answered', key: storageKey, chosen, correct: isCorrectChoice(options, chosen) });
  };

  return (
    <section className="question" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="question-title">
        Check your understanding
      </h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <fieldset aria-labelledby={`${id}-prompt`}>
          <div id={`${id}-prompt`} className="question-prompt">
            <Markdown>{prompt}</Markdown>
            {several && <p className="muted">Choose every answer that applies.</p>}
          </div>
          <ul className="options">
            {options.map((option, i) => {
              const isChosen = chosen.includes(i);
              return (
                <li key={i} className={checked && isChosen ? (option.correct ? 'option option-right' : 'option option-wrong') : 'option'}>
                  <label>
                    <input
                      type={several ? 'checkbox' : 'radio'}
                      name={`${id}-option`}
                      checked={isChosen}
                      onChange={() => toggle(i)}
                      aria-describedby={checked && isChosen && option.feedback ? `${id}-feedback-${i}` : undefined}
                    />
                    <Markdown inline>{option.text}</Markdown>
                  </label>
                  {checked && isChosen && option.feedback && (
                    <div id={`${id}-feedback-${i}`} className="feedback">
                      <Markdown>{option.feedback}</Markdown>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="toolbar">
          <button type="submit" className="primary" disabled={chosen.length === 0}>
            Check my answer
          </button>
        </div>
      </form>
      <div role="status" className={checked ? (saved.correct ? 'verdict verdict-pass' : 'verdict verdict-fail') : 'verdict'}>
        {checked ? (saved.correct ? 'Right answer.' : 'Not the right answer yet: read the feedback and try another option.') : ''}
      </div>
    </section>
  );
}
