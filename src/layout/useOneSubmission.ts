import { useRef, useState, type FormEvent } from 'react';

/**
 * One submission at a time, for every button or form that sends something: `run` starts the action
 * unless one it started is still in flight (then it does nothing and resolves undefined), and
 * `pending` is true meanwhile, so the button shows it is busy and is disabled.
 *
 * The refusal rests on a ref, set inside the click itself. A disabled prop alone lets a double
 * click through: its second click arrives before React has rendered the disabled button whenever
 * the flag is set after an await (a form validates first) or on a later task (TanStack Query
 * reports isPending from a timer), and the request went out twice.
 *
 * React only, no MUI: the landing page's plain form uses it too.
 */
export function useOneSubmission<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const run = async (...args: A): Promise<R | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setPending(true);
    try {
      return await action(...args);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  return { run, pending };
}

/**
 * The same for a form: `onSubmit` always stops the browser's own submission (also when the click
 * is a dropped second one, which would otherwise reload the page) and runs `action` once.
 */
export function useFormSubmission(action: () => Promise<unknown>) {
  const { run, pending } = useOneSubmission(action);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  return { onSubmit, pending };
}
